"""A game always ends or hands control back: the core notices when nobody can act."""

from __future__ import annotations

import pytest

from sog import hookimpl, testing
from sog.bots import make_bot
from sog.errors import ConfigError, PluginError
from sog.hooktypes import Step
from sog.packs.errors import ContentError
from sog.pluginmanager import create_catalogue
from sog.setup import new_game

SCENARIO = "enemy-in-sight"


class _Drift:
    """A test rule: every ship creeps 1 mm east at each turn's start (the state always changes)."""

    @hookimpl
    def sog_turn_begin(self, game):
        for ship in game.ships():
            ship.pose.x += 1.0


class _Sink:
    """A test rule replacing the victory rule: it claims the scenario's victory kind but never
    decides it, and every ship leaves play at the first turn's start."""

    @hookimpl
    def sog_victory_kinds(self):
        return {"last-side-standing": "Claimed, never decided (a faulty house rule)."}

    @hookimpl
    def sog_turn_begin(self, game):
        for ship in game.ships():
            game.remove_ship(ship.id, "sunk")


class _Stranger:
    """A test rule with a step that asks a seat the game does not have."""

    @hookimpl
    def sog_turn_steps(self):
        return [Step("stranger", 150, "Asks nobody real.")]

    @hookimpl
    def sog_decision_kinds(self):
        return {"stranger": "A question for a seat that is not there."}

    @hookimpl
    def sog_decisions_needed(self, game, step):
        if step.name != "stranger":
            return []
        return [game.make_request(rule="stranger", kind="stranger", seat="nobody", prompt="?", choices=[1, 2])]


def _game(library, rule=None, *, blocked=(), seed=1):
    extra = [testing.RuleProvider("test-rule", rule)] if rule is not None else []
    catalogue = create_catalogue(entry_point_plugins=False, extra=extra)
    return new_game(SCENARIO, seed=seed, library=library, catalogue=catalogue, blocked=list(blocked),
                    options=["test-rule"] if rule is not None else [])


def test_a_scenario_whose_victory_no_rule_decides_is_refused_at_start(library):
    with pytest.raises(ContentError, match="victory kind 'last-side-standing'"):
        _game(library, blocked=["victory"])


def test_a_game_with_no_ship_in_play_and_no_deciding_victory_rule_ends_with_no_winner(library):
    game = _game(library, _Sink(), blocked=["victory"])
    game.advance()
    assert game.over and game.outcome.winner is None
    assert "nobody can act" in game.outcome.reason
    assert [e["kind"] for e in game.log.events[-2:]] == ["nobody-can-act", "game-over"]


def test_idle_turns_that_change_nothing_end_the_game(library):
    game = _game(library, blocked=["basic-planning"])  # nobody plans, nobody is in range: nothing happens
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()})
    assert game.over and game.outcome.winner is None
    assert game.state.turn == 2  # turn 2 left the state exactly as turn 1 did
    assert game.log.of_kind("nobody-can-act")[0]["data"]["reason"].startswith("a whole turn passed")


def test_advance_hands_control_back_after_a_turn_without_decisions(library):
    game = _game(library, _Drift(), blocked=["basic-planning"])
    for turn in (1, 2, 3):
        game.advance()
        assert not game.over and game.state.turn == turn and game.state.step_index == -1


def test_run_with_max_turns_regains_control_in_a_game_nobody_plays(library):
    game = _game(library, _Drift(), blocked=["basic-planning"])
    assert game.run({}, max_turns=5) is None
    assert game.state.turn == 5 and not game.over


def test_run_with_max_turns_stops_between_turns(library):
    game = _game(library)
    game.run({seat: make_bot("random", 1, seat) for seat in game.seats()}, max_turns=3)
    assert game.state.turn == 3 and game.state.step_index == -1 and not game.pending()


def test_switching_off_every_core_rule_is_a_clear_error(library, catalogue):
    core = [name for name, rule in catalogue.rules.items() if rule.kind == "core" and "basic" in rule.levels]
    with pytest.raises(ConfigError, match="no step"):
        new_game(SCENARIO, library=library, catalogue=catalogue, blocked=core)


def test_a_request_for_a_seat_the_game_lacks_is_a_plugin_error(library):
    game = _game(library, _Stranger())
    with pytest.raises(PluginError, match="'nobody'"):
        testing.Bench(game).play(1)
