"""Automatic fire and reloading (rulebook pp. 49-50; rulings R12 and those of plugins.solitaire.aim/fire).

HMS Defence is automatic and lies at (450, 450) heading north on a static table; the French
ships are put abeam to the east (its right broadside), the British Terpsichore is its friend.
The battery games put the test pack's French fort under the rules' control.
"""

from __future__ import annotations

import pytest

from fire_bench import CLOSE, DEFENCE, FORT, LEVELS, SOUTH, about, abeam, battery_game, ship_game
from sog.bots import make_bot
from sog.events import dumps
from sog.plugins.solitaire import aim, fire
from sog.plugins.system.tabletop import ship_firepower
from sog.setup import new_game

MY_KINDS = fire.SHIP_KINDS | fire.BATTERY_KINDS | {"action", "repair", "sails", "battery-actions", "battery-repair"}
"""The decisions of fire, reloading and actions (those of movement are the movement rule's)."""


def _turns(bench, attacker="defence", kind="artillery"):
    return [e["turn"] for e in bench.events("attack") if e["data"]["attacker"] == attacker and e["data"]["kind"] == kind]


def _never_asked(bench, piece="defence"):
    """No decision event answered anything about ``piece`` (movement's own kinds aside while
    the automatic-movement rule is not in force)."""
    moving = "automatic-movement" in bench.game.rules.names
    logged = [a for a in bench.logged_about(piece) if moving or a["id"].split(".")[2] in MY_KINDS]
    assert logged == []
    assert not [r for r in bench.asked if about(r, piece) and (moving or r.kind in MY_KINDS)]


# --------------------------------------------------------------------------- timing


@pytest.mark.parametrize("level", LEVELS)
def test_a_loaded_broadside_fires_at_every_chance_and_reloads_as_soon_as_it_can(level):
    b = ship_game(level)
    b.only({"defence": DEFENCE, "courageuse": abeam(60)})
    b.play(5)
    assert [t for t in _turns(b) if t <= 5] == [1, 3, 5]
    assert [e["turn"] for e in b.events("reloaded", ship="defence") if e["turn"] <= 5] == [2, 4]
    [chosen] = b.events("automatic-fire", 1)
    assert chosen["data"] | {"distance": 0} == {"attacker": "defence", "side": "right", "target": "courageuse", "arc": "central",
                                                 "band": "short", "distance": 0, "pool": "B", "continuous": False}
    _never_asked(b)


@pytest.mark.parametrize("level", LEVELS)
def test_with_no_target_a_loaded_broadside_holds_and_stays_loaded(level):
    b = ship_game(level)
    b.only({"defence": DEFENCE})
    b.play(2)
    assert _turns(b) == [] and not b.events("automatic-fire")
    assert all(b.ship("defence").broadsides[side].loaded for side in ("left", "right"))
    _never_asked(b)


def test_standard_rules_the_set_up_load_is_the_rules_choice():
    b = ship_game("standard")
    b.only({"defence": DEFENCE})
    b.play(1)
    for side in ("left", "right"):
        broadside = b.ship("defence").broadsides[side]
        assert broadside.loaded == aim.AUTOMATIC_LOAD == "ball" and sorted(broadside.storage) == ["chain", "grapeshot"]
    _never_asked(b)


@pytest.mark.parametrize("level", ("basic", "standard"))
def test_untrained_gunners_reload_a_turn_later_as_the_rules_in_force_say(level):
    b = ship_game(level, options=("lacking-training",), settings={"lacking-training": {"ships": ["defence"]}})
    b.only({"defence": DEFENCE, "courageuse": abeam(60)})
    b.play(4)
    assert [t for t in _turns(b) if t <= 4] == [1, 4]
    assert [e["turn"] for e in b.events("reloaded", ship="defence") if e["turn"] <= 4] == [3]
    _never_asked(b)


# --------------------------------------------------------------------------- targets


def test_several_targets_the_nearest_over_the_three_arcs_is_fired_at():
    b = ship_game()
    b.only({"defence": DEFENCE, "courageuse": abeam(150), "genereux": abeam(60, y=560)})
    b.play(1)
    [chosen] = b.events("automatic-fire", 1)
    assert chosen["data"]["target"] == "genereux" and chosen["data"]["arc"] == "forward"


def test_a_friend_nearest_on_that_side_holds_the_broadside():
    b = ship_game()
    b.only({"defence": DEFENCE, "courageuse": abeam(150), "terpsichore": abeam(60, y=560)})
    b.play(1)
    assert not b.events("automatic-fire") and b.ship("defence").broadsides["right"].loaded == "ball"


