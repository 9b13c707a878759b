"""The game commands: play, replay, render, rules; bad arguments give one line, no traceback."""

import json

import pytest
from click.testing import CliRunner

from sog.cli.main import main

#: An explicit safety limit for whole games (Enemy in Sight! states no turn limit, p. 21);
#: the flag-free ``sog play enemy-in-sight`` test below plays without one on purpose.
LIMIT = "200"


@pytest.fixture
def runner():
    return CliRunner()


def test_play_with_no_flags_reaches_a_result(runner):
    result = runner.invoke(main, ["play", "enemy-in-sight"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("result: ")
    assert "Turn 1" in result.output and "moves" in result.output


def test_play_is_reproducible_by_seed(runner):
    a = runner.invoke(main, ["play", "enemy-in-sight", "--seed", "9", "--bots", "french=random", "--max-turns", LIMIT])
    b = runner.invoke(main, ["play", "enemy-in-sight", "--seed", "9", "--bots", "french=random", "--max-turns", LIMIT])
    assert a.output == b.output and a.exit_code == 0


def test_play_writes_log_save_and_svgs_and_they_replay_and_render(runner, tmp_path):
    log, save, svg = tmp_path / "g.jsonl", tmp_path / "g.json", tmp_path / "svg"
    result = runner.invoke(main, ["play", "enemy-in-sight", "--seed", "4", "--max-turns", "3", "--quiet",
                                  "--log", str(log), "--save", str(save), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    assert "stopped after turn 3" in result.output
    header = json.loads(log.read_text().splitlines()[0])
    assert header["scenario"] == "enemy-in-sight" and header["seed"] == 4
    svgs = sorted(p.name for p in svg.iterdir())
    assert svgs[:4] == ["turn-000.svg", "turn-001.svg", "turn-002.svg", "turn-003.svg"]
    assert "<svg" in (svg / "turn-002.svg").read_text()
    replayed = runner.invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.output.startswith("ok: ")
    out = tmp_path / "table.svg"
    rendered = runner.invoke(main, ["render", str(save), "-o", str(out)])
    assert rendered.exit_code == 0 and "Terpsichore" in out.read_text()


def test_replay_of_a_tampered_log_fails_naming_the_event(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    runner.invoke(main, ["play", "enemy-in-sight", "--seed", "4", "--quiet", "--log", str(log), "--max-turns", LIMIT])
    lines = log.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"kind":"ship-moved"' in line)
    event = json.loads(lines[index])
    event["data"]["after"]["heading"] += 1
    lines[index] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    assert f"error: event {index} differs" in result.output


@pytest.mark.parametrize("args, message", [
    (["play", "enemy-in-sigth"], "did you mean 'enemy-in-sight'"),
    (["play", "enemy-in-sight", "--option", "bording"], "unknown option 'bording'"),
    (["play", "enemy-in-sight", "--bots", "french=genius"], "unknown bot 'genius'"),
    (["play", "enemy-in-sight", "--bots", "spanish=random"], "unknown seat 'spanish'"),
    (["play", "enemy-in-sight", "--bots", "french"], "is not SEAT=BOT"),
    (["play", "enemy-in-sight", "--rules", "expert"], "unknown rules level 'expert' for Sails of Glory; choose one of basic, standard, advanced"),
    (["play", "enemy-in-sight", "--setting", "x={bad"], "not JSON"),
    (["play", "enemy-in-sight", "--no", "combatt"], "cannot block unknown rule 'combatt'"),
])
def test_bad_play_arguments_give_one_line_and_no_traceback(runner, args, message):
    result = runner.invoke(main, args)
    assert result.exit_code in (1, 2)
    assert message in result.output
    assert "Traceback" not in result.output


def test_render_refuses_a_broken_save(runner, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = runner.invoke(main, ["render", str(bad), "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 1 and "not a sog save file" in result.output


def test_a_human_seat_is_prompted_and_reprompted(runner):
    # Answer "x" (refused) then "1" to every prompt, for 1 turn.
    answers = "x\n1\n" + "1\n" * 60
    result = runner.invoke(main, ["play", "enemy-in-sight", "--seat", "british=human", "--max-turns", "1"], input=answers)
    assert result.exit_code == 0, result.output
    assert "plan a maneuver" in result.output
    assert "please type a number from 1 to" in result.output


def test_rules_lists_the_builtin_rules(runner):
    result = runner.invoke(main, ["rules", "--json"])
    assert result.exit_code == 0
    names = {r["name"] for r in json.loads(result.output)["rules"]}
    assert {"basic-planning", "movement", "combat", "damage", "reloading", "victory"} <= names
    table = runner.invoke(main, ["rules"])
    assert "movement" in table.output and "basic" in table.output


def test_version(runner):
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("sog, version ")


def test_resume_continues_a_saved_game_and_its_log_replays(runner, tmp_path):
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    first = runner.invoke(main, ["play", "enemy-in-sight", "--seed", "4", "--max-turns", "2", "--quiet", "--save", str(save)])
    assert "stopped after turn 2" in first.output
    more = runner.invoke(main, ["resume", str(save), "--turns", "1", "--quiet", "--save", str(save)])
    assert more.exit_code == 0 and "stopped after turn 3" in more.output
    end = runner.invoke(main, ["resume", str(save), "--quiet", "--bots", "french=random", "--log", str(log), "--save", str(save)])
    assert end.exit_code == 0 and end.output.startswith("result: ")
    assert runner.invoke(main, ["replay", str(log)]).output.startswith("ok: ")
    again = runner.invoke(main, ["resume", str(save)])
    assert again.exit_code == 1 and "already over" in again.output


@pytest.mark.parametrize(("seats", "drawn_for"), [(["--seat", "british=human", "--bots", "french=random"], "british"),
                                                  (["--bots", "british=random", "--bots", "french=random"], None)])
def test_play_draws_the_pictures_as_the_one_person_at_the_terminal_sees_the_table(runner, tmp_path, monkeypatch, seats, drawn_for):
    import sog.render.svg as svg

    seen = []
    real = svg.table_svg
    monkeypatch.setattr(svg, "table_svg", lambda game, seat=None: seen.append(seat) or real(game, seat=seat))
    result = runner.invoke(main, ["play", "enemy-in-sight", "--seed", "4", "--max-turns", "1", "--quiet", "--svg", str(tmp_path), *seats],
                           input="\n" * 200)
    assert result.exit_code == 0, result.output
    assert seen and set(seen) == {drawn_for}
