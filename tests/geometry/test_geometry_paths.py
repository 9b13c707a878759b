"""Unit tests of maneuver movement: end poses, the path curve, sliding to first contact."""

import math

import pytest

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import (
    MAX_STEP,
    RESOLUTION,
    ManeuverPath,
    choose_slide_mode,
    end_pose,
    slide_until_contact,
)

approx = pytest.approx
W, L = 43.0, 90.0
START = Pose(100, 100, 0)  # bow at y = 145


def pose_tuple(p):
    return (p.x, p.y, p.heading)


def base(x, y, h, w=W, length=L):
    return Rect.of_base(Pose(x, y, h), w, length)


def test_end_pose_d1_battle_green():
    # bow at y = 45; stern ends at 45 + 29 = 74; centre 74 + 45 = 119
    assert pose_tuple(end_pose(Pose(0, 0, 0), L, (0, 29, 0))) == approx((0.0, 119.0, 0.0))


def test_end_pose_heading_east():
    assert pose_tuple(end_pose(Pose(100, 100, 90), L, (0, 29, 0))) == approx((219.0, 100.0, 90.0))


def test_end_pose_turning():
    # stern ends at (9, 45 + 23) = (9, 68), heading 33, centre 45 ahead of it
    s, c = math.sin(math.radians(33)), math.cos(math.radians(33))
    p = end_pose(Pose(0, 0, 0), L, (9, 23, 33))
    assert pose_tuple(p) == approx((9 + 45 * s, 68 + 45 * c, 33.0))
    # the same line from a ship heading east: right is south, forward is east
    s2, c2 = math.sin(math.radians(123)), math.cos(math.radians(123))
    q = end_pose(Pose(0, 0, 90), L, (9, 23, 33))
    assert pose_tuple(q) == approx((68 + 45 * s2, -9 + 45 * c2, 123.0))


def test_end_pose_turning_to_port_wraps_heading():
    p = end_pose(Pose(0, 0, 10), L, (-5, 20, -25))
    assert p.heading == approx(345.0)


def test_end_pose_line_behind_the_stern():
    # two-sandglass taken-aback line [0, -30, 0] from the stern at y = -45: stern to -75
    p = end_pose(Pose(0, 0, 0), L, (0, -30, 0), start="stern")
    assert pose_tuple(p) == approx((0.0, -30.0, 0.0))
    with pytest.raises(ValueError):
        end_pose(Pose(0, 0, 0), L, (0, 1, 0), start="side")


def test_path_ends_and_headings():
    path = ManeuverPath.of_move(START, L, (9, 23, 33))
    assert path.point(0) == approx((100.0, 145.0))
    assert path.point(1) == approx((109.0, 168.0))
    assert path.heading(0) == approx(0.0)
    assert path.heading(1) == approx(33.0)
    hs = [path.heading(i / 20) for i in range(21)]
    assert all(b >= a - 1e-9 for a, b in zip(hs, hs[1:]))  # turns steadily to starboard


def test_straight_path():
    path = ManeuverPath.of_move(START, L, (0, 43.5, 0))
    assert path.point(0.5) == approx((100.0, 145 + 43.5 / 2))
    assert path.length() == approx(43.5)
    assert path.heading(0.3) == approx(0.0)
    assert path.derivative(0.5) == approx((0.0, 43.5))  # evenly spaced controls: uniform speed


def test_backward_path_keeps_ship_heading():
    path = ManeuverPath.of_move(START, L, (0, -30, 0), start="stern")
    assert path.point(0) == approx((100.0, 55.0))
    assert path.point(1) == approx((100.0, 25.0))
    assert path.heading(0.5) == approx(0.0, abs=1e-9)


def test_no_obstacle_slides_to_the_normal_end():
    end = (9, 23, 33)
    s = slide_until_contact(START, W, L, end, "bow", [base(600, 600, 0)])
    assert s.t == 1.0 and s.mode == "stern" and s.hit is None
    assert pose_tuple(s.pose) == approx(pose_tuple(end_pose(START, L, end)))


