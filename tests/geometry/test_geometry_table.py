"""Unit tests of the table helpers."""

from sog.geometry import Pose, Rect, Table, fully_offboard, offboard

W, L = 43.0, 90.0


def base(x, y, h):
    return Rect.of_base(Pose(x, y, h), W, L)


def test_offboard_any_part():
    assert not offboard(base(450, 450, 0), 900, 900)
    assert not offboard(base(21.5, 45, 0), 900, 900)  # flush with the corner edges
    assert offboard(base(20, 450, 0), 900, 900)
    assert offboard(base(450, 860, 0), 900, 900)
    assert offboard(base(880, 450, 90), 900, 900)


def test_fully_offboard():
    assert not fully_offboard(base(20, 450, 0), 900, 900)
    assert fully_offboard(base(-30, 450, 0), 900, 900)
    assert not fully_offboard(base(-21.5, 450, 0), 900, 900)  # touching the edge from outside
    assert fully_offboard(base(450, 1000, 90), 900, 900)
    # a diamond off the corner: its bounding box meets the table, the diamond does not
    assert fully_offboard(Rect(-4, -4, 45, 10, 10), 900, 900)
    assert not fully_offboard(Rect(-3, -3, 45, 10, 10), 900, 900)


def test_table_object():
    t = Table(900, 600)
    assert t.contains(base(450, 300, 0))
    assert t.offboard(base(450, 580, 0))
    assert not t.fully_offboard(base(450, 580, 0))
    assert t.fully_offboard(base(450, 700, 0))
    assert t.contains_point(0, 600) and not t.contains_point(-1, 0)
