"""Reefs (rulebook pp. 43-44; RULES-NOTES R14): slide and stop touching, burden in A counters,
aground on more reef points than the burden, the Advanced symbol filter."""

from terrain_bench import BOW_AFTER_STRAIGHT, START, STRAIGHT

from sog.geometry import Rect
from sog.plugins.system.tabletop import rect_of
from sog.plugins.terrain.effects import REEF_POOL, REEF_SYMBOLS, aground
from sog.plugins.terrain.hazards import hazards


def _ready(b, reef_y=500.0):
    b.only("courageuse", *START)
    b.place("reef-1", "test-reef", 450.0, reef_y)
    b.steer("courageuse", STRAIGHT)


def test_a_ship_ending_on_a_reef_slides_its_stern_along_the_line_and_stops_touching_it(bench):
    """Rule a of p. 12: the card fits in front of the ship (the reef's near edge is at y = 450),
    so the stern slides along the line and the bow stops at the reef."""
    b = bench()
    _ready(b, reef_y=500.0)
    b.stack(REEF_POOL, [(1, None)] * 3)
    b.play(1)
    ship = b.ship("courageuse")
    bow = ship.pose.y + 45.0
    assert bow < BOW_AFTER_STRAIGHT
    assert 449.8 <= bow <= 450.0
    assert ship.pose.heading == 0.0
    (reef,) = hazards(b.game)
    rect = rect_of(b.game, ship)
    assert not reef.zone.overlaps(rect) and reef.zone.distance(rect) < 0.2
    assert b.events("barrier-contact", 1, ship="courageuse", barrier="reef-1")
    assert b.moved("courageuse", 1)["collided"] is True
    assert b.events("reef-strike", 1, ship="courageuse")


def test_a_ship_whose_card_does_not_fit_in_front_slides_its_bow_along_the_arrow(bench):
    """Rule b of p. 12: the reef's near edge is at y = 400, within a ship's length of her bow: the
    bow slides along the arrow (33.5 mm) to its tip without touching; she still struck the reef."""
    b = bench()
    _ready(b, reef_y=450.0)
    b.stack(REEF_POOL, [(0, None)] * 3)
    b.play(1)
    assert b.ship("courageuse").pose.y + 45.0 == 345.0 + 33.5
    assert not b.events("barrier-contact", 1)
    assert b.events("reef-strike", 1, ship="courageuse", hazard="reef-1")


def test_a_reef_strike_draws_the_burden_in_pool_a_counters(bench):
    b = bench()
    _ready(b)
    b.stack(REEF_POOL, [(1, None), (0, None), (1, None)])
    b.play(1)
    (strike,) = b.events("reef-strike", 1, ship="courageuse")
    assert strike["data"]["counters"] == ["A1", "A0", "A1"]
    assert strike["data"]["burden"] == 3 and strike["data"]["points"] == 2
    placed = [c.label() for box in b.ship("courageuse").ship_track for c in box.counters]
    assert "A1" in placed
    assert aground(b.ship("courageuse")) is None


def test_a_ship_ending_beside_a_reef_moves_normally(bench):
    """Only a final base overlapping the reef counts."""
    b = bench()
    b.only("courageuse", *START)
    b.place("reef-1", "test-reef", 550.0, 450.0)  # beside the final base, touching nothing
    b.steer("courageuse", STRAIGHT)
    b.play(1)
    assert b.ship("courageuse").pose.y == START[1] + 123.5
    assert not b.events("reef-strike")


def test_more_reef_points_than_the_burden_in_a_turn_runs_aground(bench):
    b = bench()
    _ready(b)
    b.stack(REEF_POOL, [(2, None), (1, None), (1, None)])  # 4 points > burden 3
    b.play(1)
    record = aground(b.ship("courageuse"))
    assert record is not None and record["on"] == ["reef"]
    assert b.events("ran-aground", 1, ship="courageuse", on="reef")


def test_exactly_the_burden_in_reef_points_does_not_run_aground(bench):
    b = bench()
    _ready(b)
    b.stack(REEF_POOL, [(1, None), (1, None), (1, None)])
    b.play(1)
    assert aground(b.ship("courageuse")) is None


def test_reef_counters_keep_their_symbols_below_the_advanced_rules(bench):
    b = bench(level="standard")
    _ready(b)
    b.stack(REEF_POOL, [(1, "crew"), (0, None), (0, None)])
    b.play(1)
    (strike,) = b.events("reef-strike", 1, ship="courageuse")
    assert strike["data"]["counters"][0] == "A1+crew"


def test_advanced_reef_counters_keep_only_leak_and_rudder_symbols(bench):
    assert REEF_SYMBOLS == ("leak", "rudder")
    b = bench(level="advanced")
    _ready(b)
    b.stack(REEF_POOL, [(1, "fire"), (1, "leak"), (2, "rudder")])
    b.play(1)
    (strike,) = b.events("reef-strike", 1, ship="courageuse")
    assert strike["data"]["counters"] == ["A1", "A1+leak", "A2+rudder"]
    special = b.ship("courageuse").ext["special-damage"]
    assert special["fire"] == 0 and special["leak"] == 1 and special["rudder"] == 1


def test_reefs_have_no_effect_without_the_reefs_rule(bench):
    b = bench(options=())
    _ready(b)
    b.play(1)
    assert b.ship("courageuse").pose.y == START[1] + 123.5
    assert not b.events("reef-strike")


def test_a_ship_slides_to_a_reef_in_the_overlap_order_with_ships(bench):
    """The Généreux (burden 5) and the Courageuse would overlap; the Courageuse's final base is also
    on a reef: both are held back; the Généreux moves first, the Courageuse stops at the reef."""
    b = bench()
    b.park("terpsichore", "defence")
    b.put("courageuse", *START)
    b.put("genereux", 450.0 + 43.0 + 1.0, 300.0 + 100.0, 270.0)  # heading west, crossing her path
    b.place("reef-1", "test-reef", 450.0, 450.0)
    b.steer("courageuse", STRAIGHT)
    b.stack(REEF_POOL, [(0, None)] * 3)
    b.play(1)
    moves = [e["data"]["ship"] for e in b.game.log.of_kind("ship-moved") if e["turn"] == 1]
    assert moves.index("genereux") < moves.index("courageuse")
    assert not Rect.overlaps(rect_of(b.game, b.ship("courageuse")), rect_of(b.game, b.ship("genereux")))
