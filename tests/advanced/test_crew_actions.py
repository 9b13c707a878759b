"""Crew actions (pp. 28-30): how many, planning one counter at a time in secret, the action
step revealing them together, and the combat and reloading actions' timing.

HMS Defence lies at (450, 450) heading north, its right broadside facing east; the Généreux
lies east of it, heading north, its left broadside facing Defence (70 mm gap: short range,
10 mm gap: musketry too). Movement is blocked: nobody moves.
"""

from types import SimpleNamespace

import pytest

from sog.plugins.advanced import crew_actions, mat
from sog.state import Counter
from sog.plugins.system.state import Box
from sog.views import HIDDEN

SHORT_GAP = 70.0
MUSKET_GAP = 10.0


def _duel(adv_bench, gap=SHORT_GAP, probe=False):
    bench = adv_bench(static=True, probe=probe)
    bench.park("terpsichore", "courageuse")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("genereux", 471.5 + gap + 21.5, 450.0, 0.0)
    return bench


# --------------------------------------------------------------------------- how many


def test_p29_example_three_ship_boxes_and_four_crew_boxes_reduce_crew_actions_to_3(adv_bench):
    """Played by the built-in HMS Defence (the text does not name its ship; see her ship log)."""
    bench = _duel(adv_bench)
    defence = bench.ship("defence")
    assert mat.crew_actions(bench.game, defence) == 4
    bench.damage("defence", "B", [(5, None), (5, None), (6, None)])    # three full ship boxes
    bench.damage("defence", "E", [(None, "crew")] * 4)                  # four crew boxes
    assert [b.covered for b in defence.ship_track[:4]] == [True, True, True, False]
    assert [b.covered for b in defence.crew_track[:5]] == [True, True, True, True, False]
    assert mat.crew_actions(bench.game, defence) == 3
    bench.actions[("defence", 1)] = ["fire-left", "fire-right", "musketry", "repair-damage"]
    bench.play(1)
    asked = bench.asked_of("action", "defence", 1)
    assert len(asked) == 3  # a fourth counter is never asked for
    assert [r.prompt.split("(")[1].split(")")[0] for r in asked] == ["3 of 3 left", "2 of 3 left", "1 of 3 left"]
    [revealed] = bench.events("actions-revealed", 1, ship="defence")
    assert revealed["data"]["actions"] == ["fire-left", "fire-right", "musketry"]


def test_the_smaller_of_the_two_tracks_counts(adv_bench):
    bench = _duel(adv_bench)
    defence = bench.ship("defence")
    bench.damage("defence", "B", [(5, None)] * 4)
    assert mat.crew_actions(bench.game, defence) == 3   # ship track 3 (fifth box), crew track 4
    bench.damage("defence", "E", [(None, "crew")] * 6)
    assert mat.crew_actions(bench.game, defence) == 2   # crew track 2 (seventh box), ship track 3


def test_the_leftmost_uncovered_hand_symbol_skips_boxes_without_one():
    printed = [SimpleNamespace(actions=a) for a in (4, 3, None, 2)]
    covered = Box(counters=[Counter(pool="B", index=0, value=5)], full=True)
    assert mat.hand_value(printed, [covered, covered, Box(), Box()]) == 2
    assert mat.hand_value(printed, [covered, Box(), Box(), Box()]) == 3
    assert mat.hand_value(printed, [covered] * 4) == 0


# --------------------------------------------------------------------------- planning in secret


def test_actions_are_planned_one_counter_at_a_time_each_counter_once(adv_bench):
    bench = _duel(adv_bench)
    bench.actions[("defence", 1)] = ["fire-right", "musketry"]
    bench.until(1, "planning")
    first = bench.request("action", "defence")
    assert first.choices[0] is None and first.labels[0] == "done"
    assert first.choices[1:] == list(mat.ACTION_ORDER)  # the full set, in order, legal or not
    bench.answer_all()
    bench.game.advance()
    second = bench.request("action", "defence")
    assert "fire-right" not in second.choices and "musketry" in second.choices


def test_planned_actions_stay_hidden_from_other_seats_until_revealed(adv_bench):
    bench = _duel(adv_bench, probe=True)
    bench.actions[("genereux", 1)] = ["fire-left", "repair-damage"]
    bench.play(1)
    planning = bench.view_at(1, "planning", "british")["ships"]["genereux"]
    assert planning["ext"]["crew-actions"]["planned"] == [HIDDEN, HIDDEN]
    assert planning["actions"] == []
    own = bench.view_at(1, "planning", "french")["ships"]["genereux"]["ext"]["crew-actions"]["planned"]
    assert own == ["fire-left", "repair-damage"]
    seen = bench.view_at(1, "planning", "british")["ships"]["genereux"]
    assert seen["ext"]["crew-actions"]["offered"] == HIDDEN and seen["ext"]["crew-actions"]["legal"] == HIDDEN
    assert "fire-left" not in str({k: v for k, v in seen["ext"]["crew-actions"].items() if k != "set"})
    assert seen["ext"]["crew-actions"]["set"] == list(mat.ACTION_ORDER)  # the counters on the mat are public
    after = bench.view_at(1, "actions", "british")["ships"]["genereux"]
    assert after["actions"] == ["fire-left", "repair-damage"]
    assert after["ext"]["crew-actions"]["planned"] == [] and after["ext"]["crew-actions"]["delayed"] == ["repair-damage"]
    [event] = bench.events("actions-revealed", 1, ship="genereux")
    assert event["step"] == "actions"
    assert [e["step"] for e in bench.game.log.events if e["turn"] == 1 and e["kind"] == "actions-revealed"] == ["actions"]


