"""Victory from the scenario (rulebook pp. 20-21): the last side with ships in play wins.

This rule decides the victory kind ``last-side-standing`` (declared by
``sog_victory_kinds``, so ``sog validate`` knows it); other kinds are left to the rules
that declare them (the hook stops at the first answer).
"""

from __future__ import annotations

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Outcome

RULE = "victory"
LAST_SIDE_STANDING = "last-side-standing"


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {LAST_SIDE_STANDING: "The last side with ships in play wins; a draw when no ship is left."}


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    sides = game.state.sides
    first = None
    for s in game.state.ships.values():  # the usual case, checked first: two sides still in play
        if s.in_play and s.side in sides:
            if first is None:
                first = s.side
            elif s.side != first:
                return None  # nobody has won, whatever the victory kind
    scenario = game.content.scenario(game.state.scenario)
    if scenario.victory.kind != LAST_SIDE_STANDING:
        return None
    in_play = {s.side for s in game.state.ships.values() if s.in_play}
    standing = [side for side in game.state.sides if side in in_play]
    if len(standing) == 1:
        return Outcome(winner=standing[0], reason=f"every ship of the other side{'s' if len(game.state.sides) > 2 else ''} surrendered or left the table")
    if not standing:
        return Outcome(winner=None, reason="no ship is left in play")
    return None
