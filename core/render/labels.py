"""Label placement for pictures: boxes in, positions out, no two labels overlapping.

A pure function (:func:`place_labels`) the table picture uses for the pieces' names and
whatever is drawn beside them. Each label is tried greedily, in the order given, at candidate
positions around its anchor (above, below, left, right, then the same further out, then the
diagonals); it takes the first whose rectangle overlaps no label placed before it and, where
possible, no obstacle (the pieces, fixed text) and stays inside the bounds. Coordinates are
the picture's (y down), in any unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Box", "Placement", "place_labels", "text_width"]

#: How many rings of candidates a label tries around its anchor before giving up on obstacles.
RINGS = 24


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: ``x0 <= x1``, ``y0 <= y1`` (picture coordinates, y down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def overlaps(self, other: Box) -> bool:
        """Whether the two share more than an edge."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, other: Box) -> bool:
        return self.x0 >= other.x0 and self.y0 >= other.y0 and self.x1 <= other.x1 and self.y1 <= other.y1

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)


@dataclass(frozen=True)
class Placement:
    """Where a label went: its rectangle, the index of the candidate taken (0 = first choice)
    and whether it stands away from its anchor (then a picture draws a leader line)."""

    box: Box
    choice: int
    leader: bool


def text_width(text: str, font_size: float) -> float:
    """An estimate of a line of text's width: 0.6 × the font size per character."""
    return 0.6 * font_size * len(text)


def _candidates(anchor: Box, width: float, height: float, gap: float) -> list[tuple[Box, bool]]:
    """The positions tried for a ``width`` × ``height`` label around ``anchor``, best first,
    each with whether it needs a leader line (any but the ring touching the anchor)."""
    cx, cy = anchor.centre
    out: list[tuple[Box, bool]] = []
    step = max(height, 4.0)
    for ring in range(RINGS):
        far = gap + ring * step
        sides = [
            (cx - width / 2, anchor.y0 - far - height),  # above
            (cx - width / 2, anchor.y1 + far),  # below
            (anchor.x0 - far - width, cy - height / 2),  # left
            (anchor.x1 + far, cy - height / 2),  # right
        ]
        if ring:
            sides += [
                (anchor.x0 - far - width, anchor.y0 - far - height), (anchor.x1 + far, anchor.y0 - far - height),
                (anchor.x0 - far - width, anchor.y1 + far), (anchor.x1 + far, anchor.y1 + far),
            ]
        out += [(Box(x, y, x + width, y + height), ring > 0) for x, y in sides]
    return out


def place_labels(labels: Sequence[tuple[Box, float, float]], obstacles: Sequence[Box] = (),
                 bounds: Box | None = None, gap: float = 3.0, fixed: Sequence[Box] = ()) -> list[Placement]:
    """Place each label ``(anchor, width, height)`` in turn; one :class:`Placement` per label.

    A label takes the first candidate (see the module) that overlaps no placed label, no
    obstacle and lies inside ``bounds``; failing that, the first that overlaps no placed label
    inside ``bounds``; failing that, the first that overlaps no placed label at all. ``fixed``
    are labels drawn already, where they are (text of other rules): placed labels count them.
    Labels never overlap one another as long as a free candidate exists (the rings reach far).
    """
    placed: list[Box] = list(fixed)
    result: list[Placement] = []
    for anchor, width, height in labels:
        candidates = _candidates(anchor, width, height, gap)

        def free(box: Box) -> bool:
            return not any(box.overlaps(other) for other in placed)

        def within(box: Box) -> bool:
            return bounds is None or box.inside(bounds)

        tests = (
            lambda b: free(b) and within(b) and not any(b.overlaps(o) for o in obstacles),
            lambda b: free(b) and within(b),
            free,
        )
        chosen = None
        for test in tests:
            chosen = next(((i, box, lead) for i, (box, lead) in enumerate(candidates) if test(box)), None)
            if chosen is not None:
                break
        if chosen is None:  # every ring taken: the last one, at least it is out of the way
            chosen = (len(candidates) - 1, *candidates[-1])
        index, box, leader = chosen
        placed.append(box)
        result.append(Placement(box, index, leader))
    return result
