"""``sog match``: a whole match of bot games on the command line (both games, the match's
winner, the logs), and bad arguments refused before anything is played or written (one
``Error:`` line, exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sog.cli.main import main


@pytest.fixture
def runner():
    return CliRunner()


def test_a_match_plays_both_games_seats_swapped_and_names_the_winner(runner, tmp_path):
    logs = tmp_path / "logs"
    result = runner.invoke(main, ["match", "force-the-blockade", "--quiet", "--seed", "4", "--log-dir", str(logs),
                                  "--bots", "british=random"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "game 1: force-the-blockade, seed 4: player 1 british (random), player 2 french (captain)"
    assert "game 2: force-the-blockade, seed 5: player 2 british (captain), player 1 french (random)" in lines
    assert sum(line.startswith("result: ") for line in lines) == 2
    assert lines[-1].startswith("match: ")
    assert sorted(p.name for p in logs.iterdir()) == ["game-1-force-the-blockade.jsonl", "game-2-force-the-blockade.jsonl"]
    header = json.loads((logs / "game-2-force-the-blockade.jsonl").read_text().splitlines()[0])
    assert header["seed"] == 5


def one_error(result, message):
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output and "game 1:" not in result.output


@pytest.mark.parametrize("arguments, message", [
    (["nope"], "no scenario with id 'nope'"),
    (["force-the-blockade", "nope"], "no scenario with id 'nope'"),
    (["force-the-blockade", "force-the-blockade-swapped"], "each player flees once"),
    (["force-the-blockade", "--seat", "nobody=human"], "unknown seat 'nobody'"),
    (["force-the-blockade", "--bots", "british=nope"], "unknown bot 'nope'"),
    (["force-the-blockade", "--seat", "british=human", "--bots", "british=random"], "choose one"),
    (["force-the-blockade", "--rules", "expert"], "expert"),
])
def test_bad_arguments_are_refused_and_nothing_is_written(runner, tmp_path, arguments, message):
    logs = tmp_path / "logs"
    result = runner.invoke(main, ["match", *arguments, "--log-dir", str(logs)])
    one_error(result, message)
    assert list(tmp_path.iterdir()) == []


def test_a_log_folder_that_is_a_file_or_under_a_missing_folder_is_refused(runner, tmp_path):
    (tmp_path / "file").write_text("x")
    one_error(runner.invoke(main, ["match", "force-the-blockade", "--log-dir", str(tmp_path / "file")]), "is a file")
    one_error(runner.invoke(main, ["match", "force-the-blockade", "--log-dir", str(tmp_path / "no" / "logs")]), "does not exist")
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_a_scenario_without_two_seats_makes_no_match(runner, tmp_path):
    from pathlib import Path

    content = Path(__file__).resolve().parents[2] / "content" / "starter-set" / "scenarios" / "enemy-in-sight.yaml"
    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.yaml").write_text("name: three-seats\nversion: 1.0.0\ndescription: Three seats.\nrequires: [starter-set]\n")
    text = content.read_text().replace("id: enemy-in-sight\n", "id: three-seats\n")
    text = text.replace("seats: [british]", "seats: [british, british-2]").replace(
        "    seat: british\n    pose: {x: 550", "    seat: british-2\n    pose: {x: 550")
    (pack / "scenarios" / "three.yaml").write_text(text)
    result = runner.invoke(main, ["match", "three-seats", "--pack", str(pack), "--log-dir", str(tmp_path / "logs")])
    one_error(result, "three-seats has 3 seats (british, british-2, french); a match needs two")
    assert not (tmp_path / "logs").exists()
