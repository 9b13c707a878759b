"""Forced aim (rulebook p. 36): a broadside fires only at the nearest ship it reaches.

HMS Terpsichore lies at (613, 450) heading north; her left broadside faces west. Movement is
blocked: the ships stay where they are put.
"""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.plugins.optional import forced_aim

SHOOTER = (613.0, 450.0, 0.0)


def _bench(make, level="basic", options=("forced-aim",), **poses):
    bench = make(level, options, static=True)
    bench.park("terpsichore", "defence", "courageuse", "genereux")
    bench.put("terpsichore", *SHOOTER)
    for ship, pose in poses.items():
        bench.put(ship, *pose)
    return bench


def _left_fire(bench, turn=1):
    bench.until(turn, "combat")
    return bench.request("fire", "terpsichore", "left")


def test_only_the_nearest_target_over_all_arcs_may_be_fired_at(make):
    # Courageuse 120 mm from the central arc's dot, Genereux 173 mm from the forward arc's.
    poses = {"courageuse": (450.0, 450.0, 0.0), "genereux": (450.0, 650.0, 0.0)}
    unforced = _bench(make, options=(), **poses)
    assert unforced.targets(_left_fire(unforced)) == {"courageuse", "genereux"}
    bench = _bench(make, **poses)
    forced = _left_fire(bench)
    assert bench.targets(forced) == {"courageuse"}
    assert forced.choices[0] is None  # firing stays optional


def test_every_arc_reaching_the_nearest_target_stays_a_choice(make):
    # Courageuse is reached by the forward (106.4 mm) and central (105.9 mm) arcs; Genereux by the rear.
    bench = _bench(make, courageuse=(470.0, 530.0, 0.0), genereux=(450.0, 300.0, 0.0))
    request = _left_fire(bench)
    assert {(c["target"], c["arc"]) for c in request.choices if c} == {("courageuse", "forward"), ("courageuse", "central")}


def test_a_friendly_ship_nearest_on_that_side_stops_the_broadside(make):
    # HMS Defence 100.6 mm away through the rear arc, nearer than both enemies.
    poses = {"courageuse": (450.0, 450.0, 0.0), "genereux": (450.0, 650.0, 0.0), "defence": (480.0, 330.0, 0.0)}
    bench = _bench(make, **poses)
    bench.until(1, "combat")
    # A single choice (hold fire) is answered at once: the left broadside is not asked at all.
    assert [r for r in bench.pending("fire", "terpsichore") if r.id.endswith(".left")] == []
    bench.answer_all()
    bench.game.advance()
    assert bench.events("attack", 1, attacker="terpsichore") == []


def test_standard_rules_a_blocked_broadside_may_still_empty_its_guns(make):
    poses = {"courageuse": (450.0, 450.0, 0.0), "genereux": (450.0, 650.0, 0.0), "defence": (480.0, 330.0, 0.0)}
    bench = _bench(make, "standard", **poses)
    request = _left_fire(bench)
    assert request.choices == [None, {"side": "left", "target": None, "arc": None, "band": None, "distance": None}]


def test_ships_equally_near_are_all_allowed_targets(make):
    # Mirror images about the shooter's beam: both 127.7 mm away (ruling TIE).
    bench = _bench(make, courageuse=(450.0, 560.0, 0.0), genereux=(450.0, 340.0, 0.0))
    assert bench.targets(_left_fire(bench)) == {"courageuse", "genereux"}
    assert forced_aim.TIE == 0.5


def test_a_friend_as_near_as_the_nearest_enemy_stops_the_broadside(make):
    bench = _bench(make, courageuse=(450.0, 560.0, 0.0), defence=(450.0, 340.0, 0.0))
    bench.until(1, "combat")
    assert [r.id for r in bench.pending("fire", "terpsichore") if r.id.endswith(".left")] == []


def test_continuous_fire_is_aimed_at_the_nearest_target_too(make):
    poses = {"courageuse": (450.0, 450.0, 0.0), "genereux": (450.0, 650.0, 0.0)}
    bench = _bench(make, options=("continuous-fire", "forced-aim"), **poses)
    bench.ship("terpsichore").broadsides["left"].loaded = None
    bench.ship("terpsichore").broadsides["left"].storage = ["ball"]
    bench.until(1, "combat")
    request = bench.request("continuous-fire", "terpsichore", "left")
    assert bench.targets(request) == {"courageuse"}


def test_advanced_rules_the_fire_action_leaves_the_nearest_target_only(make):
    bench = _bench(make, "advanced", courageuse=(450.0, 450.0, 0.0), genereux=(450.0, 650.0, 0.0))
    bench.script[("action", "terpsichore")] = ["fire-left", None]
    assert bench.targets(_left_fire(bench)) == {"courageuse"}


def test_a_wreck_hiding_the_nearest_enemy_leaves_the_next_one_as_the_target(make):
    """With surrendered ships, the wreck of HMS Defence hides the Courageuse (170 mm) behind it."""
    poses = {"defence": (450.0, 450.0, 0.0), "courageuse": (400.0, 450.0, 0.0), "genereux": (450.0, 650.0, 0.0)}
    for options, target in ((("forced-aim",), {"courageuse"}), (("forced-aim", "surrendered-ships"), {"genereux"}),
                            (("surrendered-ships", "forced-aim"), {"genereux"})):
        bench = _bench(make, options=options, **poses)
        bench.game.remove_ship("defence", "surrendered")
        assert bench.targets(_left_fire(bench)) == target, options
