"""The ``buildings`` rule (rulebook p. 54, ruling R16) on the test scenario ``outpost-test``: the
outpost in play from set-up, fired upon by a ship with forced draws, its damage points and crew
damages, its surrender each way (8 points, 4 crews, the French fleet defeated, not while every
British ship left is aground), its drawing following the island, the picture and the narration,
and a game without buildings left as it was."""

from __future__ import annotations

import json

import pytest

from outpost_bench import FIRING
from sog.bots import make_bot
from sog.hooktypes import Step
from sog.cli.narrate import narrate
from sog.plugins.system.building_table import building_targets
from sog.plugins.system.land_targets import land_targets, target_xy
from sog.plugins.terrain import buildings
from sog.render.svg import table_svg
from sog.savefile import dump_game, load_game
from sog.setup import new_game

B_SIZE = 90  # pool B's counters (rulebook p. 58)


def _events(bench, kind):
    return [e["data"] for e in bench.events(kind)]


def test_the_outpost_is_put_in_play_at_set_up_standing_undamaged_on_its_island(outpost):
    bench = outpost()
    assert "buildings" in bench.game.rules.names
    assert bench.record() == {
        "id": "outpost", "building": "outpost", "name": "Outpost", "side": "french", "on": "island",
        "surrender": {"damage_points": 8, "crew_damages": 4, "fleet_defeated": True}, "status": "standing",
        "damage_points": 0, "crew_damages": 0, "counters": [], "rect": [480.0, 1035.0, 0.0, 40.0, 30.0]}
    assert not [e for e in bench.game.log.events if e["kind"].startswith("building")]
    assert bench.game.view("british")["ext"]["buildings"] == bench.game.state.ext["buildings"]


def test_a_british_ship_may_fire_at_the_outpost_a_french_one_may_not(outpost):
    bench = outpost()
    bench.ready()
    bench.put("courageuse", FIRING[0] + 120, FIRING[1], FIRING[2])
    bench.plan()
    assert bench.option(bench.fire_request("terpsichore", "left"), "outpost")["band"] == "short"
    french = bench.fire_request("courageuse", "left")
    assert french is None or all(c is None or c["target"] != "outpost" for c in french.choices)


def test_the_counters_of_a_broadside_add_their_numbers_and_crew_symbols(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(3, None), (2, "crew"), (None, "crew"), (0, None)])
    assert _events(bench, "building-damaged") == [{"building": "outpost", "counters": ["B3", "B2+crew", "B:crew", "B0"],
                                                   "points": 5, "crew": 2, "damage_points": 5, "crew_damages": 2}]
    record = bench.record()
    assert (record["status"], record["damage_points"], record["crew_damages"]) == ("standing", 5, 2)
    assert [(c["value"], c["symbol"]) for c in record["counters"]] == [(3, None), (2, "crew"), (None, "crew"), (0, None)]
    assert "hits" not in bench.game.state.ext.get("combat", {})
    assert bench.game.pools.remaining("B") == B_SIZE - 4
    assert not [e for e in bench.game.log.events if e["kind"] == "damage-applied"]  # no ship took them


def test_8_damage_points_surrender_the_outpost_and_its_counters_go_back(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(6, None), (2, None), (0, None), (0, None)])
    assert _events(bench, "building-surrendered") == [{"building": "outpost", "why": "damage-points", "damage_points": 8,
                                                       "crew_damages": 0}]
    record = bench.record()
    assert (record["status"], record["why"], record["counters"]) == ("surrendered", "damage-points", [])
    assert bench.game.pools.remaining("B") == B_SIZE
    assert building_targets(bench.game) == () and land_targets(bench.game) == ()


def test_7_damage_points_do_not_and_the_damage_adds_up_over_turns(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(3, None), (2, None), (2, None), (0, None)])
    assert bench.record()["status"] == "standing" and bench.record()["damage_points"] == 7
    bench.put("terpsichore", FIRING[0], FIRING[1], 270.0)  # her loaded right broadside to the outpost
    bench.fire_at_outpost([(1, None), (0, None), (0, None), (0, None)], side="right")
    assert [e["damage_points"] for e in _events(bench, "building-damaged")] == [7, 8]
    assert [e["why"] for e in _events(bench, "building-surrendered")] == ["damage-points"]


