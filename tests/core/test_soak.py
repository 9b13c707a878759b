"""Soak: random-bot games over random option sets at every level keep the engine's invariants.

Bounded (a few dozen short games from a melee start, so the rules meet). For each game:

* every counter of every pool is exactly once in its cup or on a ship's mat;
* a broadside fires only when it was loaded when its step began (or fires continuously);
* no decision is asked about a ship that is out of play;
* the log replays identically;
* a save taken between two turns, loaded and continued with the same decisions, gives
  the same log, byte for byte.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sog import testing
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.events import dumps
from sog.game import Game, SeatView
from sog.markers import hookimpl
from sog.pluginmanager import create_catalogue
from sog.replay import replay
from sog.rng import Rng
from sog.plugins.system import LEVELS
from sog.savefile import dump_game, load_game
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
GAMES_PER_LEVEL = 8
TURNS = 12
SAVE_AFTER_TURN = 3


class _Invariants:
    """A test-only rule checking, as the game goes, what must hold at every step."""

    name = "test-invariants"

    def __init__(self) -> None:
        self.loaded: set[tuple[str, str]] = set()
        self.problems: list[str] = []
        self.saves: dict[int, dict[str, Any]] = {}

    @hookimpl(tryfirst=True)  # before any rule of the step fires or reloads
    def sog_step_begin(self, game: Game, step: Any) -> None:
        self.loaded = {(s.id, side) for s in game.state.ships.values() for side, b in s.broadsides.items() if b.loaded}

    @hookimpl
    def sog_event(self, game: Game, event: dict[str, Any]) -> None:
        data = event["data"]
        if event["kind"] == "attack" and data.get("kind") != "musketry" and data.get("side"):
            continuous = "continuous-fire" in data.get("modifiers", [])  # the option fires unloaded sides (p. 35)
            if (data["attacker"], data["side"]) not in self.loaded and not continuous:
                self.problems.append(f"turn {event['turn']} {event['step']}: {data['attacker']} fired its unloaded {data['side']} side")

    @hookimpl(trylast=True)
    def sog_turn_end(self, game: Game) -> None:
        state = game.state.model_dump(mode="json")
        held = list(_counters(state["ships"])) + list(_counters(state["ext"]))
        for pool_id, pool in game.state.pools.items():
            places = list(pool.bag) + [index for pid, index in held if pid == pool_id]
            size = len(game.pools._tables[pool_id])
            if sorted(places) != list(range(size)):
                self.problems.append(f"turn {game.state.turn}: pool {pool_id} has {len(places)} counters in the cup "
                                     f"and on the table for {size} ({len(places) - len(set(places))} twice)")


def _counters(data: Any):
    """(pool, index) of every counter anywhere in JSON state data."""
    if isinstance(data, dict):
        if {"pool", "index", "value"} <= data.keys():
            yield data["pool"], data["index"]
            return
        for value in data.values():
            yield from _counters(value)
    elif isinstance(data, list):
        for value in data:
            yield from _counters(value)


class _Checked:
    """A random bot that reports a request about a ship out of play."""

    def __init__(self, seed: int, seat: str, problems: list[str]) -> None:
        self.bot, self.problems = make_bot("random", seed, seat), problems

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        ships = view.data["ships"]
        if request.ship is not None and ships[request.ship]["status"] != "in-play" and request.ship not in view.data["obstacles"]:
            self.problems.append(f"{request.id} asks about {request.ship}, which is {ships[request.ship]['status']}")
        return self.bot.decide(view, request)


def _saved(game: Game) -> dict[str, Any]:
    """The save-file data of ``game`` as written to a file (no link to the live game)."""
    return json.loads(json.dumps(dump_game(game)))


class _FromLog:
    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        return self.answers[request.id]


def _configurations():
    catalogue = create_catalogue(entry_point_plugins=False)
    rng = Rng(2026)
    for level in LEVELS:
        for index in range(GAMES_PER_LEVEL):
            options = testing.random_options(catalogue, level, rng)
            yield pytest.param(level, options, 100 * LEVELS.index(level) + index, id=f"{level}-{index}-{'+'.join(options) or 'none'}")


@pytest.mark.parametrize("level, options, seed", list(_configurations()))
def test_random_games_keep_the_invariants(library, melee, level, options, seed):
    checks = _Invariants()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[testing.RuleProvider(checks.name, checks)])
    game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue, options=[*options, checks.name])
    melee(game)
    start = _saved(game)
    controllers = {seat: _Checked(seed, seat, checks.problems) for seat in game.seats()}
    game.run(controllers, max_turns=SAVE_AFTER_TURN)
    middle = _saved(game)
    game.run(controllers, max_turns=TURNS)
    assert not checks.problems, "\n".join(checks.problems[:5])
    assert game.state.turn >= 1
    answers = {a["id"]: a["answer"] for e in game.log.of_kind("decisions") for a in e["data"]["answers"]}
    final = dumps(game.log.events)
    for saved in (start, middle):  # from the start (a replay) and from between two turns
        resumed = load_game(saved, library=library, catalogue=catalogue)
        resumed.run({seat: _FromLog(answers) for seat in resumed.seats()}, max_turns=TURNS)
        assert dumps(resumed.log.events) == final


def test_the_log_of_a_scenario_game_replays_identically(library, catalogue):
    game = new_game(SCENARIO, level="advanced", seed=9, library=library, catalogue=catalogue,
                    options=testing.options_at(catalogue, "advanced"))
    game.run({seat: make_bot("random", 9, seat) for seat in game.seats()}, max_turns=TURNS)
    assert replay(game.log.header, game.log.events, library=library, catalogue=catalogue).events == len(game.log.events)
