"""The measures of the dice-and-inches table: inches, the foremast, hulls and rocks.

The text measures everything in inches (moves of 6" and 12", ranges of 3", 6" and 24") on a
table whose frame the core keeps in millimetres; content and rules speak inches, poses stay
in millimetres, and these helpers convert at the boundary.

The text also says to measure and pivot from the *foremast* (a ruling: the foremast stands a
quarter of the hull's length forward of its centre, on the centre line; a land battery, which
has no mast, measures from the centre of its frontage; see
:data:`dice_and_inches.rulings.FOREMAST_FRACTION`).

Every rule reads a piece's hull (:func:`hull`: the rectangle of its document's ``length`` x
``beam`` centred on its pose) and the scenario's rocks (:func:`rocks`) from here, so the
movement, fire and boarding rules see one and the same table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sog.geometry import Pose, Rect

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["INCH", "FOREMAST_FRACTION", "Rock", "inches", "mm", "foremast", "foremast_offset", "hull", "rocks"]

#: Millimetres in one inch (exact, by definition of the inch).
INCH = 25.4

#: Where the foremast stands: this fraction of the hull length forward of the hull's centre
#: (ruling FOREMAST_FRACTION in :mod:`dice_and_inches.rulings`).
FOREMAST_FRACTION = 0.25


@dataclass(frozen=True, slots=True)
class Rock:
    """A rock or islet: a circle of ``radius`` mm centred on ``(x, y)``."""

    x: float
    y: float
    radius: float


def inches(length_mm: float) -> float:
    """A length in millimetres, in inches."""
    return length_mm / INCH


def mm(length_in: float) -> float:
    """A length in inches, in millimetres."""
    return length_in * INCH


def _field(doc: Any, name: str) -> Any:
    return doc.get(name) if isinstance(doc, dict) else getattr(doc, name, None)


def _is_battery(doc: Any) -> bool:
    return _field(doc, "battery") is not None or _field(doc, "rig") == "none"


def foremast_offset(doc: Any) -> float:
    """How far forward of the hull's centre the foremast stands, in mm: a quarter of the
    length for a ship, 0 for a land battery (``rig: none`` or a ``battery`` size: it has no
    mast and measures from the centre of its frontage)."""
    if _is_battery(doc):
        return 0.0
    return mm(float(_field(doc, "length") or 0.0)) * FOREMAST_FRACTION


def foremast(doc: Any, pose: Any) -> tuple[float, float]:
    """Table position ``(x, y)`` in mm of the foremast of a ship described by ``doc``
    (a ``dice-ship`` document or mapping with ``length`` in inches) standing at ``pose``
    (anything with ``x``, ``y``, ``heading``: the hull's centre)."""
    p = pose if isinstance(pose, Pose) else Pose(float(pose.x), float(pose.y), float(pose.heading))
    return p.local_to_world(0.0, foremast_offset(doc))


def hull(game: Game, ship: Any, pose: Pose | None = None) -> Rect:
    """A piece's hull on the table (a battery's frontage x depth): the rectangle of its
    document's ``beam`` x ``length`` (inches) in mm, centred on its pose, or on ``pose``."""
    doc = game.ship_doc(ship)
    at = pose or Pose(float(ship.pose.x), float(ship.pose.y), float(ship.pose.heading))
    return Rect.of_base(at, mm(float(_field(doc, "beam") or 0.0)), mm(float(_field(doc, "length") or 0.0)))


def rocks(game: Game) -> list[Rock]:
    """The rocks of the game's scenario (its ``setup: rocks``, mm). They are land: they do not
    slide with the ships at the table's edge."""
    setup = game.content.scenario(game.state.scenario).setup or {}
    return [Rock(float(r["x"]), float(r["y"]), float(r["radius"])) for r in setup.get("rocks", ())]