def test_the_action_step_lies_between_planning_and_movement(adv_bench):
    bench = adv_bench()
    names = [s.name for s in bench.game.steps]
    assert names.index("planning") < names.index("actions") < names.index("movement")
    assert crew_actions.STEP.order == 200


def test_a_delayed_action_takes_a_crew_action_next_turn_and_its_counter_is_unavailable(adv_bench):
    bench = _duel(adv_bench)
    bench.actions[("defence", 1)] = ["repair-damage"]
    bench.actions[("defence", 2)] = ["fire-left", "fire-right", "musketry", "decrease-sails"]
    bench.play(2)
    asked = bench.asked_of("action", "defence", 2)
    assert len(asked) == 3 and all("repair-damage" not in r.choices for r in asked)  # 4 crew actions, 1 delayed
    assert bench.events("actions-revealed", 2, ship="defence")[0]["data"]["delayed"] == ["repair-damage"]
    bench.until(3, "planning")
    assert "repair-damage" in bench.request("action", "defence").choices


# --------------------------------------------------------------------------- combat and reloading


def test_a_side_fires_only_with_its_fire_action_and_the_counter_returns_after_combat(adv_bench):
    bench = _duel(adv_bench)
    bench.actions[("defence", 1)] = ["fire-right"]
    bench.until(1, "combat")
    assert [r.id for r in bench.pending("fire")] == ["t1.combat.fire.defence.right"]  # not the Généreux's left
    bench.answer_all()
    bench.until(2, "planning")
    assert "fire-right" in bench.request("action", "defence").choices
    bench.play(2)
    assert not bench.events("attack", 2)
    assert bench.ship("defence").broadsides["right"].loaded == "ball"  # unused, still loaded


def test_musketry_needs_its_action(adv_bench):
    bench = _duel(adv_bench, gap=MUSKET_GAP)
    bench.actions[("genereux", 1)] = ["musketry"]
    bench.until(1, "combat")
    assert [r.ship for r in bench.pending("musketry")] == ["genereux"]


def test_fire_is_legal_only_for_a_loaded_side_and_reload_only_for_an_empty_one(adv_bench):
    bench = _duel(adv_bench)
    bench.actions[("defence", 1)] = ["fire-right"]
    bench.script[("fire", "defence", "right")] = lambda r: next(c for c in r.choices if c and c.get("target") == "genereux")
    bench.play(1)
    assert bench.ship("defence").broadsides["right"].loaded is None
    bench.until(2, "planning")
    request = bench.request("action", "defence")
    legal = bench.ship("defence").ext["crew-actions"]["legal"]
    assert "fire-right" not in legal and "reload-right" in legal
    assert "fire-left" in legal and "reload-left" not in legal
    labels = dict(zip(request.choices, request.labels))
    assert labels["fire-right"] == "fire the right broadside (no effect now)" and labels["fire-left"] == "fire the left broadside"
    assert labels["reload-left"] == "reload the left broadside (no effect now)" and labels["reload-right"] == "reload the right broadside"


def test_a_side_reloads_only_with_its_reload_action(adv_bench):
    bench = _duel(adv_bench, probe=True)
    bench.actions[("defence", 1)] = ["fire-right"]
    bench.script[("fire", "defence", "right")] = lambda r: next(c for c in r.choices if c and c.get("target") == "genereux")
    bench.play(2)  # turn 2: no reload action
    assert not bench.events("reloaded", 2)
    assert bench.at(2, "reloading").ships["defence"].broadsides["right"].loaded is None
    bench.actions[("defence", 3)] = ["reload-right"]
    bench.script[("load", "defence", "right")] = lambda r: {"side": "right", "ammunition": "grapeshot"}
    bench.play(3)
    assert bench.events("reloaded", 3, ship="defence", side="right")
    assert bench.ship("defence").broadsides["right"].loaded == "grapeshot"


def test_the_first_loading_at_set_up_needs_no_action(adv_bench):
    bench = _duel(adv_bench)
    bench.until(1, "planning")
    assert all(s.broadsides[side].loaded for s in bench.game.ships() for side in ("left", "right"))


def test_an_illegal_action_has_no_effect_and_its_counter_returns(adv_bench):
    bench = _duel(adv_bench, probe=True)
    bench.actions[("defence", 1)] = ["reload-left", "repair-damage"]  # the left side is loaded
    bench.play(2)
    [illegal, nothing] = bench.events("action-illegal")
    assert (illegal["turn"], illegal["step"], illegal["data"]["action"]) == (1, "reloading", "reload-left")
    assert "reload-left" in bench.at(1, "actions").ships["defence"].actions  # revealed, judged when due
    assert "reload-left" not in bench.at(1, "reloading").ships["defence"].actions
    assert bench.ship("defence").broadsides["left"].loaded == "ball"
    # Turn 2: the repair finds nothing to repair; its counter is free again for turn 3.
    assert (nothing["turn"], nothing["data"]["action"], nothing["data"]["reason"]) == (2, "repair-damage", "nothing to repair")
    bench.until(3, "planning")
    assert "repair-damage" in bench.request("action", "defence").choices


@pytest.mark.parametrize(("crew_lost", "n"), [(4, 3), (8, 2), (10, 1)])
def test_a_ship_is_asked_for_no_more_actions_than_it_has(adv_bench, crew_lost, n):
    bench = _duel(adv_bench)
    bench.damage("defence", "E", [(None, "crew")] * crew_lost)
    assert mat.crew_actions(bench.game, bench.ship("defence")) == n
    bench.actions[("defence", 1)] = ["fire-left", "musketry", "repair-damage", "fire-right"]
    bench.play(1)
    assert len(bench.asked_of("action", "defence", 1)) == n
    assert len(bench.events("actions-revealed", 1, ship="defence")[0]["data"]["actions"]) == n
