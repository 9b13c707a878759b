"""Victory of *Force the Blockade* (rulebook p. 53) and of its swapped-sides and solo variants.

Option rule ``blockade-victory``; it decides the victory kind ``force-the-blockade``, whose
params name the ``fleeing`` side and the table edge it must leave by (``exit``); every other
side chases. The fleeing side wins when all its ships have left the table by that edge; the
chasers win as soon as one fleeing ship is eliminated (surrendered, sunk, ...: ruling
``ELIMINATED`` of :mod:`.fates`) or leaves the table by another edge.

What each ship became is public state (``game.state.ext["blockade-victory"]["removed"]``,
:mod:`.fates`). The rule also writes the fleeing side's goal, ``game.state.ext["exit-goals"] =
{side: edge}``, which the captain bot reads to steer for that edge.

*Play the game twice, swapping sides* (p. 53): the core plays the two games of a match (``sog
match``) and asks the rules of the first game who won it (``sog_match_issues``,
``sog_match_result``); this rule answers for two ``force-the-blockade`` games in which each
player flees once. Each player is measured in the game in which he fled, and the first measure
(:data:`MEASURES`) that differs decides: the ships he got off by the fleeing side's edge; the
undamaged boxes (hull and crew) left on them; the chasing ships he sank (ruling ``SUNK``); the
boxes of damage he inflicted on the chasing ships (their filled boxes at the end, or when they
left play). All four equal: a draw. A player who would flee in both games, or in neither, makes
no match: the issue says so before anything is played.

Rulings (the text says nothing of a game that goes on):

* ``AGROUND_LOSES``: a fleeing ship aground can never leave the table: the chasers win at once.
* ``UNOPPOSED``: once no chasing ship is in play, the fleeing ships still afloat sail out
  unopposed: the fleeing side wins (unless one of its ships was already lost).
* ``BLOCKADE_HOLDS``: at the scenario's turn limit (``max_turns``), or when nobody can act,
  the blockade held: the chasers win.
* ``EXIT_EDGE``: the edge a ship left by is the one nearest its base centre (:mod:`.fates`).
* ``SUNK``: a chasing ship counts as sunk (match) when it was eliminated (surrendered, sunk,
  blown up: ruling ``ELIMINATED``), not when it sailed off the table.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Outcome
from sog.packs.fields import thaw

from sog.plugins.setup.aground_victory import aground

from . import fates
from .points import EXITED

NAME = "blockade-victory"
KIND = "force-the-blockade"
EXIT_GOALS = "exit-goals"
"""The public state key of each side's goal edge (``{side: edge}``), read by the captain bot."""
AGROUND_LOSES = True
"""Ruling: a fleeing ship aground loses the game for its side at once."""
UNOPPOSED = True
"""Ruling: with no chaser left in play, the fleeing ships afloat sail out and their side wins."""
BLOCKADE_HOLDS = "the chasers win at the turn limit or when nobody can act"
"""Ruling: a game that ends without the fleeing ships out is the chasers'."""

PARAMS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["fleeing", "exit"],
    "properties": {
        "fleeing": {**fates.SIDE, "description": "The side forcing the blockade; the other side chases."},
        "exit": {"enum": list(fates.EDGES), "description": "The table edge the fleeing ships must leave by."},
    },
}
"""The JSON Schema of the params of the ``force-the-blockade`` kind."""


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {KIND: "The fleeing side wins if all its ships leave the table by its edge; the chasers win if one of "
                  "them is eliminated or leaves by another edge."}


def params_of(game: Game) -> dict[str, Any] | None:
    """The scenario's params of this kind (``None`` when its victory is of another kind)."""
    victory = game.content.scenario(game.state.scenario).victory
    return thaw(victory.params) if victory.kind == KIND else None


def chasers(game: Game, fleeing: str) -> list[str]:
    """The chasing sides (every side but the fleeing one), in scenario order."""
    return [side for side in game.state.sides if side != fleeing]


@hookimpl
def sog_game_setup(game: Game) -> None:
    params = params_of(game)
    if params is not None:
        game.state.ext.setdefault(EXIT_GOALS, {})[params["fleeing"]] = params["exit"]


@hookimpl(tryfirst=True)  # before the damage rule puts the counters back
def sog_ship_removed(game: Game, ship: Any, reason: str) -> None:
    if params_of(game) is not None:
        fates.record_removal(game, NAME, ship)


