"""Sinking ships (rulebook p. 40), paragraph by paragraph.

HMS Terpsichore lies at (450, 450) heading north with a leak; the Courageuse lies base against
base to her east; the others are parked. Movement is blocked.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from opt3_bench import add_markers, box, line_up, plan
from sog.errors import ConfigError
from sog.plugins.advanced.mat import FIRE_DAMAGE, WATER_DAMAGE
from sog.plugins.optional import marker_cup, sinking_ships


def _bench(make, markers=2, leaks=1, options=("sinking-ships",)):
    bench = line_up(make, options)
    add_markers(bench, "terpsichore", WATER_DAMAGE, markers)
    box(bench, "terpsichore")["leak"] = leaks
    return bench


def _draws(bench, turn=None):
    return [(e["data"]["marker_number"], e["data"]["drawn"]) for e in bench.events("sinking-ships-draw", turn)]


def test_an_advanced_only_option(make):
    with pytest.raises(ConfigError, match="not allowed with basic rules"):
        make("basic", ("sinking-ships",))
    assert sinking_ships.RULE.levels == ("advanced",)


def test_the_first_two_water_damage_markers_draw_nothing(make):
    bench = _bench(make, markers=1)
    bench.until(1, "planning")
    assert marker_cup.on_track(bench.ship("terpsichore"), WATER_DAMAGE) == 2 and _draws(bench) == []


def test_a_water_damage_marker_drawn_is_placed_normally(make):
    bench = _bench(make)
    sinking_ships.stack(bench.game, [WATER_DAMAGE])
    bench.until(1, "planning")
    assert _draws(bench, 1) == [(3, WATER_DAMAGE)]
    assert marker_cup.on_track(bench.ship("terpsichore"), WATER_DAMAGE) == 3 and bench.ship("terpsichore").in_play


def test_the_cup_holds_three_water_damage_markers_and_one_sinking_marker(make):
    bench = _bench(make)
    cup = marker_cup.cup(bench.game, sinking_ships.NAME, WATER_DAMAGE, "sinking")
    assert sorted(cup["markers"]) == ["sinking", WATER_DAMAGE, WATER_DAMAGE, WATER_DAMAGE]


def test_the_sinking_marker_sinks_the_ship(make):
    bench = _bench(make)
    sinking_ships.stack(bench.game, ["sinking"])
    bench.until(1, "planning")
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"] == {"ship": "terpsichore", "status": "sunk", "cause": "the hull gave way"}
    assert marker_cup.on_track(bench.ship("terpsichore"), WATER_DAMAGE) == 2


def test_a_sunk_ship_leaves_the_table_even_with_surrendered_ships(make):
    bench = _bench(make, options=("sinking-ships", "surrendered-ships"))
    sinking_ships.stack(bench.game, ["sinking"])
    bench.until(1, "planning")
    own = bench.game.state.ext.get("surrendered-ships", {})
    assert bench.ship("terpsichore").status == "sunk"
    assert "terpsichore" not in own.get("drifting", []) + own.get("wrecks", [])


def test_pumped_out_water_damage_markers_still_count_as_received(make):
    """p. 40 counts the markers a ship has received: pumping empties the track, not the count."""
    bench = _bench(make)  # two markers on the track, a leak
    sinking_ships.stack(bench.game, [WATER_DAMAGE] * 4)
    plan(bench, "terpsichore", "pump-water")
    bench.play(3)  # each turn the leak adds a marker and the crew pumps one out; turn 4 has begun
    assert len(bench.events("water-pumped")) == 3
    assert marker_cup.on_track(bench.ship("terpsichore"), WATER_DAMAGE) == 3
    assert _draws(bench) == [(3, WATER_DAMAGE), (4, WATER_DAMAGE), (5, WATER_DAMAGE), (6, WATER_DAMAGE)]
    assert [e["turn"] for e in bench.events("sinking-ships-draw")] == [1, 2, 3, 4]
    assert sinking_ships.received(bench.ship("terpsichore")) == 6
    assert bench.ship("terpsichore").ext["sinking-ships"]["received"] == 6


def test_a_ship_that_pumped_makes_the_draws_of_every_marker_received(make):
    """Six markers received, three of them pumped out: the sixth still draws, and may sink the ship."""
    bench = _bench(make, markers=0)
    sinking_ships.stack(bench.game, [WATER_DAMAGE] * 3 + ["sinking"])
    plan(bench, "terpsichore", turns={1: ["pump-water"], 3: ["pump-water"], 5: ["pump-water"]})
    bench.play(5)  # a marker at the start of each turn, pumped out in turns 1, 3 and 5; turn 6 has begun
    assert len(bench.events("water-pumped")) == 3
    assert _draws(bench) == [(3, WATER_DAMAGE), (4, WATER_DAMAGE), (5, WATER_DAMAGE), (6, "sinking")]
    assert marker_cup.on_track(bench.ship("terpsichore"), WATER_DAMAGE) == 2
    assert bench.ship("terpsichore").status == "sunk"


def test_ruling_received_markers_laid_on_the_track_count_too(make):
    bench = _bench(make, markers=2)
    assert sinking_ships.received(bench.ship("terpsichore")) == 2
    assert sinking_ships.RECEIVED


def test_ruling_drawn_before_only_markers_that_find_an_empty_box(make):
    bench = _bench(make)
    add_markers(bench, "terpsichore", FIRE_DAMAGE, len(bench.ship("terpsichore").ship_track) - 3)  # one empty box left
    box(bench, "terpsichore")["fire"] = 1  # its marker takes the last box first (fires before leaks)
    bench.until(1, "planning")
    assert _draws(bench) == []
    assert bench.ship("terpsichore").status == "surrendered"  # covered by fire and water damage, not sunk
