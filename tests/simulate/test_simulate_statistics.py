"""sog.simulate_stats on hand-made results: per-ship survival and means, the paired difference
of two runs and its Newcombe interval, computed here by hand."""

from __future__ import annotations

import math

import pytest

from sog.simulate import UNFINISHED, GameResult, ShipResult, compare, summarize, wilson_interval
from sog.simulate_stats import paired_difference


def _game(index, winner, *ships, turns=10, reason="sunk"):
    return GameResult(index, 100 + index, winner, turns, reason, tuple(ships))


def _ship(ship_id, side, status, dealt, taken):
    return ShipResult(ship_id, side, status, {"damage_dealt": dealt, "damage_taken": taken})


RESULTS = [
    _game(0, "a", _ship("x", "a", "in-play", 10, 2), _ship("y", "b", "surrendered", 2, 10)),
    _game(1, "a", _ship("x", "a", "in-play", 6, 4), _ship("y", "b", "left-table", 4, 6)),
    _game(2, "b", _ship("x", "a", "surrendered", 0, 12), _ship("y", "b", "in-play", 12, 0)),
    _game(3, None, _ship("x", "a", "in-play", 2, 2), _ship("y", "b", "in-play", 2, 2), reason=UNFINISHED),
]


def test_per_ship_survival_statuses_and_mean_figures():
    ships = summarize(RESULTS, ["a", "b"])["ships"]
    assert list(ships) == ["x", "y"]
    x, y = ships["x"], ships["y"]
    assert (x["side"], x["games"], x["survived"], x["survival"]) == ("a", 4, 3, 0.75)
    assert x["ci95"] == pytest.approx(list(wilson_interval(3, 4)))
    assert x["statuses"] == {"in-play": 3, "surrendered": 1}
    assert x["mean"] == {"damage_dealt": 4.5, "damage_taken": 5.0}
    assert y["survived"] == 2 and y["statuses"] == {"in-play": 2, "left-table": 1, "surrendered": 1}
    assert y["mean"] == {"damage_dealt": 5.0, "damage_taken": 4.5}


def test_a_figure_missing_from_a_game_counts_zero_there():
    results = [_game(0, "a", ShipResult("x", "a", "in-play", {"hits": 4})), _game(1, "a", ShipResult("x", "a", "in-play", {}))]
    assert summarize(results, ["a"])["ships"]["x"]["mean"] == {"hits": 2.0}


def _newcombe(both, only_b, only_a, neither):
    """Newcombe's method 10 written out again, independently of the module's layout."""
    z = 1.959963984540054
    n = both + only_b + only_a + neither

    def wilson(k):
        p = k / n
        centre = (2 * n * p + z * z) / (2 * (n + z * z))
        half = z * math.sqrt(z * z + 4 * n * p * (1 - p)) / (2 * (n + z * z))
        return p, centre - half, centre + half

    p2, l2, u2 = wilson(both + only_b)
    p1, l1, u1 = wilson(both + only_a)
    e, f, g, h = both + only_b, only_a + neither, both + only_a, only_b + neither
    phi = (both * neither - only_b * only_a) / math.sqrt(e * f * g * h)
    d = p2 - p1
    delta = math.sqrt((p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2)
    eps = math.sqrt((u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2)
    return d, d - delta, d + eps


def test_the_paired_difference_is_newcombes_interval():
    # 5 games both runs won, 7 only B, 2 only A, 6 neither: B - A = 5/20
    pairs = [(True, True)] * 5 + [(False, True)] * 7 + [(True, False)] * 2 + [(False, False)] * 6
    out = paired_difference(pairs)
    d, low, high = _newcombe(5, 7, 2, 6)
    assert out["difference"] == pytest.approx(0.25) == pytest.approx(d)
    assert out["ci95"] == pytest.approx([low, high])
    assert out["pairs"] == {"both": 5, "only_a": 2, "only_b": 7, "neither": 6}
    assert (out["rate_a"], out["rate_b"]) == (0.35, 0.6)


def test_pairing_narrows_the_interval_of_correlated_games():
    correlated = [(True, True)] * 9 + [(False, True)] * 2 + [(False, False)] * 9
    independent = [(True, True)] * 5 + [(False, True)] * 6 + [(True, False)] * 4 + [(False, False)] * 5
    width = [paired_difference(p)["ci95"][1] - paired_difference(p)["ci95"][0] for p in (correlated, independent)]
    assert paired_difference(correlated)["difference"] == pytest.approx(paired_difference(independent)["difference"])
    assert width[0] < width[1]


def test_identical_runs_differ_by_zero_and_a_margin_of_zero_is_no_error():
    same = paired_difference([(True, True), (False, False), (True, True)])
    assert same["difference"] == 0.0 and same["ci95"][0] < 0 < same["ci95"][1]
    all_won = paired_difference([(True, True)] * 4)
    assert all_won["difference"] == 0.0 and -1 <= all_won["ci95"][0] <= 0 <= all_won["ci95"][1] <= 1
    assert paired_difference([])["ci95"] == [-1.0, 1.0]


def test_compare_pairs_games_by_index_and_skips_unpaired_ones():
    a = [_game(0, "a"), _game(1, "a"), _game(2, "b"), _game(3, None, reason="mutual destruction")]
    b = [_game(3, "b"), _game(1, "b"), _game(0, "a"), _game(2, "b"), _game(4, "a")]
    out = compare(a, b, ["a", "b"])
    assert out["games"] == 4 and "Newcombe" in out["method"]
    assert out["sides"]["a"]["pairs"] == {"both": 1, "only_a": 1, "only_b": 0, "neither": 2}
    assert out["sides"]["b"]["difference"] == pytest.approx(0.5)
    assert out["draws"]["rate_a"] == 0.25 and out["draws"]["rate_b"] == 0.0
