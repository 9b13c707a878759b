"""Value types of the Sails of Glory hooks: an attack, its modifiers, a move, ability effects.

Frozen dataclasses, as in :mod:`sog.hooktypes`: a plugin that wants a different value
returns a new one (:func:`dataclasses.replace`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

__all__ = ["AbilityEffect", "AbilityOption", "Attack", "AttackModifier", "Barrier", "Move"]


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack about to be resolved, before any modifier.

    :ivar attacker: the attacking ship's id.
    :ivar target: the target ship's id.
    :ivar kind: ``"artillery"`` or ``"musketry"`` (rules may add kinds).
    :ivar side: ``"left"`` or ``"right"`` broadside; ``None`` for musketry.
    :ivar arc: ``"forward"``, ``"central"`` or ``"rear"``; ``None`` for musketry.
    :ivar band: the ruler band that reached the target (``"red"``, ``"short"``, ``"long"``).
    :ivar distance: millimetres from the firing point to the target's base.
    :ivar pool: the counter pool the target draws from.
    :ivar firepower: counters before modifiers, read at the start of combat.
    :ivar ammunition: the ammunition fired (``"ball"`` in the Basic rules), or ``None``.
    :ivar extra: rule-specific facts (e.g. raking) that other rules may read.
    """

    attacker: str
    target: str
    kind: str
    side: str | None
    arc: str | None
    band: str | None
    distance: float
    pool: str
    firepower: int
    ammunition: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AttackModifier:
    """A change to an attack, returned by ``sog_attack_modifiers``.

    :ivar source: the rule that asks for it (shown in the log).
    :ivar extra_counters: counters added (negative to remove) to the firepower.
    :ivar pool: draw from this pool instead, or ``None`` to keep it.
    :ivar multiplier: a factor applied after all additions; every factor of an attack is
        multiplied exactly and the result rounded down once (e.g. ``0.5`` halves).
    """

    source: str
    extra_counters: int = 0
    pool: str | None = None
    multiplier: float | Fraction | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """The movement a ship is about to make this turn.

    :ivar ship: the moving ship's id.
    :ivar card: the maneuver card id, or ``None`` when the ship does not move.
    :ivar line: the card's line to use (``"battle"``, ``"two-sandglass"``, ...).
    :ivar colour: ``"green"``, ``"orange"`` or ``None`` (red-card lines have none).
    :ivar start: where the line starts: ``"bow"`` (card in front) or ``"stern"`` (behind).
    :ivar attitude: the ship's attitude to the wind at the start of movement.
    """

    ship: str
    card: str | None
    line: str | None
    colour: str | None
    start: str
    attitude: str


@dataclass(frozen=True, slots=True)
class AbilityEffect:
    """An effect that ability documents may name, declared by the rule that implements it
    (``sog_ability_effects``).

    :ivar name: the effect's name, as an ability's ``effect`` gives it (``"extra-counters"``).
    :ivar summary: one line for people.
    :ivar timings: the timings (:data:`sog.plugins.system.content_captains.TIMINGS`) an
        ability with this effect may have.
    :ivar params: JSON Schema (draft 2020-12) of the ability's ``params``.
    """

    name: str
    summary: str
    timings: tuple[str, ...]
    params: Mapping[str, Any] = field(default_factory=lambda: {"type": "object", "additionalProperties": False})


@dataclass(frozen=True, slots=True)
class AbilityOption:
    """One way of using an ability now, returned by ``sog_ability_options``.

    :ivar value: the JSON-compatible answer that picks it (``True`` when there is one way);
        the effect receives it back in ``sog_ability_used``.
    :ivar label: what people see (``"use"``, ``"use: reload the left broadside"``).
    """

    value: Any = True
    label: str = "use"


@dataclass(frozen=True, slots=True)
class Barrier:
    """Something on the table, not a ship, that a moving ship must not end overlapping: it is
    moved as in an overlap with a ship and stops at first contact (a reef, a coast's dangerous
    waters). Returned by ``sog_movement_barriers``.

    :ivar id: the providing rule's name for it (given back to ``sog_barriers_met``).
    :ivar shape: an obstacle of :func:`sog.plugins.system.geometry.slide_until_contact`
        (``cx``, ``cy``, ``radius``, ``overlaps(rect)``, ``gap(rect)``, ``distance(rect)``).
    """

    id: str
    shape: Any
