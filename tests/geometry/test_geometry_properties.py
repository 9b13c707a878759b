"""Property tests (hypothesis): geometry answers do not depend on where the table is.

A random rigid motion (rotation about the origin + translation, applied to every position,
heading, arc bearing and the wind) must leave overlaps, distances, attitudes, reach, ruler
bands and maneuver end poses unchanged. Also: symmetry of overlap and distance, agreement
with shapely, and the border behaviour of "A reaches B at distance d".

Set SOG_HYPOTHESIS_EXAMPLES to run more examples; runs are derandomised (reproducible in CI)
unless SOG_HYPOTHESIS_RANDOM is set.
"""

import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from sog.geometry import EPS, Pose, Rect, Transform, normalize_relative
from sog.plugins.system.geometry import (
    ManeuverPath,
    attitude,
    end_pose,
    in_arc,
    reach,
    ruler_band,
    slide_until_contact,
    wind_angle,
    within_distance,
)

approx = pytest.approx
SETTINGS = settings(
    max_examples=int(os.environ.get("SOG_HYPOTHESIS_EXAMPLES", "150")),
    deadline=None,
    derandomize=not os.environ.get("SOG_HYPOTHESIS_RANDOM"),
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
SECTORS = [(45, "taken-aback"), (80, "beating"), (150, "reaching"), (180, "running")]
BANDS = [("red", 0, 40), ("short", 40, 80), ("long", 80, 160)]

coords = st.floats(-200, 1100, allow_nan=False, allow_infinity=False)
headings = st.floats(-720, 720, allow_nan=False, allow_infinity=False)
widths = st.floats(5, 60)
lengths = st.floats(10, 150)
rects = st.builds(Rect, coords, coords, headings, widths, lengths)
poses = st.builds(Pose, coords, coords, headings)
transforms = st.builds(
    Transform,
    st.floats(-360, 360),
    st.floats(-1000, 1000),
    st.floats(-1000, 1000),
)
line_ends = st.tuples(st.floats(-20, 20), st.floats(-40, 60), st.floats(-90, 90))


def same_heading(a, b, tol=1e-7):
    return abs(normalize_relative(a - b)) <= tol


@st.composite
def firing_situations(draw):
    """A shooter, a target and up to 3 blockers, none overlapping, and a firing dot on the
    shooter's starboard side with an arc of 5..200 degrees."""
    near = st.floats(0, 400)
    small = st.builds(Rect, near, near, headings, widths, lengths)
    shooter = draw(small)
    target = draw(small)
    assume(not target.overlaps(shooter))
    blockers = []
    for b in draw(st.lists(small, max_size=3)):
        if not any(b.overlaps(o) for o in (shooter, target, *blockers)):
            blockers.append(b)
    dot = shooter.world(shooter.hw, draw(st.floats(-1, 1)) * shooter.hl)
    a0 = draw(st.floats(0, 360, exclude_max=True))
    a1 = (a0 + draw(st.floats(5, 200))) % 360
    return dot, a0, a1, target, blockers


# -- rectangles -----------------------------------------------------------------------------

@SETTINGS
@given(rects, rects)
def test_overlap_and_distance_are_symmetric(a, b):
    assert a.overlaps(b) == b.overlaps(a)
    assert a.distance(b) == b.distance(a)


@SETTINGS
@given(rects, rects)
def test_distance_agrees_with_shapely(a, b):
    pa, pb = a.to_polygon(), b.to_polygon()
    ref = pa.distance(pb)
    d = a.distance(b)
    assert d == approx(ref, abs=2e-6)
    assume(abs(ref - EPS) > 1e-9)
    # distance 0 iff the bases overlap or touch
    assert (d == 0.0) == (ref <= EPS)
    if a.overlaps(b):
        assert d == 0.0 and pa.intersection(pb).area > 0.0
    else:
        assert pa.intersection(pb).area < 1e-3  # at most a penetration of EPS along an edge


@SETTINGS
@given(rects, rects, transforms)
def test_overlap_and_distance_invariant_under_rigid_motion(a, b, t):
    assume(abs(a.gap(b) + EPS) > 1e-7)  # not exactly on the tolerance itself
    ta, tb = a.transformed(t), b.transformed(t)
    assert ta.overlaps(tb) == a.overlaps(b)
    assert ta.distance(tb) == approx(a.distance(b), abs=2e-6, rel=1e-9)
    assert within_distance(ta, tb, 30.0) == within_distance(a, b, 30.0) or \
        abs(a.distance(b) - 30.0) < 1e-5


@SETTINGS
@given(rects, transforms)
def test_table_containment_of_a_translated_base(a, t):
    w, h = 900.0, 600.0
    x0, y0, x1, y1 = a.extent()
    assume(min(abs(x0), abs(y0), abs(x1 - w), abs(y1 - h)) > 1e-6)
    assert a.inside(w, h) == (x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h)


# -- wind -----------------------------------------------------------------------------------

@SETTINGS
@given(headings, headings, transforms)
def test_attitude_invariant_under_rigid_motion(heading, wind_from, t):
    h2, w2 = t.direction(heading), t.direction(wind_from)
    assert wind_angle(h2, w2) == approx(wind_angle(heading, wind_from), abs=1e-9)
    assert attitude(h2, w2, SECTORS) == attitude(heading, wind_from, SECTORS)


@SETTINGS
@given(st.sampled_from([45.0, 80.0, 150.0]), headings, st.booleans())
def test_attitude_borders_pick_the_faster_sector(border, heading, port):
    wind_from = heading - border if port else heading + border
    expected = {45.0: "beating", 80.0: "reaching", 150.0: "reaching"}[border]
    assert attitude(heading, wind_from, SECTORS) == expected


# -- fire -----------------------------------------------------------------------------------

@SETTINGS
@given(firing_situations(), transforms, st.floats(20, 400))
def test_reach_and_band_invariant_under_rigid_motion(situation, t, ruler):
    dot, a0, a1, target, blockers = situation
    free = reach(dot, a0, a1, 1e9, target, blockers)
    if free is not None:  # keep away from the ruler-length and band borders
        assume(abs(free.distance - ruler) > 1e-5)
        assume(all(abs(free.distance - x) > 1e-5 for x in (40, 80, 160)))
    r = reach(dot, a0, a1, ruler, target, blockers)
    r2 = reach(t.point(*dot), t.direction(a0), t.direction(a1), ruler, target.transformed(t),
               [b.transformed(t) for b in blockers])
    assert (r is None) == (r2 is None)
    if r is not None:
        assert r2.distance == approx(r.distance, abs=1e-6)
        assert ruler_band(r2.distance, BANDS) == ruler_band(r.distance, BANDS)


@SETTINGS
@given(firing_situations())
def test_reach_point_is_a_visible_target_point_in_the_arc(situation):
    dot, a0, a1, target, blockers = situation
    r = reach(dot, a0, a1, 1e9, target, blockers)
    assume(r is not None)
    assert target.point_distance(*r.point) <= 1e-6
    assert abs(((r.point[0] - dot[0]) ** 2 + (r.point[1] - dot[1]) ** 2) ** 0.5 - r.distance) < 1e-6
    if r.distance > 1e-3:
        # inside the arc up to the angular tolerance of the arc edges
        assert in_arc(dot, a0 - 1e-6, a1 + 1e-6, r.point)
        ruler = LineString([dot, r.point])
        for b in blockers:  # crosses no blocker's interior (shrunk to stay clear of grazing)
            assert ruler.intersection(b.to_polygon().buffer(-1e-4)).length == approx(0.0, abs=1e-9)


@SETTINGS
@given(firing_situations())
def test_reach_border_exactly_reached_but_not_beyond(situation):
    dot, a0, a1, target, blockers = situation
    r = reach(dot, a0, a1, 1e9, target, blockers)
    assume(r is not None and r.distance > 1e-3)
    exact = reach(dot, a0, a1, r.distance, target, blockers)
    assert exact is not None and exact.distance == r.distance
    assert reach(dot, a0, a1, r.distance - 1e-4, target, blockers) is None


@SETTINGS
@given(rects, rects)
def test_within_distance_border(a, b):
    d = a.distance(b)
    assert within_distance(a, b, d)
    if d > 1e-4:
        assert not within_distance(a, b, d - 1e-4)


@SETTINGS
@given(st.sampled_from(BANDS[:-1]), st.floats(1e-4, 1.0))
def test_band_border_belongs_to_the_nearer_band(band, beyond):
    i = BANDS.index(band)
    assert ruler_band(band[2], BANDS) == band[0]
    assert ruler_band(band[2] + beyond, BANDS) == BANDS[i + 1][0]


# -- movement -------------------------------------------------------------------------------

@SETTINGS
@given(poses, line_ends, st.sampled_from(["bow", "stern"]), lengths, transforms)
def test_end_pose_invariant_under_rigid_motion(pose, end, start, length, t):
    a = t.pose(end_pose(pose, length, end, start))
    b = end_pose(t.pose(pose), length, end, start)
    assert (a.x, a.y) == approx((b.x, b.y), abs=1e-6)
    assert same_heading(a.heading, b.heading)


@SETTINGS
@given(poses, line_ends, lengths, widths)
def test_stern_slide_without_obstacle_ends_at_end_pose(pose, end, length, width):
    s = slide_until_contact(pose, width, length, end, "bow", [])
    e = end_pose(pose, length, end)
    assert s.t == 1.0 and s.mode == "stern"
    assert (s.pose.x, s.pose.y) == approx((e.x, e.y), abs=1e-9)
    assert same_heading(s.pose.heading, e.heading)


@st.composite
def slide_situations(draw):
    """A ship at the origin region, a line end and 1..3 obstacles clear of its start."""
    pose = draw(st.builds(Pose, st.floats(-50, 50), st.floats(-50, 50), headings))
    width, length = draw(widths), draw(lengths)
    start = draw(st.sampled_from(["bow", "stern"]))
    # card-like lines: forward 5..60 mm (astern for a line behind), sideways less than that,
    # turning up to 60 degrees; plus the odd pivot (no run at all)
    forward = draw(st.floats(5, 60) | st.just(0.0))
    end = (draw(st.floats(-0.6, 0.6)) * forward, forward, draw(st.floats(-60, 60)))
    if start == "stern":
        end = (end[0], -forward, end[2])
    ship = Rect.of_base(pose, width, length)
    near = st.floats(-250, 250)
    obstacles = [o for o in draw(st.lists(st.builds(Rect, near, near, headings, widths, lengths),
                                          min_size=1, max_size=3))
                 if not o.overlaps(ship)]
    return pose, width, length, end, start, obstacles


@SETTINGS
@given(slide_situations())
def test_slide_stops_clear_and_in_contact(situation):
    pose, width, length, end, start, obstacles = situation
    s = slide_until_contact(pose, width, length, end, start, obstacles)
    final = Rect.of_base(s.pose, width, length)
    assert not any(final.overlaps(o) for o in obstacles)
    if s.hit is None:
        assert s.t == 1.0
    else:
        assert final.distance(obstacles[s.hit]) < 0.2
        if s.t > 0.0:
            # no tunnelling: the ship overlapped nothing on the way (dense check)
            path = ManeuverPath.of_move(pose, length, end, start)
            for i in range(201):
                r = Rect.of_base(path.ship_pose(s.t * i / 200, length, s.mode), width, length)
                assert not any(r.overlaps(o) for o in obstacles)


@SETTINGS
@given(slide_situations(), transforms)
def test_slide_invariant_under_rigid_motion(situation, t):
    pose, width, length, end, start, obstacles = situation
    card = Rect.of_base(pose.moved(forward=length) if start == "bow" else pose, width, length)
    assume(all(abs(card.gap(o) + EPS) > 1e-6 for o in obstacles))  # mode choice not on a border
    s = slide_until_contact(pose, width, length, end, start, obstacles)
    s2 = slide_until_contact(t.pose(pose), width, length, end, start,
                             [o.transformed(t) for o in obstacles])
    assert s2.mode == s.mode
    moved = t.pose(s.pose)
    assert (s2.pose.x, s2.pose.y) == approx((moved.x, moved.y), abs=0.25)
    if s.hit is not None and s2.hit is not None:
        assert Rect.of_base(s2.pose, width, length).distance(
            obstacles[s.hit].transformed(t)) < 0.25
