"""Ruler bands and plain base-to-base distance checks.

What: ``ruler_band`` names the band of the combat ruler a measured distance falls in;
``within_distance`` tells whether two bases are within a given edge-to-edge distance (musketry,
boarding and other "within X mm in any direction" rules).

Ruling on band borders: a distance exactly on the border between two bands (within ``EPS``)
belongs to the nearer, shorter-range band, i.e. the band that *ends* there. A distance up to
``EPS`` beyond the last band's end still belongs to it (the ruler reaches exactly its length,
consistent with ``reach``).
"""

from __future__ import annotations

from collections.abc import Sequence

from sog.geometry.shapes import Rect
from sog.geometry.tolerance import EPS

__all__ = ["ruler_band", "within_distance"]


def ruler_band(distance: float, bands: Sequence[tuple[str, float, float]]) -> str | None:
    """Name of the band ``(name, from, to)`` holding ``distance``, or ``None`` when the
    distance is beyond every band (or negative beyond ``EPS``).

    Bands may be given in any order; they are scanned from the nearest (smallest ``from``),
    so on a shared border the shorter-range band wins.
    """
    for name, lo, hi in sorted(bands, key=lambda b: (b[1], b[2])):
        if lo - EPS <= distance <= hi + EPS:
            return name
    return None


def within_distance(a: Rect, b: Rect, d: float) -> bool:
    """True when the edge-to-edge distance between ``a`` and ``b`` is at most ``d`` (+EPS),
    in any direction (touching or overlapping bases are within any distance >= 0)."""
    dx = b.cx - a.cx
    dy = b.cy - a.cy
    far = a.radius + b.radius + d + EPS
    if dx * dx + dy * dy > far * far:
        return False  # early rejection on the bounding circles
    return a.distance(b) <= d + EPS
