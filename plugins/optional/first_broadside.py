"""First broadside (rulebook p. 36): the first broadside of each side hits harder.

Before the heat of battle the guns were loaded with care, so the first broadside fired was
often the most effective. The first time a ship fires a broadside, the target takes one
more damage counter for every three (rounded up) it should take: HMS Terpsichore, whose
full broadside firepower is 4, fires 6 counters with her first broadside instead of 4.

With Standard rules the Raking and First Broadside bonuses are computed independently,
each from the firepower: the Terpsichore raking through the target's bow with her first
broadside adds 2 (4/3 rounded up) for this rule and 2 for raking, 8 counters in all.

The table's reminder (a Reload Broadside action counter beside the loaded ammunition) is
kept in ``ship.ext["first-broadside"]["fired"]``: the sides whose first broadside is spent.
It is public, like the counter on the table.

Rulings:

* ``PER_SIDE``: each broadside of a ship has its own first broadside (the reminder lies
  beside each side's loaded ammunition).
* ``BASE``: the extra counters are computed on the firepower read at the start of combat,
  before any other rule's modifier (what the target "should take"); multipliers of other
  rules (continuous fire, a chain-shot miss) apply to the sum afterwards.
* ``SPENT_BY``: a side's first broadside is spent by any shot of that side — one that
  misses, and one fired with no target to empty the guns (Standard ammunition rule), too:
  the carefully prepared load is gone either way. It is noted at the end of the combat step,
  from the face-up ammunition counters.
* Musketry is not a broadside and gets nothing.
"""

from __future__ import annotations

import math
import sys

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES

NAME = "first-broadside"
COMBAT = "combat"
#: One extra counter per this many counters the target should take (rounded up).
DIVISOR = 3
#: Ruling: every broadside (left and right) of a ship has its own first broadside.
PER_SIDE = True
#: Ruling: the extras are computed on the firepower before other modifiers.
BASE = "firepower"
#: Ruling: any shot of a side (a miss, emptying the guns) spends its first broadside.
SPENT_BY = "any-shot"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"first-broadside-fired": "A ship's first broadside of one side is spent; that side fires normally from now on."}


def extra_counters(firepower: int) -> int:
    """Extra counters of a first broadside: one per three the target should take, rounded up."""
    return math.ceil(firepower / DIVISOR) if firepower > 0 else 0


def spent(ship: SailsShipState, side: str) -> bool:
    """Has ``side`` of ``ship`` already fired its first broadside?"""
    fired = ship.ext.get(NAME, {}).get("fired", [])
    return (side in fired) if PER_SIDE else bool(fired)


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    if attack.kind != "artillery" or attack.side is None or spent(game.ship(attack.attacker), attack.side):
        return []
    return [AttackModifier(source=NAME, extra_counters=extra_counters(attack.firepower))]


@hookimpl
@acts_at(COMBAT)
def sog_step_end(game: Game, step: Step) -> None:
    """Note every side that fired this combat (its counter lies face up): its first broadside is spent."""
    if step.name != COMBAT:
        return
    for ship in game.ships():
        for side in SIDES:
            if ship.broadsides[side].fired is not None and not spent(ship, side):
                ship.ext.setdefault(NAME, {}).setdefault("fired", []).append(side)
                game.emit("first-broadside-fired", ship=ship.id, side=side)


RULE = sails_rule(NAME, "The first broadside of each side adds one counter per three (round up), independently of raking.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 36")