def _lost(game: Game, params: dict[str, Any]) -> str | None:
    """Why the fleeing side has lost already, if it has."""
    for ship in game.ships(side=params["fleeing"], in_play=False):
        if ship.in_play:
            if AGROUND_LOSES and aground(ship):
                return f"{ship.name} ran aground and can never leave the table"
            continue
        if ship.status != EXITED:
            return f"{ship.name} was eliminated ({ship.status})"
        edge = (fates.removal(game, NAME, ship.id) or {}).get("edge")
        if edge != params["exit"]:
            return f"{ship.name} left the table by the {edge} edge, not the {params['exit']} one"
    return None


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    params = params_of(game)
    if params is None:
        return None
    fleeing, chasing = params["fleeing"], chasers(game, params["fleeing"])[0]
    lost = _lost(game, params)
    if lost is not None:
        return Outcome(winner=chasing, reason=f"the blockade held: {lost}")
    if not game.ships(side=fleeing):
        return Outcome(winner=fleeing, reason=f"the blockade is forced: every {fleeing} ship left by the {params['exit']} edge")
    if UNOPPOSED and not any(game.ships(side=side) for side in chasers(game, fleeing)):
        return Outcome(winner=fleeing, reason="the blockade is forced: no chasing ship is left, the others sail out unopposed")
    last = game.log.events[-1]["kind"] if game.log.events else None
    if game.state.turn_limit_reached or last == "nobody-can-act":
        out = len(game.ships(side=fleeing, in_play=False)) - len(game.ships(side=fleeing))
        return Outcome(winner=chasing, reason=f"the blockade held: {out} {fleeing} ship(s) out when the game ended")
    return None


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """The params: the schema, the fleeing side the scenario's, two sides."""
    if scenario.victory.kind != KIND:
        return []
    return fates.params_issues(scenario, PARAMS, KIND, ("fleeing",))


# --------------------------------------------------------------------------- the match (p. 53)

SUNK = "eliminated, not sailed off"
"""Ruling: which chasing ships the fleeing player sank."""
MEASURES = ("ships exited by the fleeing edge", "undamaged boxes on the ships exited", "chasing ships sunk",
            "boxes of damage inflicted on the chasing ships")
"""The tie-break chain, in order (rulebook p. 53)."""


def _blockade(games: list[Game]) -> bool:
    return bool(games) and all(params_of(g) is not None for g in games)


def _fleeing_player(game: Game, seats: dict[str, str]) -> set[str]:
    """The players at the seats of the fleeing side of ``game``."""
    params = params_of(game) or {}
    return {seats[seat] for seat in game.state.sides.get(params.get("fleeing"), ()) if seat in seats}


def fleeing_measures(game: Game) -> tuple[int, int, int, int]:
    """The four measures (:data:`MEASURES`) of the fleeing side of a finished game; when it
    won unopposed (ruling ``UNOPPOSED``) its ships afloat count as exited, as they are now."""
    params = params_of(game) or {}
    fleeing = params["fleeing"]
    chasing = [s for side in chasers(game, fleeing) for s in game.ships(side=side, in_play=False)]
    exited, undamaged = 0, 0
    for ship in game.ships(side=fleeing, in_play=False):
        record = fates.removal(game, NAME, ship.id) or {}
        if ship.status == EXITED and record.get("edge") == params["exit"]:
            exited, undamaged = exited + 1, undamaged + int(record["boxes"]) - int(record["filled"])
    won = game.state.outcome is not None and game.state.outcome.winner == fleeing
    if won and UNOPPOSED and not any(s.in_play for s in chasing):
        afloat = [s for s in game.ships(side=fleeing) if not aground(s)]
        exited += len(afloat)
        undamaged += sum(fates.boxes(s) - fates.filled(s) for s in afloat)
    sunk = sum(1 for s in chasing if fates.eliminated(s))
    inflicted = sum(fates.damage_of(game, NAME, s) for s in chasing)
    return exited, undamaged, sunk, inflicted


@hookimpl
def sog_match_issues(games: list[Game], players: list[dict[str, str]]) -> list[str]:
    if not any(params_of(g) is not None for g in games):
        return []
    if not _blockade(games):
        return [f"a {KIND} match needs {KIND} games only (the scenarios {', '.join(g.state.scenario for g in games)})"]
    wrong = []
    for name in sorted({name for seats in players for name in seats.values()}):
        fled = [i + 1 for i, (g, seats) in enumerate(zip(games, players)) if name in _fleeing_player(g, seats)]
        if len(fled) != 1:
            wrong.append(f"{name} would flee " + ("in no game" if not fled else f"in games {' and '.join(map(str, fled))}"))
    if not wrong:
        return []
    return [f"each player flees once in a {KIND} match (play one scenario twice, the seats swapped): {'; '.join(wrong)}"]


@hookimpl
def sog_match_result(games: list[Game], players: list[dict[str, str]]) -> Outcome | None:
    if not _blockade(games) or sog_match_issues(games, players):
        return None
    measured: dict[str, tuple[int, int, int, int]] = {}
    for game, seats in zip(games, players):
        for name in _fleeing_player(game, seats):
            measured[name] = fleeing_measures(game)
    names = sorted(measured)
    for index, what in enumerate(MEASURES):
        values = {name: measured[name][index] for name in names}
        best = max(values.values())
        leaders = [name for name, value in values.items() if value == best]
        if len(leaders) == 1:
            told = ", ".join(f"{name} {value}" for name, value in values.items())
            return Outcome(winner=leaders[0], reason=f"{what} when fleeing: {told}")
    return Outcome(winner=None, reason="a draw: as many ships exited, undamaged boxes, ships sunk and damage inflicted")
