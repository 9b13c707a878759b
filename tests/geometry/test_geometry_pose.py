"""Unit tests of sog.geometry.pose: headings, frames, bearings, rigid motions."""

import math

import pytest

from sog.geometry import (
    Pose,
    Transform,
    bearing,
    heading_vector,
    normalize_heading,
    normalize_relative,
    relative_bearing,
)

approx = pytest.approx


@pytest.mark.parametrize(
    ("deg", "expected"),
    [(0.0, 0.0), (360.0, 0.0), (-90.0, 270.0), (720.5, 0.5), (-1e-18, 0.0), (359.5, 359.5)],
)
def test_normalize_heading(deg, expected):
    r = normalize_heading(deg)
    assert r == approx(expected)
    assert 0.0 <= r < 360.0


@pytest.mark.parametrize(
    ("deg", "expected"),
    [(180.0, 180.0), (-180.0, 180.0), (190.0, -170.0), (-10.0, -10.0), (540.0, 180.0)],
)
def test_normalize_relative(deg, expected):
    assert normalize_relative(deg) == approx(expected)


def test_forward_and_right_vectors_follow_compass():
    assert Pose(0, 0, 0).forward_vector == approx((0.0, 1.0))
    assert Pose(0, 0, 90).forward_vector == approx((1.0, 0.0), abs=1e-12)
    assert Pose(0, 0, 180).forward_vector == approx((0.0, -1.0), abs=1e-12)
    assert Pose(0, 0, 270).forward_vector == approx((-1.0, 0.0), abs=1e-12)
    # starboard of a ship heading north is east, of one heading east is south
    assert Pose(0, 0, 0).right_vector == approx((1.0, 0.0), abs=1e-12)
    assert Pose(0, 0, 90).right_vector == approx((0.0, -1.0), abs=1e-12)
    assert heading_vector(45) == approx((math.sqrt(0.5), math.sqrt(0.5)))


def test_heading_normalised_at_construction():
    assert Pose(1, 2, 370).heading == approx(10.0)
    assert Pose(1, 2, -90).heading == approx(270.0)
    assert Pose(1, 2, 360) == Pose(1, 2, 0)


def test_local_to_world_heading_90():
    p = Pose(100, 100, 90)
    assert p.local_to_world(0, 45) == approx((145.0, 100.0))
    assert p.local_to_world(21.5, 0) == approx((100.0, 78.5))  # starboard = south
    assert p.local_to_world(-10, -5) == approx((95.0, 110.0))


def test_world_to_local_inverts_local_to_world():
    p = Pose(12.5, -7.0, 33.0)
    for right, forward in [(0, 0), (21.5, 30), (-21.5, -30), (3.25, 100)]:
        x, y = p.local_to_world(right, forward)
        assert p.world_to_local(x, y) == approx((right, forward), abs=1e-9)


def test_moved_moves_in_ship_frame_then_turns():
    p = Pose(0, 0, 90).moved(right=10, forward=20, turn=-100)
    assert (p.x, p.y) == approx((20.0, -10.0), abs=1e-12)
    assert p.heading == approx(350.0)
    assert Pose(0, 0, 0).moved(forward=90).xy == approx((0.0, 90.0))


def test_distance_to():
    assert Pose(0, 0, 0).distance_to(Pose(3, 4, 80)) == approx(5.0)


@pytest.mark.parametrize(
    ("to", "expected"),
    [((0, 10), 0.0), ((10, 0), 90.0), ((0, -10), 180.0), ((-10, 0), 270.0), ((10, 10), 45.0),
     ((-1, 1), 315.0)],
)
def test_bearing(to, expected):
    assert bearing((0, 0), to) == approx(expected)


def test_bearing_of_same_point_is_zero():
    assert bearing((5, 5), (5, 5)) == 0.0


def test_relative_bearing():
    p = Pose(0, 0, 90)
    assert relative_bearing(p, (10, 0)) == approx(0.0, abs=1e-12)  # dead ahead
    assert relative_bearing(p, (0, -10)) == approx(90.0)  # starboard beam
    assert relative_bearing(p, (0, 10)) == approx(-90.0)  # port beam
    assert relative_bearing(p, (-10, 0)) == approx(180.0)  # dead astern is +180, not -180
    expected = 10.0 + math.degrees(math.atan2(1, 10))
    assert relative_bearing(Pose(0, 0, 350), (1, 10)) == approx(expected)


def test_transform_rotates_clockwise_then_translates():
    t = Transform(90, 5, -5)
    assert t.point(0, 1) == approx((6.0, -5.0), abs=1e-12)  # north -> east, then shifted
    assert t(1, 0) == approx((5.0, -6.0), abs=1e-12)  # east -> south
    assert t.direction(300) == approx(30.0)
    q = t.pose(Pose(0, 10, 0))
    assert (q.x, q.y, q.heading) == approx((15.0, -5.0, 90.0), abs=1e-12)


def test_transform_inverse_and_composition():
    t = Transform(37.0, 12.0, -3.0)
    u = Transform(-100.0, 1.0, 2.0)
    for x, y in [(0, 0), (10, 0), (3.5, -8)]:
        assert t.inverse().point(*t.point(x, y)) == approx((x, y), abs=1e-9)
        assert t.then(u).point(x, y) == approx(u.point(*t.point(x, y)), abs=1e-9)
    assert t.then(u).rotation_deg == approx(-63.0)


def test_transform_preserves_distances_and_relative_bearings():
    t = Transform(123.4, -50.0, 77.0)
    p = Pose(10, 20, 45)
    a, b = (10, 20), (40, 60)
    assert math.dist(t.point(*a), t.point(*b)) == approx(50.0)
    assert relative_bearing(t.pose(p), t.point(*b)) == approx(relative_bearing(p, b))


def test_pose_is_a_hashable_picklable_value():
    import pickle

    p = Pose(1.0, 2.0, 370.0)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p)
    assert q.forward_vector == p.forward_vector
    with pytest.raises(AttributeError):
        p.x = 3.0
