"""Sailing a dice-and-inches ship: points of sail, speed by rig, the wind's eye, tacking.

What: pure functions of a heading, the wind and the ship's rig (no game, no table): how far
a ship sails in a whole move, whether her bow is in the wind's eye, which turns are open to
her after a half move, and where a luff or a tack leaves her bow. :mod:`.movement` (the
``dice-movement`` rule) calls them; keeping them apart makes every ruling below testable
with plain numbers.

Why: the text gives two speeds (6" with the wind from ahead, 12" from the side or rear),
a 45 degree turn after each half move, a stall when the bow is put into the wind (luffing)
and a 90 degree tack through the wind with a die; and it says that fore-and-aft rig sails
better into the wind, square rig better before it, the brigantine between. Those words
leave the bands of "ahead", "side" and "rear" and the size of the rig effect open: the
rulings here fix them.

Angles are compass degrees (0 = north, clockwise); the wind is given by the direction it
blows FROM (``game.state.wind.from_``). Distances are inches.

Rulings
-------
``HEAD_TO_WIND``
    The bow is *in the wind's eye* (pointed into the wind: luffing, in irons, or half way
    through a tack) when the wind blows from within 22.5 degrees of it. A ship in the
    wind's eye cannot sail. A turn that ends within this band points the bow straight into
    the wind (its heading becomes the wind's direction), so that tacks and luffs always
    leave the ship on a clean 45 degree heading off the wind.
``WIND_AHEAD`` / ``WIND_REAR``
    Beyond the wind's eye, the wind is *from ahead* up to 67.5 degrees off the bow (close
    hauled, the 45 degree heading a 45 degree turn gives), *from the side* up to 112.5
    degrees (the 90 degree beam reach) and *from the rear* beyond that. The text's two
    speeds are 6" (ahead) and 12" (side or rear).
``RIG_SPEEDS``
    The rig effect, one table keyed by the ship document's ``rig``: the brigantine (the
    compromise) sails the text's speeds, 6/12/12; the schooner (fore and aft rig, better
    into the wind) makes 7" with the wind from ahead but only 11" with it from the rear;
    the brig (square rig, better with a following wind) makes 13" from the rear but only 5"
    from ahead. With the wind from the side every rig makes 12".
``JURY_MAST_SPEED``
    A ship under a jury mast sails at half the speed of her rig and point of sail.
``DRIFT_INCHES``
    A ship left in the wind's eye at the end of a part in which she could only point drifts
    3" straight downwind (her heading unchanged).
``TACK_STALL``
    A tack (turning the bow through the wind) throws one die when the bow reaches the wind's
    eye: on a 6 the ship stalls there until her next part, when she throws again; on any
    other number she turns the second 45 degrees and her movement ends for the part. A ship
    whose re-throw succeeds is also stopped for that part (the text: "pointed another 45
    degrees and stops. Resume movement next turn").
"""

from __future__ import annotations

from typing import Literal

from sog.geometry import normalize_heading, normalize_relative

__all__ = [
    "DRIFT_INCHES",
    "HEAD_TO_WIND",
    "JURY_MAST_SPEED",
    "MOVE_STEP",
    "RIG_SPEEDS",
    "TACK_STALL",
    "TURN",
    "WIND_AHEAD",
    "WIND_REAR",
    "PointOfSail",
    "downwind",
    "half_move",
    "in_wind_eye",
    "point_of_sail",
    "speed",
    "tack_heading",
    "turn_heading",
    "turn_options",
    "wind_off_bow",
    "wind_side",
    "windward_turn",
]

# Rulings
#: The bow is in the wind's eye when the wind blows from within this angle of it (degrees).
HEAD_TO_WIND = 22.5
#: Beyond the wind's eye and up to this angle off the bow, the wind is "from ahead".
WIND_AHEAD = 67.5
#: Beyond this angle off the bow the wind is "from the rear" (between: "from the side").
WIND_REAR = 112.5
#: Whole-move distance in inches by rig and point of sail (the rig effect).
RIG_SPEEDS: dict[str, dict[str, float]] = {
    "schooner": {"ahead": 7.0, "side": 12.0, "rear": 11.0},
    "brigantine": {"ahead": 6.0, "side": 12.0, "rear": 12.0},
    "brig": {"ahead": 5.0, "side": 12.0, "rear": 13.0},
}
#: Speed factor under a jury mast.
JURY_MAST_SPEED = 0.5
#: Drift downwind of a ship left in the wind's eye, inches per part.
DRIFT_INCHES = 3.0
#: The die result on which a tack stalls.
TACK_STALL = 6
#: The turn permitted after each half move, degrees.
TURN = 45.0
#: Spacing of the distances a player may choose, inches (a quarter of the jury-mast half moves).
MOVE_STEP = 0.25

