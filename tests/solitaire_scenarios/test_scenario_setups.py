"""The set-up of each scenario as its text says: who deploys, in which order, in which zone
(Force the Blockade p. 53: the French first by the British side, then the British at the
centre; swapped: the British first by the French side; Sitting Ducks p. 57: the attackers by
their side, the anchored ships never asked), and the solo variant's start poses."""

from __future__ import annotations

import math

import pytest

from scenario_duel_bench import BASE_LENGTH, BASE_WIDTH, HALF_RULER, RULER, make, set_up
from sog.plugins.setup import deployment
from sog.plugins.system.tabletop import rect_of

CENTRE = {"force-the-blockade": (450, 600)}


def _every_position_keeps_its_zone(game, ship_id, check):
    for position in deployment.positions(game, ship_id):
        zone = deployment.zone_of(game, ship_id)
        pose = deployment.pose_at(game, ship_id, zone, position)
        check(rect_of(game, game.ship(ship_id), pose).corners)


def _strip(edge, width=900, height=1200, margin=0.0):
    def check(corners):
        for x, y in corners:
            assert margin - 1e-6 <= x <= width - margin + 1e-6
            if edge == "south":
                assert -1e-6 <= y <= HALF_RULER + 1e-6
            else:
                assert height - HALF_RULER - 1e-6 <= y <= height + 1e-6
    return check


def _disc(cx, cy):
    def check(corners):
        assert all(math.hypot(x - cx, y - cy) <= HALF_RULER + 1e-6 for x, y in corners)
    return check


def test_force_the_blockade_french_first_by_the_british_side_then_the_british_at_the_centre(library, catalogue):
    game = make(library, catalogue, "force-the-blockade")
    _every_position_keeps_its_zone(game, "courageuse", _strip("south", margin=RULER))
    _every_position_keeps_its_zone(game, "terpsichore", _disc(450, 600))
    asked = set_up(game)
    assert asked == [("deploy", "french", "courageuse"), ("deploy", "french", "genereux"),
                     ("deploy", "british", "terpsichore"), ("deploy", "british", "defence")]
    assert game.ship("courageuse").pose.heading == 0.0, "bows toward the French side"


def test_swapped_the_british_first_by_the_french_side_then_the_french_at_the_centre(library, catalogue):
    game = make(library, catalogue, "force-the-blockade-swapped")
    _every_position_keeps_its_zone(game, "defence", _strip("north", margin=RULER))
    _every_position_keeps_its_zone(game, "genereux", _disc(450, 600))
    asked = set_up(game)
    assert [(seat, ship) for _, seat, ship in asked] == [("british", "terpsichore"), ("british", "defence"),
                                                       ("french", "courageuse"), ("french", "genereux")]
    assert game.ship("terpsichore").pose.heading == 180.0, "bows toward the British side"


def test_solo_the_french_start_against_the_british_side_one_ruler_apart(library, catalogue):
    game = make(library, catalogue, "force-the-blockade-solo")
    asked = set_up(game)
    assert [(seat, ship) for _, seat, ship in asked] == [("british", "terpsichore"), ("british", "defence")]
    _every_position_keeps_its_zone(game, "defence", _disc(450, 600))
    courageuse, genereux = game.ship("courageuse"), game.ship("genereux")
    for ship in (courageuse, genereux):
        assert ship.pose.heading == 0.0, "bow toward the French side"
        assert min(y for _, y in rect_of(game, ship).corners) == pytest.approx(0.0), "stern against the British side"
    gap = genereux.pose.x - courageuse.pose.x - BASE_WIDTH
    assert gap == pytest.approx(RULER), "one ruler between the bases"
    assert (courageuse.pose.x + genereux.pose.x) / 2 == pytest.approx(450.0), "at the centre of the side"
    assert courageuse.pose.y == pytest.approx(BASE_LENGTH / 2)
    assert game.state.ext["solitaire"]["automatic"] == ["courageuse", "genereux"]


@pytest.mark.parametrize("scenario, attackers, edge", [
    ("sitting-ducks", ("unite", "aquilon"), "south"),
    ("sitting-ducks-swapped", ("bellerophon", "juno"), "north"),
])
def test_sitting_ducks_only_the_attackers_deploy_by_their_side(library, catalogue, scenario, attackers, edge):
    game = make(library, catalogue, scenario)
    anchored = {s.id: (s.pose.x, s.pose.y, s.pose.heading) for s in game.ships() if s.id not in attackers}
    for ship_id in attackers:
        _every_position_keeps_its_zone(game, ship_id, _strip(edge, height=900))
    asked = set_up(game)
    seat = game.ship(attackers[0]).seat
    assert asked == [("deploy", seat, ship_id) for ship_id in attackers]
    assert {s.id: (s.pose.x, s.pose.y, s.pose.heading) for s in game.ships() if s.id not in attackers} == anchored


@pytest.mark.parametrize("scenario", ["sitting-ducks", "sitting-ducks-swapped"])
def test_sitting_ducks_terrain_two_rocky_islands_three_reefs_clear_of_the_anchorage(library, catalogue, scenario):
    from shapely import Polygon
    from sog.plugins.system.terrain_table import placed_terrain

    game = make(library, catalogue, scenario)
    terrain = placed_terrain(game)
    assert sorted(t.element for t in terrain) == ["island", "island", "reef", "reef", "reef"]
    automatic = game.state.ext["solitaire"]["anchored"]
    for ship_id in automatic:
        base = Polygon(rect_of(game, game.ship(ship_id)).corners)
        assert all(base.distance(t.polygon) > RULER / 4 for t in terrain), f"{ship_id} lies clear of the terrain"
