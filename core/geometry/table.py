"""The table's bounds.

What: ``Table(width, height)`` and the tests "is this base wholly on the table", "is any part
of it off", "is it entirely off". Why: leaving the table is a rule event (the ship leaves
the game) and setup zones are rectangles of the table; the rules decide what follows.

Ruling: a base flush with the table edge (within ``EPS``) is still on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import Rect
from .tolerance import EPS

__all__ = ["Table", "offboard", "fully_offboard"]


def offboard(rect: Rect, width: float, height: float) -> bool:
    """True when any part of ``rect`` lies beyond the table ``[0, width] x [0, height]``."""
    return not rect.inside(width, height)


def fully_offboard(rect: Rect, width: float, height: float) -> bool:
    """True when no part of ``rect`` lies on the table (touching the edge counts as on)."""
    x0, y0, x1, y1 = rect.extent()
    if x1 < -EPS or y1 < -EPS or x0 > width + EPS or y0 > height + EPS:
        return True
    # The bounding box meets the table; the rectangle itself may still miss a corner region.
    return rect.distance(Rect(width / 2.0, height / 2.0, 0.0, width, height)) > 0.0


@dataclass(frozen=True, slots=True)
class Table:
    """A playing area ``[0, width] x [0, height]`` in mm."""

    width: float
    height: float

    def contains(self, rect: Rect) -> bool:
        """The whole base is on the table."""
        return rect.inside(self.width, self.height)

    def offboard(self, rect: Rect) -> bool:
        """Some part of the base is off the table."""
        return offboard(rect, self.width, self.height)

    def fully_offboard(self, rect: Rect) -> bool:
        """No part of the base is on the table."""
        return fully_offboard(rect, self.width, self.height)

    def contains_point(self, x: float, y: float) -> bool:
        """The point is on the table (edges included)."""
        return -EPS <= x <= self.width + EPS and -EPS <= y <= self.height + EPS
