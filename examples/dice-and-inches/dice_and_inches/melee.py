"""The arithmetic of a boarding melee: points of each side, who loses a round, which men fall.

The text (*Boarding*): each side counts the men available for the melee, sailors worth 1
point and marines and officers 2; number of men × value × die roll, divided by 10, gives its
points; the loser removes the point difference (in men), marines first. These are pure
functions of numbers, so the exact arithmetic is tested without a game; ``boarding.py``
rolls the dice and applies the results to the ships.

Men are handled as a mapping ``{"sailors": n, "marines": n, "officers": n}`` (the fields of
:class:`dice_and_inches.state.Crew`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

__all__ = [
    "ASSIGN_ORDER", "MELEE_DRAW_NOBODY_LOSES", "MELEE_LOSSES_ROUND_DOWN", "MELEE_LOSS_ORDER",
    "MELEE_ROUNDS_PER_PART", "MELEE_VALUES", "MeleeRound", "MEN", "fight_round", "melee_points",
    "melee_strength", "take_men",
]

#: The kinds of men, in the order of the ship's crew fields.
MEN: tuple[str, ...] = ("sailors", "marines", "officers")

# --------------------------------------------------------------------------- Rulings

MELEE_VALUES: Mapping[str, int] = {"sailors": 1, "marines": 2, "officers": 2}
"""Melee value of each man (the text): a sailor 1 point, a marine or an officer 2."""

MELEE_ROUNDS_PER_PART: int = 3
"""Rounds of melee in one boarding action (the text: "fight 3 rounds per turn"); ruling: a
boarding action is fought in the attacker's part, so the three rounds are those of his part."""

MELEE_LOSSES_ROUND_DOWN: bool = True
"""Ruling on rounding: each side's points (men × value × die / 10) are kept exactly, with
their fractions; only the difference is rounded, down, to give the men the loser removes
(A 13 × 4 = 5.2, D 9 × 3 = 2.7: the defender loses 5.2 - 2.7 = 2.5 → 2 men). A round whose
difference is under one point is still lost (it counts for repulse, deck and capture) but
costs no man."""

MELEE_DRAW_NOBODY_LOSES: bool = True
"""Ruling: equal points are a drawn round: nobody loses, nobody removes men, and the
boarding goes on to the next round (a draw is not a loss of melee for either side, and it
does not break a defender's run of consecutive losses)."""

MELEE_LOSS_ORDER: tuple[str, ...] = ("marines", "sailors", "officers")
"""Which men the loser removes: marines first (the text), then sailors, officers last
(ruling), one man per point of difference whatever his value, and only among the men who
fought this round (ruling: men throwing or cutting grapples are not in the melee, so they
cannot fall in it; a difference larger than the fighters removes every fighter)."""

ASSIGN_ORDER: tuple[str, ...] = ("sailors", "marines", "officers")
"""Ruling: men assigned to a task that keeps them out of the melee (throwing or cutting
grapples) are sailors first, then marines, officers last: the player keeps his best
fighters for the melee (no decision needed: nobody would choose otherwise)."""


# --------------------------------------------------------------------------- arithmetic


def melee_strength(men: Mapping[str, int]) -> int:
    """The number of men × value, summed over the kinds of men (before the die)."""
    return sum(men.get(kind, 0) * value for kind, value in MELEE_VALUES.items())


def melee_points(strength: int, die: int) -> Fraction:
    """A side's points in one round: strength × die roll / 10, kept exactly."""
    return Fraction(strength * die, 10)


@dataclass(frozen=True)
class MeleeRound:
    """The result of one round of melee.

    :ivar attacker_points: the attacker's points (exact).
    :ivar defender_points: the defender's points (exact).
    :ivar loser: ``"attacker"``, ``"defender"`` or ``None`` for a drawn round.
    :ivar losses: the men the loser removes (the difference, rounded down).
    """

    attacker_points: Fraction
    defender_points: Fraction
    loser: Literal["attacker", "defender"] | None
    losses: int


def fight_round(attacker_strength: int, attacker_die: int, defender_strength: int, defender_die: int) -> MeleeRound:
    """Resolve one round of melee from both sides' strengths and dice."""
    a = melee_points(attacker_strength, attacker_die)
    d = melee_points(defender_strength, defender_die)
    if a == d:
        return MeleeRound(a, d, None, 0)
    loser: Literal["attacker", "defender"] = "attacker" if a < d else "defender"
    return MeleeRound(a, d, loser, int(abs(a - d)))  # int() of a positive Fraction rounds down


def take_men(men: Mapping[str, int], count: int, order: Sequence[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Take up to ``count`` men from ``men``, kind by kind in ``order``.

    :return: ``(left, taken)``: the men left and the men taken, by kind (every kind of
        :data:`MEN` present in both).
    """
    left = {kind: int(men.get(kind, 0)) for kind in MEN}
    taken = dict.fromkeys(MEN, 0)
    wanted = max(0, count)
    for kind in order:
        n = min(wanted, left[kind])
        left[kind] -= n
        taken[kind] += n
        wanted -= n
    return left, taken
