"""The gunnery tables of the dice-and-inches game: range, to-hit and hit results.

What: pure functions over the text's FIRING tables — which range band a distance falls in for
a cannon, a swivel or muskets, the die needed to hit there (with the carronade's and the land
cannon's changes), and what a hit does (the Hit Result table by shot, grape and swivel, with
the land-cannon and ship-versus-land-cannon changes and the doublings).

Why: the fire rule (:mod:`dice_and_inches.fire`) and the boarding rule's defensive fire both
need the same numbers; keeping them here, free of any game object, lets each table row be
tested on its own and read next to the printed table.

Distances are in inches (the fire rule converts from the table's millimetres).
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "Weapon",
    "Column",
    "RANGE_TABLE",
    "HIT_RESULTS",
    "CARRONADE_MAX_RANGE",
    "LAND_LONG_RANGE_BONUS",
    "LAND_HIT_BONUS",
    "BATTERY_MISSES",
    "MUSKET_HIT",
    "SHARPSHOOTER_RANGE",
    "SHARPSHOOTER_NEEDS",
    "SHARPSHOOTER_HIT",
    "HOT_SHOT_FIRE_ON",
    "weapon_of",
    "max_range",
    "to_hit",
    "hits",
    "hit_result",
]

#: The three kinds of fire of the range table.
Weapon = Literal["cannon", "swivel", "musket"]
#: The three columns of the Hit Result table.
Column = Literal["shot", "grape", "swivel"]

#: The range table as printed: for each weapon, ``(up to this many inches, die needed)``
#: bands, shortest first. Beyond the last band the weapon cannot fire ("no" in the table).
RANGE_TABLE: dict[str, tuple[tuple[float, int], ...]] = {
    "cannon": ((3.0, 2), (6.0, 3), (24.0, 5)),
    "swivel": ((3.0, 3), (6.0, 5)),
    "musket": ((3.0, 5),),
}

#: A hit's effect: hits of each kind, as keyword arguments of :func:`dice_and_inches.state.wound`.
Effect = dict[str, int]

_MISS: Effect = {}
_GUN: Effect = {"guns": 1}
_CREW: Effect = {"crew": 1}
_HULL: Effect = {"hull": 1}
_RIG: Effect = {"rigging": 1}

#: The Hit Result table as printed: column -> die -> effect ({} is a miss).
HIT_RESULTS: dict[str, dict[int, Effect]] = {
    "shot": {1: _GUN, 2: _CREW, 3: _CREW, 4: _HULL, 5: _HULL, 6: _RIG},
    "grape": {1: _MISS, 2: _CREW, 3: _CREW, 4: _CREW, 5: _CREW, 6: {"rigging": 1, "crew": 1}},
    "swivel": {1: _CREW, 2: _CREW, 3: _CREW, 4: _CREW, 5: _CREW, 6: {"officers": 1}},
}

# Rulings ----------------------------------------------------------------------------------

#: Ruling CARRONADE_MAX_RANGE: a carronade ("short range fire only") fires in the cannon's
#: 3" and 6" bands, never at 24"; it hits on the cannon's numbers there.
CARRONADE_MAX_RANGE = 6.0

#: Ruling LAND_LONG_RANGE_BONUS: land cannon add 6" to the LONG band only (the cannon's 24"
#: becomes 30"); the 3" and 6" bands stay as they are. Swivels have no long band.
LAND_LONG_RANGE_BONUS = 6.0

#: Ruling LAND_HIT_BONUS: land cannon add 1 to the to-hit die in every band (so they need one
#: less: 4+ at long range, 2+ at 6", and at 3" even a 1 hits).
LAND_HIT_BONUS = 1

#: Ruling BATTERY_MISSES: a ship firing at a land battery reads the hit-result table as usual,
#: but results 4, 5 and 6 are misses, in every column (shot, grape and swivel).
BATTERY_MISSES = frozenset({4, 5, 6})

#: Ruling MUSKET_HIT: the hit-result table has no muskets column; a musket hit kills one man
#: (one crew hit), without a hit-result die.
MUSKET_HIT: Effect = {"crew": 1}

#: Ruling SHARPSHOOTER_RANGE: the text gives the sharpshooter no range; he shoots up to 6"
#: (the card's close range), one die, at officers only.
SHARPSHOOTER_RANGE = 6.0
#: The sharpshooter hits on a 6 (as printed).
SHARPSHOOTER_NEEDS = 6
#: A sharpshooter's hit kills one officer.
SHARPSHOOTER_HIT: Effect = {"officers": 1}

#: Hot shot starts a fire on a third die of 5 or 6 (as printed).
HOT_SHOT_FIRE_ON = frozenset({5, 6})


def weapon_of(gun_kind: str) -> Weapon:
    """The range-table column of a gun: carronades use the cannon's numbers."""
    return "swivel" if gun_kind == "swivel" else "cannon"


def max_range(gun_kind: str, *, land: bool = False) -> float:
    """The longest range in inches at which a gun (or ``musket``) may fire."""
    if gun_kind == "carronade":
        return CARRONADE_MAX_RANGE
    weapon = "musket" if gun_kind == "musket" else weapon_of(gun_kind)
    bands = RANGE_TABLE[weapon]
    longest = bands[-1][0]
    if land and weapon == "cannon":
        longest += LAND_LONG_RANGE_BONUS
    return longest


def to_hit(gun_kind: str, distance: float, *, land: bool = False) -> int | None:
    """The lowest die that hits at ``distance`` inches, or ``None`` out of range.

    :param gun_kind: ``cannon``, ``carronade``, ``swivel`` or ``musket``.
    :param land: the gun is a land battery's (+6" long range, +1 to hit).
    """
    if distance < 0:
        raise ValueError(f"negative distance {distance}")
    if distance > max_range(gun_kind, land=land) + 1e-9:
        return None
    weapon = "musket" if gun_kind == "musket" else weapon_of(gun_kind)
    bands = RANGE_TABLE[weapon]
    need = bands[-1][1]  # the long band (possibly lengthened for land cannon)
    for limit, number in bands:
        if distance <= limit + 1e-9:
            need = number
            break
    if land:
        need -= LAND_HIT_BONUS
    return max(need, 1)


def hits(die: int, need: int) -> bool:
    """Does ``die`` hit when ``need`` is needed?"""
    return die >= need


def hit_result(
    column: str,
    die: int,
    *,
    at_battery: bool = False,
    small_battery: bool = False,
    multiplier: int = 1,
) -> Effect:
    """The effect of one hit whose hit-result die shows ``die``.

    :param column: ``shot`` (also hot shot), ``grape`` or ``swivel``.
    :param at_battery: the target is a land battery (4, 5, 6 miss).
    :param small_battery: the firer is a land battery of small guns (hull hits miss).
    :param multiplier: the doublings that apply (carronade, large land gun, raking), as a
        factor: every hit of the effect is multiplied by it.
    :return: hits by kind (``{}`` for a miss).
    """
    if at_battery and die in BATTERY_MISSES:
        return {}
    effect = dict(HIT_RESULTS[column][die])
    if small_battery:
        effect.pop("hull", None)
    return {kind: count * multiplier for kind, count in effect.items()}
