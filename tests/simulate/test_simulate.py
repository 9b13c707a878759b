"""``sog simulate`` and :mod:`sog.simulate`: seeds, determinism across workers, statistics, errors."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from sog.cli.main import main
from sog.simulate import UNFINISHED, GameResult, GameSpec, game_seed, play_game, run_games, summarize, wilson_interval

RANDOM = ["--bots", "british=random", "--bots", "french=random", "--rules", "basic", "--quiet"]
SPEC = GameSpec("enemy-in-sight", {"british": "random", "french": "random"}, level="basic", max_turns=200)


def _simulate(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_game_seeds_are_splitmix64_and_differ():
    # SplitMix64 from state 0: its first output is the published 0xE220A8397B1DCDAF
    assert game_seed(0, 0) == 0xE220A8397B1DCDAF
    seeds = [game_seed(1, i) for i in range(1000)] + [game_seed(2, i) for i in range(1000)]
    assert len(set(seeds)) == 2000 and all(0 <= s < 2**64 for s in seeds)


def test_wilson_interval_of_7_of_10_is_the_formula():
    z, n, p = 1.959963984540054, 10, 0.7
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(centre - half) and high == pytest.approx(centre + half)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)  # the published values for 7/10
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_of_constructed_results():
    results = [GameResult(0, 1, "a", 10, "sunk"), GameResult(1, 2, "a", 20, "sunk"), GameResult(2, 3, "b", 30, "fled"),
               GameResult(3, 4, None, 5, "nobody can act"), GameResult(4, 5, None, 40, UNFINISHED)]
    summary = summarize(results, ["a", "b"])
    assert summary["games"] == 5 and summary["draws"] == 1 and summary["unfinished"] == 1
    assert summary["sides"]["a"]["wins"] == 2 and summary["sides"]["a"]["rate"] == pytest.approx(0.4)
    assert summary["sides"]["a"]["ci95"] == pytest.approx(list(wilson_interval(2, 5)))
    assert summary["sides"]["b"]["wins"] == 1
    assert summary["turns"] == {"mean": 21.0, "median": 20, "min": 5, "max": 40}
    assert list(summary["reasons"].items()) == [("sunk", 2), ("fled", 1), ("nobody can act", 1), (UNFINISHED, 1)]
    assert summarize([], ["a"])["sides"]["a"] == {"wins": 0, "rate": 0.0, "ci95": [0.0, 1.0]}


def test_a_game_of_the_run_is_the_game_sog_play_plays(tmp_path):
    result = play_game(SPEC, 0, game_seed(1, 0))
    out = CliRunner().invoke(main, ["play", "enemy-in-sight", "--seed", str(result.seed), "--rules", "basic", "--quiet",
                                    "--bots", "british=random", "--bots", "french=random"]).output
    assert f"{result.winner} wins after {result.turns} turns: {result.reason}" in out


def test_results_do_not_depend_on_the_number_of_workers(tmp_path):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    for workers, path in (("1", one), ("2", two)):
        result = _simulate("enemy-in-sight", "--games", "8", "--seed", "5", "--workers", workers, "--json", str(path), *RANDOM)
        assert result.exit_code == 0, result.output
    assert one.read_text() == two.read_text()
    document = json.loads(one.read_text())
    assert [g["index"] for g in document["games"]] == list(range(8))
    assert [g["seed"] for g in document["games"]] == [game_seed(5, i) for i in range(8)]
    assert document["summary"]["games"] == 8 and not document["interrupted"]


def test_a_run_of_six_games_finishes_and_writes_csv(tmp_path):
    csv_path = tmp_path / "games.csv"
    result = _simulate("enemy-in-sight", "--games", "6", "--workers", "2", "--csv", str(csv_path), *RANDOM)
    assert result.exit_code == 0, result.output
    assert "games: 6\n" in result.output and "95% CI" in result.output and "how games ended:" in result.output
    assert "sog play enemy-in-sight --seed " in result.output and "games/s" in result.output
    lines = csv_path.read_text().splitlines()
    assert lines[0].startswith("index,seed,winner,turns,reason,") and len(lines) == 7
    assert "defence.status" in lines[0].split(",") and "defence.damage_taken" in lines[0].split(",")


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupt_keeps_what_finished(workers):
    heard = []

    def stop_after_two(result):
        heard.append(result)
        if len(heard) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as caught:
        run_games(SPEC, 50, 1, workers, on_result=stop_after_two)
    assert len(caught.value.results) == 2


@pytest.mark.parametrize("args", [
    ["nope", "--games", "3"],
    ["enemy-in-sight", "--games", "0"],
    ["enemy-in-sight"],
    ["enemy-in-sight", "--games", "3", "--bots", "x=random"],
    ["enemy-in-sight", "--games", "3", "--bots", "british=nobody"],
    ["enemy-in-sight", "--games", "3", "--bots", "british=human"],
    ["enemy-in-sight", "--games", "3", "--rules", "expert"],
    ["enemy-in-sight", "--games", "3", "--option", "no-such-rule"],
    ["enemy-in-sight", "--games", "3", "--workers", "0"],
])
def test_bad_arguments_are_one_line_exit_2_and_write_nothing(tmp_path, args):
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["simulate", *args, "--json", str(out), "--csv", str(tmp_path / "out.csv")])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert list(tmp_path.iterdir()) == []
