"""Inches, millimetres and the foremast: the measures of the dice-and-inches game.

The text measures everything in inches (moves of 6" and 12", ranges of 3", 6" and 24") on a
table whose frame the core keeps in millimetres; content and rules speak inches, poses stay
in millimetres, and these helpers convert at the boundary.

The text also says to measure and pivot from the *foremast* (a ruling: the foremast stands a
quarter of the hull's length forward of its centre, on the centre line; see
:data:`dice_and_inches.rulings.FOREMAST_FRACTION`).
"""

from __future__ import annotations

from typing import Any

from sog.geometry import Pose

__all__ = ["INCH", "FOREMAST_FRACTION", "inches", "mm", "foremast", "foremast_offset"]

#: Millimetres in one inch (exact, by definition of the inch).
INCH = 25.4

#: Where the foremast stands: this fraction of the hull length forward of the hull's centre
#: (ruling FOREMAST_FRACTION in :mod:`dice_and_inches.rulings`).
FOREMAST_FRACTION = 0.25


def inches(length_mm: float) -> float:
    """A length in millimetres, in inches."""
    return length_mm / INCH


def mm(length_in: float) -> float:
    """A length in inches, in millimetres."""
    return length_in * INCH


def _length_in(doc: Any) -> float:
    length = doc.get("length") if isinstance(doc, dict) else getattr(doc, "length", None)
    return float(length or 0.0)


def foremast_offset(doc: Any) -> float:
    """How far forward of the hull's centre the foremast stands, in mm (0 for a battery)."""
    return mm(_length_in(doc)) * FOREMAST_FRACTION


def foremast(doc: Any, pose: Any) -> tuple[float, float]:
    """Table position ``(x, y)`` in mm of the foremast of a ship described by ``doc``
    (a ``dice-ship`` document or mapping with ``length`` in inches) standing at ``pose``
    (anything with ``x``, ``y``, ``heading``: the hull's centre)."""
    p = pose if isinstance(pose, Pose) else Pose(float(pose.x), float(pose.y), float(pose.heading))
    return p.local_to_world(0.0, foremast_offset(doc))
