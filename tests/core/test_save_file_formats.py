"""Files that are not save files give one clear line each, never a traceback."""

import codecs
import json
import os

import pytest

from sog.errors import SaveFileError
from sog.savefile import dump_game, load_game, load_saved, save_game
from sog.setup import new_game


@pytest.mark.parametrize("content, message", [
    (bytes(range(128, 192)) + b"\xff\xfe\x00", "is not UTF-8 text"),
    ('{"format": "sog-save", "name": "Téméraire"}'.encode("latin-1"), "save.json:1: not a sog save file: byte 34 is not UTF-8 text"),
    (codecs.BOM_UTF16_LE + '{"format": "sog-save"}'.encode("utf-16-le"), "the file is UTF-16 text"),
    (b"[" * 100_000, "nested too deeply"),
    (b"[1, 2]", r"not a sog save file \(a JSON array, not an object\)"),
    (b'"hello"', r"not a sog save file \(a JSON string"),
    (b'{"format": "sog-save", "version": 1, "n": ' + b"9" * 5000 + b"}", "Exceeds the limit"),
    (b"", "not JSON"),
])
def test_files_that_are_not_save_files_give_one_line(tmp_path, content, message):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(SaveFileError, match=message) as info:
        load_game(path)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


def test_a_save_file_with_a_utf8_byte_order_mark_loads(tmp_path):
    game = new_game("enemy-in-sight", seed=2)
    path = tmp_path / "save.json"
    path.write_bytes(codecs.BOM_UTF8 + json.dumps(dump_game(game)).encode())
    assert load_game(path).state.seed == 2


def test_saving_replaces_the_file_atomically_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    game = new_game("enemy-in-sight", seed=2)
    path = tmp_path / "save.json"
    save_game(game, path)
    before = path.read_text()

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    game.state.turn = 1  # any change
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_a_save_keeps_who_played_each_seat(tmp_path):
    game = new_game("enemy-in-sight", seed=2)
    path = tmp_path / "save.json"
    seats = {"british": {"controller": "human"}, "french": {"controller": "random", "rng": {"state": 7, "inc": 15}}}
    save_game(game, path, seats=seats)
    assert load_saved(path).seats == seats


def test_saves_without_seats_still_load(tmp_path):
    game = new_game("enemy-in-sight", seed=2)
    data = dump_game(game)
    assert "seats" not in data
    assert load_saved(data).seats == {}
