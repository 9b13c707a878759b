"""Bad input on the command line, at the prompt and in files: one clear line, exit 1 or 2, nothing changed."""

import json

import pytest
from click.testing import CliRunner

from sog.cli.main import main
from sog.savefile import dump_game, save_data
from sog.setup import new_game


@pytest.fixture
def runner():
    return CliRunner()


def one_error(result, code, message):
    """The command failed with ``code`` and said ``message``, without a traceback."""
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --- files into folders that do not exist: refused before the game starts

@pytest.mark.parametrize("option", ["--log", "--save"])
def test_play_into_a_missing_folder_is_refused_before_the_game_starts(runner, tmp_path, option):
    target = tmp_path / "nowhere" / "game.out"
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", option, str(target)])
    one_error(result, 2, f"Invalid value for '{option}': the folder '{tmp_path / 'nowhere'}' does not exist")
    assert "Turn 1" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_play_into_a_folder_that_is_a_file_is_refused(runner, tmp_path):
    (tmp_path / "file").write_text("x")
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--log", str(tmp_path / "file" / "g.jsonl")])
    one_error(result, 2, "does not exist")


def test_resume_into_a_missing_folder_is_refused_and_the_save_is_untouched(runner, tmp_path):
    save = tmp_path / "g.json"
    runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--quiet", "--save", str(save)])
    before = save.read_bytes()
    result = runner.invoke(main, ["resume", str(save), "--log", str(tmp_path / "no" / "g.jsonl")])
    one_error(result, 2, "the folder")
    assert save.read_bytes() == before


def test_render_into_a_missing_folder_is_refused(runner, tmp_path):
    save = tmp_path / "g.json"
    runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--quiet", "--save", str(save)])
    result = runner.invoke(main, ["render", str(save), "-o", str(tmp_path / "no" / "t.svg")])
    one_error(result, 2, "Invalid value for '-o' / '--output': the folder")


# --- seats, seeds and settings

def test_a_seat_given_to_a_person_and_a_bot_is_refused(runner):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--seat", "british=human", "--bots", "british=random"])
    one_error(result, 2, "seat 'british' is given to a person (--seat british=human) and to bot 'random'")


def test_a_seat_given_two_bots_is_refused(runner):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--bots", "french=random", "--bots", "french=captain"])
    one_error(result, 2, "seat 'french' is given twice")


@pytest.mark.parametrize("seed", ["-1", str(2**64), "9" * 5000, "1.5"])
def test_a_seed_outside_0_to_2_64_is_refused(runner, seed):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--seed", seed])
    one_error(result, 2, "Invalid value for '--seed'")


def test_the_largest_seed_plays_and_the_help_documents_the_range(runner):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--quiet", "--seed", str(2**64 - 1)])
    assert result.exit_code == 0, result.output
    assert "0 to 2**64 - 1" in runner.invoke(main, ["play", "--help"]).output


@pytest.mark.parametrize("setting, message", [
    ("grog={\"a\": " + "9" * 5000 + "}", "grog: not usable JSON: Exceeds the limit (4300 digits)"),
    ("grog=" + "[" * 100_000, "grog: the JSON is nested too deeply"),
    ("grog=[1, 2]", "grog: the settings must be a JSON object {...}, not an array"),
    ("grog=5", "not a number"),
    ("grog=null", "not null"),
    ("grog", "'grog' is not RULE=JSON"),
    ("=1", "is not RULE=JSON"),
])
def test_settings_that_are_no_json_object_are_refused(runner, setting, message):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--setting", setting])
    one_error(result, 2, message)
    assert len(result.output) < 2000


def test_settings_of_the_wrong_type_for_the_rule_are_refused(runner):
    result = runner.invoke(main, ["play", "enemy-in-sight", "--max-turns", "1", "--option", "lacking-training",
                                  "--setting", 'lacking-training={"ships": 5}'])
    one_error(result, 1, "error: invalid settings for 'lacking-training' at /ships")


# --- the prompt

