"""entry_side: the side of a base a segment crosses first on its way in (raking, p. 25)."""

import pytest

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import CORNER_ENTRY, entry_side

#: A standard base (43 x 90) at the origin heading north: bow edge y = 45, stern y = -45,
#: right (starboard) edge x = 21.5, left edge x = -21.5; main mast at [0, 5].
BASE = Rect(0.0, 0.0, 0.0, 43.0, 90.0)
MAST = (0.0, 5.0)


@pytest.mark.parametrize(
    ("start", "side"),
    [
        ((0.0, 200.0), "bow"),      # dead ahead
        ((15.0, 120.0), "bow"),     # ahead, a little to starboard
        ((0.0, -200.0), "stern"),   # dead astern
        ((-10.0, -150.0), "stern"),
        ((150.0, 5.0), "right"),    # abeam to starboard
        ((-150.0, 0.0), "left"),    # abeam to port
        ((100.0, 100.0), "right"),  # on the starboard bow, but the line meets the long side first
    ],
)
def test_the_line_to_the_main_mast_enters_through_the_side_facing_the_shooter(start, side):
    assert entry_side(BASE, start, MAST) == side


def test_the_first_edge_crossed_counts_not_the_one_the_point_is_nearest_to():
    # From far ahead and slightly to starboard, the line crosses the bow edge first even though
    # the starting point is outside the starboard slab too.
    assert entry_side(BASE, (30.0, 400.0), MAST) == "bow"
    # From just off the starboard bow corner, steeply, the long side comes first.
    assert entry_side(BASE, (60.0, 50.0), MAST) == "right"


def test_sides_follow_the_heading_of_the_base():
    east = Rect(500.0, 300.0, 90.0, 43.0, 90.0)  # bow points east (+x), starboard points south
    mast = Pose(500.0, 300.0, 90.0).local_to_world(*MAST)
    assert entry_side(east, (700.0, 300.0), mast) == "bow"
    assert entry_side(east, (300.0, 300.0), mast) == "stern"
    assert entry_side(east, (505.0, 100.0), mast) == "right"
    assert entry_side(east, (505.0, 500.0), mast) == "left"


def test_an_exact_corner_enters_through_the_long_side_by_ruling():
    assert CORNER_ENTRY == "long"
    # The diagonal through the bow-starboard corner (21.5, 45) towards the centre.
    assert entry_side(BASE, (43.0, 90.0), (0.0, 0.0)) == "right"
    assert entry_side(BASE, (-43.0, -90.0), (0.0, 0.0)) == "left"
    # A line running along the starboard edge from ahead touches the corner first: long side.
    assert entry_side(BASE, (21.5, 100.0), (21.5, 0.0)) == "right"


def test_no_side_when_the_segment_starts_inside_misses_or_stops_short():
    assert entry_side(BASE, (0.0, 10.0), MAST) is None               # starts inside
    assert entry_side(BASE, (100.0, 100.0), (100.0, -100.0)) is None  # passes by
    assert entry_side(BASE, (0.0, 200.0), (0.0, 60.0)) is None        # stops before the bow
    assert entry_side(BASE, (0.0, 200.0), (0.0, 200.0)) is None       # no length


def test_a_segment_starting_on_an_edge_enters_through_it_and_may_pass_through():
    assert entry_side(BASE, (0.0, 45.0), MAST) == "bow"
    assert entry_side(BASE, (0.0, -200.0), (0.0, 200.0)) == "stern"  # through the whole base
