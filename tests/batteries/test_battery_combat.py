"""Batteries in combat (rulebook p. 47): one broadside from its red dots, one target a turn,
the arc its player picks, ranges from the dots, line of sight, musketry in the red band,
reloading as a broadside, raking with the Standard rules; ships firing at batteries and
batteries at each other."""

from __future__ import annotations

import math

import pytest

from sog.plugins.system.battery_fire import battery_options
from sog.plugins.system.battery_table import add_battery, placed_batteries
from sog.plugins.system.content_battery import BatteryPlacement
from sog.plugins.system.content_terrain import TerrainPlacement
from sog.plugins.system.terrain_table import add_placement
from sog.views import HIDDEN

from battery_bench import CLOSE, LEFT_DOT, SOUTH, bench

LEVELS = ("basic", "standard", "advanced")
RELOADING = {"battery-actions": lambda r: next((c for c in r.choices if {"fire-guns", "reload-guns"} <= set(c)),
                                               max(r.choices, key=len))}
FIRE_ALL = {"battery-actions": lambda r: next((c for c in r.choices if {"fire-guns", "musketry"} <= set(c)),
                                              max(r.choices, key=len))}


def _offered(b):
    (request,) = b.battery_requests("battery-fire")
    return request.choices[1:]


def _fort(b):
    (fort,) = placed_batteries(b.game)
    return fort


@pytest.mark.parametrize("level", LEVELS)
def test_a_loaded_battery_may_fire_at_a_ship_its_arcs_reach_through_the_arc_its_player_picks(level):
    b = bench(level)
    b.defaults = {**b.defaults, **FIRE_ALL}
    b.only(("terpsichore", SOUTH))
    b.until(1, "combat")
    offered = _offered(b)
    assert {(o["target"], o["arc"], o["band"]) for o in offered} == {("terpsichore", "left", "short"), ("terpsichore", "right", "short")}
    left = next(o for o in offered if o["arc"] == "left")
    assert left["distance"] == pytest.approx(650 - (560 + 21.5), abs=0.1)  # measured from the red dot
    b.stack("B", [(1, None), (1, None), (1, None)])
    b.answer(b.battery_requests("battery-fire")[0], left)
    b.reach(1, "damage")
    (attack,) = [e["data"] for e in b.events("attack", 1) if e["data"]["attacker"] == "fort"]
    assert (attack["target"], attack["arc"], attack["pool"], attack["firepower"]) == ("terpsichore", "left", "B", 3)
    gun = b.record()["gun"]
    assert len(attack["counters"]) == 3 and gun["loaded"] is None and "ball" in [gun["fired"], *gun["storage"]]


def test_the_firepower_of_each_arc_is_read_from_the_leftmost_empty_damage_box():
    from sog.plugins.system.battery_fire import battery_firepower
    from sog.state import Counter

    b = bench()
    fort = _fort(b)
    assert (battery_firepower(b.game, fort, "left"), battery_firepower(b.game, fort, "right")) == (3, 3)
    fort.record["battery_track"][0]["counters"].append(Counter(pool="A", index=0, value=2).model_dump(mode="json"))
    assert (battery_firepower(b.game, fort, "left"), battery_firepower(b.game, fort, "right")) == (3, 2)  # the second box


def test_a_battery_does_not_fire_at_a_ship_beyond_the_ruler_from_its_red_dots_or_outside_its_arcs():
    b = bench()
    b.only(("terpsichore", (450.0, 400.0, 90.0)))  # 228.5 mm south of the dots: beyond the 200 mm ruler
    assert battery_options(b.game, _fort(b)) == []
    b.put("terpsichore", 750.0, 650.0, 0.0)  # due east of the fort: bearing 90, outside both arcs
    assert battery_options(b.game, _fort(b)) == []
    b.put("terpsichore", 300.0, 560.0, 90.0)  # south-west: only the right arc (150-240) bears
    assert {o["arc"] for o in battery_options(b.game, _fort(b))} == {"right"}


def test_a_ship_between_blocks_the_batterys_line_of_sight_and_its_own_island_does_not():
    b = bench()
    b.only(("terpsichore", (450.0, 470.0, 90.0)), ("defence", SOUTH))  # Defence right in front of Terpsichore
    targets = {o["target"] for o in battery_options(b.game, _fort(b))}
    assert targets == {"defence"}  # the dots stand on the island: its land is not in the way


def test_another_island_between_blocks_the_battery():
    b = bench()
    b.only(("terpsichore", (450.0, 470.0, 90.0)))
    assert {o["target"] for o in battery_options(b.game, _fort(b))} == {"terpsichore"}
    add_placement(b.game, TerrainPlacement(id="islet", element="test-islet", x=450.0, y=560.0))
    assert battery_options(b.game, _fort(b)) == []


