"""Each placement constraint of the set-up orders (rulebook pp. 54-56), accepted and refused:
an element near a named table edge and clear of the edges next to it; reefs near an element,
apart from each other and from the table's sides; nothing over a deployed ship."""

from __future__ import annotations

import pytest
from shapely import box

from orders_bench import HALF_RULER, RULER, requests_of, set_up
from sog.errors import IllegalDecision

from sog.plugins.setup import placement_rules as pr
from sog.plugins.setup import setup_phases
from sog.plugins.system.terrain_table import placed_terrain

TABLE = box(0, 0, 900, 1200)


def _island(game):
    return next(t for t in placed_terrain(game) if t.id == "island")


def test_the_island_goes_within_half_a_ruler_of_the_french_side_a_ruler_from_the_others(make_orders):
    game = make_orders("orders-outpost")
    game.advance()
    (request,) = requests_of(game, "place-element")
    assert request.seat == "french" and "place-element.island" in request.id
    rules = setup_phases.constraints(game, game.settings("terrain-placement")["phases"][0])
    assert (rules.edge, rules.within, rules.margin) == ("north", HALF_RULER, RULER)
    for point in request.choices:
        outline = pr.world_polygon(game.content.get("terrain", "small-island-1"), point["x"], point["y"], 0)
        minx, miny, maxx, maxy = outline.bounds
        assert 1200 - maxy <= HALF_RULER + 1e-6 and minx >= RULER - 1e-6 and 900 - maxx >= RULER - 1e-6
        assert TABLE.covers(outline)
    # the island spans y -76..74 and x -100..100 about its centre
    assert {"x": 450, "y": 1100} in request.choices
    assert "more than 100 mm" in pr.problem(game, "small-island-1", 450, 1000, 0, rules, moving="island")
    assert "from the west edge, less than 200 mm" in pr.problem(game, "small-island-1", 250, 1100, 0, rules, moving="island")
    assert "off the table" in pr.problem(game, "small-island-1", 450, 1150, 0, rules, moving="island")
    for bad in ({"x": 450, "y": 1000}, {"x": 250, "y": 1100}, {"x": 450, "y": 1150}):
        assert bad not in request.choices
        with pytest.raises(IllegalDecision, match="not a legal answer"):
            game.submit("french", request.id, bad)
    game.submit("french", request.id, {"x": 350, "y": 1100})
    game.advance()
    island = _island(game)
    assert island.polygon.centroid.distance(_island(make_orders("orders-outpost")).polygon.centroid) > 0
    record = next(r for r in game.state.ext["terrain"]["placed"] if r["id"] == "island")
    assert (record["x"], record["y"], record["coastline"]) == (350, 1100, "rocky"), "moved, the scenario's values kept"
    assert [e["data"] for e in game.log.events if e["kind"] == "element-placed"] == [
        {"seat": "french", "id": "island", "element": "small-island-1", "x": 350, "y": 1100}]


def test_without_a_margin_the_island_may_lie_by_a_corner(make_orders):
    game = make_orders("orders-supplies")
    set_up(game, until="place-element")
    (request,) = requests_of(game, "place-element")
    assert {"x": 100, "y": 1100} in request.choices, "Supplies names no distance from the sides next to the French side"
    assert all(p["y"] in (1050, 1100) for p in request.choices)


def test_reefs_near_the_island_apart_from_each_other_and_the_sides(make_orders):
    game = make_orders("orders-outpost")
    set_up(game, until="place-reef")
    (request,) = requests_of(game, "place-reef")
    assert request.seat == "french" and "place-reef.reef-1" in request.id
    phase = game.settings("terrain-placement")["phases"][1]
    rules = setup_phases.constraints(game, phase)
    assert (rules.near, rules.near_within, rules.apart, rules.sides) == ("island", HALF_RULER, HALF_RULER, HALF_RULER)
    island = _island(game).polygon
    for point in request.choices:
        outline = pr.world_polygon(game.content.get("terrain", "small-reef-1"), point["x"], point["y"], 0)
        assert 0 < outline.distance(island) <= HALF_RULER + 1e-6
        assert all(pr.edge_gap(game, outline, edge) >= HALF_RULER - 1e-6 for edge in pr.EDGES)
    record = next(r for r in game.state.ext["terrain"]["placed"] if r["id"] == "island")
    x, y = record["x"], record["y"]
    # too far from the island, touching it, too near a table side
    far = pr.problem(game, "small-reef-1", x, y - 300, 0, rules)
    assert "more than 100 mm" in far
    assert "touch island" in pr.problem(game, "small-reef-1", x, y - 80, 0, rules)
    assert "from the north edge, less than 100 mm" in pr.problem(game, "small-reef-1", x, 1150, 0, rules)
    for bad in ({"x": x, "y": y - 300}, {"x": x, "y": y - 80}):
        with pytest.raises(IllegalDecision):
            game.submit("french", request.id, bad)
    first = request.choices[0]
    game.submit("french", request.id, first)
    game.advance()
    (second,) = requests_of(game, "place-reef")
    assert "place-reef.reef-2" in second.id and second.seat == "french"
    reef = next(t for t in placed_terrain(game) if t.id == "reef-1").polygon
    assert first not in second.choices
    for point in second.choices:
        outline = pr.world_polygon(game.content.get("terrain", "small-reef-2"), point["x"], point["y"], 0)
        assert outline.distance(reef) >= HALF_RULER - 1e-6
    near_reef = pr.problem(game, "small-reef-2", first["x"] + 60, first["y"], 0, rules)
    assert near_reef is not None and ("reef-1" in near_reef or "touch" in near_reef)


def test_no_terrain_over_a_deployed_ship(make_orders):
    game = make_orders("orders-supplies")
    set_up(game, until="place-element")
    ship = game.state.ships["courageuse"]
    rules = pr.Constraints()
    assert "over a deployed ship" in pr.problem(game, "small-reef-1", ship.pose.x, ship.pose.y, 0, rules)
    assert pr.problem(game, "small-reef-1", 450, 600, 0, rules) is None


def test_no_room_ends_a_reef_phase_and_an_element_stays(make_orders):
    tight = {"phases": [
        {"do": "move-terrain", "side": "french", "element": "island", "edge": "north", "within": 10, "margin": 400},
        {"do": "place-reefs", "side": "french", "reefs": {"small-reef-1": 3}, "near": "island", "within": 20, "apart": 500},
    ]}
    game = make_orders("orders-outpost", settings={"terrain-placement": tight})
    asked = set_up(game)
    events = [e["kind"] for e in game.log.events]
    assert "element-not-moved" in events, "no centre lies within 10 mm of the edge and 400 mm from both sides"
    assert events.count("reef-placed") == 1 and "reef-placement-ended" in events
    assert [k for k, _ in asked].count("place-reef") == 1
    record = next(r for r in game.state.ext["terrain"]["placed"] if r["id"] == "island")
    assert (record["x"], record["y"]) == (450, 1050)


def test_lengths_by_name_or_millimetres(make_orders):
    game = make_orders("orders-outpost")
    assert [pr.length_of(game, v) for v in ("half-ruler", "ruler", "ruler-width", 35)] == [100.0, 200.0, 20.0, 35.0]
