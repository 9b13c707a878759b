"""The movement rule's barriers (sog_movement_barriers, sog_barriers_met): any rule's shapes
that a final base must not overlap; a plain base rectangle as a barrier from a test rule."""

import pytest
from terrain_bench import SCENARIO, START, STRAIGHT, TerrainBench

from sog import hookimpl
from sog.geometry import Pose, Rect
from sog.plugins.basic.movement import BARRIER_STOPS, BARRIERS_MET
from sog.plugins.system.geometry.paths import OBSTACLES
from sog.plugins.system.hooktypes import Barrier
from sog.pluginmanager import create_catalogue
from sog.setup import new_game
from sog.testing import RuleProvider


class Buoys:
    """A test rule: two rectangles on the table, one ahead of the Courageuse, one off her course."""

    def __init__(self) -> None:
        self.met: list[tuple[str, list[str]]] = []

    @hookimpl
    def sog_movement_barriers(self, game):
        return [Barrier("ahead", Rect.of_base(Pose(450.0, 480.0, 0.0), 40.0, 60.0)),
                Barrier("aside", Rect.of_base(Pose(650.0, 480.0, 0.0), 40.0, 60.0))]

    @hookimpl
    def sog_barriers_met(self, game, ship, barriers):
        self.met.append((ship.id, list(barriers)))


@pytest.fixture
def buoys(terrain_library):
    rule = Buoys()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[RuleProvider("test-buoys", rule)])
    game = new_game(SCENARIO, seed=1, library=terrain_library, catalogue=catalogue, options=["test-buoys"])
    return TerrainBench(game), rule


def test_a_ship_stops_at_first_contact_with_a_barrier_and_the_rules_are_told(buoys):
    assert OBSTACLES.startswith("Rect or any shape")
    b, rule = buoys
    b.only("courageuse", *START)
    b.steer("courageuse", STRAIGHT)
    b.play(1)
    assert 449.8 <= b.ship("courageuse").pose.y + 45.0 <= 450.0  # the buoy's near side is at y = 450
    assert rule.met == [("courageuse", ["ahead"])]
    assert b.events("barrier-contact", 1, ship="courageuse", barrier="ahead")


def test_the_rules_hear_of_barriers_only_from_ships_that_met_one(buoys):
    assert BARRIER_STOPS and BARRIERS_MET
    b, rule = buoys
    b.only("courageuse", 300.0, 300.0, 0.0)
    b.steer("courageuse", STRAIGHT)
    b.play(1)
    assert b.ship("courageuse").pose.y == 300.0 + 123.5
    assert rule.met == []


def test_without_terrain_no_shapely_work_is_done(bench, monkeypatch):
    """Ship-against-ship movement stays as fast as before: with the terrain rules on and no
    terrain on the table, no hazard is ever built."""
    from sog.plugins.terrain import hazards

    def fail(*args):
        raise AssertionError("hazards built without terrain")

    monkeypatch.setattr(hazards, "_hazards", fail)
    b = bench(level="standard", options=("reefs", "shoals", "coasts"))
    b.play(4)
    assert b.events("ship-moved", 4)
