"""Crew actions (rulebook pp. 28-30): action counters planned secretly, revealed in the action step.

**How many.** A ship has as many crew actions as the hand symbol shows: the leftmost symbol
not covered by damage on each of its two tracks, the smaller of the two (ruling R6, see
:func:`sog.plugins.advanced.mat.crew_actions`). Delayed actions revealed last turn still lie
face up in the planned action box and take one of these actions each.

**Counters.** At set-up each ship takes the full set of standard action counters (p. 28,
``mat.ACTION_ORDER``) into its unused box; optional rules add their own counters (Boarding)
with :func:`sog.plugins.advanced.mat.give_counters`. The set is kept in
``ship.ext["crew-actions"]["set"]`` (public, like the counters on the mat).

**Planning** (the planning step, beside the maneuver cards). The ship mat holds one counter
of each action (ruling ``mat.COUNTERS_PER_ACTION``), so a ship plans a *set* of different
actions. The decision ``action`` asks
for one more counter at a time: its choices are ``null`` (done) and every counter of the
ship's set still in the unused box (not planned, delayed or in progress) — whether or not its
action could take effect: p. 29 lets a player plan an illegal action (a bluff, or a mistake),
which simply has no effect when its time comes. Actions another rule offers through
``sog_available_actions`` are offered too. The label of a counter whose action could not take
effect now (no rule lists it in ``sog_available_actions``) says so, and the list of those
that could is kept for the ship's own seat in ``ship.ext["crew-actions"]["legal"]`` (a hint
for people and bots). The ship is asked again, round after round, until it answers ``null``,
has no free crew action left, or nothing more to plan (then it is not asked at all). Why
rounds rather than one request listing every set: the choices stay short enough for a person
at a prompt (at most a dozen, instead of up to several hundred sets with four or five crew
actions and the optional rules' counters), every round passes through ``sog_legal_choices``
so other rules can veto a counter (one physical counter used two ways, say), and bots reason
about one action at a time. The planned counters are kept in
``ship.ext["crew-actions"]["planned"]`` and hidden from other seats (only their number shows,
as face-down counters do).

**Action step** (``actions``, order 200, between planning and movement). Every ship's
planned counters are revealed together into ``ship.actions`` (event ``actions-revealed``);
each rule that provides an action applies it at its timing: immediately in this step
(sails, pump water), in the combat or reloading step of this turn, or next turn (delayed
actions). This rule provides the combat and reloading actions:

* ``fire-left`` / ``fire-right``: legal for a loaded broadside (or one another rule lets fire:
  continuous fire); without it the side's ``fire`` request is withdrawn (it cannot fire, nor
  empty its guns);
* ``musketry``: without it the ship's ``musketry`` request is withdrawn;
* ``reload-left`` / ``reload-right``: legal for an empty broadside with stored ammunition;
  without it the side's ``load`` request of the reloading step is withdrawn (the side stays
  empty). The first loading at set-up is not an action.

They return to the unused box when their step ends, used or not: a counter is unavailable
only while delayed or in progress, and ``ship.actions`` is emptied when the next turn begins.

**Illegal actions** are judged when their effect is due, by the rule that gives the effect:
this rule judges fire actions at the start of the combat step and reload actions at the start
of the reloading step (legal when some rule lists them in ``sog_available_actions`` then);
the repairs, sail-settings and optional rules judge theirs. An illegal action has no effect,
its counter returns at once and the event ``action-illegal`` says why
(:func:`sog.plugins.advanced.mat.reject`).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.advanced.mat import (
    ACTION_LABELS, ACTION_ORDER, COUNTERS_PER_ACTION, FIRE_LEFT, FIRE_RIGHT, ILLEGAL_EVENT, MUSKETRY, RELOAD_LEFT,
    RELOAD_RIGHT, counter_set, counters, crew_actions, give_counters, in_use, reject, sorted_actions,
)
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES
from sog.views import HIDDEN

RULE = "crew-actions"
STEP = Step("actions", 200, "Reveal the planned action counters together; immediate actions take effect.")
PLANNING = "planning"
COMBAT = "combat"
RELOADING = "reloading"
DECISION = "action"
FIRE = {"left": FIRE_LEFT, "right": FIRE_RIGHT}
RELOAD = {"left": RELOAD_LEFT, "right": RELOAD_RIGHT}


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {DECISION: "Plan one more action counter for a ship (face down), or null when its planning is done."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "actions-revealed": "A ship's planned action counters are revealed (with the delayed ones still face up).",
        "action-counters": "How many action counters a ship has placed face down so far, and whether it is done (public).",
        **ILLEGAL_EVENT,
    }


#: The label added to a counter whose action could not take effect now.
NO_EFFECT_LABEL = "no effect now"


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Every ship takes the full set of standard action counters (p. 28)."""
    for ship in game.ships(in_play=False):
        give_counters(ship, ACTION_ORDER)
        counters(ship).update(done=False, offered=None, legal=None)


