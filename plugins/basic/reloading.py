"""Loading at setup and reloading (rulebook pp. 8, 20 and 22, 27).

Timeline (every level): a side that fires has its counter turned face up. In the reloading
phase, first each empty broadside whose storage holds counters is loaded again from its
storage (it may fire next turn), then every face-up counter goes to storage. So a side that
fired in turn 1 is stored at the end of turn 1, reloaded at the end of turn 2 and fires
again in turn 3: at most every other turn. Both sides may reload in the same turn.

Basic rules: both broadsides start loaded with ball and only ball exists, so the "load"
decision has one choice and is answered at once. Standard and Advanced rules: each side's
storage starts with one ball, one chain and one grapeshot counter; at the start of the game
each player secretly loads each broadside with a counter of its storage (step ``setup``,
first turn only), and each reload secretly chooses which stored type goes in. A loaded
counter cannot be changed.

Ruling: a side that can reload does reload (the text says "may"; leaving guns empty gains
nothing under these rules, and the Advanced rules' reload action decides it there).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.tabletop import SIDES

RULE = "reloading"
SETUP = Step("setup", 10, "Before the first turn: secret choices of the starting set-up.")
STEP = Step("reloading", 600, "Stored ammunition returns to empty broadsides; fired ammunition goes to storage.")
#: The ammunition of the Basic rules.
BALL = "ball"
#: Each side's storage at the start of a Standard or Advanced game (p. 22).
STANDARD_STORAGE = ("ball", "chain", "grapeshot")


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


def _load_requests(game: Game) -> list[DecisionRequest]:
    requests = []
    for ship in game.ships():
        for side in SIDES:
            broadside = ship.broadsides[side]
            if broadside.loaded is None and broadside.fired is None and broadside.storage:
                types = sorted(set(broadside.storage))
                requests.append(game.make_request(
                    rule=RULE, kind="load", seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{side}",
                    prompt=f"{ship.name}: load the {side} broadside with", choices=[{"side": side, "ammunition": t} for t in types],
                    labels=types,
                ))
    return requests


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if game.state.step_round > 0:
        return []
    if step.name == STEP.name or (step.name == SETUP.name and game.state.turn == 1):
        return _load_requests(game)
    return []


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name not in (STEP.name, SETUP.name):
        return
    for request, answer in answers:
        if request.rule != RULE:
            continue
        broadside = game.ship(request.ship).broadsides[answer["side"]]
        broadside.storage.remove(answer["ammunition"])
        broadside.loaded = answer["ammunition"]
        if step.name == STEP.name:
            game.emit("reloaded", ship=request.ship, side=answer["side"])


@hookimpl
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
