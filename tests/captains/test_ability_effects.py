"""Each ability effect through the real steps, with stacked pools so that every count is exact:
extra counters (and their band and kind), counters ignored, quick reload, wet sails, repairs."""

from __future__ import annotations

from sog.plugins.system.content_models import ship_deck
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.tabletop import base_of, pose_of, pose_state, ship_firepower


def _fire_at(target):
    """A fire answer aiming at ``target`` through the central arc (the full broadside), else holding fire."""
    def choose(request):
        return next((c for c in request.choices if c and c["target"] == target and c["arc"] == "central"), None)
    return choose


def _attacks(b, turn, attacker="terpsichore"):
    return [e["data"] for e in b.events("attack", turn, attacker=attacker)]


# --------------------------------------------------------------------------- extra counters


def test_extra_counters_make_an_attack_of_firepower_3_draw_5(cbench):
    b = cbench({"terpsichore": {"captain": ["gunner"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.damage("terpsichore", "B", [[(2, None)], [(2, None)]])  # two full boxes: firepower 3
    assert ship_firepower(b.game, b.ship("terpsichore"), "central") == 3
    b.script[("ability", "terpsichore")] = True
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.play(1)
    (attack,) = _attacks(b, 1)
    assert (attack["firepower"], len(attack["counters"]), attack["modifiers"]) == (3, 5, ["extra"])


def test_extra_counters_limited_to_short_range_are_not_offered_nor_applied_at_long_range(cbench):
    b = cbench({"terpsichore": {"captain": ["short-gunner"]}})
    b.stage("terpsichore", "courageuse", 150.0)  # the long band (100-200 mm)
    b.script[("ability", "terpsichore")] = True
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.play(1)
    (attack,) = _attacks(b, 1)
    assert not b.events("ability-used", 1, ship="terpsichore")  # nothing at short range: not offered
    assert (attack["band"], attack["firepower"], len(attack["counters"]), attack["modifiers"]) == ("long", 4, 4, [])


def test_extra_counters_limited_to_short_range_apply_in_the_red_part_of_the_ruler(cbench):
    b = cbench({"terpsichore": {"captain": ["short-gunner"]}})
    b.stage("terpsichore", "courageuse", 30.0)  # the red band lies within the short range
    b.script[("ability", "terpsichore")] = True
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.play(1)
    (attack,) = _attacks(b, 1)
    assert (attack["band"], len(attack["counters"]), attack["modifiers"]) == ("red", 6, ["extra-short"])


def test_extra_musketry_counters_add_to_musketry_and_not_to_artillery(cbench):
    b = cbench({"terpsichore": {"captain": ["musketeer"]}})
    b.stage("terpsichore", "courageuse", 10.0)  # within the ruler's width: musketry reaches
    b.script[("ability", "terpsichore")] = True
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.script[("musketry", "terpsichore")] = {"target": "courageuse"}
    b.play(1)
    by_kind = {a["kind"]: a for a in _attacks(b, 1)}
    assert (by_kind["musketry"]["firepower"], len(by_kind["musketry"]["counters"])) == (2, 3)
    assert (by_kind["artillery"]["firepower"], len(by_kind["artillery"]["counters"])) == (4, 4)


def test_extra_counters_last_one_turn(cbench):
    b = cbench({"terpsichore": {"captain": ["short-gunner"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.script[("ability", "terpsichore")] = [True, False]  # used in turn 1 (holding fire), kept in turn 2
    b.script[("fire", "terpsichore", "right")] = [None, _fire_at("courageuse")]
    b.play(2)
    assert _attacks(b, 1) == []
    (attack,) = _attacks(b, 2)
    assert (attack["firepower"], len(attack["counters"]), attack["modifiers"]) == (4, 4, [])
    assert "gunnery-abilities" not in b.ship("terpsichore").ext


# --------------------------------------------------------------------------- ignored counters


def test_ignore_counters_sends_the_highest_back_to_their_pools(cbench):
    b = cbench({"courageuse": {"captain": ["stoic"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    drawn = b.stack("B", [(2, None), (6, None), (0, None), (None, "crew")])
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.script[("ability", "courageuse")] = True
    b.play(1)
    (ignored,) = [e["data"] for e in b.events("counters-ignored", 1)]
    (applied,) = [e["data"] for e in b.events("damage-applied", 1, ship="courageuse")]
    assert ignored["counters"] == ["B2", "B6"]  # in drawing order
    assert applied["counters"] == ["B0", "B:crew"]
    bag = b.game.state.pools["B"].bag
    assert drawn[0].index in bag and drawn[1].index in bag and drawn[2].index not in bag


def test_ignore_counters_is_not_offered_to_a_ship_nobody_fired_at(cbench):
    b = cbench({"courageuse": {"captain": ["stoic"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.play(1)  # everybody holds fire
    assert b.offered() == []
    assert b.cards("courageuse")["ignore"]["state"] == "ready"


# --------------------------------------------------------------------------- quick reload


def test_quick_reload_leaves_the_side_that_fired_loaded_for_next_turn(cbench):
    b = cbench({"terpsichore": {"captain": ["loader"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.script[("ability", "terpsichore")] = True
    b.play(1)
    right = b.ship("terpsichore").broadsides["right"]
    assert (right.loaded, right.fired, right.storage) == ("ball", None, [])
    assert b.events("quick-reloaded", 1, ship="terpsichore", side="right")
    assert not b.events("stored", 1, ship="terpsichore")
    b.until(2, "combat")
    assert b.request("fire", "terpsichore", "right")  # a side that fired would rest a turn


def test_quick_reload_after_both_broadsides_fired_reloads_the_one_the_seat_chooses(cbench):
    b = cbench({"terpsichore": {"captain": ["loader"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.put("genereux", 450.0 - 43.0 - 60.0, 450.0, 0.0)  # to port
    b.script[("fire", "terpsichore", "right")] = _fire_at("courageuse")
    b.script[("fire", "terpsichore", "left")] = _fire_at("genereux")
    b.script[("ability", "terpsichore")] = {"side": "left"}
    b.until(1, "abilities-before-reloading")
    (request,) = b.pending("ability", "terpsichore")
    assert (request.choices, request.labels) == ([False, {"side": "left"}, {"side": "right"}],
                                                 ["keep", "use: reload the left broadside", "use: reload the right broadside"])
    b.play(1)
    left, right = (b.ship("terpsichore").broadsides[side] for side in ("left", "right"))
    assert (left.loaded, left.storage, right.loaded, right.storage) == ("ball", [], None, ["ball"])


def test_quick_reload_is_not_offered_when_no_broadside_fired(cbench):
    b = cbench({"terpsichore": {"captain": ["loader"]}})
    b.play(1)
    assert b.offered() == []


# --------------------------------------------------------------------------- wet sails


def _wet_sails_game(cbench, use):
    b = cbench({"terpsichore": {"captain": ["sailor"]}}, static=False)
    b.game.state.wind.from_ = 60.0  # 60 degrees off the bow: beating, the orange arrow
    b.script[("ability", "terpsichore")] = use
    b.until(1, "abilities-before-movement")
    ship = b.ship("terpsichore")
    expected = pose_state(end_pose(pose_of(ship), base_of(b.game, ship).length,
                                   ship_deck(b.game.content, b.game.ship_doc(ship)).card(ship.planned[0]).end("battle", "green"),
                                   "bow"))
    b.play(1)
    (moved,) = [e["data"] for e in b.events("ship-moved", 1, ship="terpsichore")]
    return b, moved, expected


def test_wet_sails_end_the_move_at_the_green_end_of_the_line(cbench):
    b, moved, expected = _wet_sails_game(cbench, True)
    assert (moved["attitude"], moved["colour"]) == ("beating", "green")
    assert moved["after"] == expected.model_dump()
    assert b.cards("terpsichore")["wet"]["state"] == "sideways"


def test_without_wet_sails_a_beating_ship_uses_the_orange_end(cbench):
    b, moved, expected = _wet_sails_game(cbench, False)
    assert moved["colour"] == "orange" and moved["after"] != expected.model_dump()


def test_wet_sails_are_not_offered_to_a_reaching_ship(cbench):
    b = cbench({"terpsichore": {"captain": ["sailor"]}}, static=False)  # wind from the east: reaching
    b.play(1)
    assert b.offered() == []


# --------------------------------------------------------------------------- repairs


def test_repair_damage_takes_the_last_placed_counters_back_to_their_pools(cbench):
    b = cbench({"terpsichore": {"captain": ["carpenter"]}})
    placed = b.damage("terpsichore", "B", [[(3, None)], [(1, None), (1, None)], [(1, None)]])
    b.script[("ability", "terpsichore")] = True
    b.play(1)
    ship = b.ship("terpsichore")
    assert [[c.label() for c in box.counters] for box in ship.ship_track[:3]] == [["B3"], ["B1"], []]
    assert [box.full for box in ship.ship_track[:3]] == [True, False, False]
    (repaired,) = [e["data"] for e in b.events("damage-repaired", 1)]
    assert repaired["counters"] == ["B1", "B1"]
    bag = b.game.state.pools["B"].bag
    assert placed[2][0].index in bag and placed[1][1].index in bag and placed[1][0].index not in bag


def test_repair_damage_of_a_crew_card_is_offered_only_once_the_ship_track_has_counters(cbench):
    b = cbench({"terpsichore": {"crew-card": ["carpenters"]}})
    assert b.cards("terpsichore")["repair"]["source"] == "crew-card"
    assert "captain" not in b.ship("terpsichore").ext["abilities"]
    b.play(1)  # nothing to repair (the bench plays on through the turns nobody is asked anything)
    assert b.offered() == []
    b.damage("terpsichore", "B", [[(2, None)]])
    b.play(b.game.state.turn + 1)
    assert [r.split(".", 1)[1] for r in b.offered()] == ["abilities-end-of-turn.ability.terpsichore.repair"]