PointOfSail = Literal["eye", "ahead", "side", "rear"]


def wind_off_bow(heading: float, wind_from: float) -> float:
    """How many degrees (0..180) off the bow the wind blows from; 0 = dead ahead."""
    return abs(normalize_relative(wind_from - heading))


def wind_side(heading: float, wind_from: float) -> int:
    """+1 when the wind comes over the starboard side of the bow, -1 over port, 0 dead ahead
    or dead astern. A turn with this sign turns the bow towards the wind."""
    rel = normalize_relative(wind_from - heading)
    if rel == 0.0 or rel == 180.0:
        return 0
    return 1 if rel > 0 else -1


def in_wind_eye(heading: float, wind_from: float) -> bool:
    """Is the bow pointed into the wind (``HEAD_TO_WIND``)?"""
    return wind_off_bow(heading, wind_from) <= HEAD_TO_WIND


def point_of_sail(heading: float, wind_from: float) -> PointOfSail:
    """``eye`` (cannot sail), ``ahead``, ``side`` or ``rear`` (``WIND_AHEAD``, ``WIND_REAR``)."""
    off = wind_off_bow(heading, wind_from)
    if off <= HEAD_TO_WIND:
        return "eye"
    if off <= WIND_AHEAD:
        return "ahead"
    if off <= WIND_REAR:
        return "side"
    return "rear"


def speed(rig: str, heading: float, wind_from: float, jury_mast: bool = False) -> float:
    """A whole move in inches (``RIG_SPEEDS``, ``JURY_MAST_SPEED``); 0 in the wind's eye or
    for a piece without a rig (a land battery never moves)."""
    point = point_of_sail(heading, wind_from)
    table = RIG_SPEEDS.get(rig)
    if point == "eye" or table is None:
        return 0.0
    full = table[point]
    return full * JURY_MAST_SPEED if jury_mast else full


def half_move(rig: str, heading: float, wind_from: float, jury_mast: bool = False) -> float:
    """Half a move in inches: the least a free ship sails each part, and each leg's most."""
    return speed(rig, heading, wind_from, jury_mast) / 2.0


def downwind(wind_from: float) -> float:
    """The compass direction the wind blows towards."""
    return normalize_heading(wind_from + 180.0)


def turn_heading(heading: float, turn: float, wind_from: float) -> float:
    """The heading after turning by ``turn`` degrees; a heading in the wind's eye is snapped
    straight into the wind (``HEAD_TO_WIND``)."""
    new = normalize_heading(heading + turn)
    return normalize_heading(wind_from) if in_wind_eye(new, wind_from) else new


def tack_heading(wind_from: float, direction: int) -> float:
    """Where a tack turning ``direction`` (+1 clockwise, -1 anticlockwise) leaves the bow:
    the second 45 degrees past the wind's eye."""
    return normalize_heading(wind_from + direction * TURN)


def turn_options(heading: float, wind_from: float) -> list[int | str]:
    """The helm orders after a completed half move, before any check of the table:
    ``0`` (hold the course), ``-45`` / ``45`` (turn to port / starboard) and, instead of the
    turn that would put the bow into the wind's eye, ``"luff"`` (stall there) and
    ``"tack"`` (carry on through the wind). A ship already in the wind's eye may only point
    (``0``, ``-45``, ``45``)."""
    if in_wind_eye(heading, wind_from):
        return [0, -45, 45]
    options: list[int | str] = [0]
    for turn in (-45, 45):
        if in_wind_eye(heading + turn, wind_from):
            options += ["luff", "tack"]
        else:
            options.append(turn)
    return options


def windward_turn(heading: float, wind_from: float) -> int:
    """The 45 degree turn (-45 or 45) that brings the bow towards the wind."""
    return -45 if wind_side(heading, wind_from) < 0 else 45
