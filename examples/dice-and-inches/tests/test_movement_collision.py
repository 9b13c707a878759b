"""Hull geometry as pure functions: runs stopped at contact, pivots, contacts, the table edge."""

from __future__ import annotations

import math

import pytest

from dice_and_inches import collision as c
from sog.geometry import Pose, Rect

W, L = 40.0, 160.0  # a hull 40 mm wide and 160 mm long
FORE = L / 4  # the foremast


def hull(x: float, y: float, heading: float) -> Rect:
    return Rect(x, y, heading, W, L)


def test_a_clear_run_goes_the_whole_distance() -> None:
    run = c.sail(Pose(500, 500, 90), W, L, 150.0)
    assert run.hit is None
    assert run.pose.x == pytest.approx(650) and run.pose.y == pytest.approx(500)


def test_a_run_stops_at_contact_with_a_hull() -> None:
    other = hull(800, 500, 0)  # athwart the course, its west side at x = 780
    run = c.sail(Pose(500, 500, 90), W, L, 300.0, {"b": other})
    assert run.hit == c.Hit("ship", "b")
    # Her bow (80 mm ahead of the centre) stops at the other's side.
    assert run.pose.x + L / 2 == pytest.approx(780, abs=1e-3)
    assert not Rect.of_base(run.pose, W, L).overlaps(other)


def test_a_run_stops_at_contact_with_a_rock() -> None:
    run = c.sail(Pose(500, 500, 0), W, L, 300.0, rocks=[c.Rock(500, 700, 20)])
    assert run.hit == c.Hit("rock", 0)
    assert run.pose.y + L / 2 == pytest.approx(680, abs=1e-3)


def test_a_drift_runs_in_its_own_direction_keeping_the_heading() -> None:
    run = c.sail(Pose(500, 500, 0), W, L, 76.2, direction=180)
    assert run.pose.heading == 0 and run.pose.y == pytest.approx(500 - 76.2)


def test_a_pivot_keeps_the_foremast_in_place_and_sweeps_the_stern() -> None:
    start = Pose(500, 500, 0)
    turned = c.pivot(start, FORE, 45)
    assert turned.heading == 45
    assert turned.local_to_world(0, FORE) == pytest.approx(start.local_to_world(0, FORE))
    assert turned.x < start.x + FORE * math.sin(math.radians(45))  # the centre swung back


def test_a_turn_whose_sweep_meets_a_hull_is_not_clear() -> None:
    # A hull lying just off the stern quarter to port: turning to starboard swings the stern into it.
    pose = Pose(500, 500, 0)
    other = hull(445, 430, 0)
    assert not c.sweep_clear(pose, W, L, FORE, 45, {"b": other})
    assert c.sweep_clear(pose, W, L, FORE, -45, {"b": other})


def test_anchor_swing_keeps_the_bow_tip_and_ends_head_to_wind() -> None:
    pose = Pose(500, 500, 90)
    swung = c.swing(pose, W, L, 0.0)
    assert swung.heading == 0
    assert swung.local_to_world(0, L / 2) == pytest.approx(pose.local_to_world(0, L / 2))


def test_anchor_swing_stops_at_the_last_clear_angle() -> None:
    pose = Pose(500, 500, 90)
    blocker = hull(420, 400, 90)  # under the stern's path as it swings to the south-west
    swung = c.swing(pose, W, L, 0.0, {"b": blocker})
    assert 0 < swung.heading < 90
    assert not Rect.of_base(swung, W, L).overlaps(blocker)


def test_bow_into_beam_at_a_right_angle_entangles() -> None:
    mover = hull(500, 500 - 80 - 20, 0)  # her stem touches the south side of the other
    other = hull(500, 500, 90)
    assert c.collision_kind(mover, other) == "entangled"


def test_beam_struck_by_the_other_bow_entangles_too() -> None:
    mover = hull(500, 500, 90)
    other = hull(500, 500 - 80 - 20, 0)
    assert c.collision_kind(mover, other) == "entangled"


def test_under_45_degrees_the_collision_deflects() -> None:
    mover = hull(500, 500, 30)
    other = hull(545, 560, 0)
    assert c.lines_angle(30, 0) == 30
    assert c.collision_kind(mover, other) == "deflected"
    assert c.lines_angle(10, 200) == 10  # nearly head on counts as a small angle


def test_bow_on_a_transom_is_a_plain_collision() -> None:
    # At 60 degrees the mover's bow corner touches the other's stern edge (not her beam).
    other = hull(500, 500, 0)  # her transom spans x 480..520 at y = 420
    # Aim the mover's bow-port corner (the leading one at 60 degrees) at the transom's middle.
    fx, fy, rx, ry = math.sin(math.radians(60)), math.cos(math.radians(60)), math.cos(math.radians(60)), -math.sin(math.radians(60))
    cx, cy = 500 - (80 * fx - 20 * rx), 419 - (80 * fy - 20 * ry)
    mover_pose = c.sail(Pose(cx - 100 * fx, cy - 100 * fy, 60), W, L, 400.0, {"b": other}).pose
    mover = Rect.of_base(mover_pose, W, L)
    point = c.contact_point(mover, other)
    assert other.local(*point)[1] == pytest.approx(-L / 2, abs=0.01)
    assert c.collision_kind(mover, other) == "struck"


def test_deflection_sets_the_ship_alongside_away_from_the_other() -> None:
    pose = Pose(500, 500, 0)
    other = hull(530, 660, 0)  # ahead and to starboard, overlapping her course by 10 mm
    moved = c.deflect(pose, W, L, other)
    assert moved.x == pytest.approx(530 - W) and moved.y == 500 and moved.heading == 0
    # Now she lies clear of the other's hull along her course.
    assert c.sail(moved, W, L, 400, {"b": other}).hit is None


def test_deflection_blocked_stays_put() -> None:
    pose = Pose(500, 500, 0)
    other = hull(530, 660, 0)
    assert c.deflect(pose, W, L, other, {"x": hull(455, 500, 0)}) == pose
    assert c.deflect(Pose(21, 500, 0), W, L, hull(51, 660, 0), table=(1000, 1000)) == Pose(21, 500, 0)


@pytest.mark.parametrize(("x", "y", "shift"), [
    (500, 500, (0, 0)), (10, 500, (10, 0)), (990, 500, (-10, 0)), (500, 50, (0, 30)), (5, 960, (15, -40)),
])
def test_edge_shift_brings_the_hull_flush_with_the_edge(x: float, y: float, shift: tuple[float, float]) -> None:
    assert c.edge_shift(hull(x, y, 0), 1000, 1000) == pytest.approx(shift)