def test_the_prompt_refuses_non_ascii_digits_huge_numbers_and_numbers_out_of_range(runner):
    bad = ["٣", "²", "1" * 5000, "0", "99", "-1", "1e3", " "]
    answers = "\n".join(bad) + "\n" + "1\n" * 200
    result = runner.invoke(main, ["play", "enemy-in-sight", "--seat", "british=human", "--max-turns", "1", "--quiet"], input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("Error: please type a number from 1 to") == len(bad)
    assert "Traceback" not in result.output


def test_end_of_input_at_the_prompt_saves_to_the_save_path_and_stops(runner, tmp_path):
    save = tmp_path / "g.json"
    result = runner.invoke(main, ["play", "enemy-in-sight", "--seat", "british=human", "--max-turns", "2", "--quiet",
                                  "--save", str(save)], input="1\n1\n")
    one_error(result, 1, f"error: the input ended before an answer: the game so far is saved in {save}; continue with: sog resume {save}")
    assert save.exists()


def test_end_of_input_without_save_path_saves_in_the_current_folder(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = runner.invoke(main, ["play", "enemy-in-sight", "--seat", "british=human", "--max-turns", "2", "--quiet"], input="")
    one_error(first, 1, "saved in sog-interrupted-enemy-in-sight.json")
    second = runner.invoke(main, ["play", "enemy-in-sight", "--seat", "british=human", "--max-turns", "2", "--quiet"], input="")
    one_error(second, 1, "saved in sog-interrupted-enemy-in-sight-2.json")
    resumed = runner.invoke(main, ["resume", "sog-interrupted-enemy-in-sight.json", "--quiet", "--turns", "2"], input="1\n" * 200)
    assert resumed.exit_code == 0, resumed.output
    assert "choice" in resumed.output  # the seat is still a person's
    assert "stopped after turn 2" in resumed.output


# --- files that are not save files or logs

@pytest.mark.parametrize("content, message", [
    (bytes(range(256)), "not UTF-8 text"),
    ("{\"a\": \"é\"}".encode("latin-1"), "not UTF-8 text"),
    ("{\"format\": \"sog-save\"}".encode("utf-16"), "the file is UTF-16 text"),
    (b"[" * 100_000, "nested too deeply"),
    (b"[]", "not a sog save file (a JSON array, not an object)"),
])
@pytest.mark.parametrize("command", [["resume"], ["render", "-o", "out.svg"]])
def test_resume_and_render_refuse_files_that_are_no_save(runner, tmp_path, monkeypatch, content, message, command):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, [command[0], str(path), *command[1:]])
    one_error(result, 1, message)
    assert result.output.count("\n") == 1
    assert not (tmp_path / "out.svg").exists()


def test_resume_of_a_resealed_save_whose_ship_names_a_missing_seat_fails_at_once(runner, tmp_path):
    game = new_game("enemy-in-sight", seed=2)
    data = json.loads(json.dumps(dump_game(game)))
    data["state"]["ships"]["courageuse"]["seat"] = "spanish"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(save_data(data["header"], data["state"], data["events"])))
    result = runner.invoke(main, ["resume", str(path), "--turns", "1"])
    one_error(result, 1, "inconsistent save: /state/ships/courageuse/seat: 'spanish' is not a seat of side 'french'")


def test_replay_without_the_pack_the_log_was_played_with_names_the_pack(runner, tmp_path):
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "pack.yaml").write_text("name: extra\nversion: 0.1.0\ndescription: An empty pack.\nrequires: []\n")
    log = tmp_path / "g.jsonl"
    played = runner.invoke(main, ["play", "enemy-in-sight", "--pack", str(extra), "--max-turns", "1", "--quiet", "--log", str(log)])
    assert played.exit_code == 0, played.output
    one_error(runner.invoke(main, ["replay", str(log)]), 1,
              f"error: {log}: the log was played with pack extra 0.1.0, which is not loaded (give its folder with --pack)")
    assert runner.invoke(main, ["replay", str(log), "--pack", str(extra)]).output.startswith("ok: ")


@pytest.mark.parametrize("text, message", [
    ("", "the log is empty"),
    ("not a log\n", "line 1: not JSON"),
    ('{"format": "sog-log"}\n{"seq": 1', "line 2: truncated: the log ends in the middle of a line"),
    ("{}\n", "line 1: not a sog log"),
])
def test_replay_of_a_file_that_is_no_whole_log_gives_one_line(runner, tmp_path, text, message):
    log = tmp_path / "g.jsonl"
    log.write_text(text)
    result = runner.invoke(main, ["replay", str(log)])
    one_error(result, 1, message)
    assert result.output.count("\n") == 1
