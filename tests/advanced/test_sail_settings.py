"""Sail settings (pp. 28-29, 32): the set-up choice, the sail actions (immediate), the line
of a blue card by setting, red and grey cards ignoring it, and struck sails.

HMS Defence sails alone from (450, 300), heading north with the wind from the east
(reaching: green arrows); the others are parked. Deck D's first cards go straight ahead:
the card lies in front of the 90 mm base and D-1's line ends 43.5 mm beyond it on the full
line, 29 on battle, 16 on backing; the ship moves the base length plus that.
"""

import pytest

from sog.plugins.advanced import sail_settings

FORWARD = {"full": 90 + 43.5, "battle": 90 + 29.0, "backing": 90 + 16.0}


def _alone(adv_bench, sails="battle", probe=False):
    bench = adv_bench(probe=probe)
    bench.park("terpsichore", "courageuse", "genereux")
    bench.put("defence", 450.0, 300.0, 0.0)
    bench.script[("sails", "defence")] = sails
    bench.script[("plan-first", "defence")] = "D-1"
    bench.script[("plan", "defence")] = lambda r: next(c for c in ("D-1", "D-2") if c in r.choices)
    return bench


def _moves(bench, ship="defence"):
    """``{turn: (card, line, forward mm)}`` of the ship's moves."""
    return {e["turn"]: (e["data"]["card"], e["data"]["line"], round(e["data"]["after"]["y"] - e["data"]["before"]["y"], 1))
            for e in bench.events("ship-moved", ship=ship)}


def test_sails_are_chosen_at_set_up_among_full_battle_and_backing(adv_bench):
    bench = adv_bench()
    bench.until(1, "setup")
    requests = bench.pending("sails")
    assert sorted(r.ship for r in requests) == ["courageuse", "defence", "genereux", "terpsichore"]
    assert all(r.choices == ["full", "battle", "backing"] for r in requests)
    assert all(s.sails == sail_settings.DEFAULT_SAILS == "battle" for s in bench.game.ships())
    bench.script[("sails", "genereux")] = "backing"
    bench.answer_all()
    bench.game.advance()
    assert bench.ship("genereux").sails == "backing" and bench.ship("defence").sails == "battle"
    assert bench.events("sails-changed", 1, ship="genereux", after="backing", reason="set-up")


@pytest.mark.parametrize("sails", ["full", "battle", "backing"])
def test_a_blue_card_runs_on_the_line_of_the_sails(adv_bench, sails):
    bench = _alone(adv_bench, sails)
    bench.play(1)
    assert _moves(bench)[1] == ("D-1", sails, FORWARD[sails])


def test_sail_actions_take_effect_before_the_same_turns_movement(adv_bench):
    bench = _alone(adv_bench, "battle")
    bench.actions[("defence", 1)] = ["increase-sails"]
    bench.actions[("defence", 2)] = ["decrease-sails"]
    bench.play(2)
    assert _moves(bench)[1][1] == "full" and _moves(bench)[2][1] == "battle"
    [up] = bench.events("sails-changed", 1, ship="defence", reason="increase")
    assert (up["step"], up["data"]["before"], up["data"]["after"]) == ("actions", "battle", "full")


def test_an_increase_at_full_sails_and_a_decrease_at_struck_sails_have_no_effect(adv_bench):
    bench = _alone(adv_bench, "full")
    bench.actions[("defence", 1)] = ["increase-sails"]  # may be planned (p. 29), but cannot take effect
    bench.until(1, "planning")
    labels = dict(zip(*[bench.request("action", "defence").choices, bench.request("action", "defence").labels]))
    assert labels["increase-sails"] == "increase sails (no effect now)" and labels["decrease-sails"] == "decrease sails"
    bench.play(1)
    [illegal] = bench.events("action-illegal", 1)
    assert (illegal["step"], illegal["data"]) == ("actions", {"ship": "defence", "action": "increase-sails",
                                                              "reason": "the sails are already full"})
    assert bench.ship("defence").sails == "full"
    assert [e["data"]["reason"] for e in bench.events("sails-changed", 1)] == ["set-up"]
    bench.ship("defence").sails = "struck"
    assert sail_settings.sog_available_actions(game=bench.game, ship=bench.ship("defence")) == ["increase-sails"]
    bench.actions[("defence", 2)] = ["decrease-sails"]
    bench.play(2)
    [illegal] = bench.events("action-illegal", 2)
    assert illegal["data"]["reason"] == "the sails are already struck" and bench.ship("defence").sails == "struck"


