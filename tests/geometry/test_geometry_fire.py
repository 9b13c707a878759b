"""Unit tests of firing reach, arcs, ruler bands and within_distance (hand-computed values)."""

import math
import random

import pytest
from shapely.geometry import Point

from sog.geometry import EPS, Pose, Rect
from sog.plugins.system.geometry import (
    absolute_arc,
    arc_width,
    in_arc,
    mirror_arc,
    reach,
    reach_by_region,
    ruler_band,
    visible_region,
    within_distance,
)

approx = pytest.approx
W, L = 43.0, 90.0
SHOOTER = Rect.of_base(Pose(100, 100, 0), W, L)
DOT = (121.5, 100.0)  # starboard central dot
CENTRAL = (60.0, 120.0)  # absolute bearings of the starboard central arc of a ship heading 0
BANDS = [("red", 0, 40), ("short", 40, 80), ("long", 80, 160)]


def base(x, y, h, w=W, length=L):
    return Rect.of_base(Pose(x, y, h), w, length)


# Target abeam to starboard, its near side 50 mm from the dot.
ABEAM = base(121.5 + 50 + 21.5, 100, 0)


def test_target_abeam_at_50():
    r = reach(DOT, *CENTRAL, 160, ABEAM)
    assert r is not None
    assert r.distance == approx(50.0)
    assert r.point == approx((171.5, 100.0))


def test_target_beyond_ruler_length():
    assert reach(DOT, *CENTRAL, 40, ABEAM) is None
    assert reach(DOT, *CENTRAL, 50, ABEAM) is not None


def test_target_outside_arc():
    ahead = base(121.5, 300, 0)
    assert reach(DOT, *CENTRAL, 400, ahead) is None
    assert reach(DOT, 330.0, 30.0, 400, ahead) is not None  # an arc that wraps through north


def test_target_partly_in_arc_measured_along_the_arc_edge():
    target = Rect(40, 50, 0, 40, 40)  # x in [20, 60], y in [30, 70]; nearest point (20, 30)
    r = reach((0, 0), 60, 120, 200, target)
    assert r is not None
    assert r.distance == approx(60.0)  # along the 60 degree edge, entering at y = 30
    assert r.point == approx((30 * math.sqrt(3), 30.0))
    assert reach((0, 0), 0, 90, 200, target).distance == approx(math.hypot(20, 30))


def test_target_on_the_arc_edge_is_in_arc():
    target = Rect(0, 100, 0, 20, 20)  # straddles bearing 0
    r = reach((0, 0), 0, 90, 200, Rect(10, 100, 0, 20, 20))  # its left edge on bearing 0
    assert r is not None and r.distance == approx(90.0)
    assert reach((0, 0), 300, 0, 200, Rect(10, 100, 0, 20, 20)).distance == approx(90.0)
    assert reach((0, 0), 300, 359.999, 200, Rect(10, 100, 0, 20, 20)) is None
    assert reach((0, 0), 0, 0, 200, target).distance == approx(90.0)  # equal bearings: full circle


def test_blocker_fully_between():
    wall = base(150, 100, 0, 10, 200)
    assert reach(DOT, *CENTRAL, 160, ABEAM, [wall]) is None


def test_blocker_covering_half_the_target_measures_to_the_visible_part():
    blocker = Rect(150, 130, 0, 10, 70)  # x in [145, 155], y in [95, 165]
    r = reach(DOT, *CENTRAL, 160, ABEAM, [blocker])
    assert r is not None
    # the ruler passes just below the corner (145, 95) and meets the near side x = 171.5
    assert r.distance == approx(50.0 * math.hypot(1.0, 5.0 / 23.5))
    assert r.point == approx((171.5, 100 - 50 * 5 / 23.5))
    ref = reach_by_region(DOT, *CENTRAL, 160, ABEAM, [blocker])
    assert ref is not None and ref.distance == approx(r.distance, abs=1e-6)


def test_ruler_grazing_a_blocker_is_not_blocked():
    target = Rect(0, 200, 90, 40, 90)  # x in [-45, 45], y in [180, 220]
    left = Rect(-45, 100, 0, 90, 40)  # right edge on x = 0
    right = Rect(45, 100, 0, 90, 40)  # left edge on x = 0: only the line x = 0 stays open
    r = reach((0, 0), 0, 0, 300, target, [left, right])
    assert r is not None and r.distance == approx(180.0)
    assert reach((0, 0), 0, 0, 300, target, [Rect(0, 100, 0, 100, 40)]) is None


def test_blocker_behind_target_or_beyond_ruler_does_not_block():
    behind = base(260, 100, 0, 10, 300)
    assert reach(DOT, *CENTRAL, 160, ABEAM, [behind]).distance == approx(50.0)
    far = base(1000, 100, 0)
    assert reach(DOT, *CENTRAL, 160, ABEAM, [far]).distance == approx(50.0)


