"""The ``terrain`` rule (rulebook pp. 43-46): the scenario's terrain lies on the table from
set-up, a game without terrain is unchanged, and pictures draw it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sog.bots import make_bot
from sog.packs.loader import load_library
from sog.plugins.system.terrain_table import land_of, placed_terrain
from sog.render.svg import table_svg
from sog.setup import new_game

PACK = Path(__file__).parent / "pack"
SCENARIO = "enemy-in-sight-islands"


@pytest.fixture(scope="module")
def islands():
    return load_library([PACK])


def test_the_scenarios_terrain_is_put_on_the_table_at_set_up(islands):
    game = new_game(SCENARIO, library=islands)
    placed = game.state.ext["terrain"]["placed"]
    assert [p["id"] for p in placed] == ["west-island", "east-island", "reef-a", "reef-b", "reef-c"]
    assert placed[0] == {"id": "west-island", "element": "small-island-1", "x": 230.0, "y": 450.0, "heading": 0.0,
                         "coastline": "rocky", "danger": "ruler-width"}
    west, east, reef, *_ = placed_terrain(game)
    assert (west.coastline, west.danger, east.coastline, east.danger, reef.coastline) == ("rocky", "ruler-width", "sandy", "red", "none")
    assert east.polygon.bounds == pytest.approx((680 - 60, 440 - 80, 680 + 60, 440 + 80))  # turned by 90°
    assert [land.id for land in land_of(game)] == ["west-island", "east-island"]


def test_without_terrain_the_game_is_unchanged(library):
    game = new_game("enemy-in-sight", library=library)
    assert "terrain" in game.rules.names
    assert "terrain" not in game.state.ext and placed_terrain(game) == () and land_of(game) == ()


def test_pictures_draw_reefs_islands_their_danger_line_and_names(islands):
    svg = table_svg(new_game(SCENARIO, library=islands))
    assert svg.count('fill="#6b5e52"') == 3  # reefs: dark grey-brown
    assert svg.count('fill="#8c8c5a"') == 2  # islands: green-brown
    assert svg.count('stroke-dasharray="6 4"') == 2  # both islands have a dangerous coastline
    for name in ("Small island 1", "Small island 2", "Small reef 1", "Small reef 2", "Small reef 3"):
        assert f">{name}</text>" in svg
    assert svg.index("Small reef 1") < svg.index("Terpsichore")  # under the ships


def test_a_game_among_islands_plays_to_a_result_with_bots(islands):
    game = new_game(SCENARIO, library=islands, seed=3)
    game.run({seat: make_bot("captain", 3, seat, game.system) for seat in game.seats()}, max_turns=40)
    assert game.state.turn >= 2 and game.log.of_kind("attack") is not None


def test_a_harbor_has_no_danger_line(islands):
    from sog.plugins.system.content_terrain import TerrainPlacement
    from sog.plugins.system.terrain_table import add_placement

    game = new_game("enemy-in-sight", library=islands)
    add_placement(game, TerrainPlacement(id="port", element="small-island-2", x=450, y=450,
                                         coastline="rocky", danger="red", harbor=True))
    svg = table_svg(game)
    assert 'fill="#8c8c5a"' in svg and 'stroke-dasharray="6 4"' not in svg and ">Small island 2</text>" in svg
