"""What the games of a run add up to: win rates, per-ship figures, and two runs compared.

Pure arithmetic over results (anything with ``index``, ``winner``, ``turns``, ``reason`` and
``ships``, see :class:`sog.simulate.GameResult`), knowing no game system:

- :func:`wilson_interval`: the 95% Wilson score interval of a proportion;
- :func:`summarize`: per side wins and rate; draws, unfinished games, turns, reasons; per ship
  its survival (in play at the end) with its interval, how it left, and the mean per game of
  each figure its game system reports (``sog_ship_statistics``);
- :func:`paired_difference` and :func:`compare`: the difference of two runs played from the
  same seeds, game by game (Newcombe's interval for paired proportions).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

__all__ = ["IN_PLAY", "PAIRED_METHOD", "UNFINISHED", "Z95", "compare", "paired_difference", "summarize", "wilson_interval"]

#: The reason of a game stopped by the run's turn limit before it was decided.
UNFINISHED = "unfinished: the turn limit of the run was reached"
#: The status of a ship still in play (the core's :class:`sog.state.ShipState`).
IN_PLAY = "in-play"
#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: How :func:`paired_difference` computes its interval, as the JSON output states it.
PAIRED_METHOD = ("Newcombe (1998) method 10: hybrid score interval for the difference of paired proportions, "
                 "from the Wilson intervals of both rates and the phi correlation of the paired outcomes")


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% for the default ``z``).

    Unlike the normal approximation it stays within [0, 1] and is sound for few games or rates
    near 0 or 1: centre ``(p + z²/2n) / (1 + z²/n)``, half-width
    ``z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)``. No games: ``(0, 1)``, nothing is known.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[Any], sides: Sequence[str]) -> dict[str, Any]:
    """What ``results`` add up to: per side wins, rate and 95% Wilson interval; draws (decided
    games without a winner), unfinished games, mean and median turns, the reasons games ended
    with their counts (most frequent first, then alphabetical), and per ship :func:`_ships`."""
    n = len(results)
    wins: Counter[str] = Counter(r.winner for r in results if r.winner is not None)
    reasons: Counter[str] = Counter(r.reason for r in results)
    every_side = list(sides) + sorted(set(wins) - set(sides))
    per_side = {}
    for side in every_side:
        low, high = wilson_interval(wins[side], n)
        per_side[side] = {"wins": wins[side], "rate": wins[side] / n if n else 0.0, "ci95": [low, high]}
    turns = [r.turns for r in results]
    draws = sum(1 for r in results if r.winner is None and r.reason != UNFINISHED)
    return {
        "games": n,
        "sides": per_side,
        "draws": draws,
        "unfinished": reasons.get(UNFINISHED, 0),
        "turns": {"mean": statistics.fmean(turns) if turns else None,
                  "median": statistics.median(turns) if turns else None,
                  "min": min(turns, default=None), "max": max(turns, default=None)},
        "reasons": dict(sorted(reasons.items(), key=lambda item: (-item[1], item[0]))),
        "ships": _ships(results),
    }


def _ships(results: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """Per ship (in the order ships first appear): its side, the games it sailed in, how many it
    ended in play with the rate and its Wilson interval, its statuses at the end (counts), and
    the mean per game of every figure (a game not reporting a figure counts 0)."""
    ships: dict[str, dict[str, Any]] = {}
    for result in results:
        for ship in getattr(result, "ships", ()):
            entry = ships.setdefault(ship.id, {"side": ship.side, "games": 0, "statuses": Counter(), "totals": Counter()})
            entry["games"] += 1
            entry["statuses"][ship.status] += 1
            entry["totals"].update({name: 0 for name in ship.figures})
            entry["totals"].update(dict(ship.figures))
    out = {}
    for ship_id, entry in ships.items():
        games, survived = entry["games"], entry["statuses"].get(IN_PLAY, 0)
        low, high = wilson_interval(survived, games)
        out[ship_id] = {
            "side": entry["side"], "games": games, "survived": survived, "survival": survived / games,
            "ci95": [low, high],
            "statuses": dict(sorted(entry["statuses"].items(), key=lambda item: (-item[1], item[0]))),
            "mean": {name: total / games for name, total in entry["totals"].items()},
        }
    return out


def paired_difference(pairs: Sequence[tuple[bool, bool]], z: float = Z95) -> dict[str, Any]:
    """The difference ``rate_b - rate_a`` of a success over games played in pairs ``(a, b)``
    (the same seed in both runs), with its 95% interval by :data:`PAIRED_METHOD`.

    With ``n`` pairs, ``both``/``only_b``/``only_a``/``neither`` counting the four outcomes,
    ``p_b``, ``p_a`` the rates with Wilson intervals ``(l_b, u_b)``, ``(l_a, u_a)`` and
    ``phi = (both·neither - only_b·only_a) / sqrt(product of the four margins)`` (0 when a
    margin is 0): ``lower = d - sqrt((p_b-l_b)² - 2·phi·(p_b-l_b)(u_a-p_a) + (u_a-p_a)²)``,
    ``upper = d + sqrt((u_b-p_b)² - 2·phi·(u_b-p_b)(p_a-l_a) + (p_a-l_a)²)``. The interval
    uses the pairing: correlated games (common random numbers) give a narrower one.
    """
    n = len(pairs)
    both = sum(1 for a, b in pairs if a and b)
    only_b = sum(1 for a, b in pairs if b and not a)
    only_a = sum(1 for a, b in pairs if a and not b)
    neither = n - both - only_a - only_b
    if n == 0:
        return {"games": 0, "rate_a": 0.0, "rate_b": 0.0, "difference": 0.0, "ci95": [-1.0, 1.0],
                "pairs": {"both": 0, "only_a": 0, "only_b": 0, "neither": 0}}
    p_b, p_a = (both + only_b) / n, (both + only_a) / n
    l_b, u_b = wilson_interval(both + only_b, n, z)
    l_a, u_a = wilson_interval(both + only_a, n, z)
    margins = (both + only_b) * (only_a + neither) * (both + only_a) * (only_b + neither)
    phi = (both * neither - only_b * only_a) / math.sqrt(margins) if margins else 0.0
    d = p_b - p_a
    lower = d - math.sqrt(max(0.0, (p_b - l_b) ** 2 - 2 * phi * (p_b - l_b) * (u_a - p_a) + (u_a - p_a) ** 2))
    upper = d + math.sqrt(max(0.0, (u_b - p_b) ** 2 - 2 * phi * (u_b - p_b) * (p_a - l_a) + (p_a - l_a) ** 2))
    return {"games": n, "rate_a": p_a, "rate_b": p_b, "difference": d, "ci95": [max(-1.0, lower), min(1.0, upper)],
            "pairs": {"both": both, "only_a": only_a, "only_b": only_b, "neither": neither}}


def compare(results_a: Sequence[Any], results_b: Sequence[Any], sides: Sequence[str]) -> dict[str, Any]:
    """Per side the paired difference of win rates, run B minus run A, over the games both
    runs finished (matched by index: the same seed), and likewise of draws."""
    by_index = {r.index: r for r in results_a}
    pairs = [(by_index[r.index], r) for r in results_b if r.index in by_index]
    winners = {w for a, b in pairs for w in (a.winner, b.winner) if w is not None}
    every_side = list(sides) + sorted(winners - set(sides))
    return {
        "method": PAIRED_METHOD,
        "games": len(pairs),
        "sides": {side: paired_difference([(a.winner == side, b.winner == side) for a, b in pairs]) for side in every_side},
        "draws": paired_difference([(_drawn(a), _drawn(b)) for a, b in pairs]),
    }


def _drawn(result: Any) -> bool:
    return result.winner is None and result.reason != UNFINISHED