def test_4_crew_damages_surrender_the_outpost(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(None, "crew"), (None, "crew"), (1, "crew"), (None, "crew")])
    assert _events(bench, "building-surrendered") == [{"building": "outpost", "why": "crew-damages", "damage_points": 1,
                                                       "crew_damages": 4}]
    assert list(narrate(bench.game, bench.events("building-surrendered"))) == ["  Outpost surrenders at 4 crew damages (1 damage point)"]


def test_counters_drawn_at_an_outpost_that_surrendered_meanwhile_go_back_to_their_pool(outpost):
    bench = outpost()
    drawn = bench.game.draw("B", 3)
    bench.game.state.ext["combat"] = {"hits": {"outpost": {"counters": [c.model_dump() for c in drawn], "attacks": []}}}
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")  # the outpost surrenders before the damage step
    buildings.sog_step_begin(bench.game, Step("damage", 500, "damage"))
    assert bench.game.pools.remaining("B") == B_SIZE
    assert "hits" not in bench.game.state.ext["combat"]
    assert bench.record()["damage_points"] == 0 and not bench.events("building-damaged")


def test_3_crew_damages_do_not(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(None, "crew"), (None, "crew"), (1, "crew"), (0, None)])
    assert bench.record()["status"] == "standing" and bench.record()["crew_damages"] == 3


def test_a_surrendered_outpost_is_no_longer_a_target(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(6, None), (2, None), (0, None), (0, None)])
    bench.put("terpsichore", FIRING[0], FIRING[1], 270.0)
    bench.plan()
    right = bench.fire_request("terpsichore", "right")
    assert right is None or all(c is None or c["target"] != "outpost" for c in right.choices)
    assert target_xy(bench.game, "outpost") == pytest.approx((480.0, 1035.0))  # still drawn where it was


def test_the_french_fleet_defeated_surrenders_the_outpost(outpost):
    bench = outpost()
    bench.game.remove_ship("courageuse", "surrendered")
    assert bench.record()["status"] == "standing", "one French ship is still in play"
    bench.game.remove_ship("genereux", "left-table")
    assert _events(bench, "building-surrendered") == [{"building": "outpost", "why": "fleet-defeated", "damage_points": 0,
                                                       "crew_damages": 0}]


def test_not_while_every_british_ship_left_is_aground(outpost):
    bench = outpost()
    for ship in ("terpsichore", "defence"):
        bench.ship(ship).ext["aground"] = {"on": ["land"], "hazards": ["island"], "turn": 1}
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")
    assert bench.record()["status"] == "standing" and not _events(bench, "building-surrendered")


def test_one_british_ship_afloat_is_enough_for_the_fleet_defeat(outpost):
    bench = outpost()
    bench.ship("terpsichore").ext["aground"] = {"on": ["land"], "hazards": ["island"], "turn": 1}
    bench.game.remove_ship("defence", "surrendered")  # a British ship out of play is not left
    bench.game.remove_ship("courageuse", "surrendered")
    assert bench.record()["status"] == "standing"
    bench.ship("terpsichore").ext.pop("aground")
    bench.game.remove_ship("genereux", "surrendered")
    assert [e["why"] for e in _events(bench, "building-surrendered")] == ["fleet-defeated"]


def test_not_when_no_british_ship_is_left(outpost):
    bench = outpost()
    for ship in ("terpsichore", "defence", "courageuse", "genereux"):
        bench.game.remove_ship(ship, "surrendered")
    assert bench.record()["status"] == "standing"


def test_not_without_fleet_defeated_in_its_surrender(outpost):
    bench = outpost()
    bench.record()["surrender"].pop("fleet_defeated")
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")
    assert bench.record()["status"] == "standing"


