"""Automatic actions with the Advanced rules (rulebook pp. 49-50): the priorities plan them.

HMS Defence (automatic, 4 crew actions at the start) lies at (450, 450) heading north on a
static table; each test builds the situation of one priority (enemies abeam, fire or leak on
board, damage boxes, broken mast or rudder) and reads what the rules planned (event
``automatic-actions``), what the action step revealed and what it did. The battery tests put
the test pack's fort (2 crew actions) under the rules.
"""

from __future__ import annotations

import pytest

from fire_bench import CLOSE, DEFENCE, FORT, SOUTH, abeam, battery_game, ship_game
from sog.plugins.advanced.mat import counters, crew_actions, special
from sog.plugins.batteries.log import BatteryLog, in_play
from sog.plugins.solitaire import actions
from sog.plugins.system.damage_placing import place_on_ship_track


def _planned(bench, turn, piece="defence"):
    [event] = bench.events("automatic-actions", turn, piece=piece)
    return event["data"]["actions"]


def _revealed(bench, turn, ship="defence"):
    found = bench.events("actions-revealed", turn, ship=ship)
    return found[0]["data"]["actions"] if found else []


def _fill_box(bench, track, pool, values, burden):
    """Put real counters of ``pool`` (numbers ``values``) on ``track`` as the damage rule does."""
    bench.stack(pool, [(v, None) for v in values])
    place_on_ship_track(track, bench.game.draw(pool, len(values)), burden)


def _advanced(poses=None, options=()):
    b = ship_game("advanced", options=options)
    b.only({"defence": DEFENCE, **(poses or {})})
    return b


# --------------------------------------------------------------------------- ships, one priority at a time


def test_musketry_comes_first_then_the_loaded_broadside_with_a_target():
    b = _advanced({"courageuse": abeam(10)})
    b.play(1)
    assert _planned(b, 1) == ["musketry", "fire-right"]
    assert _revealed(b, 1) == ["fire-right", "musketry"]  # revealed by the crew-actions rule, in its order
    assert {(a["kind"], a["side"]) for a in b.attacks(1, "defence")} == {("musketry", None), ("artillery", "right")}


def test_with_no_target_and_no_damage_nothing_is_planned_and_nothing_fires():
    b = _advanced()
    b.play(2)
    assert _planned(b, 1) == [] and _planned(b, 2) == [] and not b.attacks(attacker="defence")


def test_a_fire_on_board_is_fought():
    b = _advanced()
    special(b.ship("defence"))["fire"] = 1
    b.play(3)
    assert _planned(b, 1) == ["extinguish-fire"]
    assert b.events("repair-begun", 2, ship="defence", repair="fire") and special(b.ship("defence"))["fire"] == 0


def test_a_leak_is_repaired():
    b = _advanced()
    special(b.ship("defence"))["leak"] = 1
    b.play(2)
    assert _planned(b, 1) == ["repair-damage"]
    assert b.events("repair-begun", 2, ship="defence", repair="leak")
    assert special(b.ship("defence"))["leak"] == 0


def test_an_unloaded_broadside_is_reloaded_and_fires_again_the_turn_after():
    b = _advanced({"courageuse": abeam(60)})
    b.play(3)
    assert _planned(b, 1) == ["fire-right"] and _planned(b, 2) == ["reload-right"] and _planned(b, 3) == ["fire-right"]
    assert [e["turn"] for e in b.events("reloaded", ship="defence")] == [2]
    assert [a["turn"] for a in (e for e in b.events("attack") if e["data"]["attacker"] == "defence")] == [1, 3]


def test_a_box_completely_filled_by_normal_damage_is_repaired_once_a_game():
    b = _advanced()
    defence = b.ship("defence")
    burden = b.game.ship_doc(defence).burden
    _fill_box(b, defence.ship_track, "A", [3, 3], burden)
    assert defence.ship_track[0].full
    b.play(3)
    assert _planned(b, 1) == ["repair-damage"]
    [repaired] = b.events("repaired", 2, ship="defence", repair="damage")
    assert repaired["data"]["box"] == 1 and not defence.ship_track[0].covered
    _fill_box(b, defence.ship_track, "A", [3, 3], burden)  # again: normal damage was repaired this game
    turn = b.game.state.turn
    b.play(turn + 1)
    assert _planned(b, turn + 1) == []


def test_a_box_not_completely_filled_is_not_a_reason_to_repair():
    b = _advanced()
    defence = b.ship("defence")
    _fill_box(b, defence.ship_track, "A", [1], b.game.ship_doc(defence).burden)
    assert defence.ship_track[0].covered and not defence.ship_track[0].full
    b.play(1)
    assert _planned(b, 1) == []


@pytest.mark.parametrize("damage", ("masts", "rudder"))
def test_a_broken_mast_or_rudder_is_repaired(damage):
    b = _advanced()
    special(b.ship("defence"))[damage] = 1
    b.play(2)
    assert _planned(b, 1) == ["repair-damage"]
    assert b.events("repair-begun", 2, ship="defence", repair={"masts": "mast", "rudder": "rudder"}[damage])
    assert special(b.ship("defence"))[damage] == 0


def test_a_mast_already_repaired_once_is_not_planned_again():
    b = _advanced()
    special(b.ship("defence"))["masts"] = 1
    b.ship("defence").ext["repairs"]["mast_used"] = True
    b.play(1)
    assert _planned(b, 1) == []


# --------------------------------------------------------------------------- the crew-actions limit


