"""Variable wind direction (rulebook pp. 41-42), with the rulebook's example."""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.errors import ConfigError, PluginError
from sog.plugins.optional import variable_wind_direction as vwd
from sog.plugins.optional.variable_wind_direction import BLANK, CCW, CW
from sog.plugins.system.content_models import deck_of

WEST, NORTH_WEST = 270.0, 315.0


def _bench(make, wind, counters, level="basic", static=False, settings=None):
    bench = make(level, ("variable-wind-direction",), settings=settings, static=static)
    bench.game.state.wind.from_ = wind
    vwd.stack(bench.game, counters)
    return bench


def _own(bench):
    return bench.game.state.ext["variable-wind-direction"]


def test_the_cup_holds_three_clockwise_three_counter_clockwise_and_four_unchanged(make):
    bench = make("basic", ("variable-wind-direction",))
    cup = _own(bench)["cup"]
    assert (cup.count(CW), cup.count(CCW), cup.count(BLANK)) == (3, 3, 4)
    assert _own(bench)["gauge"] is None and bench.game.state.wind.from_ == 90.0


def test_rulebook_example_west_turns_north_west_at_turn_three(make):
    """p. 42: clockwise (gauge), blank (back in the cup), clockwise again: West -> North-West."""
    bench = _bench(make, WEST, [CW, BLANK, CW])
    bench.until(1, "planning")
    assert bench.game.state.wind.from_ == WEST and _own(bench)["gauge"] == CW and len(_own(bench)["cup"]) == 9
    bench.until(2, "planning")
    assert bench.game.state.wind.from_ == WEST and _own(bench)["gauge"] == CW and len(_own(bench)["cup"]) == 9
    bench.until(3, "planning")
    assert bench.game.state.wind.from_ == NORTH_WEST and _own(bench)["gauge"] is None
    assert sorted(_own(bench)["cup"]) == vwd.fresh_cup()
    drawn = [(e["turn"], e["data"]["counter"], e["data"]["gauge"], e["data"]["wind"]) for e in bench.events("wind-counter")]
    assert drawn == [(1, CW, CW, WEST), (2, BLANK, CW, WEST), (3, CW, None, NORTH_WEST)]
    assert [e["data"] for e in bench.events("wind-changed")] == [{"before": WEST, "after": NORTH_WEST, "direction": CW}]


def test_opposite_counters_cancel_and_both_go_back_into_the_cup(make):
    bench = _bench(make, WEST, [CW, CCW])
    bench.until(2, "planning")
    assert bench.game.state.wind.from_ == WEST and _own(bench)["gauge"] is None
    assert sorted(_own(bench)["cup"]) == vwd.fresh_cup()
    assert bench.events("wind-changed") == []


def test_two_counter_clockwise_counters_back_the_wind_across_north(make):
    bench = _bench(make, 30.0, [CCW, CCW])
    vwd.change(bench.game), vwd.change(bench.game)
    vwd.stack(bench.game, [CCW, CCW])
    vwd.change(bench.game), vwd.change(bench.game)
    assert bench.game.state.wind.from_ == 300.0  # 30 -> 345 -> 300 (degrees from north, clockwise)
    assert [e["data"]["after"] for e in bench.events("wind-changed")] == [345.0, 300.0]


def test_an_unchanged_counter_with_an_empty_gauge_changes_nothing(make):
    bench = _bench(make, WEST, [BLANK, BLANK])
    bench.until(2, "planning")
    assert bench.game.state.wind.from_ == WEST and _own(bench)["gauge"] is None and len(_own(bench)["cup"]) == 10


def test_the_counter_on_the_gauge_is_out_of_the_cup_until_the_pair_is_resolved(make):
    bench = _bench(make, WEST, [CCW])
    bench.until(1, "planning")
    assert _own(bench)["cup"].count(CCW) == 2 and _own(bench)["gauge"] == CCW


def test_a_new_wind_applies_to_this_turns_planning_and_movement(make):
    """A ship heading north-west is beating in a west wind and taken aback once it turns north-west."""
    bench = _bench(make, WEST, [CW, CW])
    bench.put("courageuse", 450.0, 450.0, NORTH_WEST)
    bench.until(1, "planning")
    deck = deck_of(bench.game.content, bench.game.ship_doc(bench.ship("courageuse")).deck)
    assert {deck.card(c).kind for c in bench.request("plan", "courageuse").choices} == {"normal"}
    bench.until(2, "planning")
    assert bench.game.state.wind.from_ == NORTH_WEST
    assert {deck.card(c).kind for c in bench.request("plan", "courageuse").choices} == {"taken-aback"}


def test_a_wind_change_is_seen_by_the_movement_of_the_same_turn(make):
    bench = _bench(make, WEST, [CW, CW], static=False)
    bench.put("courageuse", 450.0, 450.0, NORTH_WEST)
    bench.play(2)
    [moved] = bench.events("ship-moved", 2, ship="courageuse")
    assert moved["data"]["attitude"] == "taken-aback"


def test_stacking_a_counter_the_cup_does_not_hold_is_an_error(make):
    bench = make("basic", ("variable-wind-direction",))
    with pytest.raises(PluginError, match="clockwise"):
        vwd.stack(bench.game, [CW, CW, CW, CW])


def test_random_start_draws_one_of_the_eight_compass_points(make):
    winds = set()
    for seed in range(12):
        bench = make("basic", ("variable-wind-direction",), settings={"variable-wind-direction": {"random_start": True}}, seed=seed)
        wind = bench.game.state.wind.from_
        assert wind in vwd.START_DIRECTIONS
        assert [e["data"] for e in bench.events("wind-start")] == [{"wind": wind}]
        winds.add(wind)
    assert len(winds) > 1
    same = make("basic", ("variable-wind-direction",), settings={"variable-wind-direction": {"random_start": True}}, seed=3)
    again = make("basic", ("variable-wind-direction",), settings={"variable-wind-direction": {"random_start": True}}, seed=3)
    assert same.game.state.wind.from_ == again.game.state.wind.from_


def test_without_random_start_the_scenario_wind_is_kept(make):
    bench = make("basic", ("variable-wind-direction",), settings={"variable-wind-direction": {"random_start": False}})
    assert bench.game.state.wind.from_ == 90.0 and bench.events("wind-start") == []


def test_bad_settings_are_a_configuration_error(make):
    with pytest.raises(ConfigError, match="variable-wind-direction"):
        make("basic", ("variable-wind-direction",), settings={"variable-wind-direction": {"random_start": "yes"}})


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_the_wind_changes_at_every_level(make, level):
    bench = _bench(make, WEST, [CW, CW], level=level)
    bench.until(2, "planning")
    assert bench.game.state.wind.from_ == NORTH_WEST