@hookimpl
def sog_turn_begin(game: Game) -> None:
    """Last turn's counters are back in the unused box (except delayed and busy ones)."""
    for ship in game.ships():
        ship.actions = []
        own = counters(ship)
        own["planned"] = []
        own["done"] = False
        own["offered"] = None
        own["legal"] = None


# --------------------------------------------------------------------------- planning


def legal_now(game: Game, ship: SailsShipState) -> set[str]:
    """The actions some rule says could take effect for ``ship`` now (``sog_available_actions``)."""
    return {a for batch in game.hook.sog_available_actions(game=game, ship=ship) for a in batch or []}


def available(game: Game, ship: SailsShipState) -> list[str]:
    """The counters ``ship`` may place this turn, in order: its set's counters in the unused box.

    Legal or not (p. 29); actions other rules offer without a counter in the set are added.
    The rules are asked once per ship and turn (at the first planning round); the answer is
    kept in ``ship.ext["crew-actions"]["offered"]``, and the actions that could take effect
    now in ``["legal"]`` (both hidden from other seats), for the later rounds.
    """
    own = counters(ship)
    if own.get("offered") is None:
        legal = legal_now(game, ship)
        own["offered"] = sorted_actions((set(counter_set(ship)) | legal) - in_use(ship))
        own["legal"] = sorted_actions(legal - in_use(ship))
    return list(own["offered"])


def label(ship: SailsShipState, action: str) -> str:
    """Text for a counter at planning; it says when the action could not take effect now."""
    text = ACTION_LABELS.get(action, action)
    return text if action in (counters(ship).get("legal") or []) else f"{text} ({NO_EFFECT_LABEL})"


def free_actions(game: Game, ship: SailsShipState) -> int:
    """Crew actions still free this planning: the hand value minus delayed and planned counters."""
    own = counters(ship)
    return max(crew_actions(game, ship) - len(own["delayed"]) - len(own["planned"]), 0)


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Legal now: fire a loaded side, reload an empty side with stored ammunition, musketry."""
    found = [MUSKETRY]
    for side in SIDES:
        broadside = ship.broadsides[side]
        if broadside.loaded is not None:
            found.append(FIRE[side])
        elif broadside.fired is None and broadside.storage:
            found.append(RELOAD[side])
    return found


@hookimpl
@acts_at(PLANNING)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != PLANNING:
        return []
    requests = []
    for ship in game.ships():
        own = counters(ship)
        if own["done"]:
            continue
        hand = crew_actions(game, ship)
        free = max(hand - len(own["delayed"]) - len(own["planned"]), 0)  # free_actions
        if not free:
            continue
        planned = own["planned"]
        offered = own.get("offered")
        if offered is None:
            offered = available(game, ship)  # the first round of the turn: the rules are asked
        # With fewer counters planned than an action may take, none is used up (asked every round).
        options = (list(offered) if len(planned) < COUNTERS_PER_ACTION
                   else [a for a in offered if planned.count(a) < COUNTERS_PER_ACTION])
        if not options:
            continue
        requests.append(game.make_request(
            rule=RULE, kind=DECISION, seat=ship.seat, ship=ship.id,
            prompt=f"{ship.name}: plan an action ({free} of {hand} left), or done",
            choices=[None, *options], labels=_labels(tuple(options), tuple(own.get("legal") or ())),
        ))
    return requests


def _labels(options: tuple[str, ...], legal: tuple[str, ...]) -> tuple[str, ...]:
    """``"done"`` and each option's :func:`label` (kept: the same lists come back every round)."""
    key = (options, legal)
    labels = _LABELS.get(key)
    if labels is None:
        if len(_LABELS) >= 4096:
            _LABELS.clear()
        labels = _LABELS[key] = ("done", *(_label_of(a, a in legal) for a in options))
    return labels


