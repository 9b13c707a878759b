"""sog simulate on the command line: sog play's choices reach every game, per-ship figures in
every output, comparison mode, plots, and bad arguments (one line, exit 2, nothing written)."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from click.testing import CliRunner

from sog.cli.main import main
from sog.simulate import compare, game_seed
from sog.simulate_stats import summarize

RANDOM = ["--bots", "british=random", "--bots", "french=random", "--quiet"]
LINEUP = ["--fleet", "british=uss-constitution", "--captain", "uss-constitution=isaac-hull", "--rules", "standard",
          "--option", "lacking-training", "--setting", 'lacking-training={"ships": ["courageuse"], "gunners": true}']


def _simulate(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_fleet_captain_and_settings_reach_every_game_and_game_0_replays_with_sog_play(tmp_path):
    out = tmp_path / "run.json"
    result = _simulate("enemy-in-sight", "--games", "3", "--seed", "4", "--max-turns", "30", "--workers", "1",
                       "--json", str(out), *LINEUP, *RANDOM)
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert document["lineup"] == {"fleets": {"british": ["uss-constitution"]}, "attach": {"uss-constitution": {"captain": ["isaac-hull"]}}}
    assert document["settings"] == {"lacking-training": {"ships": ["courageuse"], "gunners": True}}
    for game in document["games"]:
        assert [s["id"] for s in game["ships"] if s["side"] == "british"] == ["uss-constitution"]
    assert set(document["summary"]["ships"]) == {"uss-constitution", "courageuse", "genereux"}
    replay = next(line.strip() for line in result.output.splitlines() if line.strip().startswith("sog play"))
    replay = replay.split("  (game 0")[0]
    assert "--captain uss-constitution=isaac-hull" in replay and "--setting" in replay
    played = CliRunner().invoke(main, shlex.split(replay)[1:] + ["--quiet"])
    first = document["games"][0]
    assert played.exit_code == 0, played.output
    if first["winner"] is None:
        assert f"stopped after turn {first['turns']}" in played.output
    else:
        assert f"{first['winner']} wins after {first['turns']} turns: {first['reason']}" in played.output


def test_the_summary_shows_a_table_of_ships_per_side_and_the_csv_their_figures(tmp_path):
    csv_path = tmp_path / "games.csv"
    result = _simulate("enemy-in-sight", "--games", "2", "--workers", "1", "--rules", "basic", "--csv", str(csv_path), *RANDOM)
    assert result.exit_code == 0, result.output
    assert "british: ships" in result.output and "french: ships" in result.output
    assert "damage dealt" in result.output and "in play at the end" in result.output
    header, *rows = csv_path.read_text().splitlines()
    columns = header.split(",")
    assert {"genereux.status", "genereux.damage_dealt", "genereux.damage_taken"} <= set(columns)
    assert len(rows) == 2 and all(len(row.split(",")) >= len(columns) for row in rows)


def test_comparison_plays_both_runs_from_the_same_seeds_and_reports_the_paired_difference(tmp_path):
    plain, both = tmp_path / "a.json", tmp_path / "ab.json"
    common = ["enemy-in-sight", "--games", "4", "--seed", "9", "--workers", "1", "--rules", "basic", "--max-turns", "40", *RANDOM]
    assert _simulate(*common, "--json", str(plain)).exit_code == 0
    result = _simulate(*common, "--compare-fleet", "french=hermione,le-berwick", "--json", str(both), "--csv", str(tmp_path / "ab.csv"))
    assert result.exit_code == 0, result.output
    assert "run A: games: 4" in result.output and "run B: games: 4" in result.output and "comparison, B - A" in result.output
    document = json.loads(both.read_text())
    assert document["a"]["games"] == json.loads(plain.read_text())["games"]
    assert [g["seed"] for g in document["b"]["games"]] == [game_seed(9, i) for i in range(4)]
    assert document["b"]["lineup"]["fleets"] == {"french": ["hermione", "le-berwick"]}
    assert {s["id"] for g in document["b"]["games"] for s in g["ships"] if s["side"] == "french"} == {"hermione", "le-berwick"}

    class R:  # the games of the JSON as results again
        def __init__(self, g):
            self.__dict__.update(g)
            self.ships = ()

    expected = compare([R(g) for g in document["a"]["games"]], [R(g) for g in document["b"]["games"]], ["british", "french"])
    assert document["difference"] == json.loads(json.dumps(expected))
    lines = (tmp_path / "ab.csv").read_text().splitlines()
    assert lines[0].startswith("run,index,") and [line[0] for line in lines[1:]] == ["A"] * 4 + ["B"] * 4


def test_comparing_bots_changes_only_that_seat():
    result = _simulate("enemy-in-sight", "--games", "1", "--workers", "1", "--rules", "basic", "--max-turns", "2",
                       "--compare-bots", "french=captain", *RANDOM)
    assert result.exit_code == 0, result.output
    assert "--bots french=random" in result.output and "--bots french=captain" in result.output


@pytest.mark.parametrize("suffix, magic", [(".svg", b"<?xml"), (".png", b"\x89PNG")])
def test_plot_files_are_written(tmp_path, suffix, magic):
    path = tmp_path / f"sim{suffix}"
    result = _simulate("enemy-in-sight", "--games", "3", "--workers", "1", "--rules", "basic", "--max-turns", "15",
                       "--plot", str(path), *RANDOM)
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert data.startswith(magic) and len(data) > 5000


def test_a_comparison_plot_is_written(tmp_path):
    path = tmp_path / "ab.svg"
    result = _simulate("enemy-in-sight", "--games", "2", "--workers", "1", "--rules", "basic", "--max-turns", "6",
                       "--compare-bots", "british=captain", "--plot", str(path), *RANDOM)
    assert result.exit_code == 0, result.output
    assert path.stat().st_size > 5000 and b"game length" in path.read_bytes()


def test_without_matplotlib_plot_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = _simulate("enemy-in-sight", "--games", "2", "--plot", str(tmp_path / "a.png"), *RANDOM)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == ["error: --plot needs matplotlib: pip install 'sog[sim]'"]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["--fleet", "british=uss-constitutoin"],
    ["--fleet", "yankee=uss-constitution"],
    ["--captain", "nelson=isaac-hull"],
    ["--crew", "defence=us-marins"],
    ["--fleet", "british=uss-constitution", "--points-limit", "5"],
    ["--setting", "lacking-training=[1]"],
    ["--setting", "lacking-training={}"],
    ["--no", "no-such-rule"],
    ["--compare-fleet", "french=nope"],
    ["--compare-captain", "defence=isaac-hull"],
    ["--compare-bots", "french=nobody"],
    ["--compare-bots", "french=captain"],
    ["--compare-option", "grog", "--option", "grog"],
    ["--plot", "out.txt"],
    ["--plot", "no-such-folder/out.png"],
    ["--address", "tcp://127.0.0.1:8786"],
    ["--executor", "dask"],
    ["--executor", "spark"],
])
def test_bad_arguments_are_one_line_exit_2_and_write_nothing(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = _simulate("enemy-in-sight", "--games", "3", "--bots", "french=captain", *args, "--json", "out.json",
                       "--csv", "out.csv", "--plot", *(["out.svg"] if "--plot" not in args else [args[args.index("--plot") + 1]]))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert list(tmp_path.iterdir()) == []


def test_a_line_up_crosses_to_worker_processes_unchanged(tmp_path):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    for workers, path in (("1", one), ("2", two)):
        result = _simulate("enemy-in-sight", "--games", "4", "--max-turns", "5", "--workers", workers, "--json", str(path),
                           *LINEUP, *RANDOM)
        assert result.exit_code == 0, result.output
    assert one.read_text() == two.read_text()


def test_ctrl_c_during_run_b_reports_and_writes_the_games_that_finished(tmp_path, monkeypatch):
    from sog.cli import simulate_cmd

    real = simulate_cmd.run_games
    calls = []

    def interrupted_in_b(spec, games, seed, workers, on_result=None, **kwargs):
        calls.append(spec)
        if len(calls) == 1:
            return real(spec, games, seed, 1, on_result=on_result)
        exc = KeyboardInterrupt()
        exc.results = real(spec, 1, seed, 1)
        raise exc

    monkeypatch.setattr(simulate_cmd, "run_games", interrupted_in_b)
    out = tmp_path / "ab.json"
    result = _simulate("enemy-in-sight", "--games", "3", "--rules", "basic", "--max-turns", "4", "--compare-bots", "french=captain",
                       "--json", str(out), *RANDOM)
    assert result.exit_code == 130, result.output
    assert "interrupted: 4 of 6 games finished" in result.output
    document = json.loads(out.read_text())
    assert document["interrupted"] and len(document["a"]["games"]) == 3 and len(document["b"]["games"]) == 1
    assert document["difference"]["games"] == 1
