"""Surrendered ships (rulebook p. 41): a surrendered ship drifts through its planned cards, then stays as a wreck.

Most tests make the Courageuse surrender at (450, 450) heading north and watch what the other
ships do around her; "surrendered" is the status the damage rule gives.
"""

import pytest

from opt1_bench import SurrenderAt, make  # noqa: F401  (fixtures)

OPTION = ("surrendered-ships",)


def _wreck(make, level="basic", options=OPTION, *, static=False, wreck="courageuse", at=(450.0, 450.0, 0.0)):
    bench = make(level, options, static=static)
    bench.put(wreck, *at)
    bench.game.remove_ship(wreck, "surrendered")
    return bench


def _own(bench):
    return bench.game.state.ext.get("surrendered-ships", {})


def test_a_surrendered_ship_stays_on_the_table_as_a_wreck_out_of_play(make):
    bench = make("basic", OPTION, extra=SurrenderAt("courageuse", 1))
    counter = bench.crew_counter("courageuse", 0)
    bench.reach(2, "planning")
    courageuse = bench.ship("courageuse")
    assert courageuse.status == "surrendered" and not courageuse.in_play
    [moved] = bench.events("ship-moved", 1, ship="courageuse")
    assert [e["data"] for e in bench.events("wreck", 1)] == [{"ship": "courageuse", "pose": moved["data"]["after"]}]
    assert courageuse.pose.model_dump() == moved["data"]["after"]
    assert _own(bench)["wrecks"] == ["courageuse"] and _own(bench)["drifting"] == []
    assert courageuse.crew_track[0].counters == [] and counter.index in bench.game.state.pools["E"].bag  # back in the cup
    assert not bench.game.over  # the Généreux fights on
    bench.reach(3, "planning")
    assert bench.events("ship-moved", 2, ship="courageuse") == [] and bench.asked_of("plan", "courageuse", turn=2) == []


def test_a_wreck_stops_a_ship_moving_into_it(make):
    bench = _wreck(make)
    bench.put("genereux", 450.0, 350.0, 0.0)  # its straight card would end 14 mm inside the wreck
    bench.reach(2, "planning")
    assert [e["data"]["other"] for e in bench.events("collision", 1, ship="genereux")] == ["courageuse"]
    assert bench.events("ship-moved", 1, ship="genereux")[0]["data"]["after"]["y"] == 360.0  # bow on the wreck's stern
    assert bench.ship("courageuse").pose.model_dump() == {"x": 450.0, "y": 450.0, "heading": 0.0}
    assert bench.ship("courageuse").status == "surrendered" and bench.game.obstacles() == [bench.ship("courageuse")]


def test_without_the_option_a_surrendered_ship_is_no_obstacle(make):
    bench = _wreck(make, options=())
    bench.put("genereux", 450.0, 350.0, 0.0)
    bench.reach(2, "planning")
    assert bench.events("collision", 1) == []
    assert bench.events("ship-moved", 1, ship="genereux")[0]["data"]["after"]["y"] == 469.0


@pytest.mark.parametrize(("options", "courageuse"), [
    (OPTION, set()),
    ((), {("courageuse", "central", 170.0)}),
])
def test_a_wreck_blocks_the_line_of_sight(make, options, courageuse):
    bench = _wreck(make, options=options, static=True, wreck="defence")
    bench.put("courageuse", 400.0, 450.0, 0.0)  # behind the wreck from HMS Terpsichore
    bench.put("terpsichore", 613.0, 450.0, 0.0)
    bench.put("genereux", 450.0, 650.0, 0.0)  # in sight through the forward arc
    bench.until(1, "combat")
    request = bench.request("fire", "terpsichore", "left")
    found = {(c["target"], c["arc"], c["distance"]) for c in request.choices if c}
    assert found == courageuse | {("genereux", "forward", 173.3)}


def test_a_target_partly_hidden_by_a_wreck_is_measured_to_its_visible_part(make):
    bench = _wreck(make, static=True, wreck="defence")
    bench.put("courageuse", 400.0, 500.0, 0.0)
    bench.put("terpsichore", 613.0, 450.0, 0.0)
    bench.put("genereux", 450.0, 650.0, 0.0)
    bench.until(1, "combat")
    request = bench.request("fire", "terpsichore", "left")
    assert bench.option(request, "courageuse", "central")["distance"] == 181.6  # 170.1 mm without the wreck