#: :func:`_labels` by the options and the legal actions.
_LABELS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}


def _label_of(action: str, legal: bool) -> str:
    """:func:`label`, knowing whether the action could take effect now."""
    text = ACTION_LABELS.get(action, action)
    return text if legal else f"{text} ({NO_EFFECT_LABEL})"


@hookimpl
@acts_at(PLANNING)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != PLANNING:
        return
    for request, answer in answers:
        if request.rule != RULE:
            continue
        own = counters(game.ship(request.ship))
        if answer is None:
            own["done"] = True
        else:
            own["planned"].append(answer)
        # Public, as at the table: everyone sees counters placed face down, and when a crew stops.
        game.emit("action-counters", ship=request.ship, placed=len(own["planned"]), done=own["done"])


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """Other seats see how many counters a ship planned, not which (nor what it may plan)."""
    for ship in view["ships"].values():
        own = ship.get("ext", {}).get(RULE)
        if ship["seat"] != seat and own:
            own["planned"] = [HIDDEN for _ in own.get("planned", [])]
            for key in ("offered", "legal"):
                own[key] = None if own.get(key) is None else HIDDEN


# --------------------------------------------------------------------------- action step


@hookimpl(tryfirst=True)
@acts_at(STEP, COMBAT, RELOADING)
def sog_step_begin(game: Game, step: Step) -> None:
    """Reveal every ship's counters together, before any rule applies an effect; judge the
    fire actions when combat begins and the reload actions when reloading begins."""
    if step.name == STEP.name:
        for ship in game.ships():
            own = counters(ship)
            ship.actions = sorted_actions(own["planned"])
            own["planned"], own["offered"], own["legal"] = [], None, None
            if ship.actions or own["delayed"]:
                game.emit("actions-revealed", ship=ship.id, actions=list(ship.actions), delayed=list(own["delayed"]))
    elif step.name in (COMBAT, RELOADING):
        judge(game, FIRE if step.name == COMBAT else RELOAD)


#: Why a fire or reload action is illegal.
REASONS = {FIRE_LEFT: "the left broadside is not loaded", FIRE_RIGHT: "the right broadside is not loaded",
           RELOAD_LEFT: "the left broadside is not empty or has nothing stored",
           RELOAD_RIGHT: "the right broadside is not empty or has nothing stored"}


def judge(game: Game, actions: dict[str, str]) -> None:
    """Reject the revealed fire (or reload) actions no rule says could take effect now.

    This rule lists fire for a loaded side and reload for an empty one with stored
    ammunition; other rules may list more (continuous fire lets an unloaded side fire).
    """
    for ship in game.ships():
        planned = [a for a in actions.values() if a in ship.actions]
        if not planned:
            continue
        legal = legal_now(game, ship)
        for action in planned:
            if action not in legal:
                reject(game, ship, action, REASONS[action])


# --------------------------------------------------------------------------- restrictions


def _side(request: DecisionRequest, choices: list[Any]) -> str | None:
    """The broadside a fire or load request is about: from its choices, else its id."""
    for choice in [*choices, *request.choices]:
        if isinstance(choice, dict) and choice.get("side") in SIDES:
            return choice["side"]
    return next((side for side in SIDES if f".{request.ship}.{side}" in request.id), None)


def needed_action(game: Game, request: DecisionRequest, choices: list[Any]) -> str | None:
    """The action a combat or reloading request needs, or ``None`` if it needs none."""
    if request.ship is None:
        return None
    if request.kind == "musketry":
        return MUSKETRY
    if request.kind == "fire":
        side = _side(request, choices)
        return FIRE.get(side) if side else None
    step = game.step
    if request.kind == "load" and step is not None and step.name == RELOADING:
        side = _side(request, choices)
        return RELOAD.get(side) if side else None
    return None


@hookimpl
@acts_on("musketry", "fire", "load")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Withdraw fire, musketry and reload requests whose action the ship did not plan."""
    needed = needed_action(game, request, choices)
    if needed is None or needed in game.ship(request.ship).actions:
        return None
    return []
