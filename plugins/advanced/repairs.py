"""Pumping water, fighting fires and repairing damage (rulebook pp. 29-31).

Three action counters, planned like any other (``crew-actions``):

* ``pump-water`` (immediate, in the action step): one water damage marker leaves the ship
  track and the later boxes shift left, so that no box is left empty. The leak goes on.
* ``extinguish-fire`` (delayed): revealed while a fire is on board, the counter stays face
  up in the planned action box, still taking one crew action at the next planning. In the
  next action step it moves to the Special Damage box; at the end of that turn one fire on
  board is put out and the counter is free again. Fire damage markers stay on the track.
  (p. 30: fire drawn in turn 3, action planned in turn 4, fire damage in turns 4 and 5, out
  at the end of turn 5.)
* ``repair-damage`` (delayed): face up until the next action step, where the player chooses
  (decision ``repair``) what to repair:

  - normal damage, once per game: every counter of one ship-track box goes to the zero box
    at once and the later boxes shift left; a box holding fire or water damage cannot be
    chosen;
  - a leak or the damaged rudder, any number of times, or a broken mast, once per game (not
    one broken by the sixth sail damage): the counter goes to the Special Damage box and at
    the end of the turn one such marker is removed (a repaired rudder gives its veer back).

  With nothing to repair the action is illegal: no effect, and the counter is free again.

Rulings:

* ``PUMP_WHICH``: pumping removes the rightmost water damage marker (the latest taken).
* ``REPAIR_ANYTIME``: ``repair-damage`` may be planned with nothing to repair yet (what it
  repairs is chosen when it resolves, next turn); ``extinguish-fire`` needs a fire on board
  when it is revealed and when it resolves.
* ``ONCE_PER_GAME_SPENT``: the once-per-game repairs are spent when they are carried out
  (normal damage at once, a mast at the end of the turn).
* ``REPAIR_TRACK``: "a damage box of the ship log" is a box of the ship damage track; crew
  losses are never repaired.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.advanced.mat import (
    EXTINGUISH_FIRE, HULL_MARKERS, ILLEGAL_EVENT, PUMP_WATER, REPAIR_DAMAGE, WATER_DAMAGE, counters, delay, reject,
    release, shift_out, special, start,
)
from sog.plugins.basic.damage import track_summary
from sog.plugins.system.state import SailsShipState

RULE = "repairs"
ACTIONS = "actions"
DECISION = "repair"
#: Ruling: which water damage marker pumping removes.
PUMP_WHICH = "rightmost"
#: Ruling: repair-damage needs nothing to repair when planned.
REPAIR_ANYTIME = True
#: Ruling: when a once-per-game repair counts as used.
ONCE_PER_GAME_SPENT = "when carried out"
#: Ruling: the track whose boxes a repair of normal damage may empty.
REPAIR_TRACK = "ship_track"
#: What a repair in progress removes at the end of the turn: the Special Damage box's count.
IN_PROGRESS = {"leak": "leak", "rudder": "rudder", "mast": "masts"}
VEER = "veer"


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {DECISION: "Choose what a ship's repair-damage action repairs: a box of normal damage, a leak, the rudder or a mast."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "water-pumped": "A water damage marker was pumped out of a ship-track box; the later boxes shifted left.",
        "repair-begun": "A delayed action reached the Special Damage box: it completes at the end of the turn.",
        "repaired": "A repair is done: normal damage (a box shifted out), a leak, the rudder, a mast, or a fire put out.",
        **ILLEGAL_EVENT,
    }


def _own(ship: SailsShipState) -> dict[str, Any]:
    return ship.ext.setdefault(RULE, {"normal_used": False, "mast_used": False, "choosing": False, "working": None})


@hookimpl
def sog_game_setup(game: Game) -> None:
    for ship in game.ships(in_play=False):
        _own(ship)


def water_boxes(ship: SailsShipState) -> list[int]:
    """Indices of the ship-track boxes holding water damage."""
    return [i for i, box in enumerate(ship.ship_track) if WATER_DAMAGE in box.markers]


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    found = []
    if water_boxes(ship):
        found.append(PUMP_WATER)
    if special(ship)["fire"] > 0:
        found.append(EXTINGUISH_FIRE)
    found.append(REPAIR_DAMAGE)  # ruling REPAIR_ANYTIME
    return found


def repair_options(ship: SailsShipState) -> list[dict[str, Any]]:
    """What a repair-damage action may repair now."""
    own, box = _own(ship), special(ship)
    options: list[dict[str, Any]] = []
    if not own["normal_used"]:
        options += [{"repair": "damage", "box": i + 1} for i, b in enumerate(getattr(ship, REPAIR_TRACK))
                    if b.counters and not any(m in HULL_MARKERS for m in b.markers)]
    if box["leak"] > 0:
        options.append({"repair": "leak"})
    if box["rudder"] > 0:
        options.append({"repair": "rudder"})
    if box["masts"] - box["fixed_masts"] > 0 and not own["mast_used"]:
        options.append({"repair": "mast"})
    return options


def _label(ship: SailsShipState, option: dict[str, Any]) -> str:
    if option["repair"] == "damage":
        box = getattr(ship, REPAIR_TRACK)[option["box"] - 1]
        return f"normal damage in box {option['box']} ({' '.join(c.label() for c in box.counters)})"
    return {"leak": "a leak", "rudder": "the rudder", "mast": "a broken mast"}[option["repair"]]


def pump(game: Game, ship: SailsShipState) -> None:
    """Remove the rightmost water damage marker; later boxes shift left (ruling ``PUMP_WHICH``)."""
    boxes = water_boxes(ship)
    if not boxes:
        reject(game, ship, PUMP_WATER, "no water damage to pump")
        return
    shift_out(ship.ship_track, boxes[-1])
    game.emit("water-pumped", ship=ship.id, box=boxes[-1] + 1, ship_track=track_summary(ship.ship_track))


@hookimpl
@acts_at(ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    """Last turn's delayed actions resolve; this turn's pump acts and delayed ones wait."""
    if step.name != ACTIONS:
        return
    for ship in game.ships():
        waiting = list(counters(ship)["delayed"])
        if EXTINGUISH_FIRE in waiting:
            if special(ship)["fire"] > 0:
                start(ship, EXTINGUISH_FIRE)
                game.emit("repair-begun", ship=ship.id, action=EXTINGUISH_FIRE, repair="fire")
            else:
                reject(game, ship, EXTINGUISH_FIRE, "no fire on board")
        if REPAIR_DAMAGE in waiting:
            if repair_options(ship):
                _own(ship)["choosing"] = True
            else:
                reject(game, ship, REPAIR_DAMAGE, "nothing to repair")
        if PUMP_WATER in ship.actions:
            pump(game, ship)
        if EXTINGUISH_FIRE in ship.actions:
            if special(ship)["fire"] > 0:
                delay(ship, EXTINGUISH_FIRE)
            else:
                reject(game, ship, EXTINGUISH_FIRE, "no fire on board")
        if REPAIR_DAMAGE in ship.actions:
            delay(ship, REPAIR_DAMAGE)


@hookimpl
@acts_at(ACTIONS)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != ACTIONS:
        return []
    requests = []
    for ship in game.ships():
        if _own(ship)["choosing"]:
            options = repair_options(ship)
            requests.append(game.make_request(
                rule=RULE, kind=DECISION, seat=ship.seat, ship=ship.id, prompt=f"{ship.name}: repair what?",
                choices=options, labels=[_label(ship, o) for o in options],
            ))
    return requests


@hookimpl
@acts_at(ACTIONS)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != ACTIONS:
        return
    for request, answer in answers:
        if request.rule == RULE:
            repair(game, game.ship(request.ship), answer)


def repair(game: Game, ship: SailsShipState, answer: dict[str, Any]) -> None:
    """Carry out the chosen repair: normal damage at once, the others at the end of the turn."""
    own = _own(ship)
    own["choosing"] = False
    what = answer["repair"]
    if what == "damage":
        removed = shift_out(getattr(ship, REPAIR_TRACK), answer["box"] - 1)
        ship.zero_box.extend(removed.counters)  # left in the zero box as the reminder
        own["normal_used"] = True
        release(ship, REPAIR_DAMAGE)
        game.emit("repaired", ship=ship.id, repair="damage", box=answer["box"], counters=[c.label() for c in removed.counters],
                  ship_track=track_summary(ship.ship_track))
        return
    start(ship, REPAIR_DAMAGE)
    own["working"] = what
    game.emit("repair-begun", ship=ship.id, action=REPAIR_DAMAGE, repair=what)


@hookimpl
def sog_turn_end(game: Game) -> None:
    """Work in the Special Damage box is done: one fire, leak, rudder or mast marker goes."""
    for ship in game.ships():
        busy, own, box = counters(ship)["busy"], _own(ship), special(ship)
        if EXTINGUISH_FIRE in busy:
            box["fire"] = max(box["fire"] - 1, 0)
            release(ship, EXTINGUISH_FIRE)
            game.emit("repaired", ship=ship.id, repair="fire", special=dict(box))
        if REPAIR_DAMAGE in busy and own["working"]:
            what, own["working"] = own["working"], None
            key = IN_PROGRESS[what]
            box[key] = max(box[key] - 1, 0)
            if what == "rudder":
                veer = ship.ext.setdefault(VEER, {})
                veer["modifier"] = int(veer.get("modifier", 0)) + 1
            if what == "mast":
                own["mast_used"] = True
            release(ship, REPAIR_DAMAGE)
            game.emit("repaired", ship=ship.id, repair=what, special=dict(box))
