"""Ammunition explosion (rulebook p. 40), paragraph by paragraph.

HMS Terpsichore lies at (450, 450) heading north with a fire on board; the Courageuse lies
base against base to her east, HMS Defence to her west when a test needs a friend in contact;
the Généreux is parked. Movement is blocked.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from opt3_bench import add_markers, box, line_up
from sog.errors import ConfigError
from sog.plugins.advanced.mat import FIRE_DAMAGE, WATER_DAMAGE
from sog.plugins.optional import ammunition_explosion, marker_cup, sinking_ships


def _bench(make, markers=2, fires=1, options=("ammunition-explosion",), ships=("terpsichore", "courageuse"), **kw):
    bench = line_up(make, options, ships=ships, where={"defence": 407.0}, **kw)
    add_markers(bench, "terpsichore", FIRE_DAMAGE, markers)
    box(bench, "terpsichore")["fire"] = fires
    return bench


def _markers(bench, ship="terpsichore", marker=FIRE_DAMAGE):
    return marker_cup.on_track(bench.ship(ship), marker)


def test_an_advanced_only_option_that_needs_special_damage(make):
    with pytest.raises(ConfigError, match="not allowed with standard rules"):
        make("standard", ("ammunition-explosion",))
    assert ammunition_explosion.RULE.requires == ("special-damage",)


def test_the_first_two_fire_damage_markers_draw_nothing(make):
    bench = _bench(make, markers=0)
    bench.play(2)  # (the bench stops once turn 3 has begun: its markers are placed)
    assert [len(bench.events("marker-placed", t, ship="terpsichore")) for t in (1, 2, 3)] == [1, 1, 1]
    assert [e["turn"] for e in bench.events("ammunition-explosion-draw")] == [3]


def test_each_fire_damage_marker_beyond_the_second_draws_from_the_cup(make):
    bench = _bench(make)
    ammunition_explosion.stack(bench.game, [FIRE_DAMAGE, FIRE_DAMAGE, FIRE_DAMAGE])
    bench.play(2)
    draws = [(e["turn"], e["data"]["marker_number"], e["data"]["drawn"]) for e in bench.events("ammunition-explosion-draw")]
    assert draws == [(1, 3, FIRE_DAMAGE), (2, 4, FIRE_DAMAGE), (3, 5, FIRE_DAMAGE)]
    assert _markers(bench) == 5 and bench.ship("terpsichore").in_play  # a fire damage marker: placed normally


def test_two_fires_on_board_draw_only_for_the_marker_beyond_the_second(make):
    bench = _bench(make, markers=1, fires=2)
    ammunition_explosion.stack(bench.game, [FIRE_DAMAGE])
    bench.play(1)
    assert [e["data"]["marker_number"] for e in bench.events("ammunition-explosion-draw", 1)] == [3]


def test_the_cup_holds_three_fire_damage_markers_and_one_explosion(make):
    bench = _bench(make)
    cup = marker_cup.cup(bench.game, ammunition_explosion.NAME, FIRE_DAMAGE, "explosion")
    assert sorted(cup["markers"]) == ["explosion", FIRE_DAMAGE, FIRE_DAMAGE, FIRE_DAMAGE]
    drawn = [marker_cup.draw(bench.game, ammunition_explosion.NAME, FIRE_DAMAGE, "explosion") for _ in range(400)]
    assert 60 < drawn.count("explosion") < 140  # about one in four, from the game's generator
    assert sorted(cup["markers"]) == ["explosion", FIRE_DAMAGE, FIRE_DAMAGE, FIRE_DAMAGE]  # each goes back


def test_an_explosion_eliminates_the_ship_before_its_marker(make):
    bench = _bench(make)
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.play(1)
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"]["ship"] == "terpsichore" and removed["data"]["status"] == "exploded"
    assert _markers(bench) == 2 and bench.events("marker-placed", 1, ship="terpsichore") == []


def test_an_exploded_ship_leaves_the_table_even_with_surrendered_ships(make):
    bench = _bench(make, options=("ammunition-explosion", "surrendered-ships"))
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.play(1)
    assert bench.ship("terpsichore").status == "exploded"
    own = bench.game.state.ext.get("surrendered-ships", {})
    assert "terpsichore" not in own.get("drifting", []) + own.get("wrecks", [])


def test_every_ship_in_base_contact_draws_a_counter_and_catches_fire_unless_a_zero(make):
    bench = _bench(make, ships=("terpsichore", "courageuse", "defence"))
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.stack("B", [(0, None), (2, None)])  # HMS Defence (scenario order), then the Courageuse
    bench.play(1)
    blasts = {e["data"]["ship"]: e["data"] for e in bench.events("explosion-damage", 1)}
    assert blasts["defence"]["counter"] == "B0" and blasts["defence"]["fires_started"] == 0  # friend or foe
    assert blasts["courageuse"]["counter"] == "B2" and blasts["courageuse"]["fires_started"] == 1
    assert box(bench, "defence")["fire"] == 0 and box(bench, "courageuse")["fire"] == 1
    assert bench.ship("courageuse").ship_track[0].counters[0].label() == "B2"  # the damage indicated, too
    assert bench.events("explosion-damage", 1, ship="genereux") == []  # not in contact


@pytest.mark.parametrize(("counter", "fires"), [((3, "fire"), 2), ((None, "crew"), 1)], ids=["fire", "crew-only"])
def test_a_fire_counter_starts_two_fires_and_a_crew_only_counter_is_not_a_zero(make, counter, fires):
    bench = _bench(make)
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.stack("B", [counter])
    bench.play(1)
    assert box(bench, "courageuse")["fire"] == fires


def test_ruling_blast_after_markers_a_fire_it_starts_burns_from_next_turn(make):
    bench = _bench(make)
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.stack("B", [(2, None)])
    bench.play(1)
    assert bench.events("marker-placed", 1, ship="courageuse") == []
    bench.play(2)
    assert len(bench.events("marker-placed", 2, ship="courageuse")) == 1


def test_a_ship_whose_track_the_blast_covers_surrenders(make):
    bench = _bench(make)
    for b in bench.ship("courageuse").crew_track[:-1]:
        b.markers.append("crew-loss")
    ammunition_explosion.stack(bench.game, ["explosion"])
    bench.stack("B", [(None, "crew")])
    bench.play(1)
    [removed] = bench.events("ship-removed", 1, ship="courageuse")
    assert removed["data"] == {"ship": "courageuse", "status": "surrendered", "cause": "ammunition explosion"}


def test_fire_markers_are_drawn_for_before_water_markers_with_both_options(make):
    bench = _bench(make, options=("ammunition-explosion", "sinking-ships"))
    add_markers(bench, "terpsichore", WATER_DAMAGE, 2)
    box(bench, "terpsichore")["leak"] = 1
    ammunition_explosion.stack(bench.game, ["explosion"])
    sinking_ships.stack(bench.game, ["sinking"])
    bench.play(1)
    assert bench.ship("terpsichore").status == "exploded"
    assert bench.events("sinking-ships-draw") == []
