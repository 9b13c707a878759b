"""Terrain placement by the players and the random table sides (In Shallow Waters, p. 52).

The test scenario ``place-reefs`` (tests/setup/pack) places six 60 x 40 mm test reefs; the
tests put a 160 x 120 mm test island at the centre before the first turn, as the scenario's
``setup.terrain`` would.
"""

from __future__ import annotations

import pytest
from shapely import box

from sog.errors import IllegalDecision

from sog.plugins.setup import terrain_placement as tp
from sog.plugins.system.content_terrain import TerrainPlacement
from sog.plugins.system.tabletop import rect_of
from sog.plugins.system.terrain_table import add_placement, placed_terrain

HALF_RULER = 100  # the standard ruler is 200 mm long


def _game(make_game, seed=1, island=True, **kwargs):
    game = make_game("place-reefs", seed=seed, **kwargs)
    if island:
        add_placement(game, TerrainPlacement(id="island", element="test-island", x=450, y=450))
    game.advance()
    return game


def _reef_request(game):
    requests = [r for r in game.pending() if r.kind == "place-reef"]
    return requests[0] if requests else None


def _place_all(game, pick=lambda request: request.choices[0]):
    seats = []
    while (request := _reef_request(game)) is not None:
        seats.append(request.seat)
        game.submit(request.seat, request.id, pick(request))
        game.advance()
    return seats


def test_players_alternate_until_six_reefs(make_game):
    game = _game(make_game)
    seats = _place_all(game)
    assert seats == ["british", "french"] * 3
    placed = [e["data"] for e in game.log.events if e["kind"] == "reef-placed"]
    assert [p["id"] for p in placed] == [f"reef-{n}" for n in range(1, 7)]
    assert [p["seat"] for p in placed] == seats
    terrain = placed_terrain(game)
    assert [t.id for t in terrain] == ["island"] + [f"reef-{n}" for n in range(1, 7)]
    assert all(t.element == "reef" for t in terrain[1:])
    assert game.view("french")["ext"]["terrain"]["placed"][1]["id"] == "reef-1", "placed terrain is public"


def test_half_a_ruler_from_every_other_reef_or_island(make_game):
    game = _game(make_game)
    _place_all(game, pick=lambda request: request.choices[len(request.choices) // 2])
    terrain = placed_terrain(game)
    for i, a in enumerate(terrain):
        for b in terrain[i + 1:]:
            assert a.polygon.distance(b.polygon) >= HALF_RULER - 1e-6, (a.id, b.id)
        assert box(0, 0, 900, 900).covers(a.polygon)


def test_too_close_or_off_the_table_is_refused(make_game):
    game = _game(make_game)
    request = _reef_request(game)
    # the island spans x 370-530, y 390-510; a reef centred at (450, 300) is 70 mm below it
    assert {"x": 450, "y": 300} not in request.choices
    assert "less than half a ruler (100 mm)" in tp.reef_problem(game, "test-reef", 450, 300)
    with pytest.raises(IllegalDecision, match="not a legal answer to 't1.terrain-placement.place-reef.reef-1'"):
        game.submit("british", request.id, {"x": 450, "y": 300})
    # 110 mm below the island's outline (its lower edge at 390, the reef's upper at 280)
    assert {"x": 450, "y": 250} in request.choices and tp.reef_problem(game, "test-reef", 450, 250) is None
    assert "off the table" in tp.reef_problem(game, "test-reef", 20, 450)
    assert {"x": 900, "y": 450} not in request.choices
    game.submit("british", request.id, {"x": 450, "y": 250})
    game.advance()
    second = _reef_request(game)
    assert second.seat == "french"
    # the first reef (x 420-480, y 230-270) now keeps the next ones away
    assert {"x": 450, "y": 150} not in second.choices and "reef-1" in tp.reef_problem(game, "test-reef", 450, 150)
    assert {"x": 450, "y": 100} in second.choices, "110 mm away"
    with pytest.raises(IllegalDecision):
        game.submit("french", second.id, {"x": 550, "y": 150})


@pytest.mark.parametrize("first, second, wind", [
    ("south", "north", 90.0), ("north", "south", 270.0), ("west", "east", 180.0), ("east", "west", 0.0)])
def test_opposite_sides_wind_from_the_right_of_the_british(make_game, first, second, wind):
    game = _game(make_game)
    state = game.rng.state()
    assert tp.wind_from(game, first, second) == wind
    assert game.rng.state() == state, "no draw for opposite sides"


def test_adjacent_sides_wind_from_one_of_them(make_game):
    game = _game(make_game)
    seen = {tp.wind_from(game, "south", "east") for _ in range(40)}
    assert seen == {180.0, 90.0}, "from the British side (south) or the French side (east), at random"


def test_sides_drawn_at_random_then_the_wind_and_the_zones_follow(make_game):
    edges_seen, pairs = set(), set()
    for seed in range(1, 25):
        game = _game(make_game, seed=seed)
        _place_all(game)
        drawn = [e["data"] for e in game.log.events if e["kind"] == "sides-drawn"]
        assert len(drawn) == 1
        edges = drawn[0]["edges"]
        british, french = edges["british"], edges["french"]
        assert british != french
        edges_seen.add(british)
        pairs.add((british, french))
        if tp.OPPOSITE[british] == french:
            assert game.state.wind.from_ == (tp.EDGES[british][0] + 90) % 360
        else:
            assert game.state.wind.from_ in (tp.EDGES[british][1], tp.EDGES[french][1])
        for ship in game.state.ships.values():
            zone = game.state.ext["setup-zones"][ship.id]
            assert zone == tp.zone_along(game, edges[ship.side])
            assert ship.pose.heading == tp.EDGES[edges[ship.side]][0], "facing into the table"
            corners = rect_of(game, ship).corners
            assert all(zone["x"][0] <= x <= zone["x"][1] and zone["y"][0] <= y <= zone["y"][1] for x, y in corners)
        # a deployment follows the drawn zones: within half a ruler of the side's edge
        request = next(r for r in game.pending() if r.kind == "deploy")
        edge = edges[game.ship(request.ship).side]
        depth = {"south": lambda p: p.y, "north": lambda p: 900 - p.y, "west": lambda p: p.x, "east": lambda p: 900 - p.x}[edge]
        assert depth(game.ship(request.ship).pose) <= HALF_RULER
    assert edges_seen == set(tp.EDGES) and len(pairs) >= 8


def test_the_draw_is_the_games_generator(make_game):
    def drawn(seed):
        game = _game(make_game, seed=seed)
        _place_all(game)
        return [e["data"] for e in game.log.events if e["kind"] == "sides-drawn"][0]

    assert drawn(7) == drawn(7)


def test_reef_documents_are_checked(make_game, setup_library, catalogue):
    from sog.packs.playable import scenario_problems
    from sog.rules import resolve_rules

    scenario = setup_library.scenario("place-reefs")
    system = catalogue.system(scenario.system)
    selection = resolve_rules(catalogue.rules, system, "basic", ["terrain-placement"],
                              {"terrain-placement": {"reefs": {"no-such-reef": 2}}})
    problems = [problem for problem, _ in scenario_problems(setup_library, scenario, catalogue, selection)]
    assert any("no terrain document 'no-such-reef'" in str(p) for p in problems)


def test_narration(make_game):
    game = _game(make_game, seed=3)
    _place_all(game)
    lines = [game.hook.sog_narrate(game=game, event=e) for e in game.log.events]
    assert "  british places reef-1 (test-reef) at (50, 50)" in lines
    assert any(line and line.startswith("  sides drawn: british on the ") and "the wind blows from" in line for line in lines)