def test_the_priorities_stop_at_the_crew_actions():
    b = _advanced({"courageuse": abeam(10), "genereux": (450.0 - 43.0 - 60.0, 450.0, 0.0)})
    defence = b.ship("defence")
    special(defence).update(fire=1, leak=1)
    assert crew_actions(b.game, defence) == 4
    b.play(1)
    assert b.events("automatic-actions", 1, piece="defence")[0]["data"]["crew_actions"] == 4
    # ruling SIDE_ORDER: the left broadside first; the right one has no action left
    assert _planned(b, 1) == ["musketry", "extinguish-fire", "repair-damage", "fire-left"] and actions.SIDE_ORDER == ("left", "right")
    assert {a["side"] for a in b.attacks(1, "defence") if a["kind"] == "artillery"} == {"left"}
    assert defence.broadsides["right"].loaded is not None  # loaded, with a target, but not ordered to fire


def test_delayed_counters_take_their_crew_actions_at_the_next_planning():
    b = _advanced({"courageuse": abeam(10)})
    special(b.ship("defence")).update(fire=1, leak=1)
    b.play(2)
    [event] = b.events("automatic-actions", 2, piece="defence")
    delayed, free = event["data"]["delayed"], event["data"]["crew_actions"] - len(event["data"]["delayed"])
    assert sorted(delayed) == ["extinguish-fire", "repair-damage"]
    assert event["data"]["actions"] == ["musketry", "reload-right"][:free]


def test_advanced_continuous_fire_an_unloaded_broadside_fires_and_is_not_reloaded():
    b = _advanced({"courageuse": abeam(60)}, options=("continuous-fire",))
    b.play(3)
    assert _planned(b, 2) == ["fire-right"] and "reload-right" not in _planned(b, 3)
    [second] = b.attacks(2, "defence")
    assert second["modifiers"] == ["continuous-fire"]
    assert not b.events("action-illegal", ship="defence")


def test_the_plan_goes_where_the_crew_actions_rule_keeps_it():
    b = _advanced({"courageuse": abeam(60)})
    game = b.game
    b.reach(1, "planning")
    actions.sog_step_begin(game=game, step=game.step)  # what the rule does when planning begins
    own = counters(b.ship("defence"))
    assert own["planned"] == ["fire-right"] and own["done"] is True
    assert not [r for r in game.hook.sog_decisions_needed(game=game, step=game.step)[0] or [] if r.ship == "defence"]


# --------------------------------------------------------------------------- batteries (p. 50)


def _fort(poses=None, options=()):
    b = battery_game("advanced", options=options)
    b.only(poses or {})
    return b


def test_a_battery_fires_its_guns_then_musketry_then_reloads():
    b = _fort({"terpsichore": CLOSE})
    b.play(3)
    assert _planned(b, 1, FORT) == ["fire-guns", "musketry"]
    assert _planned(b, 2, FORT) == ["musketry", "reload-guns"]
    assert _planned(b, 3, FORT) == ["fire-guns", "musketry"]
    assert [e["turn"] for e in b.events("battery-reloaded", battery=FORT)] == [2]


def test_a_battery_fights_its_fire_first():
    b = _fort({"terpsichore": CLOSE})
    b.record()["fires"] = 1
    b.play(1)
    # the fire damage marker covered the first box: one crew action left, for the fire
    [event] = b.events("automatic-actions", 1, piece=FORT)
    assert event["data"]["crew_actions"] == 1 and event["data"]["actions"] == ["extinguish-fire"]
    assert not b.attacks(1, FORT) and b.record()["gun"]["loaded"] is not None


def test_a_battery_out_of_musketry_reach_reloads():
    b = _fort({"terpsichore": SOUTH})
    b.play(2)
    assert _planned(b, 1, FORT) == ["fire-guns"] and _planned(b, 2, FORT) == ["reload-guns"]


def test_a_battery_repairs_a_box_completely_filled_once_a_game():
    b = _fort()
    placed = next(p for p in in_play(b.game) if p.id == FORT)
    log = BatteryLog.of(placed)
    _fill_box(b, log.battery_track, "A", [2], 2)
    log.save()
    b.play(2)
    assert _planned(b, 1, FORT) == ["repair-damage"]
    [repaired] = b.events("battery-repaired", 2, battery=FORT)
    assert repaired["data"]["box"] == 1 and b.record()["crew"]["repaired"] is True
    assert _planned(b, 2, FORT) == []


def test_a_due_repair_takes_the_leak_before_a_filled_box():
    b = _advanced()
    defence = b.ship("defence")
    special(defence)["leak"] = 1
    _fill_box(b, defence.ship_track, "A", [3, 3], b.game.ship_doc(defence).burden)
    b.play(2)
    assert _planned(b, 1) == ["repair-damage"] and actions.REPAIR_CHOICE[0] == "leak"
    assert b.events("repair-begun", 2, ship="defence", repair="leak") and not b.events("repaired", 2, repair="damage")


def test_advanced_continuous_fire_a_battery_fires_its_unloaded_guns_instead_of_reloading():
    b = _fort({"terpsichore": SOUTH}, options=("continuous-fire",))
    b.play(3)
    assert _planned(b, 1, FORT) == ["fire-guns"] and _planned(b, 2, FORT) == ["fire-guns"]
    assert b.attacks(2, FORT)[0]["modifiers"] == ["continuous-fire"] and not b.events("battery-reloaded")