def test_the_drawing_follows_the_island_when_its_placement_moves(outpost):
    bench = outpost()
    island = bench.game.state.ext["terrain"]["placed"][0]
    island.update(x=300.0, y=700.0, heading=90.0)  # as a set-up decision would move it
    (target,) = building_targets(bench.game)
    shape = target.shapes[0]
    assert (shape.cx, shape.cy, shape.heading) == pytest.approx((335.0, 670.0, 90.0))  # (30, 35) turned a quarter
    assert bench.record()["rect"][:2] == [480.0, 1035.0], "the stored drawing is written back at a step's beginning"
    bench.game.advance()
    assert bench.record()["rect"] == pytest.approx([335.0, 670.0, 90.0, 40.0, 30.0])


def test_a_building_keeps_its_zeros_until_their_pool_is_exhausted(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(3, None), (0, None), (None, "crew"), (0, None)])
    buildings.sog_pool_exhausted(bench.game, "B")
    assert [(c["value"], c["symbol"]) for c in bench.record()["counters"]] == [(3, None), (None, "crew")]
    assert bench.game.pools.remaining("B") == B_SIZE - 2
    assert bench.record()["damage_points"] == 3, "the tally stays"


def test_pictures_draw_the_outpost_its_damage_and_its_surrender(outpost):
    bench = outpost()
    svg = table_svg(bench.game)
    assert svg.count('class="building"') == 1 and ">Outpost</text>" in svg and "building-state" not in svg
    assert svg.index("Small island 1") < svg.index('class="building"') < svg.index("Terpsichore")  # on land, under ships
    bench.ready()
    bench.fire_at_outpost([(3, None), (2, "crew"), (0, None), (0, None)])
    assert ">5 dmg, 1 crew</text>" in table_svg(bench.game)
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")
    svg = table_svg(bench.game)
    assert ">surrendered</text>" in svg and 'stroke-dasharray="3 2"' in svg


def test_the_events_are_told(outpost):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(6, None), (2, "crew"), (0, None), (0, None)])
    lines = list(narrate(bench.game, [e for e in bench.game.log.events if e["kind"].startswith("building")]))
    assert lines == ["  Outpost takes B6, B2+crew, B0, B0: 8 damage points, 1 crew damage (8 and 1 in all)",
                     "  Outpost surrenders at 8 damage points (1 crew damage)"]
    bench = outpost()
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")
    assert list(narrate(bench.game, bench.events("building-surrendered"))) == ["  Outpost surrenders: its fleet is defeated"]


def test_the_outpost_survives_a_save(outpost, outpost_library):
    bench = outpost()
    bench.ready()
    bench.fire_at_outpost([(3, None), (2, "crew"), (0, None), (0, None)])
    again = load_game(dump_game(bench.game), library=outpost_library)
    assert again.state.ext["buildings"] == bench.game.state.ext["buildings"]
    assert [t.id for t in building_targets(again)] == ["outpost"]


def test_a_game_with_bots_plays_against_the_outpost(outpost):
    bench = outpost(static=False, seed=4)
    game = bench.game
    game.run({seat: make_bot("captain", 1, seat, game.system) for seat in game.seats()}, max_turns=4)
    assert game.state.turn >= 2 and bench.record()["status"] in ("standing", "surrendered")


def test_without_buildings_the_game_has_no_buildings_state_and_the_same_log(library, catalogue):
    def play(blocked):
        game = new_game("enemy-in-sight", library=library, catalogue=catalogue, seed=2, blocked=blocked)
        game.run({seat: make_bot("captain", 1, seat, game.system) for seat in game.seats()}, max_turns=3)
        return game

    game, without = play([]), play(["buildings"])
    assert "buildings" in game.rules.names and "buildings" not in without.rules.names
    assert "buildings" not in game.state.ext and building_targets(game) == ()
    assert 'class="building"' not in table_svg(game)
    assert json.dumps(list(game.log.events)) == json.dumps(list(without.log.events))
    assert not [e for e in game.log.events if e["kind"].startswith("building")]
