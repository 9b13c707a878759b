"""Saving and loading a game in progress; replaying logs."""

import json

import pytest

from sog.bots import make_bot
from sog.errors import SaveFileError
from sog.events import parse_jsonl
from sog.replay import ReplayMismatch, replay
from sog.savefile import dump_game, load_game, save_game
from sog.setup import new_game


#: An explicit safety limit: Enemy in Sight! states no turn limit (p. 21).
TURN_LIMIT = 200


def bots(game, seed=4):
    return {s: make_bot("random", seed, s) for s in game.seats()}


def test_a_loaded_game_continues_exactly_like_the_original(tmp_path):
    original = new_game("enemy-in-sight", seed=4)
    original.run(bots(original), max_turns=3)
    path = tmp_path / "game.json"
    save_game(original, path)
    loaded = load_game(path)
    # Bots keep their own generators: give both games bots in the same condition.
    b1, b2 = bots(original, 9), bots(loaded, 9)
    original.run(b1, max_turns=TURN_LIMIT)
    loaded.run(b2, max_turns=TURN_LIMIT)
    assert loaded.log.to_jsonl() == original.log.to_jsonl()
    assert original.over


def test_a_save_edited_by_hand_is_refused(tmp_path):
    game = new_game("enemy-in-sight", seed=4)
    game.run(bots(game), max_turns=2)
    data = dump_game(game)
    data["state"]["ships"]["terpsichore" if "terpsichore" in data["state"]["ships"] else next(iter(data["state"]["ships"]))]["pose"]["x"] += 1
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="checksum mismatch"):
        load_game(path)


def test_a_save_from_another_version_is_refused(tmp_path):
    game = new_game("enemy-in-sight", seed=4)
    data = dump_game(game)
    data["version"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="version 99"):
        load_game(path)


@pytest.mark.parametrize("text, message", [
    ("{not json", "not JSON"),
    ('{"format": "something-else"}', "not a sog save file"),
    ('{"format": "sog-save", "version": 2}', "is a required property"),
])
def test_broken_save_files_give_one_clear_error(tmp_path, text, message):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message):
        load_game(path)


def test_missing_save_file(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        load_game(tmp_path / "nope.json")


def test_a_log_replays_identically():
    game = new_game("enemy-in-sight", seed=8)
    game.run(bots(game, 8), max_turns=TURN_LIMIT)
    header, events = parse_jsonl(game.log.to_jsonl())
    result = replay(header, events)
    assert result.events == len(events) and result.game.over


def test_a_replay_names_the_first_differing_event():
    game = new_game("enemy-in-sight", seed=8)
    game.run(bots(game, 8), max_turns=TURN_LIMIT)
    header, events = parse_jsonl(game.log.to_jsonl())
    moved = next(i for i, e in enumerate(events) if e["kind"] == "ship-moved")
    events[moved]["data"]["after"]["x"] += 0.5
    with pytest.raises(ReplayMismatch, match=f"event {moved + 1} differs"):
        replay(header, events)


def test_an_unfinished_log_replays_up_to_its_end():
    game = new_game("enemy-in-sight", seed=8)
    game.run(bots(game, 8), max_turns=2)
    header, events = parse_jsonl(game.log.to_jsonl())
    assert replay(header, events).events == len(events)
