"""A battery's crew actions, fires and repairs with the Advanced rules (rulebook pp. 47-48).

Rule ``battery-actions`` (Advanced). A battery has as many crew actions as the leftmost
uncovered hand symbols of its two tracks show, the smaller (R6, as a ship). In the planning
step its seat chooses, secretly, a set of actions from its short list (decision
``battery-actions``): fire the guns, reload the guns, musketry, extinguish fire, repair
damage; they are revealed in the action step (event ``battery-actions-revealed``). Without
"fire the guns" the battery's fire request is withdrawn, without "musketry" its musketry, and
without "reload the guns" its reload in the reloading step.

Extinguish fire and repair damage work as a ship's (p. 48: "similar"): revealed, the counter
stays face up and takes one crew action at the next planning; in the next action step a
repair is carried out (decision ``battery-repair``: every counter of one damage box goes to
the zero box and the later boxes shift left; normal damage only: not a box with a fire damage
marker; once per game), and a fire is put out at the end of that turn.

Fire on board (the ``battery-damage`` rule notes the fire symbols): at the beginning of each
turn each fire puts a fire damage marker alone in the leftmost empty box of the Battery Damage
track; a battery whose track is so covered is destroyed.

Rulings:

* ``ONE_SET``: the actions are chosen as one set (at most one counter of each), in one
  decision: the list is short enough to offer every set at once.
* ``DELAYED_AS_SHIPS``: extinguish fire and repair damage are delayed one turn as a ship's.
* ``EXPLOSIONS``: with the Ammunition Explosion option (p. 40: it applies to batteries too), a
  fire damage marker beyond a battery's second is drawn for from that option's cup, as a ship's;
  the explosion marker eliminates the battery (status ``exploded``). A battery has no base, so
  its explosion strikes no ship.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.views import HIDDEN

from sog.plugins.optional import marker_cup
from sog.plugins.advanced.mat import FIRE_DAMAGE, HULL_MARKERS, TRACKS_COMBINE, hand_value, place_hull_marker, shift_out
from sog.plugins.system.battery_fire import battery_doc
from sog.plugins.system.battery_table import OWNER, PlacedBattery, battery_records
from sog.plugins.system.damage_placing import track_summary

from .damage import FIRES, eliminate_if_covered, name_of
from .log import BatteryLog, battery, in_play, return_counters, subject_of

NAME = "battery-actions"
PLAN, REPAIR = "battery-actions", "battery-repair"
PLANNING, ACTIONS, COMBAT, RELOADING = "planning", "actions", "combat", "reloading"
FIRE_GUNS, RELOAD_GUNS, MUSKETRY, EXTINGUISH, REPAIR_DAMAGE = (
    "fire-guns", "reload-guns", "musketry", "extinguish-fire", "repair-damage")
ACTION_LIST = (FIRE_GUNS, RELOAD_GUNS, MUSKETRY, EXTINGUISH, REPAIR_DAMAGE)
"""A battery's actions, in the order of its log (p. 48)."""
LABELS = {FIRE_GUNS: "fire the guns", RELOAD_GUNS: "reload the guns", MUSKETRY: "musketry fire",
          EXTINGUISH: "extinguish fire", REPAIR_DAMAGE: "repair damage"}
DELAYED = (EXTINGUISH, REPAIR_DAMAGE)
ONE_SET = "one decision offers every set of different actions up to the crew actions"
"""Ruling: how a battery's actions are planned."""
DELAYED_AS_SHIPS = "revealed, then carried out at the next action step (a fire out at the end of that turn)"
"""Ruling: when a battery's extinguish fire and repair damage take effect."""
EXPLOSIONS = "the option's cup for each fire damage marker beyond the second; no blast on ships"
"""Ruling: how the Ammunition Explosion option reaches batteries."""
EXPLOSION_RULE, EXPLOSION, EXPLODED = "ammunition-explosion", "explosion", "exploded"
NEEDS = {"battery-fire": (COMBAT, FIRE_GUNS), "battery-musketry": (COMBAT, MUSKETRY), "battery-load": (RELOADING, RELOAD_GUNS)}
"""The action each battery request needs, and the step where it does."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no battery on the table (placing one asks again)."""
    return not battery_records(game)


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {PLAN: "Choose a battery's set of actions for the turn (secret until the action step).",
            REPAIR: "Choose the damage box a battery's repair empties."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"battery-actions-revealed": "A battery's planned actions are revealed (with its delayed ones).",
            "battery-repaired": "A battery repaired normal damage (a box shifted out) or put a fire out.",
            "battery-fire-damage": "A fire on board a battery put a fire damage marker on its damage track.",
            "battery-explosion-draw": "A burning battery took a fire damage marker beyond its second: the marker drawn "
                                      "from the Ammunition Explosion cup."}