def test_both_sail_actions_apply_increase_first(adv_bench):
    bench = _alone(adv_bench, "battle")
    bench.actions[("defence", 1)] = ["increase-sails", "decrease-sails"]
    bench.play(1)
    changes = [(e["data"]["before"], e["data"]["after"]) for e in bench.events("sails-changed", 1, ship="defence")]
    assert changes == [("battle", "full"), ("full", "battle")]


def test_red_cards_ignore_the_sails(adv_bench):
    bench = _alone(adv_bench, "full")
    bench.put("defence", 450.0, 300.0, 90.0)  # bow into the wind: taken aback
    bench.play(1)
    [move] = bench.events("ship-moved", 1, ship="defence")
    assert move["data"]["line"] == "one-sandglass"


def test_struck_sails_sequence(adv_bench):
    """Struck in turn 1 with two cards planned: both run on the backing line, then the ship
    stops and plans nothing; sails increased in turn 3: one card per turn from turn 4, and
    the ship moves again once both slots are filled (turn 5)."""
    bench = _alone(adv_bench, "backing", probe=True)
    bench.actions[("defence", 1)] = ["decrease-sails"]
    bench.actions[("defence", 3)] = ["increase-sails"]
    bench.play(6)
    assert bench.at(1, "actions").ships["defence"].sails == "struck"
    moves = _moves(bench)
    assert moves[1] == ("D-1", "backing", FORWARD["backing"]) and moves[2] == ("D-2", "backing", FORWARD["backing"])
    assert 3 not in moves and 4 not in moves
    assert not bench.asked_of("plan", "defence", 2) and not bench.asked_of("plan-first", "defence", 3)
    assert bench.at(3, "planning").ships["defence"].planned == [None, None]
    assert bench.at(3, "actions").ships["defence"].sails == "backing"
    # Turn 4: one card (slot 1) and no second one; the ship waits with it.
    assert len(bench.asked_of("plan-first", "defence", 4)) == 1 and not bench.asked_of("plan", "defence", 4)
    assert bench.at(4, "movement").ships["defence"].planned == ["D-1", None]
    assert bench.events("ship-waiting", 4, ship="defence")
    # Turn 5: the second card; both slots filled, the ship moves with the first.
    assert len(bench.asked_of("plan", "defence", 5)) == 1
    assert moves[5] == ("D-1", "backing", FORWARD["backing"]) and moves[6][1] == "backing"
    assert not bench.game.ship("defence").ext["sail-settings"]["restart"]


def test_backing_to_struck_with_a_single_card_puts_it_back_in_the_deck(adv_bench):
    bench = _alone(adv_bench, "backing", probe=True)
    bench.actions[("defence", 1)] = ["decrease-sails"]
    bench.actions[("defence", 3)] = ["increase-sails"]
    bench.actions[("defence", 4)] = ["decrease-sails"]
    bench.play(5)
    assert bench.at(4, "planning").ships["defence"].planned == ["D-1", None]
    [returned] = bench.events("card-returned", 4)
    assert returned["data"]["card"] == "D-1" and returned["step"] == "actions"
    state = bench.at(4, "actions").ships["defence"]
    assert (state.sails, state.planned) == ("struck", [None, None])
    assert 4 not in _moves(bench) and 5 not in _moves(bench) and not bench.asked_of("plan-first", "defence", 5)


def test_sail_damage_caps_the_increase(adv_bench):
    bench = _alone(adv_bench, "battle")
    defence = bench.ship("defence")
    bench.damage("defence", "C", [(None, "sail"), (None, "sail")])
    assert defence.sails == "battle"
    assert sail_settings.sog_available_actions(game=bench.game, ship=defence) == ["decrease-sails"]
    bench.damage("defence", "C", [(None, "sail"), (None, "sail")])
    assert defence.sails == "backing"
    assert sail_settings.sog_available_actions(game=bench.game, ship=defence) == ["decrease-sails"]
    defence.sails = "struck"
    assert sail_settings.sog_available_actions(game=bench.game, ship=defence) == ["increase-sails"]
    bench.script[("sails", "defence")] = defence.sails = "backing"  # set up at the cap
    bench.actions[("defence", 1)] = ["increase-sails"]
    bench.play(1)
    [illegal] = bench.events("action-illegal", 1)
    assert illegal["data"]["reason"] == "sail damage allows no faster sails" and defence.sails == "backing"
