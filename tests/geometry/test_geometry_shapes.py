"""Unit tests of sog.geometry.shapes.Rect: corners, overlap, distance, table containment."""

import math
import pickle

import pytest

from sog.geometry import EPS, Pose, Rect

approx = pytest.approx
W, L = 43.0, 90.0


def flat(points):
    return [c for p in points for c in p]


def base(x, y, h, w=W, length=L):
    return Rect.of_base(Pose(x, y, h), w, length)


def test_corners_heading_90():
    r = base(100, 100, 90)
    expected = ((145.0, 78.5), (145.0, 121.5), (55.0, 121.5), (55.0, 78.5))
    assert flat(r.corners) == approx(flat(expected))


def test_corners_heading_0_and_bow_stern():
    r = base(0, 0, 0)
    expected = ((21.5, 45.0), (-21.5, 45.0), (-21.5, -45.0), (21.5, -45.0))
    assert flat(r.corners) == approx(flat(expected))
    assert r.bow_center == approx((0.0, 45.0))
    assert r.stern_center == approx((0.0, -45.0))
    assert base(100, 100, 90).bow_center == approx((145.0, 100.0))
    assert base(100, 100, 90).stern_center == approx((55.0, 100.0))


def test_of_base_equals_constructor():
    assert base(3, 4, 30) == Rect(3, 4, 30, W, L)
    assert hash(base(3, 4, 30)) == hash(Rect(3, 4, 390, W, L))
    assert base(3, 4, 30).pose == Pose(3, 4, 30)


def test_rect_is_immutable_and_picklable():
    r = base(1, 2, 3)
    with pytest.raises(AttributeError):
        r.cx = 5
    assert pickle.loads(pickle.dumps(r)) == r
    with pytest.raises(ValueError):
        Rect(0, 0, 0, -1, 10)


def test_side_by_side_one_mm_apart():
    a = base(0, 0, 0)
    b = base(W + 1.0, 0, 0)
    assert not a.overlaps(b)
    assert a.distance(b) == approx(1.0)
    assert not a.touches(b)


def test_touching_does_not_overlap_and_is_at_distance_zero():
    a = base(0, 0, 0)
    b = base(W, 10, 0)  # share part of a long edge
    assert not a.overlaps(b)
    assert a.distance(b) == 0.0
    assert a.touches(b)
    c = base(0, L, 0)  # bow to stern
    assert not a.overlaps(c) and a.distance(c) == 0.0


def test_touching_at_a_rotated_orientation_stays_touching():
    # Same contact, whole picture rotated by 37 degrees: rounding error is far below EPS.
    p = Pose(0, 0, 37)
    a = Rect.of_base(p, W, L)
    b = Rect.of_base(p.moved(right=W), W, L)
    assert not a.overlaps(b)
    assert a.distance(b) == 0.0


def test_penetration_beyond_eps_overlaps():
    a = base(0, 0, 0)
    assert base(W - 0.5, 0, 0).overlaps(a)
    assert base(W - 10 * EPS, 0, 0).overlaps(a)
    assert not base(W - 0.1 * EPS, 0, 0).overlaps(a)  # within tolerance: touching


def test_crossed_bases_overlap_without_any_corner_inside():
    a = base(0, 0, 0, 10, 100)
    b = base(0, 0, 90, 10, 100)
    assert all(not b.contains_point(*c) for c in a.corners)
    assert a.overlaps(b) and b.overlaps(a)
    assert a.distance(b) == 0.0


def test_corner_to_corner_distance():
    a = base(0, 0, 0, 10, 10)
    b = base(20, 20, 0, 10, 10)
    assert a.distance(b) == approx(math.sqrt(200.0))


def test_rotated_corner_to_edge_distance():
    a = base(0, 0, 0, 10, 10)
    b = base(20, 0, 45, 10, 10)  # a corner of b points at a's right edge
    assert a.distance(b) == approx(15.0 - 5.0 * math.sqrt(2.0))
    assert b.distance(a) == approx(a.distance(b))


def test_far_bases_distance():
    a = base(0, 0, 0)
    b = base(0, 500, 180)
    assert not a.overlaps(b)
    assert a.distance(b) == approx(500.0 - L)


def test_point_queries():
    r = base(0, 0, 0)
    assert r.contains_point(21.5, 45.0)
    assert not r.contains_point(21.6, 0.0)
    assert r.point_distance(0, 0) == 0.0
    assert r.point_distance(31.5, 0) == approx(10.0)
    assert r.point_distance(24.5, 49.0) == approx(5.0)
    assert r.closest_point(100, 100) == approx((21.5, 45.0))
    assert r.closest_point(1, 2) == approx((1.0, 2.0))
    assert r.local(10, 20) == approx((10.0, 20.0))
    assert base(0, 0, 90).local(0, -10) == approx((10.0, 0.0), abs=1e-12)
    assert base(0, 0, 90).world(10.0, 0.0) == approx((0.0, -10.0), abs=1e-12)


def test_extent_and_inside_table():
    r = base(100, 100, 90)
    assert r.extent() == approx((55.0, 78.5, 145.0, 121.5))
    assert r.inside(900, 900)
    assert base(21.5, 45, 0).inside(900, 900)  # flush with two edges
    assert not base(21.4, 45, 0).inside(900, 900)
    assert not base(880, 450, 0).inside(900, 900)
    assert not base(450, 880, 0).inside(900, 900)


def test_to_polygon_area_and_transformed():
    r = base(10, 20, 30)
    assert r.to_polygon().area == approx(W * L)
    from sog.geometry import Transform

    t = Transform(90, 0, 0)
    moved = r.transformed(t)
    assert moved.heading == approx(120.0)
    assert moved.center == approx((20.0, -10.0))
    assert r.moved_to(Pose(0, 0, 0)) == base(0, 0, 0)
