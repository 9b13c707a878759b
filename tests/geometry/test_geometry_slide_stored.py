"""Sliding to contact ends touching, never overlapping, as the pose is stored (rulebook p. 13),
and a float residue of contact at the start does not freeze a ship (ruling CONTACT_RESIDUE)."""

import pytest

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import end_pose, slide_until_contact
from sog.plugins.system.geometry.paths import BACKOFF
from sog.geometry.tolerance import CONTACT_RESIDUE, EPS

approx = pytest.approx
W, L = 43.0, 90.0
START = Pose(100.0, 100.0, 0.0)  # bow at y = 145, starboard side at x = 121.5
AHEAD = (0.0, 43.5, 0.0)  # straight ahead, 133.5 mm


def base(x, y, h, w=W, length=L):
    return Rect.of_base(Pose(x, y, h), w, length)


def to_mm(pose):
    """A deliberately coarse store: whole millimetres and degrees."""
    return Pose(float(round(pose.x)), float(round(pose.y)), float(round(pose.heading)))


def to_thousandth(pose):
    """The engine's store: 1/1000 mm and degree."""
    return Pose(round(pose.x, 3), round(pose.y, 3), round(pose.heading, 3))


def test_stored_stop_pose_is_backed_off_until_it_overlaps_nothing():
    wall = base(100.0, 249.6 + W / 2, 90.0)  # near side y = 249.6: the exact stop is y ~ 204.55
    exact = slide_until_contact(START, W, L, AHEAD, "bow", [wall])
    assert Rect.of_base(to_mm(exact.pose), W, L).overlaps(wall)  # rounding alone would overlap
    s = slide_until_contact(START, W, L, AHEAD, "bow", [wall], snap=to_mm)
    assert s.hit == 0 and s.pose == to_mm(s.pose)
    assert (s.pose.x, s.pose.y, s.pose.heading) == (100.0, 204.0, 0.0)
    assert not Rect.of_base(s.pose, W, L).overlaps(wall)


#: Wall offsets (k x 0.00731 mm) where the plain stop of a turning slide, rounded, overlaps.
HAIR_OFFSETS = (62, 255, 495, 609, 663, 689)


@pytest.mark.parametrize("k", HAIR_OFFSETS)
def test_stored_stop_pose_of_a_turning_slide_touches_without_overlapping(k):
    wall = base(100.0, 170.0 + k * 0.00731 + W / 2, 90.0)
    exact = slide_until_contact(START, W, L, (9.0, 23.0, 33.0), "bow", [wall])
    assert not Rect.of_base(exact.pose, W, L).overlaps(wall)
    assert Rect.of_base(to_thousandth(exact.pose), W, L).overlaps(wall)  # the defect
    s = slide_until_contact(START, W, L, (9.0, 23.0, 33.0), "bow", [wall], snap=to_thousandth)
    final = Rect.of_base(s.pose, W, L)
    assert s.hit == 0 and s.pose == to_thousandth(s.pose)
    assert not final.overlaps(wall) and final.distance(wall) < 0.2


def test_stored_end_pose_touching_only_by_rounding_stops_against_the_base():
    end = end_pose(START, L, AHEAD)
    wall = base(100.0, end.y + L / 2 + W / 2 + 0.4, 90.0)  # 0.4 mm beyond the normal end
    s = slide_until_contact(START, W, L, AHEAD, "bow", [wall], snap=to_mm)
    assert s.hit == 0 and s.t < 1.0
    assert not Rect.of_base(s.pose, W, L).overlaps(wall)


def test_no_clear_stored_pose_on_the_line_stays_put():
    wall = base(100.0, 145.3 + W / 2, 90.0)  # every snapped pose ahead overlaps it
    s = slide_until_contact(START, W, L, AHEAD, "bow", [wall], snap=lambda p: Pose(p.x, p.y + 1.0, p.heading))
    assert s.pose == START and s.t == 0.0 and s.hit == 0


def test_backing_away_from_a_base_touched_by_a_residue_moves_on():
    wall = base(100.0, 145.0 - 4e-4 + W / 2, 90.0)  # 0.0004 mm into the bow
    assert Rect.of_base(START, W, L).overlaps(wall)
    s = slide_until_contact(START, W, L, (0.0, -30.0, 0.0), "stern", [wall])
    assert s.hit is None and s.t == 1.0
    assert s.pose.y == approx(end_pose(START, L, (0.0, -30.0, 0.0), "stern").y)


def test_sliding_along_a_base_touched_by_a_residue_moves_on_without_going_deeper():
    side = base(121.5 - 3e-4 + W / 2, 100.0, 0.0)  # alongside, 0.0003 mm into the starboard side
    ahead = base(100.0, 180.0 + W / 2, 90.0)  # across the card spot: the bow slides (mode b)
    s = slide_until_contact(START, W, L, AHEAD, "bow", [side, ahead])
    assert s.mode == "bow" and s.hit == 1
    final = Rect.of_base(s.pose, W, L)
    assert s.pose.y == approx(180.0 - 45.0, abs=0.2)
    assert final.gap(side) >= Rect.of_base(START, W, L).gap(side) - EPS


def test_pushing_into_a_base_touched_by_a_residue_stays_put():
    wall = base(100.0, 145.0 - 4e-4 + W / 2, 90.0)
    s = slide_until_contact(START, W, L, AHEAD, "bow", [wall])
    assert s.mode == "bow" and s.hit == 0 and s.t == 0.0
    assert s.pose.y == approx(START.y, abs=1e-9)


def test_an_overlap_deeper_than_the_residue_stays_put():
    wall = base(100.0, 145.0 - 2 * CONTACT_RESIDUE + W / 2, 90.0)
    s = slide_until_contact(START, W, L, (0.0, -30.0, 0.0), "stern", [wall])
    assert s.pose == START and s.t == 0.0 and s.hit == 0


def test_contact_constants():
    assert 1e-3 < CONTACT_RESIDUE <= 0.01 and BACKOFF <= 1e-3
