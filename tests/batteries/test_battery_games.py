"""Whole games under a coastal battery, by bots at every level: they reach a result, the
battery fights in them, they replay exactly, and no seat's view shows the other's load."""

from __future__ import annotations

import json

import pytest

from sog.bots import make_bot
from sog.replay import replay
from sog.setup import new_game

from battery_bench import SCENARIO, library

LEVELS = ("basic", "standard", "advanced")


def _game(level, bot, seed, max_turns=60):
    game = new_game(SCENARIO, library=library(), level=level, seed=seed)
    game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=max_turns)
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("bot", ["random", "captain"])
def test_bots_play_a_game_under_a_battery_to_a_result_at_every_level(level, bot):
    for seed in (1, 2):
        game = _game(level, bot, seed)
        assert game.over and game.state.outcome is not None
        kinds = {e["kind"] for e in game.log.events}
        if bot == "captain":
            assert "battery-damaged" in kinds or any(e["data"].get("attacker") == "fort" for e in game.log.of_kind("attack"))


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_under_a_battery_replays_exactly(level):
    game = _game(level, "captain", 3, max_turns=12)
    result = replay(game.log.header, game.log.events, library=library())
    assert result.events == len(game.log.events)


def test_the_captain_bots_battery_fires_when_it_can():
    fired = sum(1 for seed in (1, 2, 3) for e in _game("basic", "captain", seed).log.of_kind("attack")
                if e["data"]["attacker"] == "fort")
    assert fired >= 3


@pytest.mark.parametrize("level", ["standard", "advanced"])
def test_no_view_of_the_british_seat_shows_the_batterys_load_or_planned_actions(level):
    game = new_game(SCENARIO, library=library(), level=level, seed=4)
    bots = {seat: make_bot("captain", 4, seat, game.system) for seat in game.seats()}
    views = []
    game.run(bots, max_turns=6, observer=lambda events: views.append(game.view("british")))
    for view in views:
        for record in view["ext"]["batteries"]["placed"]:
            assert record["gun"]["loaded"] in (None, "hidden")
            assert set(record["gun"]["storage"]) <= {"hidden"}
            assert set(record.get("crew", {}).get("planned", [])) <= {"hidden"}
        pending = json.dumps(view["pending"])
        assert "battery-load" not in pending and "battery-actions" not in pending
