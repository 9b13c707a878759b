"""Arcs of fire, raking and line of sight (the fire rule's geometric rulings)."""

from __future__ import annotations

import math

import pytest

from dice_and_inches.fire_geometry import in_arc, line_clear, rakes, segment_hits_circle, segment_hits_rect
from dice_and_inches.units import Rock
from sog.geometry import Pose, Rect


@pytest.mark.parametrize(("angle", "right", "left"), [
    (0, False, False), (30, False, False), (45, True, False), (90, True, False), (135, True, False),
    (150, False, False), (180, False, False), (-90, False, True), (-45, False, True), (-136, False, False)])
def test_broadside_guns_fire_to_their_side_between_45_and_135_degrees(angle: float, right: bool, left: bool) -> None:
    pose = Pose(0.0, 0.0, 30.0)
    a = math.radians(30.0 + angle)
    point = (100 * math.sin(a), 100 * math.cos(a))
    assert in_arc(pose, "right", point) is right
    assert in_arc(pose, "left", point) is left


def test_battery_guns_fire_across_their_whole_seaward_side() -> None:
    pose = Pose(0.0, 0.0, 0.0)
    assert in_arc(pose, "right", (100.0, 1.0), battery=True)
    assert in_arc(pose, "right", (1.0, -100.0), battery=True)
    assert not in_arc(pose, "right", (-100.0, 0.0), battery=True)
    assert not in_arc(pose, "left", (100.0, 0.0), battery=True)


def test_raking_needs_the_firer_in_line_with_the_whole_length_of_the_hull() -> None:
    target = Pose(0.0, 0.0, 0.0)  # heading north, 100 x 30 mm
    assert rakes(target, 100.0, 30.0, (0.0, 200.0)) == "bow"
    assert rakes(target, 100.0, 30.0, (20.0, -200.0)) == "stern"  # inside the diagonal wedge
    assert rakes(target, 100.0, 30.0, (80.0, 200.0)) is None  # too far off the line
    assert rakes(target, 100.0, 30.0, (200.0, 0.0)) is None  # abeam
    assert rakes(target, 100.0, 30.0, (0.0, 40.0)) is None  # on the hull


def test_raking_wedge_turns_with_the_target() -> None:
    target = Pose(500.0, 500.0, 90.0)  # heading east
    assert rakes(target, 100.0, 30.0, (800.0, 510.0)) == "bow"
    assert rakes(target, 100.0, 30.0, (500.0, 800.0)) is None


def test_segment_through_a_hull_is_blocked_but_grazing_is_not() -> None:
    hull = Rect(0.0, 0.0, 0.0, 20.0, 100.0)
    assert segment_hits_rect((-50.0, 0.0), (50.0, 0.0), hull)
    assert not segment_hits_rect((10.0, -80.0), (10.0, 80.0), hull)  # along the edge
    assert not segment_hits_rect((-50.0, 0.0), (-12.0, 0.0), hull)  # stops short
    assert segment_hits_rect((0.0, 200.0), (0.0, -200.0), hull)  # end to end


def test_rocks_block_line_of_sight() -> None:
    assert segment_hits_circle((0.0, 0.0), (100.0, 0.0), (50.0, 5.0), 10.0)
    assert not segment_hits_circle((0.0, 0.0), (100.0, 0.0), (50.0, 15.0), 10.0)
    assert not line_clear((0.0, 0.0), (100.0, 0.0), [], [Rock(50.0, 5.0, 10.0)])
    assert not line_clear((0.0, 0.0), (100.0, 0.0), [Rect(50.0, 0.0, 0.0, 10.0, 40.0)], [])
    assert line_clear((0.0, 0.0), (100.0, 0.0), [Rect(50.0, 50.0, 0.0, 10.0, 40.0)], [Rock(50.0, 30.0, 10.0)])


def test_arcs_and_raking_do_not_depend_on_how_the_table_is_turned() -> None:
    from sog.geometry import Transform

    cases = [(Pose(100.0, 100.0, h), (100.0 + dx, 100.0 + dy)) for h in (0.0, 37.0, 200.0)
             for dx, dy in ((150.0, 10.0), (-40.0, 160.0), (5.0, -170.0), (120.0, 120.0))]
    for motion in (Transform(90.0, 300.0, -50.0), Transform(-123.0, 10.0, 400.0)):
        for pose, point in cases:
            moved_pose, moved_point = motion.pose(pose), motion.point(*point)
            for side in ("left", "right"):
                assert in_arc(pose, side, point) == in_arc(moved_pose, side, moved_point)
            assert rakes(pose, 152.4, 50.8, point) == rakes(moved_pose, 152.4, 50.8, moved_point)
