"""Loading at setup and reloading (rulebook pp. 8, 20 and 22, 27).

Timeline (every level): a side that fires has its counter turned face up. In the reloading
phase, first each empty broadside whose storage holds counters may be loaded again from its
storage (it may fire next turn), then every face-up counter goes to storage. So a side that
fired in turn 1 is stored at the end of turn 1, reloaded at the end of turn 2 and fires
again in turn 3: at most every other turn. Both sides may reload in the same turn.

Reloading is optional (pp. 20 and 27 say "may"): every ``load`` request of the reloading
phase offers, after one choice per stored type, ``{"side": S, "ammunition": None}`` — leave
the side empty (it is asked again at the next reloading phase). Basic rules: only ball
exists, so the decision is "reload ball" or "leave empty". Standard and Advanced rules:
each side's storage starts with one ball, one chain and one grapeshot counter; each reload
secretly chooses which stored type goes in, or none. A loaded counter cannot be changed.

Ships start loaded (p. 8: both broadsides hold ball, not a choice; p. 22: at set-up each
broadside is loaded with a counter of the player's choice, step ``setup``, first turn only),
so the set-up ``load`` request offers the stored types and no empty choice.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.tabletop import SIDES

RULE = "reloading"
SETUP = Step("setup", 10, "Before the first turn: secret choices of the starting set-up.")
STEP = Step("reloading", 600, "Stored ammunition returns to empty broadsides; fired ammunition goes to storage.")
#: The ammunition of the Basic rules.
BALL = "ball"
#: Each side's storage at the start of a Standard or Advanced game (p. 22).
STANDARD_STORAGE = ("ball", "chain", "grapeshot")
#: The ``ammunition`` of the reloading-phase choice that leaves a side empty.
LEAVE_EMPTY = None
#: Its label.
LEAVE_EMPTY_LABEL = "leave empty"


def leave_empty_choice(side: str) -> dict[str, Any]:
    """The ``load`` choice that keeps ``side`` empty this reloading phase."""
    return {"side": side, "ammunition": LEAVE_EMPTY}


def is_leave_empty(answer: Any) -> bool:
    """Is ``answer`` the choice to leave a side empty?"""
    return isinstance(answer, dict) and "ammunition" in answer and answer["ammunition"] is LEAVE_EMPTY


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [STEP] if game.state.level == "basic" else [SETUP, STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {"load": "Choose the ammunition type that goes from a side's storage into its broadside."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "reloaded": "A stored counter went back into its broadside box: that side may fire next turn.",
        "stored": "A fired counter went to the storage box.",
    }


@hookimpl
def sog_game_setup(game: Game) -> None:
    for ship in game.ships():
        for side in SIDES:
            if game.state.level == "basic":
                ship.broadsides[side].loaded = BALL
            else:
                ship.broadsides[side].storage = list(STANDARD_STORAGE)


def _load_requests(game: Game, optional: bool) -> list[DecisionRequest]:
    """A ``load`` request per empty side with stored counters (``optional``: may stay empty)."""
    requests = []
    for ship in game.ships():
        for side in SIDES:
            broadside = ship.broadsides[side]
            if broadside.loaded is None and broadside.fired is None and broadside.storage:
                types = sorted(set(broadside.storage))
                choices: list[dict[str, Any]] = [{"side": side, "ammunition": t} for t in types]
                labels = list(types)
                if optional:
                    choices.append(leave_empty_choice(side))
                    labels.append(LEAVE_EMPTY_LABEL)
                requests.append(game.make_request(
                    rule=RULE, kind="load", seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{side}",
                    prompt=f"{ship.name}: load the {side} broadside with", choices=choices, labels=labels,
                ))
    return requests


@hookimpl
@acts_at(STEP, SETUP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if game.state.step_round > 0:
        return []
    if step.name == STEP.name:
        return _load_requests(game, optional=True)
    if step.name == SETUP.name and game.state.turn == 1:
        return _load_requests(game, optional=False)
    return []


@hookimpl
@acts_at(STEP, SETUP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name not in (STEP.name, SETUP.name):
        return
    for request, answer in answers:
        if request.rule != RULE or is_leave_empty(answer):
            continue
        broadside = game.ship(request.ship).broadsides[answer["side"]]
        broadside.storage.remove(answer["ammunition"])
        broadside.loaded = answer["ammunition"]
        if step.name == STEP.name:
            game.emit("reloaded", ship=request.ship, side=answer["side"])


@hookimpl
@acts_at(STEP)
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != STEP.name:
        return
    for ship in game.ships():
        for side in SIDES:
            broadside = ship.broadsides[side]
            if broadside.fired is not None:
                broadside.storage.append(broadside.fired)
                broadside.fired = None
                game.emit("stored", ship=ship.id, side=side)
