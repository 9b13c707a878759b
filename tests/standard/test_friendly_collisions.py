"""Collisions between friendly ships (p. 25): each takes counters equal to the others' burden (A, ruling R4).

The Courageuse (burden 3) and the Généreux (burden 5) sail straight at each other: their
final bases would overlap, so they collide.
"""

from sog.plugins.standard import friendly_collisions


def _head_on(std_bench, other="genereux"):
    bench = std_bench()
    keep = {"courageuse", other}
    bench.park(*({"terpsichore", "defence", "courageuse", "genereux"} - keep))
    bench.put("courageuse", 450.0, 300.0, 0.0)
    bench.put(other, 450.0, 540.0, 180.0)  # both would end near y = 422
    return bench


def test_two_friendly_ships_take_each_others_burden_in_a_counters(std_bench):
    bench = _head_on(std_bench)
    pool_before = len(bench.game.state.pools["A"].bag)
    bench.until(1, "combat")
    collided = {e["data"]["ship"]: e["data"] for e in bench.events("friendly-collision", 1)}
    assert set(collided) == {"courageuse", "genereux"}
    assert collided["courageuse"]["others"] == ["genereux"] and len(collided["courageuse"]["counters"]) == 5
    assert collided["genereux"]["others"] == ["courageuse"] and len(collided["genereux"]["counters"]) == 3
    assert all(c.startswith("A") for d in collided.values() for c in d["counters"])
    assert len(bench.game.state.pools["A"].bag) == pool_before - 8
    applied = {e["data"]["ship"]: e for e in bench.events("damage-applied", 1)}
    assert set(applied) == {"courageuse", "genereux"} and {e["step"] for e in applied.values()} == {"movement"}
    assert bench.events("collision", 1)  # and they stopped at first contact


def test_ships_of_opposite_sides_do_not_damage_each_other_by_colliding(std_bench):
    bench = _head_on(std_bench, other="defence")
    bench.until(1, "combat")
    assert bench.events("collision", 1) and not bench.events("friendly-collision")


def test_a_ship_whose_track_is_covered_by_collision_damage_surrenders(std_bench):
    bench = _head_on(std_bench)
    crew = bench.ship("courageuse").crew_track
    for box in crew[:-1]:
        box.markers.append("crew-loss")
    bench.stack("A", [(None, "crew")] * 5)
    bench.play(1)
    removed = bench.events("ship-removed", 1, ship="courageuse")
    assert [(e["step"], e["data"]["status"]) for e in removed] == [("movement", "surrendered")]
    assert not bench.ship("courageuse").in_play and bench.ship("genereux").in_play


def test_only_friends_overlapping_directly_count_by_ruling(std_bench):
    bench = std_bench()
    assert friendly_collisions.OVERLAP_SCOPE == "direct" and friendly_collisions.COLLISION_POOL == "A"
    group = [["courageuse", "defence", "genereux"]]
    assert friendly_collisions.collision_damage(bench.game, group, pairs=[("courageuse", "defence"), ("defence", "genereux")]) == []
    assert friendly_collisions.collision_damage(bench.game, group, pairs=[("genereux", "courageuse")]) == [
        {"ship": "courageuse", "others": ["genereux"], "counters": 5},
        {"ship": "genereux", "others": ["courageuse"], "counters": 3},
    ]
