"""Aiming high (rulebook p. 37), paragraph by paragraph, with the worked example.

HMS Terpsichore (burden 2) lies at (450, 450) heading north; the Courageuse (central
firepower 3) lies abeam to the east at short range (60 mm of sea), her left broadside bearing
and planned to fire. The other ships are parked. Movement is blocked.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from opt3_bench import APART, box, fire_at, line_up, plan
from sog.errors import ConfigError
from sog.plugins.optional import aiming_high

EXAMPLE = [(2, "crew"), (None, "crew"), (3, "leak")]


def _bench(make, options=("aiming-high",), seed=1):
    bench = line_up(make, options, seed=seed, where={"courageuse": APART})
    plan(bench, "courageuse", "fire-left")
    return bench


def _aimed(bench, stack_b, aim="high"):
    fire_at(bench, "courageuse", "terpsichore", aim=aim)
    bench.stack("B", stack_b)
    bench.play(1)
    return bench.events("aimed-high", 1)


def _labels(counters):
    return sorted(c.label() for c in counters)


def test_an_advanced_only_option(make):
    with pytest.raises(ConfigError, match="not allowed with standard rules"):
        make("standard", ("aiming-high",))
    assert aiming_high.RULE.levels == ("advanced",)


def test_a_ball_broadside_offers_each_aimed_choice_a_second_time_aimed_high(make):
    bench = _bench(make)
    bench.until(1, "combat")
    choices = bench.request("fire", "courageuse", "left").choices
    aimed = [c for c in choices if c is not None and c["target"] is not None]
    assert aimed[0].get("aim") is None and aimed[1] == {**aimed[0], "aim": "high"}  # plain first (ruling DECISION)
    assert [c for c in choices if c is not None and c["target"] is None and "aim" in c] == []  # no aim at nothing


def test_only_ball_may_aim_high_not_chain(make):
    bench = _bench(make)
    bench.script[("load", "courageuse", "left")] = [lambda r: next(c for c in r.choices if c["ammunition"] == "chain")]
    bench.put("courageuse", 493.0 + 30.0, 450.0, 0.0)  # chain hits only in the red band
    bench.until(1, "combat")
    choices = bench.request("fire", "courageuse", "left").choices
    assert any(c and c["target"] for c in choices) and not any(c and "aim" in c for c in choices)


def test_double_shot_may_aim_high_and_both_pools_are_swapped(make):
    bench = _bench(make, ("aiming-high", "double-shot"))
    bench.script[("load", "courageuse", "left")] = [lambda r: next(c for c in r.choices if c["ammunition"] == "double-shot")]
    bench.stack("A", [(None, "crew"), (0, None), (0, None), (1, None)])  # the second pool, then A's replacement
    [event] = _aimed(bench, [(3, "leak"), (0, None), (0, None), (2, None)])
    assert event["data"]["replaced"] == ["B3+leak", "A:crew"] and event["data"]["drawn"] == ["B2", "A1"]
    assert box(bench, "terpsichore")["sail"] == 1
    assert _labels(bench.ship("terpsichore").zero_box) == ["A0", "A0", "A:crew", "B0", "B0", "B3+leak"]


def test_rulebook_example_courageuse_aims_high_at_terpsichore(make):
    bench = _bench(make)
    [event] = _aimed(bench, [*EXAMPLE, (2, None), (4, None)])  # the draw, then the two new counters
    [attack] = bench.events("attack", 1, attacker="courageuse")
    assert attack["data"]["counters"] == ["B2+crew", "B:crew", "B3+leak"] and attack["data"]["band"] == "short"
    assert event["data"] == {"attacker": "courageuse", "side": "left", "target": "terpsichore",
                             "replaced": ["B:crew", "B3+leak"], "drawn": ["B2", "B4"], "extra": ["sail"]}
    terpsichore = bench.ship("terpsichore")
    assert box(bench, "terpsichore")["sail"] == 1 and box(bench, "terpsichore")["leak"] == 0  # a sail damage, no leak
    assert _labels(terpsichore.zero_box) == ["B3+leak", "B:crew"]  # the replaced counters lie in the 0 box
    [applied] = bench.events("damage-applied", 1, ship="terpsichore")
    assert applied["data"]["counters"] == ["B2+crew", "B2", "B4"]  # the 2+crew stays; two new counters
    assert [b.counters[0].label() for b in terpsichore.ship_track[:3]] == ["B4", "B2+crew", "B2"]
    assert terpsichore.crew_track[0].markers == ["crew-loss"] and not terpsichore.crew_track[1].covered
    [extra] = bench.events("aiming-high-damage", 1)
    assert extra["data"] == {"ship": "terpsichore", "symbol": "sail", "effect": "sail damage 1"}


def test_without_aiming_high_the_same_counters_take_effect_as_drawn(make):
    bench = _bench(make)
    assert _aimed(bench, EXAMPLE, aim=None) == []
    assert box(bench, "terpsichore")["leak"] == 1 and box(bench, "terpsichore")["sail"] == 0
    assert bench.ship("terpsichore").crew_track[1].covered  # the crew-only counter


def test_a_replaced_rudder_adds_a_mast_damage_and_a_six_goes_too(make):
    bench = _bench(make)
    [event] = _aimed(bench, [(2, "rudder"), (6, None), (1, None), (1, None), (2, None)])
    assert event["data"]["replaced"] == ["B2+rudder", "B6"] and event["data"]["extra"] == ["mast"]
    assert box(bench, "terpsichore")["masts"] == 1 and box(bench, "terpsichore")["rudder"] == 0


def test_ruling_replaced_once_new_counters_take_effect_as_drawn(make):
    bench = _bench(make)
    [event] = _aimed(bench, [(None, "crew"), (0, None), (0, None), (3, "leak")])
    assert event["data"]["drawn"] == ["B3+leak"] and event["data"]["extra"] == []
    assert box(bench, "terpsichore")["leak"] == 1 and box(bench, "terpsichore")["sail"] == 0


def test_a_third_broken_mast_from_aiming_high_makes_the_target_surrender(make):
    bench = _bench(make)
    box(bench, "terpsichore")["masts"] = 2
    _aimed(bench, [(3, "rudder"), (0, None), (0, None), (0, None)])
    assert box(bench, "terpsichore")["masts"] == 3
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"] == {"ship": "terpsichore", "status": "surrendered", "cause": "third broken mast"}


def test_two_broadsides_at_one_target_only_the_aimed_one_is_swapped(make):
    bench = _bench(make)
    bench.put("genereux", 450.0 - 43.0 - 60.0, 450.0, 0.0)  # west of the Terpsichore, her right broadside bearing
    plan(bench, "genereux", "fire-right")
    bench.script[("fire", "genereux", "right")] = lambda r: bench.option(r, "terpsichore", "central", aim=None)
    courageuse, genereux = [(None, "crew"), (0, None), (0, None)], [(None, "crew")] + [(0, None)] * 6
    [event] = _aimed(bench, courageuse + genereux + [(1, None)])  # in scenario order; then the new counter
    [attack] = bench.events("attack", 1, attacker="genereux")
    assert attack["data"]["firepower"] == 7 and attack["data"]["counters"].count("B:crew") == 1
    assert event["data"]["replaced"] == ["B:crew"] and event["data"]["drawn"] == ["B1"]
    terpsichore = bench.ship("terpsichore")
    assert [c.label() for b in terpsichore.crew_track for c in b.counters] == ["B:crew"]  # the Généreux's stays
    assert _labels(terpsichore.zero_box).count("B:crew") == 1


def test_a_ball_broadside_firing_continuously_may_aim_high(make):
    bench = _bench(make, ("aiming-high", "continuous-fire"))
    plan(bench, "courageuse", turns={1: ["fire-left"], 2: ["fire-left"]})
    fire_at(bench, "courageuse", "terpsichore")
    bench.until(2, "combat")
    choices = bench.request("continuous-fire", "courageuse", "left").choices
    assert {**next(c for c in choices if c and "aim" not in c), "aim": "high"} in choices
    assert all(c["ammunition"] == "ball" for c in choices if c and "aim" in c)