def test_equally_near_enemies_the_first_in_scenario_order():
    b = ship_game()
    b.only({"defence": DEFENCE, "courageuse": abeam(60, y=340), "genereux": abeam(60, y=560)})
    b.play(1)
    [chosen] = b.events("automatic-fire", 1)
    assert chosen["data"]["target"] == "courageuse" and aim.TIE_BREAK == "scenario order"


def test_the_arc_with_the_most_firepower_even_when_another_arc_is_nearer():
    b = ship_game()
    b.only({"defence": DEFENCE, "courageuse": abeam(60, y=520)})
    defence = b.ship("defence")
    assert ship_firepower(b.game, defence, "central") > ship_firepower(b.game, defence, "forward")
    b.play(1)
    [chosen] = b.events("automatic-fire", 1)
    assert chosen["data"]["arc"] == "central"  # the forward arc's ruler is shorter (63.9 mm against 65)
    [attack] = b.attacks(1, "defence")
    assert attack["firepower"] == ship_firepower(b.game, defence, "central")


def test_each_broadside_fires_at_its_own_target():
    b = ship_game()
    b.only({"defence": DEFENCE, "courageuse": abeam(60), "genereux": (450.0 - 43.0 - 100.0, 450.0, 0.0)})
    b.play(1)
    assert {(e["data"]["side"], e["data"]["target"]) for e in b.events("automatic-fire", 1)} == {
        ("right", "courageuse"), ("left", "genereux")}


@pytest.mark.parametrize("level", ("basic", "standard"))
def test_musketry_is_fired_whenever_a_target_is_in_reach(level):
    b = ship_game(level)
    b.only({"defence": DEFENCE, "courageuse": abeam(10)})
    b.play(3)
    assert [t for t in _turns(b, kind="musketry") if t <= 3] == [1, 2, 3]
    assert {a["pool"] for a in b.attacks(attacker="defence") if a["kind"] == "musketry"} == {"E"}
    assert b.events("automatic-musketry", 1, attacker="defence", target="courageuse")
    _never_asked(b)


# --------------------------------------------------------------------------- band -> pool (R12)


@pytest.mark.parametrize(("level", "gap", "band", "pool"), [
    ("basic", 30.0, "red", "B"), ("basic", 60.0, "short", "B"), ("basic", 150.0, "long", "A"),
    ("standard", 30.0, "red", "C"), ("standard", 60.0, "short", "B"), ("standard", 150.0, "long", "A"),
    ("advanced", 30.0, "red", "C"), ("advanced", 60.0, "short", "B"), ("advanced", 150.0, "long", "A"),
])
def test_the_band_gives_the_pool_from_the_rulers_table(level, gap, band, pool):
    b = ship_game(level)
    b.only({"defence": DEFENCE, "courageuse": abeam(gap)})
    stacked = b.stack(pool, [(0, None)] * 3 + [(1, None)] * 4)
    b.play(1)
    [attack] = b.attacks(1, "defence")
    assert (attack["band"], attack["pool"], attack["ammunition"], attack["modifiers"]) == (band, pool, None, [])
    assert attack["counters"] == [c.label() for c in stacked]


def test_the_pool_table_is_content_in_the_ruler_document():
    b = ship_game("standard")
    ruler = b.game.content.get("ruler", "standard")
    assert [(band.name, band.pool, band.automatic_pool) for band in ruler.bands] == [
        ("red", "B", "C"), ("short", "B", "B"), ("long", "A", "A")]
    assert "C" in ruler.pools()


def test_standard_rules_no_ammunition_modifier_applies_to_an_automatic_shot():
    b = ship_game("standard")
    b.only({"defence": DEFENCE, "courageuse": abeam(150)})
    b.ship("defence").broadsides["right"].storage = ["chain"]  # the rules can load nothing else
    b.play(1)
    [attack] = b.attacks(1, "defence")
    assert attack["ammunition"] is None and b.ship("defence").broadsides["right"].storage == ["chain"]
    # chain beyond the red band would miss (chain-missed, no counter): an automatic shot chooses no ammunition
    assert attack["modifiers"] == [] and attack["pool"] == "A" and len(attack["counters"]) == attack["firepower"]


# --------------------------------------------------------------------------- continuous fire


