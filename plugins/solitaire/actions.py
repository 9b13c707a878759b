"""Automatic actions with the Advanced rules (rulebook pp. 49-50): the priorities plan them.

Rule ``automatic-actions`` (core, Advanced; idle with no automatic piece). An automatic ship
or battery plans no action through a seat: the crew-actions rule's ``action`` request, the
repairs rule's ``repair``, the sail-settings rule's set-up ``sails`` and the battery rules'
``battery-actions`` and ``battery-repair`` are withdrawn about it. Instead, when the planning
step begins, this rule writes the counters the text's priorities give into the place where
the Advanced rules keep planned counters (the ship's ``crew-actions`` planned list, marked
done; the battery's record ``crew.planned``), so that they are revealed in the action step
with everybody's and take effect through those rules, exactly as a player's would. Event
``automatic-actions`` (public: the priorities read only the table) says what was planned.

The priorities, in order, until the crew actions are used (those of the delayed counters
still face up are taken first) or none is left; each counter once (the mat's set):

* a ship (p. 49): 1 musketry, if a target is in reach; 2 extinguish fire, if one is on board;
  3 repair damage, for a leak; 4 fire each broadside that is loaded and has a target (with
  Continuous Fire, unloaded too, with a stored counter); 5 reload each unloaded broadside
  (not one planned to fire: p. 36); 6 repair damage, for a) a ship-track box completely
  filled by repairable damage, if normal damage was not repaired yet this game, b) a broken
  mast, if none was repaired before, c) a damaged rudder;
* a battery (p. 50): 1 extinguish fire; 2 fire the guns, loaded with a target (Continuous
  Fire: unloaded too); 3 musketry, if a target is in reach; 4 reload the guns, if unloaded;
  5 repair damage, if a box is completely filled by repairable damage and it has not
  repaired this game.

"A target" is what the automatic fire would shoot at now (:mod:`.aim`, the Forced Aim rule).
When the delayed repair comes due (the next action step), this rule chooses what it repairs
(ruling ``REPAIR_CHOICE``) and carries it out through the repairs rule
(:func:`sog.plugins.advanced.repairs.repair`), or for a battery through the battery-actions
rule's own resolution of its ``battery-repair`` decision.

Rulings:

* ``JUDGED_AT_PLANNING``: the priorities read the table as it stands when the planning step
  begins (before this turn's movement); the fire itself waits for a target in combat.
* ``REPAIR_CHOICE``: a due repair takes, in the priorities' order, a leak, the leftmost box
  completely filled by repairable damage, a broken mast, the rudder; failing those, the first
  repair the repairs rule offers (a battery: the first box it offers).
* ``SIDE_ORDER``: priorities 4 and 5 take the left broadside, then the right.
* ``SAILS_AS_SET``: an automatic ship keeps the sail-settings rule's default sails (no
  priority changes them).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.advanced import repairs
from sog.plugins.advanced.mat import (
    ACTION_LABELS, EXTINGUISH_FIRE, FIRE_LEFT, FIRE_RIGHT, HULL_MARKERS, MUSKETRY, RELOAD_LEFT, RELOAD_RIGHT, REPAIR_DAMAGE, counter_set,
    counters, crew_actions, in_use, sorted_actions, special,
)
from sog.plugins.batteries import actions as battery_actions
from sog.plugins.batteries.damage import FIRES
from sog.plugins.batteries.log import BatteryLog, in_play, subject_of
from sog.plugins.optional.continuous_fire import NAME as CONTINUOUS_FIRE, ammunition_choices
from sog.plugins.system.battery_table import PlacedBattery
from sog.plugins.system.land_targets import target_name
from sog.plugins.system.state import Box, SailsShipState

from .aim import battery_musketry_target, battery_shot, musketry_target, ship_shot
from .automatic import automatic_ids, is_automatic

NAME = "automatic-actions"
PLANNING, ACTIONS = "planning", "actions"
SHIP_KINDS = frozenset({"action", repairs.DECISION, "sails"})
"""The requests about a ship this rule withdraws when the ship is automatic."""
BATTERY_KINDS = frozenset({battery_actions.PLAN, battery_actions.REPAIR})
"""The requests about a battery it withdraws."""
FIRE = {"left": FIRE_LEFT, "right": FIRE_RIGHT}
RELOAD = {"left": RELOAD_LEFT, "right": RELOAD_RIGHT}
JUDGED_AT_PLANNING = "the table as the planning step begins"
"""Ruling: when the priorities are read."""
REPAIR_CHOICE = ("leak", "damage", "mast", "rudder")
"""Ruling: what a due repair of an automatic ship repairs, first that applies (damage: the
leftmost completely filled box); failing those, the repairs rule's first offer."""
SIDE_ORDER = ("left", "right")
"""Ruling: the order of the broadsides in priorities 4 and 5."""
SAILS_AS_SET = "the default sails"
"""Ruling: an automatic ship's sails."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no automatic piece (they are named at set-up)."""
    return not automatic_ids(game)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"automatic-actions": "The rules planned an automatic ship's or battery's actions by the priorities of p. 49 "
                                 "(p. 50 for a battery)."}