def test_stern_mode_stops_just_before_a_base_ahead():
    wall = base(100, 250 + W / 2, 90)  # its near side on y = 250; the card spot (bow 235) is clear
    end = (0, 43.5, 0)
    assert Rect.of_base(end_pose(START, L, end), W, L).overlaps(wall)
    assert choose_slide_mode(START, W, L, "bow", [wall]) == "stern"
    s = slide_until_contact(START, W, L, end, "bow", [wall])
    assert s.mode == "stern" and s.hit == 0 and 0 < s.t < 1
    final = Rect.of_base(s.pose, W, L)
    assert not final.overlaps(wall)
    assert final.distance(wall) < 0.2
    assert s.pose.y == approx(250 - 45, abs=0.2)
    assert s.pose.x == approx(100.0) and s.pose.heading == approx(0.0)


def test_bow_mode_when_the_card_spot_is_taken():
    wall = base(100, 170 + W / 2, 90)  # near side on y = 170: the card spot (bow at 235) overlaps
    assert choose_slide_mode(START, W, L, "bow", [wall]) == "bow"
    s = slide_until_contact(START, W, L, (0, 43.5, 0), "bow", [wall])
    assert s.mode == "bow" and s.hit == 0
    final = Rect.of_base(s.pose, W, L)
    assert not final.overlaps(wall) and final.distance(wall) < 0.2
    assert s.pose.y == approx(170 - 45, abs=0.2)  # bow stopped on the wall


def test_bow_mode_turning_stops_touching():
    wall = base(100, 170 + W / 2, 90)
    s = slide_until_contact(START, W, L, (9, 23, 33), "bow", [wall])
    assert s.mode == "bow" and s.hit == 0 and 0 < s.t < 1
    final = Rect.of_base(s.pose, W, L)
    assert not final.overlaps(wall) and final.distance(wall) < 0.2
    assert 0 < s.pose.heading < 33


def test_forced_stern_mode_with_the_card_spot_taken_stays_put():
    wall = base(100, 170 + W / 2, 90)
    s = slide_until_contact(START, W, L, (0, 43.5, 0), "bow", [wall], mode="stern")
    assert s.pose == START and s.t == 0.0 and s.hit == 0


def test_already_touching_stays_put():
    wall = base(100, 145 + W / 2, 90)  # touching the bow
    s = slide_until_contact(START, W, L, (0, 43.5, 0), "bow", [wall])
    assert s.mode == "bow"
    assert pose_tuple(s.pose) == approx(pose_tuple(START), abs=RESOLUTION)
    assert not Rect.of_base(s.pose, W, L).overlaps(wall)


def test_thin_obstacle_is_not_tunnelled_through():
    for y, mode in ((250.0, "stern"), (170.0, "bow")):
        sliver = Rect(100, y, 90, 0.5, 200)  # 0.5 mm thick, across the path
        s = slide_until_contact(START, W, L, (0, 43.5, 0), "bow", [sliver])
        assert s.mode == mode
        final = Rect.of_base(s.pose, W, L)
        assert s.hit == 0 and not final.overlaps(sliver) and final.distance(sliver) < 0.2
        assert final.bow_center[1] < y


def test_first_of_several_obstacles_is_reported():
    near = base(100, 250 + W / 2, 90)
    farther = base(100, 300 + W / 2, 90)
    beside = base(300, 200, 0)
    s = slide_until_contact(START, W, L, (0, 43.5, 0), "bow", [beside, farther, near])
    assert s.hit == 2


def test_line_behind_the_ship_slides_astern():
    wall = base(100, 40 - W / 2, 90)  # its top side on y = 40; the stern is at 55
    end = (0, -30, 0)
    assert choose_slide_mode(START, W, L, "stern", [wall]) == "stern"
    s = slide_until_contact(START, W, L, end, "stern", [wall])
    assert s.mode == "stern" and s.hit == 0
    assert s.pose.y == approx(40 + 45, abs=0.2)
    with pytest.raises(ValueError):
        slide_until_contact(START, W, L, end, "stern", [wall], mode="bow")


def test_step_constants():
    assert MAX_STEP <= 2.0 and RESOLUTION <= 0.1