@pytest.mark.parametrize("level", ("basic", "standard"))
def test_continuous_fire_every_turn_with_a_target_in_sight_reloading_only_without_one(level):
    b = ship_game(level, options=("continuous-fire",))
    b.only({"defence": DEFENCE, "courageuse": abeam(60)})
    b.play(3)
    assert [t for t in _turns(b) if t <= 3] == [1, 2, 3]
    first, second = b.attacks(1, "defence")[0], b.attacks(2, "defence")[0]
    assert first["modifiers"] == [] and len(first["counters"]) == first["firepower"]
    assert second["modifiers"] == ["continuous-fire"] and len(second["counters"]) == second["firepower"] // 2
    assert b.events("automatic-fire", 2)[0]["data"]["continuous"] is True
    assert not b.events("reloaded", ship="defence")
    b.park("courageuse")  # no target in sight: the side is reloaded at the next chance
    turn = b.game.state.turn
    b.play(turn + 1)
    assert b.events("reloaded", ship="defence")
    _never_asked(b)


# --------------------------------------------------------------------------- batteries


@pytest.mark.parametrize(("level", "pool"), [("basic", "B"), ("standard", "C"), ("advanced", "C")])
def test_an_automatic_battery_fires_as_one_broadside_and_reloads(level, pool):
    b = battery_game(level)
    b.only({"terpsichore": CLOSE})
    b.play(5)
    assert [t for t in _turns(b, FORT) if t <= 5] == [1, 3, 5]
    assert [e["turn"] for e in b.events("battery-reloaded", battery=FORT) if e["turn"] <= 5] == [2, 4]
    attack = next(a for a in b.attacks(1, FORT) if a["kind"] == "artillery")
    assert (attack["band"], attack["pool"], attack["ammunition"]) == ("red", pool, None)
    assert [t for t in _turns(b, FORT, "musketry") if t <= 5] == [1, 2, 3, 4, 5]
    _never_asked(b, FORT)


def test_an_automatic_battery_fires_at_the_nearest_enemy():
    b = battery_game()
    b.only({"terpsichore": SOUTH, "defence": CLOSE})
    b.play(1)
    [chosen] = b.events("automatic-fire", 1)
    assert chosen["data"]["attacker"] == FORT and chosen["data"]["target"] == "defence" and chosen["data"]["side"] is None


def test_an_automatic_battery_with_continuous_fire_fires_every_turn_for_half():
    b = battery_game(options=("continuous-fire",))
    b.only({"terpsichore": SOUTH})
    b.play(3)
    assert [t for t in _turns(b, FORT) if t <= 3] == [1, 2, 3]
    assert b.attacks(2, FORT)[0]["modifiers"] == ["continuous-fire"]
    assert not b.events("battery-reloaded")


# --------------------------------------------------------------------------- nobody decides, idle otherwise


class _Recorder:
    def __init__(self, bot, asked):
        self.bot, self.asked = bot, asked

    def decide(self, view, request):
        self.asked.append(request)
        return self.bot.decide(view, request)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", ("ship", "battery"))
def test_no_decision_is_ever_asked_about_an_automatic_piece_in_a_bot_game(level, game):
    b = ship_game(level, static=False) if game == "ship" else battery_game(level, static=False)
    piece = "defence" if game == "ship" else FORT
    controllers = {seat: _Recorder(make_bot("captain", 3, seat, b.game.system), b.asked) for seat in b.game.seats()}
    b.game.run(controllers, max_turns=5)
    _never_asked(b, piece)


def test_the_rules_idle_without_an_automatic_piece():
    def log(blocked):
        game = new_game("enemy-in-sight", level="advanced", seed=4, blocked=blocked)
        controllers = {seat: make_bot("captain", 4, seat, game.system) for seat in game.seats()}
        game.run(controllers, max_turns=4)
        return [dumps(e) for e in game.log.events]

    assert log(["automatic-fire", "automatic-actions"]) == log([])


@pytest.mark.parametrize(("pool", "valid"), [("C", True), (None, True), ("not an id!", False)])
def test_the_rulers_schema_and_model_agree_on_the_automatic_pool(pool, valid):
    from jsonschema import Draft202012Validator
    from pydantic import ValidationError

    from sog.packs import load_schema
    from sog.plugins.system.content_kinds import KINDS

    band = {"name": "red", "from": 0, "to": 200, "range": "short", "pool": "B"}
    if pool is not None:
        band["automatic_pool"] = pool
    doc = {"kind": "ruler", "id": "r", "length": 200, "width": 20, "bands": [band], "musketry_pool": "E",
           "provenance": {"default": "estimate"}}
    assert Draft202012Validator(load_schema("ruler")).is_valid(doc) is valid
    try:
        KINDS["ruler"].model.model_validate(doc)
        accepted = True
    except ValidationError:
        accepted = False
    assert accepted is valid
