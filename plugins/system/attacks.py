"""Building attacks and applying their modifiers: shared by every rule that fires.

The combat rule and rules that add ways to fire (continuous fire, batteries, ...) build
their :class:`~sog.hooktypes.Attack` the same way from a fire choice, and apply the
``sog_attack_modifiers`` arithmetic the hook documents: every extra counter first, then the
product of the multipliers (rounding down once), with the last pool change.
"""

from __future__ import annotations

import math
from collections.abc import Container
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sog.plugins.system.hooktypes import Attack
from sog.state import Counter
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import musketry_of, ruler_of, ship_firepower

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["HITS_OWNER", "artillery_attack", "attack_dict", "modified_counters", "musketry_attack", "resolve_attack", "take_hits"]


def artillery_attack(game: Game, ship: SailsShipState, choice: dict[str, Any], ammunition: str | None, **extra: Any) -> Attack:
    """The attack of a fire choice ``{side, target, arc, band, distance}``, before modifiers.

    Firepower is read now from the leftmost empty ship box; the band's pool is the ruler's.
    """
    band = next(b for b in ruler_of(game).bands if b.name == choice["band"])
    return Attack(attacker=ship.id, target=choice["target"], kind="artillery", side=choice["side"], arc=choice["arc"],
                  band=choice["band"], distance=choice["distance"], pool=band.pool,
                  firepower=ship_firepower(game, ship, choice["arc"]), ammunition=ammunition, extra=dict(extra))


def musketry_attack(game: Game, ship: SailsShipState, target: str) -> Attack:
    """A musketry attack on ``target``: the leftmost empty crew box's number of E counters."""
    return Attack(attacker=ship.id, target=target, kind="musketry", side=None, arc=None, band=None,
                  distance=0.0, pool=ruler_of(game).musketry_pool, firepower=musketry_of(game, ship))


def modified_counters(game: Game, attack: Attack) -> tuple[int, str, list[str]]:
    """``(counters, pool, sources)`` of an attack after every rule's modifiers (rule order)."""
    count, pool, notes, multipliers = attack.firepower, attack.pool, [], []
    for batch in reversed(game.hook.sog_attack_modifiers(game=game, attack=attack)):
        for mod in batch or []:
            count += mod.extra_counters
            if mod.pool is not None:
                pool = mod.pool
            if mod.multiplier is not None:
                multipliers.append(mod.multiplier)
            notes.append(mod.source)
    if multipliers:
        # All factors multiplied exactly, rounded down once (a half of two thirds is a third).
        factor = math.prod((Fraction(m).limit_denominator(1000) for m in multipliers), start=Fraction(1))
        count = math.floor(count * factor)
    return max(count, 0), pool, notes


def attack_dict(attack: Attack) -> dict[str, Any]:
    """The attack as JSON-compatible data (for the state and the log)."""
    return {k: getattr(attack, k) for k in attack.__dataclass_fields__}


#: Where drawn counters wait for the damage step: ``state.ext[HITS_OWNER]["hits"]``, per
#: target ``{"counters": [...], "attacks": [...]}`` (the combat rule's namespace).
HITS_OWNER = "combat"


def resolve_attack(game: Game, attack: Attack) -> list[Counter]:
    """Draw an attack's counters, keep them for the damage step, and log the attack.

    Fire is simultaneous: counters wait in the state until the damage step places them,
    so no damage of this turn changes any firepower read this turn.
    """
    count, pool, notes = modified_counters(game, attack)
    counters = game.draw(pool, count)
    hits = game.state.ext.setdefault(HITS_OWNER, {}).setdefault("hits", {})
    entry = hits.setdefault(attack.target, {"counters": [], "attacks": []})
    entry["counters"].extend(c.model_dump() for c in counters)
    entry["attacks"].append(attack_dict(attack))
    game.emit("attack", attacker=attack.attacker, kind=attack.kind, side=attack.side, arc=attack.arc,
              target=attack.target, band=attack.band, distance=attack.distance, pool=pool,
              ammunition=attack.ammunition, firepower=attack.firepower, counters=[c.label() for c in counters],
              modifiers=notes)
    return counters


def take_hits(game: Game, targets: Container[str]) -> dict[str, tuple[list[Counter], list[Attack]]]:
    """Remove and return the counters and attacks waiting for the damage step, per target, for
    the ``targets`` given (the damage rule takes the ships', the batteries' rule its own)."""
    hits = game.state.ext.get(HITS_OWNER, {}).get("hits", {})
    taken = {target: hits.pop(target) for target in [t for t in hits if t in targets]}
    if not hits:
        game.state.ext.get(HITS_OWNER, {}).pop("hits", None)
    return {target: ([Counter.model_validate(c) for c in entry["counters"]], [Attack(**a) for a in entry["attacks"]])
            for target, entry in taken.items()}
