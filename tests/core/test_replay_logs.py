"""Logs that cannot be replayed say why in one line: a missing pack, not JSON Lines, cut off."""

import json

import pytest

from sog.bots import make_bot
from sog.errors import SaveFileError
from sog.events import parse_jsonl
from sog.packs.loader import load_library
from sog.replay import replay
from sog.setup import new_game


@pytest.fixture(scope="module")
def log_text():
    game = new_game("enemy-in-sight", seed=3)
    game.run({s: make_bot("random", 3, s) for s in game.seats()}, max_turns=1)
    return game.log.to_jsonl()


def test_a_log_played_with_a_pack_that_is_not_loaded_names_the_pack(log_text):
    header, events = parse_jsonl(log_text)
    header["packs"].append({"name": "extra", "version": "0.1.0"})
    with pytest.raises(SaveFileError, match="played with pack extra 0.1.0, which is not loaded"):
        replay(header, events)


def test_a_log_played_with_another_version_of_a_pack_says_both_versions(log_text):
    header, events = parse_jsonl(log_text)
    next(p for p in header["packs"] if p["name"] == "starter-set")["version"] = "9.9.9"
    with pytest.raises(SaveFileError, match="played with pack starter-set 9.9.9; loaded: starter-set 1.0.0"):
        replay(header, events)


def test_a_log_made_with_an_extra_pack_folder_replays_with_it(tmp_path):
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "pack.yaml").write_text("name: extra\nversion: 0.1.0\ndescription: An empty pack.\nrequires: []\n")
    library = load_library([extra])
    game = new_game("enemy-in-sight", seed=3, library=library)
    game.run({s: make_bot("random", 3, s) for s in game.seats()}, max_turns=1)
    header, events = parse_jsonl(game.log.to_jsonl())
    with pytest.raises(SaveFileError, match="pack extra 0.1.0, which is not loaded"):
        replay(header, events)
    assert replay(header, events, library=library).events == len(events)


@pytest.mark.parametrize("text, message", [
    ("", "the log is empty"),
    ("\n\n", "the log is empty"),
    ("hello\n", "line 1: not JSON"),
    ('{"format": "sog-save",\n "version": 1}\n', "not JSON Lines: the file is one JSON document"),
    ('{"a": 1}\n[1, 2]\n', "line 2: not a JSON object"),
    ('{"a": 1}\n' + "[" * 100_000 + "\n", "line 2: not usable JSON: nested too deeply"),
    ('{"a": ' + "9" * 5000 + "}\n", "line 1: not usable JSON: Exceeds the limit"),
])
def test_text_that_is_no_json_lines_log_gives_one_line(text, message):
    with pytest.raises(ValueError, match=message) as info:
        parse_jsonl(text)
    assert "\n" not in str(info.value)


def test_a_log_cut_off_in_the_middle_of_a_line_says_so(log_text):
    cut = log_text[: log_text.rindex("\n", 0, len(log_text) - 1) + 20]
    with pytest.raises(ValueError, match=r"line \d+: truncated: the log ends in the middle of a line"):
        parse_jsonl(cut)


def test_a_log_cut_off_after_a_whole_line_replays_up_to_there(log_text):
    lines = log_text.splitlines(keepends=True)
    header, events = parse_jsonl("".join(lines[:10]))
    assert replay(header, events).events == 9


@pytest.mark.parametrize("edit, message", [
    (lambda h, e: h.update(format="other"), "line 1: not a sog log"),
    (lambda h, e: h.update(version=7), "line 1: log format version 7"),
    (lambda h, e: h.pop("seed"), "line 1: /: 'seed' is a required property"),
    (lambda h, e: h.update(seed=2**64), "line 1: /seed: 18446744073709551616 is greater than the maximum"),
    (lambda h, e: e[2].pop("kind"), "line 4: /: 'kind' is a required property"),
    (lambda h, e: next(x for x in e if x["kind"] == "decisions")["data"].update(answers=[{"id": 1}]),
     "a decisions event needs a list of"),
])
def test_a_log_with_a_bad_header_or_event_names_the_line(log_text, edit, message):
    header, events = parse_jsonl(log_text)
    edit(header, events)
    with pytest.raises(SaveFileError, match=message):
        replay(header, events)
