"""A target standing on land (a coastal battery, a building): the value the rules and the
tables share; :mod:`.land_targets` gathers them from the game.

A battery has no base, so rulers are laid to its red dots (each a point, :func:`point_rect`,
pp. 46-47); a building may be fired at anywhere on its drawing (a rectangle, p. 54). Every
target carries the element it stands on (``on``): firing at a target on an element, only a
different element in between blocks the line of sight (p. 45).
"""

from __future__ import annotations

from dataclasses import dataclass

from sog.geometry import Rect

__all__ = ["POINT", "LandTarget", "point_rect"]

POINT = 0.01
"""The side (mm) of the square that stands for a red dot when a ruler is laid to it: a point
to the table's precision, a shape to the geometry of :mod:`.geometry.fire`."""


def point_rect(xy: tuple[float, float]) -> Rect:
    """The tiny square a ruler reaches for a point target (a battery's red dot)."""
    return Rect(xy[0], xy[1], 0.0, POINT, POINT)


@dataclass(frozen=True)
class LandTarget:
    """A target standing on land.

    :ivar id: its id in the game.
    :ivar kind: ``battery`` or ``building``.
    :ivar side: the side it belongs to (only enemies fire at it).
    :ivar name: what to call it.
    :ivar on: the id of the coast or island placement it stands on.
    :ivar shapes: where a ruler may reach it: a battery's red dots, a building's drawing.
    :ivar musketry: whether it may be the target of musketry.
    """

    id: str
    kind: str
    side: str
    name: str
    on: str
    shapes: tuple[Rect, ...]
    musketry: bool = True

    @property
    def xy(self) -> tuple[float, float]:
        """A point to draw a line of fire to: the centre of its first shape."""
        return self.shapes[0].center
