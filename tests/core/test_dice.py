"""Dice (sog.dice): rolled with the game's generator, logged, replayed, forced by tests."""

from __future__ import annotations

import pytest

from sog import hookimpl, testing
from sog.bots import make_bot
from sog.errors import PluginError
from sog.pluginmanager import create_catalogue
from sog.replay import ReplayMismatch, replay
from sog.setup import new_game


class _Gunnery:
    """A test rule: each ship rolls two six-sided dice at every turn's start."""

    @hookimpl
    def sog_turn_begin(self, game):
        for ship in game.ships():
            game.roll(6, 2, reason="gunnery", ship=ship.id)


def _game(library, seed=1):
    catalogue = create_catalogue(entry_point_plugins=False, extra=[testing.RuleProvider("gunnery", _Gunnery())])
    return new_game("enemy-in-sight", seed=seed, library=library, catalogue=catalogue, options=["gunnery"]), catalogue


def _rolls(game):
    return [e["data"]["results"] for e in game.log.of_kind("dice-rolled")]


def test_dice_come_from_the_seeded_generator_and_are_logged(library):
    first, _ = _game(library, seed=4)
    second, _ = _game(library, seed=4)
    other, _ = _game(library, seed=5)
    for game in (first, second, other):
        game.run({seat: make_bot("random", 4, seat) for seat in game.seats()}, max_turns=3)
    rolls = _rolls(first)
    assert len(rolls) == 12 and all(len(r) == 2 and all(1 <= v <= 6 for v in r) for r in rolls)
    assert rolls == _rolls(second) and rolls != _rolls(other)
    event = first.log.of_kind("dice-rolled")[0]["data"]
    assert event == {"sides": 6, "count": 2, "results": rolls[0], "reason": "gunnery", "ship": "terpsichore"}


def test_a_replay_checks_every_die(library):
    game, catalogue = _game(library)
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()}, max_turns=2)
    assert replay(game.log.header, game.log.events, library=library, catalogue=catalogue).events == len(game.log.events)
    events = [dict(e, data=dict(e["data"])) for e in game.log.events]
    rolled = next(e for e in events if e["kind"] == "dice-rolled")
    rolled["data"]["results"] = [7 - v for v in rolled["data"]["results"]]
    with pytest.raises(ReplayMismatch, match="differs"):
        replay(game.log.header, events, library=library, catalogue=catalogue)


def test_forced_results_come_first_then_the_generator(library):
    game, _ = _game(library)
    game.stack_dice([6, 6, 1])
    game.advance()
    rolls = _rolls(game)
    assert rolls[0] == [6, 6] and rolls[1][0] == 1 and not game.state.stacked_dice
    assert "stacked_dice" not in game.view("british")


def test_a_forced_result_a_die_cannot_show_is_a_plugin_error(library):
    game, _ = _game(library)
    game.stack_dice([7])
    with pytest.raises(PluginError, match="cannot come from a 6-sided die"):
        game.advance()


@pytest.mark.parametrize("sides, count", [(1, 1), (6, 0)])
def test_impossible_dice_are_a_plugin_error(library, sides, count):
    game, _ = _game(library)
    with pytest.raises(PluginError, match="cannot roll"):
        game.roll(sides, count, reason="test")