@pytest.mark.parametrize("level", LEVELS)
def test_a_battery_fires_musketry_only_within_the_red_band_of_the_ruler(level):
    b = bench(level)
    b.defaults = {**b.defaults, **FIRE_ALL}
    b.only(("terpsichore", SOUTH))
    b.until(1, "combat")
    assert b.battery_requests("battery-musketry") == []
    b = bench(level)
    b.defaults = {**b.defaults, **FIRE_ALL}
    b.only(("terpsichore", CLOSE))
    b.until(1, "combat")
    (request,) = b.battery_requests("battery-musketry")
    b.stack("E", [(None, "crew"), (0, None)])
    b.answer(request, {"target": "terpsichore"})
    b.reach(1, "damage")
    (attack,) = [e["data"] for e in b.events("attack", 1) if e["data"]["attacker"] == "fort" and e["data"]["kind"] == "musketry"]
    assert (attack["pool"], attack["firepower"]) == ("E", 2)  # R15: E counters, the crew box's musketry


@pytest.mark.parametrize("level", LEVELS)
def test_a_battery_that_fired_reloads_a_turn_later_and_fires_again_every_other_turn(level):
    b = bench(level)
    b.defaults = {**b.defaults, **RELOADING}
    b.only(("terpsichore", SOUTH))
    b.script[("battery-fire", None)] = lambda r: r.choices[1] if len(r.choices) > 1 else None
    b.play(4)
    fired = sorted({e["turn"] for e in b.events("attack") if e["data"]["attacker"] == "fort"})
    assert fired == [1, 3]
    assert [e["turn"] for e in b.events("battery-reloaded")] == [2, 4]


def test_with_standard_rules_the_battery_chooses_its_first_load_secretly():
    b = bench("standard")
    b.until(1, "setup")
    (request,) = b.battery_requests("battery-load")
    assert request.seat == "french" and request.choices == ["ball", "chain", "grapeshot"]
    b.answer(request, "grapeshot")
    b.reach(1, "planning")
    assert b.record()["gun"] == {"loaded": "grapeshot", "fired": None, "storage": ["ball", "chain"]}
    seen = b.game.view("british")["ext"]["batteries"]["placed"][0]["gun"]
    assert seen == {"loaded": HIDDEN, "fired": None, "storage": [HIDDEN, HIDDEN]}
    assert b.game.view("french")["ext"]["batteries"]["placed"][0]["gun"]["loaded"] == "grapeshot"


def test_with_basic_rules_the_battery_starts_loaded_with_ball():
    b = bench("basic")
    assert b.record()["gun"] == {"loaded": "ball", "fired": None, "storage": []}


@pytest.mark.parametrize(("level", "rakes"), [("basic", False), ("standard", True), ("advanced", True)])
def test_a_battery_rakes_a_ship_showing_it_its_stern_with_standard_rules(level, rakes):
    b = bench(level)
    b.defaults = {**b.defaults, **FIRE_ALL}
    b.only(("terpsichore", (480.0, 540.0, 180.0)))  # heading away, stern to the left arc's dot
    b.until(1, "combat")
    left = next(o for o in _offered(b) if o["arc"] == "left")
    b.answer(b.battery_requests("battery-fire")[0], left)
    b.reach(1, "damage")
    (attack,) = [e["data"] for e in b.events("attack", 1) if e["data"]["attacker"] == "fort"]
    assert ("raking-stern" in attack["modifiers"]) is rakes
    assert len(attack["counters"]) == (3 + 2 if rakes else 3)  # firepower 3, +1 per 2 through the stern


def test_a_ship_may_fire_at_a_battery_at_its_red_dots_and_use_musketry_near_them():
    from sog.plugins.system.tabletop import broadside_options, musketry_targets

    b = bench()
    b.only(("terpsichore", SOUTH))
    ship = b.game.ship("terpsichore")
    options = [o for o in broadside_options(b.game, ship, "left") if o["target"] == "fort"]
    # from the central arc's dot (450, 581.5) to the nearer red dot (480, 650)
    assert options and min(o["distance"] for o in options) == pytest.approx(math.hypot(30, 650 - 581.5), abs=0.1)
    assert "fort" not in musketry_targets(b.game, ship)
    b.put("terpsichore", 450.0, 615.0, 90.0)  # the base's edge 13.5 mm from the dots: within the ruler's width
    assert "fort" in musketry_targets(b.game, ship)


def test_batteries_on_the_same_coast_may_fire_at_each_other():
    b = bench()
    b.only()
    add_battery(b.game, BatteryPlacement(id="redoubt", battery="test-fort", side="british", on="fort-island",
                                         x=450.0, y=750.0, heading=180.0))
    fort, redoubt = placed_batteries(b.game)
    assert redoubt.seat == "british"
    # Across the island, 100 mm south, inside its arcs: the ruler crosses only their own element.
    assert {(o["target"], o["band"]) for o in battery_options(b.game, redoubt)} == {("fort", "short")}
    assert battery_options(b.game, fort) == []  # the fort's arcs look south, away from the redoubt
    assert LEFT_DOT in fort.dots


def test_with_forced_aim_a_battery_may_fire_only_at_the_nearest_target():
    b = bench(options=("forced-aim",))
    b.only(("terpsichore", SOUTH), ("defence", (300.0, 480.0, 90.0)))
    b.until(1, "combat")
    targets = {o["target"] for o in _offered(b)}
    assert targets == {"terpsichore"}  # Defence is in reach of the right arc too, but further
    b2 = bench()
    b2.only(("terpsichore", SOUTH), ("defence", (300.0, 480.0, 90.0)))
    b2.until(1, "combat")
    assert {o["target"] for o in _offered(b2)} == {"terpsichore", "defence"}
