"""Shoals (rulebook p. 44): a final base overlapping a shoal runs aground (ruling SHOAL_STOP:
it stops at first contact, as on a reef, without damage)."""

from terrain_bench import START, STRAIGHT

from sog.plugins.terrain.effects import aground
from sog.plugins.terrain.shoals import SHOAL_STOP


def test_a_ship_ending_on_a_shoal_stops_touching_it_and_runs_aground_without_damage(bench):
    assert SHOAL_STOP == "first contact, no damage"
    b = bench(options=("shoals",))
    b.only("courageuse", *START)
    b.place("shoal-1", "test-shoal", 450.0, 500.0)  # near edge at y = 450
    b.steer("courageuse", STRAIGHT)
    b.play(1)
    ship = b.ship("courageuse")
    assert 449.8 <= ship.pose.y + 45.0 <= 450.0
    assert aground(ship)["on"] == ["shoal"]
    assert b.events("ran-aground", 1, ship="courageuse", on="shoal", hazard="shoal-1")
    assert not b.events("reef-strike")
    assert all(not box.counters for box in ship.ship_track + ship.crew_track)


def test_a_shoal_is_not_a_reef(bench):
    """The reefs rule does not act on a shoal, nor the shoals rule on a reef."""
    b = bench(options=("reefs",))
    b.only("courageuse", *START)
    b.place("shoal-1", "test-shoal", 450.0, 500.0)
    b.steer("courageuse", STRAIGHT)
    b.play(1)
    assert b.ship("courageuse").pose.y == START[1] + 123.5
    assert aground(b.ship("courageuse")) is None