def crew_actions(game: Game, placed: PlacedBattery) -> int:
    """The battery's crew actions: the smaller hand value of its two tracks (R6)."""
    doc, log = battery_doc(game, placed), BatteryLog.of(placed)
    return TRACKS_COMBINE(hand_value(doc.battery_track, log.battery_track), hand_value(doc.crew_track, log.crew_track))


def _own(placed: PlacedBattery) -> dict[str, Any]:
    return placed.record.setdefault("crew", {"planned": [], "delayed": [], "busy": [], "repaired": False})


def repair_boxes(placed: PlacedBattery) -> list[int]:
    """The damage boxes (1 = leftmost) a repair may empty: normal damage only, once per game."""
    if _own(placed)["repaired"]:
        return []
    return [i + 1 for i, box in enumerate(BatteryLog.of(placed).battery_track)
            if box.counters and not any(m in HULL_MARKERS for m in box.markers)]


def plan_choices(game: Game, placed: PlacedBattery) -> list[list[str]]:
    """Every set of different actions the battery may plan now (ruling ``ONE_SET``)."""
    free = crew_actions(game, placed) - len(_own(placed)["delayed"])
    offered = [a for a in ACTION_LIST if a not in _own(placed)["delayed"]]
    return [list(c) for n in range(1, max(free, 0) + 1) for c in combinations(offered, n)]


@hookimpl
def sog_turn_begin(game: Game) -> None:
    """Fires burn: one fire damage marker per fire on board; last turn's actions are put away."""
    for placed in in_play(game):
        placed.record["actions"] = []
        fires = placed.record.get(FIRES, 0)
        if not fires:
            continue
        log = BatteryLog.of(placed)
        for _ in range(fires):
            if _explodes(game, placed, log):
                returned = return_counters(game, log)
                log.save()
                placed.record["status"] = EXPLODED
                game.emit("battery-eliminated", battery=placed.id, status=EXPLODED, returned=len(returned))
                break
            place_hull_marker(log.battery_track, FIRE_DAMAGE)
        else:
            log.save()
            game.emit("battery-fire-damage", battery=placed.id, fires=fires, battery_track=track_summary(log.battery_track))
            eliminate_if_covered(game, placed, log)


def _explodes(game: Game, placed: PlacedBattery, log: BatteryLog) -> bool:
    """Ruling ``EXPLOSIONS``: a new fire damage marker beyond the second may be the explosion."""
    if EXPLOSION_RULE not in game.rules.names:
        return False
    if sum(FIRE_DAMAGE in box.markers for box in log.battery_track) < marker_cup.FREE_MARKERS:
        return False
    drawn = marker_cup.draw(game, EXPLOSION_RULE, FIRE_DAMAGE, EXPLOSION)
    game.emit("battery-explosion-draw", battery=placed.id, drawn=drawn)
    return drawn == EXPLOSION


