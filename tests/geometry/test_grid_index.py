"""The grid index of points (:class:`sog.geometry.GridIndex`): the same answers as a scan."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sog.geometry import GridIndex

coordinate = st.floats(min_value=-500.0, max_value=3000.0, allow_nan=False)
points = st.lists(st.tuples(coordinate, coordinate), max_size=60)


def scan(pts, x, y, r):
    return [i for i, (px, py) in enumerate(pts) if r >= 0.0 and (px - x) * (px - x) + (py - y) * (py - y) <= r * r]


@settings(max_examples=300, deadline=None)
@given(points, coordinate, coordinate, st.floats(min_value=0.0, max_value=4000.0), st.floats(min_value=1.0, max_value=2000.0))
def test_near_finds_exactly_the_points_a_scan_finds_in_index_order(pts, x, y, r, cell):
    assert GridIndex(pts, cell).near(x, y, r) == scan(pts, x, y, r)


@settings(max_examples=100, deadline=None)
@given(points, st.floats(min_value=1.0, max_value=500.0))
def test_every_point_is_found_at_radius_zero_from_itself(pts, cell):
    index = GridIndex(pts, cell)
    for i, (px, py) in enumerate(pts):
        assert i in index.near(px, py, 0.0)


def test_a_negative_radius_finds_nothing():
    assert GridIndex([(float(i), 0.0) for i in range(20)], 10.0).near(5.0, 0.0, -1.0) == []


def test_the_cell_size_must_be_positive():
    with pytest.raises(ValueError):
        GridIndex([(0.0, 0.0)], 0.0)
