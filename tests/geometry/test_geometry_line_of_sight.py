"""One line of sight to a point (rulebook p. 15, used by the raking line of p. 25): the same
blocking rules as the ruler's in ``reach``, checked by hand and against the shapely reference."""

import random

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import line_of_sight, reach
from sog.plugins.system.geometry.fire_region import line_of_sight_by_region

W, L = 43.0, 90.0
DOT = (121.5, 100.0)
MAST = (300.0, 100.0)


def base(x, y, h, w=W, length=L):
    return Rect.of_base(Pose(x, y, h), w, length)


def test_a_base_across_the_line_blocks_it():
    assert not line_of_sight(DOT, MAST, [base(200.0, 100.0, 0.0)])


def test_a_base_beside_the_line_does_not_block_it():
    assert line_of_sight(DOT, MAST, [base(200.0, 100.0 + 45.0 + 5.0, 0.0)])


def test_a_base_beyond_the_point_does_not_block_it():
    assert line_of_sight(DOT, MAST, [base(400.0, 100.0, 0.0)])


def test_grazing_an_edge_or_a_corner_does_not_block():
    assert line_of_sight(DOT, MAST, [base(200.0, 100.0 + W / 2, 90.0)])  # its long edge on the line
    assert line_of_sight(DOT, MAST, [Rect(200.0, 100.0 + 10.0 * 2 ** 0.5, 45.0, 20.0, 20.0)])  # a corner
    assert not line_of_sight(DOT, MAST, [Rect(200.0, 100.0 + 9.0 * 2 ** 0.5, 45.0, 20.0, 20.0)])


def test_a_start_inside_a_blocker_sees_nothing():
    assert not line_of_sight(DOT, MAST, [Rect(121.5, 100.0, 0.0, 10.0, 10.0)])


def test_no_blockers_no_blocking():
    assert line_of_sight(DOT, MAST) and line_of_sight(DOT, DOT)


def test_agrees_with_the_ruler_to_a_tiny_target():
    """A blocker that hides the whole of a tiny target round the point blocks the line to it."""
    rnd = random.Random(7)
    for _ in range(200):
        blocker = Rect(rnd.uniform(150, 270), rnd.uniform(60, 140), rnd.uniform(0, 360), 20.0, 40.0)
        if blocker.point_distance(*MAST) < 1.0:
            continue
        tiny = Rect(MAST[0], MAST[1], 0.0, 1e-3, 1e-3)
        ruler = reach(DOT, 0.0, 0.0, 500.0, tiny, [blocker])
        sight = line_of_sight(DOT, MAST, [blocker])
        if abs(blocker.point_distance(*DOT)) > 1.0 and min(
                abs(_side(DOT, MAST, c)) for c in blocker.corners) > 0.01:
            assert sight == (ruler is not None)


def _side(a, b, p):
    """Signed distance of ``p`` from the line ``a b``."""
    (ax, ay), (bx, by), (px, py) = a, b, p
    n = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    return ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / n


def test_matches_the_shapely_reference_on_random_situations():
    rnd = random.Random(20240611)
    blocked = 0
    for _ in range(500):
        def rect():
            return Rect(rnd.uniform(0, 300), rnd.uniform(0, 300), rnd.uniform(0, 360),
                        rnd.uniform(10, 45), rnd.uniform(30, 100))

        blockers = [rect() for _ in range(rnd.randint(0, 3))]
        a = (rnd.uniform(0, 300), rnd.uniform(0, 300))
        b = (rnd.uniform(0, 300), rnd.uniform(0, 300))
        fast = line_of_sight(a, b, blockers)
        assert fast == line_of_sight_by_region(a, b, blockers), (a, b, blockers)
        blocked += not fast
    assert 50 < blocked < 450
