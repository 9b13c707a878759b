"""Raking shots (rulebook p. 25): central-arc fire that sweeps the target along its length.

Trace a line from the dot of the attacker's central firing arc (of the broadside that
fires) to the target's main mast. If that line enters the target's base through one of its
short sides, the broadside rakes:

* through the bow (front side): one extra damage counter per three counters the target
  should take, rounded up — firepower 3 gives 4 counters, firepower 7 gives 10;
* through the stern (rear side): one extra counter per two, rounded up — 3 gives 5, 7 gives
  11 (the stern is the most fragile part of the ship).

Only artillery fired through the central arc can rake; the range does not matter (the
rulebook's example rakes at long range). The extra counters come through
``sog_attack_modifiers`` with the source ``raking-bow`` or ``raking-stern``, which the
combat rule writes into the attack's log entry.

The attack does not carry the firing dot, so it is found again from the attacker's pose and
base: the central arc's dot of the firing side. The side entered is decided by
:func:`sog.geometry.entry_side` (a line through a corner enters a long side: no raking).

Rulings:

* ``RAKE_BASE``: the extra counters are computed on the arc's firepower read at the start
  of combat (the counters the target "should take"), before any other modifier.
* ``LINE_BLOCKING``: the line to the main mast is used only to find the side entered; other
  bases across it do not stop the raking (the attack itself already has line of sight).
"""

from __future__ import annotations

import math

from sog import hookimpl
from sog.game import Game
from sog.geometry import entry_side
from sog.hooktypes import Attack, AttackModifier
from sog.tabletop import arc_of, base_of, pose_of, rect_of

RULE = "raking"
#: The only arc that can rake.
RAKING_ARC = "central"
#: Counters the target should take per extra counter, by the side entered (rounded up).
DIVISORS = {"bow": 3, "stern": 2}
#: Ruling: what the extra counters are computed on.
RAKE_BASE = "firepower"
#: Ruling: other bases across the line to the main mast do not matter.
LINE_BLOCKING = False


def extra_counters(side: str, firepower: int) -> int:
    """Extra counters of a raking shot entering through ``side`` (bow or stern)."""
    return math.ceil(firepower / DIVISORS[side]) if firepower > 0 else 0


def raked_side(game: Game, attack: Attack) -> str | None:
    """``"bow"`` or ``"stern"`` if the attack rakes, else ``None``."""
    if attack.kind != "artillery" or attack.arc != RAKING_ARC or attack.side is None or attack.target is None:
        return None
    attacker, target = game.ship(attack.attacker), game.ship(attack.target)
    arc = arc_of(base_of(game, attacker), attack.side, RAKING_ARC)
    dot = pose_of(attacker).local_to_world(arc.dot[0], arc.dot[1])
    mast = pose_of(target).local_to_world(*base_of(game, target).main_mast)
    side = entry_side(rect_of(game, target), dot, mast)
    return side if side in DIVISORS else None


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    side = raked_side(game, attack)
    if side is None:
        return []
    return [AttackModifier(source=f"raking-{side}", extra_counters=extra_counters(side, attack.firepower))]
