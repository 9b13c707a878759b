"""The table snapshot and its neighbour index (:mod:`sog.plugins.system.table_index`).

The broadside, musketry and overlap searches look only at the bases near the one asking; they
must find exactly what the all-pairs searches they replace found (kept here as references), in
the same order, with the same floats, and a snapshot must never outlive the table it shows.
"""

import gc
import math
import threading
import weakref

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sog.geometry import Pose
from sog.lineup import Lineup
from sog.plugins.basic import movement
from sog.plugins.system.geometry import reach, ruler_band, within_distance
from sog.plugins.system.hooktypes import Move
from sog.plugins.system.nearest import broadside_distances
from sog.plugins.system.table_index import pinned, table_snapshot
from sog.plugins.system.tabletop import (
    ARCS,
    arc_of,
    base_of,
    broadside_options,
    enemies,
    musketry_targets,
    other_rects,
    pose_of,
    rect_of,
    ruler_of,
)
from sog.setup import new_game
from sog.state import PoseState

SHIPS = 24  # twelve a side: more than the index's threshold for scanning every base


@pytest.fixture(scope="module")
def game():
    fleet = Lineup(fleets={"british": ("hms-terpsichore", "hms-defence") * (SHIPS // 4),
                           "french": ("courageuse", "genereux") * (SHIPS // 4)})
    return new_game("enemy-in-sight", lineup=fleet, seed=1)


def all_pairs_broadside(game, ship, side, pose=None):
    """The all-pairs search ``broadside_options`` made before the index (no land on the table)."""
    base, pose, ruler = base_of(game, ship), pose or pose_of(ship), ruler_of(game)
    bands = [(b.name, b.from_, b.to) for b in ruler.bands]
    rects = {s.id: rect_of(game, s) for s in game.ships() if s.id != ship.id}
    obstacles = [rect_of(game, s) for s in game.obstacles() if s.id != ship.id]
    dots = []
    for arc_name in ARCS:
        arc = arc_of(base, side, arc_name)
        dots.append((arc_name, pose.local_to_world(arc.dot[0], arc.dot[1]), pose.heading + arc.from_, pose.heading + arc.to))
    limit = ruler.length + math.hypot(base.width, base.length) / 2
    found = []
    for target in [s for s in game.ships() if s.side != ship.side]:
        target_rect = rects[target.id]
        if target_rect.point_distance(pose.x, pose.y) > limit:
            continue
        blockers = [r for sid, r in rects.items() if sid != target.id] + obstacles
        for arc_name, dot, start, end in dots:
            hit = reach(dot, start, end, ruler.length, target_rect, blockers)
            if hit is not None:
                found.append({"side": side, "target": target.id, "arc": arc_name,
                              "band": ruler_band(hit.distance, bands), "distance": round(hit.distance, 1)})
    return found


def all_pairs_distances(game, ship, side):
    """The all-pairs search ``nearest.broadside_distances`` made before the index (no land)."""
    base, pose, ruler = base_of(game, ship), pose_of(ship), ruler_of(game)
    rects = {s.id: rect_of(game, s) for s in game.ships() if s.id != ship.id}
    obstacles = [rect_of(game, s) for s in game.obstacles()]
    found = {}
    for arc_name in ARCS:
        arc = arc_of(base, side, arc_name)
        dot = pose.local_to_world(arc.dot[0], arc.dot[1])
        for target, rect in rects.items():
            blockers = [r for other, r in rects.items() if other != target] + obstacles
            hit = reach(dot, pose.heading + arc.from_, pose.heading + arc.to, ruler.length, rect, blockers)
            if hit is not None:
                found[target] = min(found.get(target, math.inf), hit.distance)
    return found


def all_pairs_musketry(game, ship, pose=None):
    rect, width = rect_of(game, ship, pose), ruler_of(game).width
    return [t.id for t in game.ships() if t.side != ship.side and within_distance(rect, rect_of(game, t), width)]


def all_pairs_overlaps(ships, moves, ends):
    return [(a.id, b.id) for i, a in enumerate(ships) for b in ships[i + 1:]
            if (moves[a.id].card or moves[b.id].card) and ends[a.id].overlaps(ends[b.id])]


def place(game, poses):
    for ship, (x, y, heading) in zip(game.state.ships.values(), poses):
        ship.pose = PoseState(x=x, y=y, heading=heading)


#: Poses crowded on a 600 x 600 mm patch of the table: many targets in reach, many in the way.
crowded = st.lists(st.tuples(st.floats(100.0, 700.0), st.floats(100.0, 700.0), st.floats(0.0, 359.9)),
                   min_size=SHIPS, max_size=SHIPS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(poses=crowded, moved=st.tuples(st.floats(100.0, 700.0), st.floats(100.0, 700.0), st.floats(0.0, 359.9)))
def test_broadside_musketry_and_nearest_searches_equal_the_all_pairs_search(game, poses, moved):
    place(game, poses)
    found_any = False
    for ship in game.ships():
        for side in ("left", "right"):
            options = broadside_options(game, ship, side)
            assert options == all_pairs_broadside(game, ship, side)
            found_any = found_any or bool(options)
        assert musketry_targets(game, ship) == all_pairs_musketry(game, ship)
    for ship in game.ships()[:4]:
        distances = broadside_distances(game, ship, "left")
        assert distances == all_pairs_distances(game, ship, "left")
        assert list(distances) == list(all_pairs_distances(game, ship, "left"))  # the same order
    ship, pose = game.ships()[0], Pose(*moved)  # a bot trying a move: the ship elsewhere
    assert broadside_options(game, ship, "right", pose) == all_pairs_broadside(game, ship, "right", pose)
    assert musketry_targets(game, ship, pose) == all_pairs_musketry(game, ship, pose)
    assert found_any or len({(round(x), round(y)) for x, y, _ in poses}) < SHIPS  # the table is crowded


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(poses=crowded, still=st.sets(st.integers(0, SHIPS - 1)))
def test_overlapping_final_bases_equal_the_all_pairs_search(game, poses, still):
    place(game, poses)
    ships = game.ships()
    moves = {s.id: Move(ship=s.id, card=None if i in still else "card", line=None, colour=None, start="bow",
                        attitude="reaching") for i, s in enumerate(ships)}
    ends = {s.id: rect_of(game, s) for s in ships}
    assert movement._overlapping(ships, moves, ends) == all_pairs_overlaps(ships, moves, ends)


def test_an_unchanged_table_keeps_its_snapshot(game):
    place(game, [(30.0 * i + 50.0, 400.0, 0.0) for i in range(SHIPS)])
    assert table_snapshot(game) is table_snapshot(game)


def test_a_ship_moved_in_place_makes_a_new_snapshot(game):
    place(game, [(30.0 * i + 50.0, 100.0 + 25.0 * (i % 2), 0.0) for i in range(SHIPS)])
    before = table_snapshot(game)
    ship = game.ships()[3]
    ship.pose.x += 400.0  # changed in place: the pose object is the same
    after = table_snapshot(game)
    assert after is not before
    assert dict(after.pieces)[ship.id] == rect_of(game, ship) != dict(before.pieces)[ship.id]
    assert broadside_options(game, ship, "left") == all_pairs_broadside(game, ship, "left")


def test_a_ship_that_leaves_is_no_longer_a_target_nor_in_the_way(game):
    place(game, [(30.0 * i + 50.0, 400.0 + 40.0 * (i % 2), 0.0) for i in range(SHIPS)])
    ship = game.ships()[0]
    gone = enemies(game, ship)[0]
    assert gone.id in [pid for pid, _ in other_rects(game, [ship.id])]
    gone.status = "surrendered"
    try:
        assert gone.id not in [s.id for s in enemies(game, ship)]
        assert gone.id not in [pid for pid, _ in table_snapshot(game).pieces]
        for side in ("left", "right"):
            assert broadside_options(game, ship, side) == all_pairs_broadside(game, ship, side)
    finally:
        gone.status = "in-play"


def test_a_pinned_snapshot_serves_the_block_only(game):
    place(game, [(30.0 * i + 50.0, 600.0, 90.0) for i in range(SHIPS)])
    with pinned(game) as table:
        assert table_snapshot(game) is table
    game.ships()[0].pose.y -= 300.0
    assert table_snapshot(game) is not table


def test_a_snapshot_goes_with_its_game():
    other = new_game("enemy-in-sight", seed=2)
    snapshot = weakref.ref(table_snapshot(other))
    del other
    gc.collect()
    assert snapshot() is None  # the cache keeps no game, nor its table, alive


def test_a_pin_ends_with_its_block_even_on_an_error(game):
    with pytest.raises(RuntimeError), pinned(game) as table:
        raise RuntimeError
    game.ships()[1].pose.x += 50.0
    assert table_snapshot(game) is not table


def test_a_pin_holds_in_its_own_thread_only(game):
    seen = []
    with pinned(game) as table:
        other = threading.Thread(target=lambda: seen.append(table_snapshot(game) is table))
        other.start()
        other.join()
        assert table_snapshot(game) is table
    assert seen == [False]  # a game played in another thread is not pinned by this one's block