def test_standard_rules_a_surrendered_ship_executes_its_planned_card_then_is_a_wreck(make):
    bench = make("standard", OPTION, extra=SurrenderAt("courageuse", 1))
    bench.script[("plan", "courageuse")] = ["A-2"]
    bench.reach(2, "planning")
    assert [e["data"] for e in bench.events("drifting", 1)] == [{"ship": "courageuse", "cards": 1}]
    assert bench.ship("courageuse").planned == ["A-2", None] and _own(bench)["drifting"] == ["courageuse"]
    assert bench.events("wreck") == []
    bench.reach(3, "planning")
    assert [e["data"]["card"] for e in bench.events("ship-moved", 2, ship="courageuse")] == ["A-2"]
    assert [e["turn"] for e in bench.events("wreck")] == [2]
    assert _own(bench) == {"drifting": [], "wrecks": ["courageuse"]}
    assert bench.asked_of("plan", "courageuse", turn=2) == []
    bench.reach(4, "planning")
    assert bench.events("ship-moved", 3, ship="courageuse") == []


def test_basic_rules_a_surrendered_ship_has_no_card_left_and_is_a_wreck_at_once(make):
    bench = _wreck(make)
    assert _own(bench)["wrecks"] == ["courageuse"] and bench.events("drifting") == []


@pytest.mark.parametrize(("level", "damaged"), [("standard", True), ("basic", False)])
def test_an_enemy_wreck_damages_a_ship_colliding_with_it_with_standard_rules(make, level, damaged):
    bench = _wreck(make, level)
    bench.put("terpsichore", 450.0, 350.0, 0.0)
    bench.stack("A", [(1, None)] * 3)
    bench.reach(2, "planning")
    assert [e["data"]["other"] for e in bench.events("collision", 1, ship="terpsichore")] == ["courageuse"]
    collided = [e["data"] for e in bench.events("wreck-collision", 1)]
    if damaged:  # the Courageuse's burden is 3: three A counters
        assert collided == [{"ship": "terpsichore", "wrecks": ["courageuse"], "pool": "A", "counters": ["A1", "A1", "A1"]}]
        assert sum(len(b.counters) for b in bench.ship("terpsichore").ship_track) == 3
    else:
        assert collided == [] and not any(b.covered for b in bench.ship("terpsichore").ship_track)


def test_a_friendly_wreck_damages_a_ship_colliding_with_it_through_the_collision_rule(make):
    bench = _wreck(make, "standard")
    bench.put("genereux", 450.0, 350.0, 0.0)
    bench.reach(2, "planning")
    [hit] = [e["data"] for e in bench.events("friendly-collision", 1)]
    assert hit["ship"] == "genereux" and hit["others"] == ["courageuse"] and len(hit["counters"]) == 3
    assert bench.events("wreck-collision") == []


def test_a_ship_leaving_the_table_leaves_no_wreck(make):
    bench = make("basic", OPTION)
    bench.game.remove_ship("courageuse", "left-table")
    assert _own(bench) == {"drifting": [], "wrecks": []} and bench.events("wreck") == []


def test_advanced_rules_a_ship_surrendering_with_a_fire_on_board_is_removed(make):
    bench = make("advanced", OPTION)
    bench.ship("courageuse").ext["special-damage"] = {"fire": 1, "leak": 0}
    bench.game.remove_ship("courageuse", "surrendered")
    assert _own(bench)["wrecks"] == [] and _own(bench)["drifting"] == []


def test_a_drifting_ship_that_leaves_the_table_is_gone(make):
    bench = make("standard", OPTION, extra=SurrenderAt("courageuse", 1))
    bench.put("courageuse", 450.0, 700.0, 0.0)  # two straight cards take her off the north edge
    bench.reach(3, "planning")
    assert [e["data"]["status"] for e in bench.events("ship-removed", ship="courageuse")] == ["surrendered", "left-table"]
    assert bench.ship("courageuse").status == "left-table"
    assert _own(bench)["drifting"] == [] and _own(bench)["wrecks"] == [] and bench.events("wreck") == []


def test_the_side_with_only_wrecks_left_has_lost(make):
    bench = _wreck(make, static=True)
    bench.game.remove_ship("genereux", "surrendered")
    bench.play(1)
    assert bench.game.over and bench.game.outcome.winner == "british"
    assert _own(bench)["wrecks"] == ["courageuse", "genereux"]
