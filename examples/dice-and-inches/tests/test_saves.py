"""Dice-and-inches games save, resume and replay exactly (every rule keeps its state in the
game state, every die goes through the game's generator)."""

from __future__ import annotations

from typing import Any

import pytest

from sog.bots import make_bot
from sog.replay import replay
from sog.savefile import dump_game, load_game
from sog.setup import new_game


def _captains(game: Any, catalogue: Any, seed: int) -> dict[str, Any]:
    system = catalogue.systems["dice-and-inches"]
    return {seat: make_bot("captain", seed, seat, system) for seat in game.seats()}


@pytest.mark.parametrize("scenario", ["dice-duel", "dice-squadron"])
def test_a_game_resumed_from_a_save_ends_as_the_uninterrupted_one(scenario: str, catalogue: Any, library: Any) -> None:
    whole = new_game(scenario, seed=5, catalogue=catalogue, library=library)
    whole.run(_captains(whole, catalogue, 5))
    part = new_game(scenario, seed=5, catalogue=catalogue, library=library)
    bots = _captains(part, catalogue, 5)
    part.run(bots, max_turns=1)
    if part.over:
        pytest.skip("the game ended before the save")
    resumed = load_game(dump_game(part), library=library, catalogue=catalogue)
    resumed.run(bots)
    assert resumed.log.events == whole.log.events
    assert resumed.outcome == whole.outcome


def test_a_logged_game_replays_event_for_event(catalogue: Any, library: Any) -> None:
    game = new_game("dice-squadron", seed=2, catalogue=catalogue, library=library)
    game.run(_captains(game, catalogue, 2))
    result = replay(game.log.header, game.log.events, library=library, catalogue=catalogue)
    assert result.events == len(game.log.events)
