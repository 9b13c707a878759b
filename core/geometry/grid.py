"""A uniform grid over points: which of them lie within a distance of a point.

What: ``GridIndex(points, cell)`` buckets the points (e.g. the centres of the bases on the
table) into square cells; ``near(x, y, r)`` lists, in ascending index order, every point
within ``r`` of ``(x, y)``, exactly as a scan of all of them would (same test, same order).

Why: rules that look for the pieces within a ruler's reach of a base would otherwise test
every other piece, which grows with the square of the number of pieces; a grid keeps each
query to the few pieces near it. Callers keep their own exact tests on what it returns: the
index only narrows the candidates, so their answers stay the same float for float.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["GridIndex"]

#: Up to this many points a query scans them all (cheaper than visiting cells).
_SCAN = 12


class GridIndex:
    """Points bucketed into square cells of side ``cell`` (mm)."""

    __slots__ = ("_n", "cell", "cells", "xs", "ys")

    def __init__(self, points: Sequence[tuple[float, float]], cell: float) -> None:
        if not cell > 0.0:
            raise ValueError(f"cell size must be positive, not {cell}")
        self.xs = [p[0] for p in points]
        self.ys = [p[1] for p in points]
        self.cell = float(cell)
        self._n = len(points)
        cells: dict[tuple[int, int], list[int]] = {}
        if self._n > _SCAN:
            inv = 1.0 / self.cell
            for i, (x, y) in enumerate(points):
                cells.setdefault((math.floor(x * inv), math.floor(y * inv)), []).append(i)
        self.cells = cells

    def __len__(self) -> int:
        return self._n

    def near(self, x: float, y: float, r: float) -> list[int]:
        """Indices, ascending, of the points ``p`` with ``dx * dx + dy * dy <= r * r`` (``dx = px - x``)
        (none when ``r`` is negative)."""
        if r < 0.0:
            return []
        xs, ys = self.xs, self.ys
        rr = r * r
        if not self.cells:
            return [i for i in range(self._n) if (xs[i] - x) * (xs[i] - x) + (ys[i] - y) * (ys[i] - y) <= rr]
        inv = 1.0 / self.cell
        span = r * (1.0 + 1e-9) + 1e-9  # the cells a little wider than r: rounding loses no point
        i0, i1 = math.floor((x - span) * inv), math.floor((x + span) * inv)
        j0, j1 = math.floor((y - span) * inv), math.floor((y + span) * inv)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(self.cells):  # a query wider than the grid: scan
            return [i for i in range(self._n) if (xs[i] - x) * (xs[i] - x) + (ys[i] - y) * (ys[i] - y) <= rr]
        found: list[int] = []
        get = self.cells.get
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                bucket = get((i, j))
                if bucket:
                    for k in bucket:
                        dx = xs[k] - x
                        dy = ys[k] - y
                        if dx * dx + dy * dy <= rr:
                            found.append(k)
        found.sort()
        return found
