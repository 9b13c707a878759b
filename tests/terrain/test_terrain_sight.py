"""Line of sight across land (rulebook p. 45), with terrain placed on an Enemy in Sight! table.

Terpsichore fires its starboard broadside (heading 0: the arcs face east) at Courageuse; the
other two ships are parked far away. The test pack's elements are rectangles and a C-shaped
island placed where the comments of ``pack/terrain/elements.yaml`` say.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from sog.geometry import Pose, Rect
from sog.packs.loader import load_library
from sog.plugins.system.content_terrain import TerrainPlacement
from sog.plugins.system.geometry import reach
from sog.plugins.system.geometry.sight import Land, reach_over_land, ruler_clear
from sog.plugins.system.tabletop import broadside_options, musketry_targets
from sog.plugins.system.terrain_table import add_placement, land_of
from sog.plugins.system.view_table import ViewTable
from sog.seats import SeatView
from sog.setup import new_game
from sog.state import PoseState
from shapely import box

PACK = Path(__file__).parent / "pack"
PARKING = {"terpsichore": (60, 60, 0), "defence": (840, 60, 0), "courageuse": (60, 840, 180), "genereux": (840, 840, 180)}


@pytest.fixture(scope="module")
def table():
    library = load_library([PACK])

    def make(poses, terrain=()):
        game = new_game("enemy-in-sight", library=library)
        for ship_id, (x, y, heading) in {**PARKING, **poses}.items():
            game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)
        for i, (element, x, y) in enumerate(terrain):
            add_placement(game, TerrainPlacement(id=f"t{i}", element=element, x=x, y=y))
        return game

    return make


def arcs(game, ship="terpsichore", side="right"):
    return [o["arc"] for o in broadside_options(game, game.ship(ship), side)]


def test_land_blocks_the_central_arc_but_not_the_forward_arc(table):
    poses = {"terpsichore": (200, 400, 0), "courageuse": (400, 480, 0)}
    assert arcs(table(poses)) == ["forward", "central"]
    game = table(poses, [("test-islet", 290, 420)])
    assert arcs(game) == ["forward"]
    (forward,) = broadside_options(game, game.ship("terpsichore"), "right")
    assert forward["distance"] > 167.1  # the shortest ruler crosses the islet: a longer one goes round it


def test_a_peninsula_blocks_every_arc(table):
    poses = {"terpsichore": (200, 400, 0), "courageuse": (360, 400, 0)}
    assert arcs(table(poses)) == ["central"]
    assert arcs(table(poses, [("test-peninsula", 285, 300)])) == []


def test_reefs_and_shoals_do_not_affect_combat(table):
    poses = {"terpsichore": (200, 400, 0), "courageuse": (360, 400, 0)}
    game = table(poses, [("test-reef-line", 285, 300)])
    assert arcs(game) == ["central"] and land_of(game) == ()


def test_the_ruler_may_not_cross_a_peninsula_to_a_target_on_the_island(table):
    # Courageuse overlaps the C island's body; the ruler from Terpsichore crosses the island's
    # western arm, then the bay, then reaches her: sea, land, sea.
    poses = {"terpsichore": (200, 400, 0), "courageuse": (350, 400, 0)}
    assert arcs(table(poses)) == ["central"]
    assert arcs(table(poses, [("test-c-island", 360, 400)])) == []


def test_a_target_on_an_element_is_not_hidden_by_that_element(table):
    # Terpsichore (heading south, starboard west) fires across the block at Courageuse, whose
    # base lies partly on the block: sea, then land up to the target.
    on = {"terpsichore": (500, 400, 180), "courageuse": (310, 400, 0)}
    assert arcs(table(on, [("test-block", 360, 400)])) == ["central"]
    off = {"terpsichore": (500, 400, 180), "courageuse": (270, 400, 0)}  # just west of the block, at sea
    assert arcs(table(off)) == ["central"]
    assert arcs(table(off, [("test-block", 360, 400)])) == []


def test_a_ship_on_an_element_fires_across_it_out_to_sea(table):
    on = {"terpsichore": (310, 400, 0), "courageuse": (480, 400, 0)}  # Terpsichore's base lies on the block
    assert arcs(table(on, [("test-block", 360, 400)])) == ["central"]
    off = {"terpsichore": (270, 400, 0), "courageuse": (480, 400, 0)}
    assert arcs(table(off)) == ["central"]
    assert arcs(table(off, [("test-block", 360, 400)])) == []


def test_another_element_in_between_still_blocks(table):
    on = {"terpsichore": (310, 400, 0), "courageuse": (480, 400, 0)}
    assert arcs(table(on, [("test-block", 360, 400), ("test-wall", 445, 400)])) == []


def test_land_between_two_ships_stops_musketry(table):
    poses = {"terpsichore": (278, 400, 0), "courageuse": (332, 400, 0)}  # 11 mm apart, edge to edge
    game = table(poses)
    assert musketry_targets(game, game.ship("terpsichore")) == ["courageuse"]
    game = table(poses, [("test-wall", 305, 400)])
    assert musketry_targets(game, game.ship("terpsichore")) == []


def test_a_bot_sees_the_land_in_its_view(table):
    poses = {"terpsichore": (200, 400, 0), "courageuse": (360, 400, 0)}
    game = table(poses, [("test-peninsula", 285, 300)])
    view = ViewTable(SeatView(game, "british"))
    assert land_of(view) and arcs(view) == []


def test_sea_land_sea_is_forbidden_but_land_sea_land_is_not():
    bay = Land("coast", box(0, 0, 100, 100).difference(box(30, 20, 70, 100)))  # a U: two arms and a bay
    assert not ruler_clear((-10, 50), (50, 50), [bay], frozenset({"coast"}))  # sea, arm, bay
    assert ruler_clear((10, 50), (90, 50), [bay], frozenset({"coast"}))  # arm, bay, arm: batteries on one coast
    assert not ruler_clear((10, 50), (110, 50), [bay], frozenset({"coast"}))  # arm, bay, arm, sea
    assert not ruler_clear((-10, 50), (20, 50), [bay], frozenset())  # into an element not its own
    assert ruler_clear((-10, 50), (20, 50), [bay], frozenset({"coast"}))  # sea, then the target's land
    assert ruler_clear((-10, 100), (110, 100), [bay], frozenset())  # along the coastline: grazing


def test_without_land_the_reach_is_the_ship_only_reach():
    rng = random.Random(13)
    far = Land("far", box(5000, 5000, 5100, 5100))
    for _ in range(300):
        target = Rect.of_base(Pose(rng.uniform(0, 300), rng.uniform(0, 300), rng.uniform(0, 360)), 43, 90)
        blocker = Rect.of_base(Pose(rng.uniform(0, 300), rng.uniform(0, 300), rng.uniform(0, 360)), 43, 90)
        dot, start = (rng.uniform(0, 300), rng.uniform(0, 300)), rng.uniform(0, 360)
        expected = reach(dot, start, start + 40, 200, target, [blocker])
        assert reach_over_land(dot, start, start + 40, 200, target, [blocker], [far]) == expected
        assert reach_over_land(dot, start, start + 40, 200, target, [blocker], []) == expected


def test_land_blocks_the_raking_line_and_forced_aims_ruler(table):
    from sog.plugins.optional.forced_aim import distances
    from sog.plugins.system.tabletop import sight_line

    poses = {"terpsichore": (200, 400, 0), "courageuse": (360, 400, 0)}
    open_sea, coast = table(poses), table(poses, [("test-peninsula", 285, 300)])
    assert "courageuse" in distances(open_sea, open_sea.ship("terpsichore"), "right")
    assert "courageuse" not in distances(coast, coast.ship("terpsichore"), "right")
    for game, clear in ((open_sea, True), (coast, False)):
        ends = (Rect.of_base(Pose(200, 400, 0), 43, 90), Rect.of_base(Pose(360, 400, 0), 43, 90))
        assert sight_line(game, (221.5, 400), (360, 405), [], ends) is clear


def test_ship_against_ship_rulers_never_reach_shapely_without_land(table, monkeypatch):
    import sog.plugins.system.tabletop as tabletop

    def refuse(*args, **kwargs):
        raise AssertionError("the land path was taken on an open sea")

    for name in ("reach_over_land", "on_land", "ruler_clear", "closest_ruler"):
        monkeypatch.setattr(tabletop, name, refuse)
    reef_only = table({"terpsichore": (200, 400, 0), "courageuse": (360, 400, 0)}, [("test-reef-line", 285, 300)])
    assert arcs(reef_only) == ["central"]
    close = table({"terpsichore": (278, 400, 0), "courageuse": (332, 400, 0)})
    assert musketry_targets(close, close.ship("terpsichore")) == ["courageuse"]


def _sampled_reach(dot, start, end, target, land, own, samples=600):
    """The shortest clear ruler by trying ``samples`` directions per visible interval (slow)."""
    from sog.plugins.system.geometry.fire import Reach, visible_directions

    seen = visible_directions(dot, start, end, 200, target, [])
    if seen is None or isinstance(seen, Reach):
        return None if seen is None else seen.distance
    best = math.inf
    for a, b in seen.intervals:
        for i in range(samples + 1):
            angle = a + (b - a) * i / samples
            t = seen.entry(angle)
            rx, ry = seen.ray(angle)
            if t < best and ruler_clear(dot, (dot[0] + t * rx, dot[1] + t * ry), [land], own):
                best = t
    return None if best > 200 + 1e-6 else best


def test_the_reach_over_land_is_the_shortest_clear_ruler_found_by_sampling():
    from shapely import Polygon

    from sog.plugins.system.geometry.sight import on_land

    rng = random.Random(5)
    checked = reached = 0
    while checked < 60:
        corners = [(150 + 60 * rng.uniform(0.4, 1.3) * math.cos(math.tau * i / 9),
                    150 + 60 * rng.uniform(0.4, 1.3) * math.sin(math.tau * i / 9)) for i in range(9)]
        land = Land("island", Polygon(corners))
        target = Rect.of_base(Pose(rng.uniform(0, 300), rng.uniform(0, 300), rng.uniform(0, 360)), 43, 90)
        dot, start = (rng.uniform(0, 300), rng.uniform(0, 300)), rng.uniform(0, 360)
        own = on_land([land], target)
        got = reach_over_land(dot, start, start + 90, 200, target, [], [land], own)
        expected = _sampled_reach(dot, start, start + 90, target, land, own)
        assert (got is None) == (expected is None), (checked, got, expected)
        if got is not None:
            assert got.distance == pytest.approx(expected, abs=0.5)
            reached += 1
        checked += 1
    assert reached >= 15