def test_blocker_touching_the_dot_blocks_only_its_side():
    neighbour = base(100, 100 - L, 0)  # touches the shooter astern, not the dot
    assert reach(DOT, *CENTRAL, 160, ABEAM, [neighbour]).distance == approx(50.0)
    # a small ship touching the dot from below hides bearings beyond 90 only
    low = Rect(131.5, 90, 0, 20, 20)  # x in [121.5, 141.5], y in [80, 100]: corner on the dot
    r = reach(DOT, *CENTRAL, 160, ABEAM, [low])
    assert r is not None and r.distance == approx(50.0)  # grazing along y = 100
    lower = Rect(131.5, 85, 0, 20, 30)  # reaches y = 70..100, dot on its top-left corner
    big = base(193, 40, 0)  # target below: x in [171.5, 214.5], y in [-5, 85]
    assert reach(DOT, *CENTRAL, 160, big, [lower]) is None


def test_dot_inside_a_blocker_sees_nothing():
    assert reach(DOT, *CENTRAL, 160, ABEAM, [Rect(121.5, 100, 0, 10, 10)]) is None


def test_dot_touching_the_target():
    target = Rect(0, 45, 0, 40, 90)  # bottom edge on y = 0, the dot on it
    assert reach((0, 0), 270, 90, 10, target).distance == 0.0
    assert reach((0, 0), 100, 260, 10, target) is None  # arc points away from it


def test_reach_matches_shapely_reference_on_random_situations():
    rnd = random.Random(20240607)
    checked = 0
    for _ in range(400):
        def rect():
            return Rect(rnd.uniform(0, 300), rnd.uniform(0, 300), rnd.uniform(0, 360),
                        rnd.uniform(10, 45), rnd.uniform(30, 100))

        shooter, target = rect(), rect()
        if target.overlaps(shooter):
            continue
        blockers = []
        for _ in range(rnd.randint(0, 3)):
            b = rect()
            if not any(b.overlaps(o) for o in [shooter, target, *blockers]):
                blockers.append(b)
        dot = shooter.world(shooter.hw, rnd.uniform(-shooter.hl, shooter.hl))
        a0 = rnd.uniform(0, 360)
        a1 = (a0 + rnd.uniform(10, 200)) % 360
        ruler = rnd.uniform(50, 300)
        fast = reach(dot, a0, a1, ruler, target, blockers)
        ref = reach_by_region(dot, a0, a1, ruler, target, blockers)
        assert (fast is None) == (ref is None)
        if fast is not None:
            checked += 1
            # grazing tolerance (1e-9 rad) lets the fast one pass a hair closer to blockers
            assert fast.distance == approx(ref.distance, abs=1e-5)
            assert math.dist(dot, fast.point) == approx(fast.distance, abs=1e-9)
            assert target.point_distance(*fast.point) <= 1e-6
    assert checked > 50


def test_visible_region_area():
    region = visible_region(DOT, *CENTRAL, 160, ABEAM)
    # the 60..120 wedge from the dot cuts the target (x in [171.5, 214.5], |y - 100| <= 45)
    k = math.tan(math.radians(30))
    x_full = 121.5 + 45 / k  # beyond this the wedge covers the whole height
    expected = k * ((x_full - 121.5) ** 2 - 50**2) + 90 * (214.5 - x_full)
    assert region.area == approx(expected, rel=1e-9)
    assert region.distance(Point(DOT)) == approx(50.0)
    blocked = visible_region(DOT, *CENTRAL, 160, ABEAM, [base(150, 100, 0, 10, 200)])
    assert blocked.is_empty


def test_arc_helpers():
    assert arc_width(60, 120) == 60
    assert arc_width(330, 30) == 60
    assert arc_width(10, 10) == 360
    assert absolute_arc(Pose(0, 0, 300), 60, 120) == approx((0.0, 60.0))
    assert mirror_arc(30, 70) == approx((290.0, 330.0))
    assert in_arc((0, 0), 60, 120, (10, 0))
    assert in_arc((0, 0), 330, 30, (0, 10))
    assert not in_arc((0, 0), 60, 120, (0, 10))
    assert in_arc((0, 0), 60, 120, (math.sin(math.radians(60)), math.cos(math.radians(60))))


@pytest.mark.parametrize(
    ("d", "expected"),
    [(0, "red"), (20, "red"), (40, "red"), (40.0001, "short"), (80, "short"), (80.0001, "long"),
     (160, "long"), (160 + 0.5 * EPS, "long"), (160.01, None), (-1, None)],
)
def test_ruler_band_borders_go_to_the_nearer_band(d, expected):
    assert ruler_band(d, BANDS) == expected
    assert ruler_band(d, list(reversed(BANDS))) == expected


def test_within_distance():
    a = base(0, 0, 0)
    b = base(W + 1.0, 0, 0)
    assert within_distance(a, b, 1.0)
    assert not within_distance(a, b, 0.999)
    assert within_distance(a, base(W, 0, 0), 0.0)  # touching
    assert within_distance(a, base(10, 0, 30), 0.0)  # overlapping
    assert not within_distance(a, base(0, 500, 0), 100.0)