@hookimpl
@acts_at(PLANNING, ACTIONS)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if game.state.step_round > 0:
        return []
    requests = []
    for placed in in_play(game):
        if step.name == PLANNING:
            choices = plan_choices(game, placed)
            if choices:
                requests.append(game.make_request(
                    rule=NAME, kind=PLAN, seat=placed.seat, subject=placed.id,
                    prompt=f"{placed.name}: plan actions ({crew_actions(game, placed)} crew actions)",
                    choices=[[], *choices], labels=["none", *(" + ".join(LABELS[a] for a in c) for c in choices)]))
        elif step.name == ACTIONS and REPAIR_DAMAGE in _own(placed)["busy"]:
            boxes = repair_boxes(placed)
            if boxes:
                requests.append(game.make_request(
                    rule=NAME, kind=REPAIR, seat=placed.seat, subject=placed.id, prompt=f"{placed.name}: repair which box?",
                    choices=boxes, labels=[f"damage box {b}" for b in boxes]))
    return requests


@hookimpl
@acts_at(ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    """The action step: the delayed counters go to work, the planned ones are revealed."""
    if step.name != ACTIONS:
        return
    for placed in in_play(game):
        own = _own(placed)
        own["busy"], own["delayed"] = own["delayed"], []
        planned, own["planned"] = own["planned"], []
        placed.record["actions"] = planned
        own["delayed"] = [a for a in planned if a in DELAYED]
        if planned or own["busy"]:
            game.emit("battery-actions-revealed", battery=placed.id, actions=list(planned), working=list(own["busy"]))


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    for request, answer in answers:
        if request.rule != NAME:
            continue
        placed = battery(game, subject_of(request))
        if request.kind == PLAN:
            _own(placed)["planned"] = list(answer)
        elif request.kind == REPAIR:
            repair_box(game, placed, answer)


def repair_box(game: Game, placed: PlacedBattery, box: int) -> None:
    """Carry out a battery's due repair: every counter of damage box ``box`` (1 = leftmost) goes
    to the zero box and the later boxes shift left; the once-a-game repair is spent. The
    ``battery-repair`` decision ends here, and so does the solitaire rules' own choice."""
    log = BatteryLog.of(placed)
    removed = shift_out(log.battery_track, box - 1)
    log.zero_box.extend(removed.counters)
    log.save()
    _own(placed)["repaired"] = True
    if REPAIR_DAMAGE in _own(placed)["busy"]:
        _own(placed)["busy"].remove(REPAIR_DAMAGE)
    game.emit("battery-repaired", battery=placed.id, repair="damage", box=box,
              counters=[c.label() for c in removed.counters], battery_track=track_summary(log.battery_track))


@hookimpl
def sog_turn_end(game: Game) -> None:
    """A battery at work on a fire puts one out."""
    for placed in in_play(game):
        own = _own(placed)
        if EXTINGUISH in own["busy"]:
            own["busy"].remove(EXTINGUISH)
            if placed.record.get(FIRES, 0) > 0:
                placed.record[FIRES] -= 1
                game.emit("battery-repaired", battery=placed.id, repair="fire", fires=placed.record[FIRES])
        own["busy"] = []


@hookimpl
@acts_on(*NEEDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Withdraw a battery's fire, musketry and reload when it did not plan the action."""
    need = NEEDS.get(request.kind)
    if need is None or game.step is None or game.step.name != need[0]:
        return None
    placed = battery(game, subject_of(request))
    return None if need[1] in placed.record.get("actions", []) else []


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    d = event["data"]
    if event["kind"] == "battery-actions-revealed":
        actions = ", ".join(LABELS[a] for a in d["actions"]) or "none"
        working = f" (at work: {', '.join(LABELS[a] for a in d['working'])})" if d["working"] else ""
        return f"  {name_of(game, d['battery'])} actions: {actions}{working}"
    if event["kind"] == "battery-repaired":
        what = "puts a fire out" if d["repair"] == "fire" else f"repairs damage box {d['box']}"
        return f"  {name_of(game, d['battery'])} {what}"
    if event["kind"] == "battery-fire-damage":
        return f"  {name_of(game, d['battery'])} burns: {d['fires']} fire damage marker(s)"
    return None


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """Other seats see how many actions a battery planned, not which."""
    for record in (view.get("ext") or {}).get(OWNER, {}).get("placed", []):
        crew = record.get("crew")
        if record.get("seat") != seat and crew:
            crew["planned"] = [HIDDEN for _ in crew["planned"]]
