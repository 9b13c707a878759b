"""The ``batteries`` rule (rulebook pp. 46-48), its first step: the scenario's batteries stand
on the table from set-up with their empty logs, a game without batteries is unchanged, and
pictures draw them. Their combat: ``test_battery_combat``, ``test_battery_damage``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sog.bots import make_bot
from sog.packs.loader import load_library
from sog.plugins.system.battery_table import placed_batteries
from sog.render.svg import table_svg
from sog.savefile import dump_game, load_game
from sog.setup import new_game

PACK = Path(__file__).parent / "pack"
SCENARIO = "enemy-in-sight-battery"
EMPTY = {"counters": [], "markers": [], "full": False}


@pytest.fixture(scope="module")
def fort():
    return load_library([PACK])


def test_the_scenarios_battery_is_put_on_the_table_at_set_up_with_its_empty_log(fort):
    game = new_game(SCENARIO, library=fort)
    assert "batteries" in game.rules.names
    (record,) = game.state.ext["batteries"]["placed"]
    assert record == {"id": "fort", "battery": "test-fort", "side": "french", "seat": "french", "on": "fort-island",
                      "x": 450.0, "y": 650.0, "heading": 180.0, "battery_track": [EMPTY] * 4, "crew_track": [EMPTY] * 3,
                      "zero_box": [], "gun": {"loaded": "ball", "fired": None, "storage": []}, "actions": [], "status": "in-play"}
    assert [e["kind"] for e in game.log.events if "batter" in str(e.get("kind"))] == []


def test_the_red_dots_and_arcs_follow_the_battery_on_the_table(fort):
    (battery,) = placed_batteries(new_game(SCENARIO, library=fort))
    assert (battery.id, battery.battery_id, battery.on, battery.name) == ("fort", "test-fort", "fort-island", "Test fort")
    left, right = battery.arcs
    assert left.dot == pytest.approx((480, 650)) and right.dot == pytest.approx((420, 650))  # turned by 180°
    assert (left.start, left.to, right.start, right.to) == (120, 210, 150, 240)  # the log's bearings + 180
    assert left.contains(180) and left.contains(120) and not left.contains(230) and right.contains(235)


def test_an_arc_across_north_contains_the_bearings_on_both_sides(fort):
    from sog.plugins.system.battery_table import PlacedArc

    arc = PlacedArc("n", (0.0, 0.0), 300.0, 30.0)
    assert arc.width == 90 and arc.contains(0) and arc.contains(330) and arc.contains(30) and not arc.contains(100)


def test_the_battery_log_is_public_and_survives_a_save(fort):
    game = new_game(SCENARIO, library=fort)
    assert game.view("french")["ext"]["batteries"] == game.state.ext["batteries"]  # its own seat sees it all
    assert game.view("british")["ext"]["batteries"]["placed"][0]["gun"]["loaded"] == "hidden"  # the others, not the load
    again = load_game(dump_game(game), library=fort)
    assert again.state.ext["batteries"] == game.state.ext["batteries"]


def test_pictures_draw_each_arc_its_red_dot_and_the_name(fort):
    svg = table_svg(new_game(SCENARIO, library=fort))
    assert svg.count('class="battery-arc"') == 2 and svg.count('class="battery-dot"') == 2
    assert ">Test fort</text>" in svg
    assert svg.index("Small island 1") < svg.index('class="battery-arc"') < svg.index("Terpsichore")  # over land, under ships


def test_without_batteries_the_game_is_unchanged(library):
    game = new_game("enemy-in-sight", library=library, seed=2)
    assert "batteries" in game.rules.names
    assert "batteries" not in game.state.ext and placed_batteries(game) == ()
    assert "battery" not in table_svg(game)
    game.run({seat: make_bot("captain", 1, seat, game.system) for seat in game.seats()}, max_turns=3)
    assert "batter" not in json.dumps(list(game.log.events)) and "batteries" not in game.state.ext


def test_pictures_show_the_batterys_damage_and_an_eliminated_battery_without_arcs(fort):
    game = new_game(SCENARIO, library=fort)
    record = game.state.ext["batteries"]["placed"][0]
    record["battery_track"][0]["counters"].append({"pool": "A", "index": 0, "value": 2, "symbol": None})
    assert ">damage 1/4 · crew 0/3</text>" in table_svg(game)
    record["status"] = "destroyed"
    svg = table_svg(game)
    assert ">Test fort (destroyed)</text>" in svg and 'class="battery-arc"' not in svg
