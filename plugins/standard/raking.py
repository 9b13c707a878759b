"""Raking shots (rulebook p. 25): central-arc fire that sweeps the target along its length.

Trace a line of sight from the dot of the attacker's central firing arc (of the broadside
that fires) to the target's main mast. If that line enters the target's base through one of
its short sides, and no other base lies across it, the broadside rakes:

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
:func:`sog.plugins.system.geometry.entry_side` (a line through a corner enters a long side:
no raking).

The line to the main mast is a line of sight (p. 25 with p. 15, ``LINE_BLOCKING``): another
ship's base across it — friend or enemy, in play or an obstacle of the table such as a wreck
(:meth:`Game.obstacles`) — blocks it, by the ruler's own test
(:func:`sog.plugins.system.geometry.line_of_sight`: grazing an edge or a corner does not
block), and so does land on the table as it blocks any ruler (p. 45,
:func:`sog.plugins.system.tabletop.sight_line`).

A coastal battery rakes a ship when at least one of its firing arcs meets these conditions
(p. 47): :func:`battery_raked_side` draws the line from the red dot of each arc that reaches
the target (a battery has no central arc: ruling ``BATTERY_ARCS``), whichever arc fires.

Rulings:

* ``BATTERY_ARCS``: every arc of a battery that reaches the target may rake, through the
  line from its own red dot; the first one that does, in the log's order, gives the side.
* ``RAKE_BASE``: the extra counters are computed on the arc's firepower read at the start
  of combat (the counters the target "should take"), before any other modifier.
* ``BLOCKED_RAKE``: a broadside whose line to the main mast is blocked still fires as a
  normal shot when the ruler reaches another part of the target (p. 15); it only does not
  rake.
"""

from __future__ import annotations

import math

from sog import hookimpl
from sog.game import Game
from sog.plugins.system.geometry import entry_side
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.system.battery_fire import battery_options
from sog.plugins.system.battery_table import placed_batteries
from sog.plugins.system.tabletop import arc_of, base_of, other_rects, pose_of, rect_of, sight_line

RULE = "raking"
#: The only arc that can rake.
RAKING_ARC = "central"
#: Counters the target should take per extra counter, by the side entered (rounded up).
DIVISORS = {"bow": 3, "stern": 2}
#: Ruling: what the extra counters are computed on.
RAKE_BASE = "firepower"
#: Rule text (pp. 25, 15): the line to the main mast is a line of sight, which other bases block.
LINE_BLOCKING = True
#: Ruling: what a broadside whose raking line is blocked does (see the module docstring).
BLOCKED_RAKE = "normal shot"
#: Ruling: which arcs of a battery may rake (see the module docstring).
BATTERY_ARCS = "every arc reaching the target, from its own red dot"


def extra_counters(side: str, firepower: int) -> int:
    """Extra counters of a raking shot entering through ``side`` (bow or stern)."""
    return math.ceil(firepower / DIVISORS[side]) if firepower > 0 else 0


def raked_side(game: Game, attack: Attack) -> str | None:
    """``"bow"`` or ``"stern"`` if the attack rakes, else ``None``."""
    if attack.kind != "artillery" or attack.arc != RAKING_ARC or attack.side is None or attack.target not in game.state.ships:
        return None  # musketry, a battery's shot (see battery_raked_side), a target on land
    attacker, target = game.ship(attack.attacker), game.ship(attack.target)
    arc = arc_of(base_of(game, attacker), attack.side, RAKING_ARC)
    dot = pose_of(attacker).local_to_world(arc.dot[0], arc.dot[1])
    mast = pose_of(target).local_to_world(*base_of(game, target).main_mast)
    side = entry_side(rect_of(game, target), dot, mast)
    if side not in DIVISORS:
        return None
    if LINE_BLOCKING:
        blockers = [r for _, r in other_rects(game, (attacker.id, target.id))]
        if not sight_line(game, dot, mast, blockers, (rect_of(game, attacker), rect_of(game, target))):
            return None
    return side


def battery_raked_side(game: Game, attack: Attack) -> str | None:
    """``"bow"`` or ``"stern"`` if a battery's shot at a ship rakes (ruling ``BATTERY_ARCS``)."""
    if attack.kind != "artillery" or not attack.extra.get("battery") or attack.target not in game.state.ships:
        return None
    placed = next((b for b in placed_batteries(game) if b.id == attack.attacker), None)
    if placed is None:
        return None
    target = game.ship(attack.target)
    rect = rect_of(game, target)
    mast = pose_of(target).local_to_world(*base_of(game, target).main_mast)
    reaching = {o["arc"] for o in battery_options(game, placed) if o["target"] == target.id}
    blockers = [r for _, r in other_rects(game, (target.id,))]
    for arc in placed.arcs:
        if arc.name not in reaching:
            continue
        side = entry_side(rect, arc.dot, mast)
        if side in DIVISORS and (not LINE_BLOCKING or sight_line(game, arc.dot, mast, blockers, (rect, rect), frozenset({placed.on}))):
            return side
    return None


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    side = raked_side(game, attack) or battery_raked_side(game, attack)
    if side is None:
        return []
    return [AttackModifier(source=f"raking-{side}", extra_counters=extra_counters(side, attack.firepower))]
