"""Set-up zones named by the deployment settings (rulebook pp. 54-56): the disc within half a
ruler of the table's centre (the whole base inside), strips along an edge with margins."""

from __future__ import annotations

import math

import pytest

from orders_bench import HALF_RULER, requests_of, set_up
from sog.errors import IllegalDecision

from sog.plugins.setup import deployment
from sog.plugins.setup.setup_zones import axis_of, corners_inside, zone_from_spec
from sog.plugins.system.tabletop import rect_of

CENTRE = (450.0, 600.0)


def test_the_zone_at_the_centre_holds_the_whole_base(make_orders):
    game = make_orders("orders-outpost")
    set_up(game, until="deploy")
    while (request := next(iter(requests_of(game, "deploy")), None)) is not None and request.seat == "british":
        game.submit(request.seat, request.id, request.choices[0])
        game.advance()
    request = requests_of(game, "deploy")[0]
    assert request.ship == "courageuse"
    zone = deployment.zone_of(game, "courageuse")
    assert zone["circle"] == [450.0, 600.0, HALF_RULER] and zone["heading"] == 180
    assert axis_of(zone) == "x", "heading south: the ships stand along x"
    ship = game.state.ships["courageuse"]
    for position in request.choices:
        pose = deployment.pose_at(game, "courageuse", zone, position)
        assert pose.y == 600
        assert all(math.dist(corner, CENTRE) <= HALF_RULER + 1e-6 for corner in rect_of(game, ship, pose).corners)
    # the base is 43 x 90 mm: its far corners reach the disc's edge 67.8 mm off the centre line,
    # positions every 10 mm
    assert min(request.choices) == 390 and max(request.choices) == 510
    for outside in (370, 530, 450.5):
        with pytest.raises(IllegalDecision):
            game.submit("french", request.id, outside)
    game.submit("french", request.id, 400)
    game.advance()
    second = requests_of(game, "deploy")[0]
    assert second.ship == "genereux" and all(p >= 400 + 43 or p <= 400 - 43 for p in second.choices), "clear of Courageuse"


def test_zone_specs(make_orders):
    game = make_orders("orders-outpost")
    assert zone_from_spec(game, {"edge": "south", "within": "half-ruler", "margin": "ruler"}, 0) == \
        {"x": [200.0, 700.0], "y": [0, 100.0], "heading": 0.0}
    assert zone_from_spec(game, {"edge": "north", "within": "ruler"}, 180) == {"x": [0.0, 900], "y": [1000.0, 1200], "heading": 180.0}
    assert zone_from_spec(game, {"edge": "east", "within": 50, "heading": 270}, 0) == {"x": [850.0, 900], "y": [0.0, 1200], "heading": 270.0}
    disc = zone_from_spec(game, {"point": [300, 400], "within": 80}, 90)
    assert disc == {"x": [220.0, 380.0], "y": [320.0, 480.0], "heading": 90.0, "circle": [300.0, 400.0, 80.0]}
    assert axis_of(disc) == "y", "heading east: the ships stand along y"
    assert corners_inside([(300, 470), (350, 440)], disc) and not corners_inside([(370, 470)], disc)


def test_a_strip_with_margins_keeps_the_base_off_the_corners(make_orders):
    game = make_orders("orders-supplies")
    game.advance()
    (request,) = requests_of(game, "deploy")
    assert request.ship == "courageuse" and "terrain-placement" in request.id
    assert min(request.choices) == 230 and max(request.choices) == 670, "the whole base 200 mm from the sides"


def test_the_scenario_zone_applies_without_the_setting(make_orders):
    game = make_orders("orders-outpost", settings={"deployment": {}})
    assert deployment.zone_of(game, "courageuse") is None, "the test scenario gives no zone of its own"
    assert deployment.zone_of(game, "terpsichore") is None