@hookimpl(tryfirst=True)  # run last in the sog_legal_choices pipeline
@acts_on(*SHIP_KINDS, *BATTERY_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Withdraw the planning, repair and sail requests about an automatic piece."""
    if request.kind in SHIP_KINDS and request.ship is not None:
        return [] if is_automatic(game, request.ship) else None
    if request.kind in BATTERY_KINDS and request.ship is None:
        return [] if is_automatic(game, subject_of(request)) else None
    return None


# --------------------------------------------------------------------------- ships


def _filled(box: Box) -> bool:
    """A box completely filled by repairable (normal) damage."""
    return box.full and bool(box.counters) and not any(m in HULL_MARKERS for m in box.markers)


def _repairs_wanted(ship: SailsShipState) -> list[dict[str, Any]]:
    """Priority 6's repairs that apply now (a, b, c), as repairs-rule options."""
    offered = repairs.repair_options(ship)
    track = getattr(ship, repairs.REPAIR_TRACK)
    wanted = [o for o in offered if o["repair"] == "damage" and _filled(track[o["box"] - 1])][:1]
    return wanted + [o for o in offered if o["repair"] in ("mast", "rudder")]


def ship_plan(game: Game, ship: SailsShipState) -> list[str]:
    """The counters the p. 49 priorities plan for ``ship`` now, in the order they were chosen."""
    free = crew_actions(game, ship) - len(counters(ship)["delayed"])
    unused = set(counter_set(ship)) - in_use(ship)
    plan: list[str] = []

    def add(action: str) -> None:
        if len(plan) < free and action in unused and action not in plan:
            plan.append(action)

    box = special(ship)
    continuous = CONTINUOUS_FIRE in game.rules.names
    if musketry_target(game, ship) is not None:
        add(MUSKETRY)
    if box["fire"] > 0:
        add(EXTINGUISH_FIRE)
    if box["leak"] > 0:
        add(REPAIR_DAMAGE)
    for side in SIDE_ORDER:
        broadside = ship.broadsides[side]
        armed = broadside.loaded is not None or (
            continuous and broadside.fired is None and bool(ammunition_choices(broadside.storage)))
        if armed and ship_shot(game, ship, side) is not None:
            add(FIRE[side])
    for side in SIDE_ORDER:
        broadside = ship.broadsides[side]
        if broadside.loaded is None and broadside.storage and FIRE[side] not in plan:
            add(RELOAD[side])
    if _repairs_wanted(ship):
        add(REPAIR_DAMAGE)
    return plan


def repair_choice(ship: SailsShipState) -> dict[str, Any] | None:
    """What a due repair of an automatic ship repairs (ruling ``REPAIR_CHOICE``)."""
    offered = repairs.repair_options(ship)
    if not offered:
        return None
    track = getattr(ship, repairs.REPAIR_TRACK)
    for what in REPAIR_CHOICE:
        for option in offered:
            if option["repair"] == what and (what != "damage" or _filled(track[option["box"] - 1])):
                return option
    return offered[0]


# --------------------------------------------------------------------------- batteries


def _crew(placed: PlacedBattery) -> dict[str, Any]:
    """The battery's crew bookkeeping, as the battery-actions rule creates it (it does on
    :func:`~sog.plugins.batteries.actions.plan_choices`)."""
    return placed.record["crew"]


def battery_plan(game: Game, placed: PlacedBattery) -> list[str]:
    """The actions the p. 50 priorities plan for a battery now, in the order they were chosen."""
    sets = battery_actions.plan_choices(game, placed)  # also sets up the record's crew bookkeeping
    free = max((len(s) for s in sets), default=0)
    delayed = _crew(placed)["delayed"]
    plan: list[str] = []

    def add(action: str) -> None:
        if len(plan) < free and action not in delayed and action not in plan:
            plan.append(action)

    log = BatteryLog.of(placed)
    gun = log.gun
    if placed.record.get(FIRES, 0) > 0:
        add(battery_actions.EXTINGUISH)
    continuous = CONTINUOUS_FIRE in game.rules.names and gun.loaded is None and gun.fired is None \
        and bool(ammunition_choices(gun.storage))
    if (gun.loaded is not None or continuous) and battery_shot(game, placed) is not None:
        add(battery_actions.FIRE_GUNS)
    if battery_musketry_target(game, placed) is not None:
        add(battery_actions.MUSKETRY)
    if gun.loaded is None and gun.storage and battery_actions.FIRE_GUNS not in plan:
        add(battery_actions.RELOAD_GUNS)
    if not _crew(placed)["repaired"] and any(_filled(b) for b in log.battery_track):
        add(battery_actions.REPAIR_DAMAGE)
    return plan


def battery_repair_box(placed: PlacedBattery) -> int | None:
    """The box (1 = leftmost) a due battery repair empties: the leftmost completely filled by
    repairable damage, else the first one the battery rule offers."""
    offered = battery_actions.repair_boxes(placed)
    if not offered:
        return None
    track = BatteryLog.of(placed).battery_track
    return next((b for b in offered if _filled(track[b - 1])), offered[0])


# --------------------------------------------------------------------------- steps


@hookimpl(trylast=True)  # after the Advanced rules' own work at the action step (the reveal, due repairs)
@acts_at(PLANNING, ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    """Plan by the priorities when planning begins; carry out the due repairs in the action step."""
    if step.name not in (PLANNING, ACTIONS) or not automatic_ids(game):
        return
    ships = [s for s in game.ships() if is_automatic(game, s.id)]
    batteries = [b for b in in_play(game) if is_automatic(game, b.id)]
    if step.name == PLANNING:
        for ship in ships:
            _plan_ship(game, ship)
        for placed in batteries:
            _plan_battery(game, placed)
        return
    for ship in ships:
        if ship.ext.get(repairs.RULE, {}).get("choosing"):
            choice = repair_choice(ship)
            if choice is not None:
                repairs.repair(game, ship, choice)
    for placed in batteries:
        if battery_actions.REPAIR_DAMAGE in placed.record.get("crew", {}).get("busy", []):
            box = battery_repair_box(placed)
            if box is not None:
                _battery_repair(game, step, placed, box)


def _plan_ship(game: Game, ship: SailsShipState) -> None:
    own = counters(ship)
    plan = ship_plan(game, ship)
    own["planned"], own["done"] = sorted_actions(plan), True
    game.emit("automatic-actions", piece=ship.id, actions=plan, crew_actions=crew_actions(game, ship),
              delayed=list(own["delayed"]))


def _plan_battery(game: Game, placed: PlacedBattery) -> None:
    plan = battery_plan(game, placed)
    _crew(placed)["planned"] = [a for a in battery_actions.ACTION_LIST if a in plan]
    game.emit("automatic-actions", piece=placed.id, actions=plan, crew_actions=battery_actions.crew_actions(game, placed),
              delayed=list(_crew(placed)["delayed"]))


def _battery_repair(game: Game, step: Step, placed: PlacedBattery, box: int) -> None:
    """Carry out a battery's due repair of ``box`` as the battery-actions rule does (the same
    function, so the same effect and event)."""
    battery_actions.repair_box(game, placed, box)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    """What the rules planned, in words; nothing when they planned nothing."""
    if event["kind"] != "automatic-actions":
        return None
    d = event["data"]
    if not d["actions"]:
        return ""
    words = [ACTION_LABELS.get(a) or battery_actions.LABELS.get(a, a) for a in d["actions"]]
    return f"  {target_name(game, d['piece'])} (automatic) plans by the priorities: {', '.join(words)}"
