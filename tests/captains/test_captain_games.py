"""Whole games with captains and crew cards: bots play them to a result, use and lose their
abilities, keep every counter accounted for, and the logs replay identically."""

from __future__ import annotations

import pytest

from sog.bots import make_bot
from sog.events import parse_jsonl
from sog.lineup import Lineup
from sog.replay import replay
from sog.savefile import dump_game, load_game
from sog.setup import new_game

#: Every effect on board: the British carry the test captains, one ship a crew card too.
LINEUP = Lineup(attach={
    "terpsichore": {"captain": ("veteran",), "crew-card": ("carpenters",)},
    "defence": {"captain": ("steady",)},
})
OTHER_LINEUP = Lineup(attach={"terpsichore": {"captain": ("loader",)}, "defence": {"captain": ("short-gunner",)}})
TURN_LIMIT = 200


def _play(library, catalogue, seed, bot="random", level="basic", lineup=LINEUP):
    game = new_game("enemy-in-sight", seed=seed, level=level, library=library, catalogue=catalogue, lineup=lineup)
    outcome = game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=TURN_LIMIT)
    return game, outcome


def _counters_accounted_for(game):
    sizes = {pid: game.content.pool(pid).size for pid in game.state.pools}
    held = {pid: 0 for pid in sizes}
    for ship in game.ships():
        for counter in ship.zero_box + [c for box in ship.ship_track + ship.crew_track for c in box.counters]:
            held[counter.pool] += 1
    return {pid: game.pools.remaining(pid) + held[pid] for pid in sizes} == sizes


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_random_bot_game_with_captains_plays_to_a_result_and_replays_identically(cards_library, catalogue, seed):
    game, outcome = _play(cards_library, catalogue, seed)
    assert outcome is not None and game.over and game.pending() == []
    assert game.log.of_kind("ability-used"), "the random bots use some abilities"
    assert _counters_accounted_for(game)
    header, events = parse_jsonl(game.log.to_jsonl())
    assert header["lineup"]["attach"]["terpsichore"] == {"captain": ["veteran"], "crew-card": ["carpenters"]}
    assert replay(header, events, library=cards_library, catalogue=catalogue).events == len(events)


@pytest.mark.parametrize(("bot", "level", "lineup"), [("captain", "standard", OTHER_LINEUP), ("random", "advanced", LINEUP)])
def test_bot_games_with_captains_at_other_levels_replay_identically(cards_library, catalogue, bot, level, lineup):
    game, outcome = _play(cards_library, catalogue, 7, bot, level, lineup)
    assert outcome is not None
    header, events = parse_jsonl(game.log.to_jsonl())
    assert replay(header, events, library=cards_library, catalogue=catalogue).events == len(events)


def test_same_seed_gives_a_byte_identical_log_with_captains(cards_library, catalogue):
    first, _ = _play(cards_library, catalogue, 5)
    second, _ = _play(cards_library, catalogue, 5)
    assert first.log.to_jsonl() == second.log.to_jsonl()


def test_a_captain_is_wounded_in_some_random_game(cards_library, catalogue):
    """Over a few seeds the captains' ships lose half their crew: the draws happen, and every
    card of a dead captain with the icon ends discarded."""
    draws = []
    for seed in range(1, 17):  # seed 13 draws twice
        game, _ = _play(cards_library, catalogue, seed)
        draws += game.log.of_kind("captain-wound-draw")
        for ship in game.state.ships.values():
            record = ship.ext.get("abilities", {})
            if record.get("captain", {}).get("status") == "dead":
                icons = [c for c in record["cards"] if game.content.get("ability", c["ability"]).captain_icon]
                assert all(c["state"] == "discarded" for c in icons)
    assert draws


def test_a_saved_game_with_captains_continues_exactly_like_the_original(cards_library, catalogue):
    original = new_game("enemy-in-sight", seed=2, library=cards_library, catalogue=catalogue, lineup=LINEUP)
    original.run({seat: make_bot("random", 2, seat) for seat in original.seats()}, max_turns=3)
    loaded = load_game(dump_game(original), library=cards_library, catalogue=catalogue)
    assert [s.name for s in loaded.steps] == [s.name for s in original.steps]
    for game in (original, loaded):  # bots keep their own generators: fresh ones for both
        game.run({seat: make_bot("random", 9, seat) for seat in game.seats()}, max_turns=TURN_LIMIT)
    assert loaded.log.to_jsonl() == original.log.to_jsonl()
    assert original.over
