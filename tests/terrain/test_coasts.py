"""Coasts and islands (rulebook p. 45): dangerous waters within the ruler's width or its red
part, sandy as a shoal, rocky as a reef, both at once; land is a reef with twice the burden and
always grounds; a harbor is safe to approach but grounds a ship overlapping it."""

from terrain_bench import START, STRAIGHT

from sog.plugins.terrain.coasts import LAND_REPLACES
from sog.plugins.terrain.effects import REEF_POOL, aground
from sog.plugins.terrain.hazards import TOUCHING_AREA, danger_distance, hazards

#: The Courageuse's final base after the straight card: x 428.5-471.5, y 378.5-468.5.
BOW = 468.5


def _coasts(bench, level="basic"):
    b = bench(level=level, options=("coasts",))
    b.only("courageuse", *START)
    b.steer("courageuse", STRAIGHT)
    return b


def test_the_danger_distances_are_the_ruler_width_and_the_red_band(bench):
    b = bench(options=("coasts",))
    assert danger_distance(b.game, "ruler-width") == 20.0
    assert danger_distance(b.game, "red") == 50.0
    assert danger_distance(b.game, "none") == 0.0


def test_a_rocky_coastline_within_the_ruler_width_is_a_reef(bench):
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, BOW + 10.0 + 50.0)  # 10 mm beyond her final bow
    b.stack(REEF_POOL, [(0, None)] * 3)
    b.play(1)
    ship = b.ship("courageuse")
    assert BOW + 10.0 - 20.0 - 0.2 <= ship.pose.y + 45.0 <= BOW + 10.0 - 20.0  # stopped at the danger line
    (strike,) = b.events("reef-strike", 1, ship="courageuse")
    assert strike["data"]["hazard"] == "isle:danger" and len(strike["data"]["counters"]) == 3
    assert aground(ship) is None


def test_a_rocky_coastline_beyond_the_ruler_width_is_harmless(bench):
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, BOW + 30.0 + 50.0)
    b.play(1)
    assert b.ship("courageuse").pose.y + 45.0 == BOW
    assert not b.events("reef-strike")


def test_a_danger_distance_of_the_red_band_reaches_further(bench):
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, BOW + 30.0 + 50.0, danger="red")
    b.stack(REEF_POOL, [(0, None)] * 3)
    b.play(1)
    assert b.events("reef-strike", 1, ship="courageuse", hazard="isle:danger")


def test_a_sandy_coastline_within_the_distance_is_a_shoal(bench):
    b = _coasts(bench)
    b.place("coast", "test-coast", 450.0, BOW + 30.0 + 50.0)  # sandy, red band: 30 mm < 50 mm
    b.play(1)
    ship = b.ship("courageuse")
    assert aground(ship)["on"] == ["shoal"]
    assert not b.events("reef-strike")


def test_between_a_sandy_coast_and_a_rocky_island_both_apply(bench):
    b = _coasts(bench)
    b.place("coast", "test-coast", 428.5 - 10.0 - 50.0, 420.0, danger="ruler-width")  # 10 mm to port
    b.place("isle", "test-island", 471.5 + 10.0 + 50.0, 420.0)  # 10 mm to starboard
    b.stack(REEF_POOL, [(0, None)] * 3)
    b.play(1)
    ship = b.ship("courageuse")
    assert b.events("reef-strike", 1, ship="courageuse", hazard="isle:danger")
    assert aground(ship)["on"] == ["shoal"]
    assert not any(h.zone.overlaps(_rect(b)) for h in hazards(b.game))


def _rect(b):
    from sog.plugins.system.tabletop import rect_of

    return rect_of(b.game, b.ship("courageuse"))


def test_a_ship_whose_final_base_overlaps_an_island_takes_twice_its_burden_and_runs_aground(bench):
    """Her final base would overlap the island (and its dangerous waters): she stops at the
    dangerous waters, takes six counters and runs aground (ruling LAND_REPLACES: no reef strike
    for the waters)."""
    assert LAND_REPLACES is True
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, BOW - 10.0 + 50.0)  # 10 mm inside her final base
    b.stack(REEF_POOL, [(0, None)] * 6)
    b.play(1)
    (strike,) = b.events("reef-strike", 1, ship="courageuse")
    assert strike["data"]["hazard"] == "isle" and len(strike["data"]["counters"]) == 6
    assert aground(b.ship("courageuse"))["on"] == ["land"]


def test_overlapping_land_always_runs_aground_whatever_the_damage_points(bench):
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, BOW - 10.0 + 50.0, coastline="none")
    b.stack(REEF_POOL, [(0, None)] * 6)
    b.play(1)
    ship = b.ship("courageuse")
    assert 449.8 - 10.0 <= ship.pose.y + 45.0 <= BOW - 10.0  # stopped touching the island itself
    assert aground(ship)["on"] == ["land"]


def test_a_harbor_is_safe_to_approach(bench):
    b = _coasts(bench)
    b.place("port", "test-island", 450.0, BOW + 5.0 + 50.0, harbor=True)
    b.play(1)
    assert b.ship("courageuse").pose.y + 45.0 == BOW
    assert not b.events("reef-strike") and aground(b.ship("courageuse")) is None


def test_a_ship_overlapping_a_harbor_still_takes_damage_and_runs_aground(bench):
    b = _coasts(bench)
    b.place("port", "test-island", 450.0, BOW - 10.0 + 50.0, harbor=True)
    b.stack(REEF_POOL, [(0, None)] * 6)
    b.play(1)
    ship = b.ship("courageuse")
    assert BOW - 10.0 - 0.2 <= ship.pose.y + 45.0 <= BOW - 10.0
    assert len(b.events("reef-strike", 1, ship="courageuse", hazard="port")[0]["data"]["counters"]) == 6
    assert aground(ship)["on"] == ["land"]


def test_a_base_touching_a_hazard_does_not_overlap_it(bench):
    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, 600.0, coastline="none")
    (land,) = hazards(b.game)
    from sog.geometry import Pose, Rect

    touching = Rect.of_base(Pose(450.0, 550.0 - 45.0, 0.0), 43.0, 90.0)
    assert not land.zone.overlaps(touching) and land.zone.distance(touching) == 0.0
    assert land.zone.overlaps(Rect.of_base(Pose(450.0, 550.0 - 44.9, 0.0), 43.0, 90.0))
    assert TOUCHING_AREA < 43.0 * 0.1


def test_a_hazard_measures_how_deep_a_base_is_in_it(bench):
    """The slide's start test (a base already in a hazard stays put unless only a residue deep)."""
    from sog.geometry import Pose, Rect

    b = _coasts(bench)
    b.place("isle", "test-island", 450.0, 600.0, coastline="none")
    (land,) = hazards(b.game)
    assert abs(land.zone.gap(Rect.of_base(Pose(450.0, 550.0 - 45.0 - 7.0, 0.0), 43.0, 90.0)) - 7.0) < 1e-9
    assert abs(land.zone.gap(Rect.of_base(Pose(450.0, 550.0 - 45.0 + 3.0, 0.0), 43.0, 90.0)) + 3.0) < 1e-9
