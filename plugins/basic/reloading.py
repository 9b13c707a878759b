"""Loading at setup and reloading (rulebook pp. 8 and 20).

Both broadsides start loaded with ball. A side that fires has its counter turned face up.
In the reloading phase, first every stored counter goes back into its empty broadside box
(loaded again: it may fire next turn), then every face-up counter goes to storage. So a
side that fired in turn 1 is stored at the end of turn 1, reloaded at the end of turn 2 and
fires again in turn 3: at most every other turn. Both sides may reload in the same turn.
"""

from __future__ import annotations

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.tabletop import SIDES

RULE = "reloading"
STEP = Step("reloading", 600, "Stored ammunition returns to empty broadsides; fired ammunition goes to storage.")
#: The ammunition of the Basic rules.
BALL = "ball"


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


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
            ship.broadsides[side].loaded = BALL


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != STEP.name:
        return
    for ship in game.ships():
        for side in SIDES:
            broadside = ship.broadsides[side]
            if broadside.loaded is None and broadside.fired is None and broadside.storage:
                broadside.loaded = broadside.storage.pop(0)
                game.emit("reloaded", ship=ship.id, side=side)
        for side in SIDES:
            broadside = ship.broadsides[side]
            if broadside.fired is not None:
                broadside.storage.append(broadside.fired)
                broadside.fired = None
                game.emit("stored", ship=ship.id, side=side)
