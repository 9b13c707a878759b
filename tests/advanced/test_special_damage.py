"""Special damage (pp. 32-33): numbers placed as in the Basic rules, then fire, leak, broken
mast, sail and rudder symbols, each threshold.

Damage is dealt through the damage hook with exact counters (as the combat rule would);
HMS Defence (burden 5, 12 ship boxes) sails alone from (450, 300) heading north.
"""

import pytest

from sog.plugins.advanced import special_damage
from sog.plugins.basic.damage import place_damage
from sog.plugins.standard.veer import ship_veer


def _alone(adv_bench, probe=False, sails="battle", seed=1):
    bench = adv_bench(seed=seed, probe=probe)
    bench.park("terpsichore", "courageuse", "genereux")
    bench.put("defence", 450.0, 300.0, 0.0)
    bench.script[("sails", "defence")] = sails
    return bench


def _track(ship):
    return [[c.label() for c in box.counters] + list(box.markers) for box in ship.ship_track]


def test_numbers_and_crew_symbols_are_placed_exactly_as_in_the_basic_rules(adv_bench):
    bench = _alone(adv_bench)
    defence = bench.ship("defence")
    counters = bench.take("B", [(6, None), (4, None), (3, "fire"), (2, "crew"), (None, "crew"), (0, None), (2, "leak"), (3, "mast")])
    basic = defence.model_copy(deep=True)
    place_damage(basic, counters, 5)
    bench.game.hook.sog_apply_damage(game=bench.game, ship=defence, counters=counters, attacks=[])
    assert (defence.ship_track, defence.crew_track, defence.zero_box) == (basic.ship_track, basic.crew_track, basic.zero_box)
    assert _track(defence)[:3] == [["B6"], ["B4", "B3+fire"], ["B3+mast", "B2+crew"]]
    special = defence.ext["special-damage"]
    assert (special["fire"], special["leak"], special["masts"]) == (1, 1, 1)
    assert [e["data"]["symbol"] for e in bench.events("special-damage")] == ["fire", "leak", "mast"]


def test_a_fire_puts_a_fire_damage_marker_alone_in_an_empty_box_at_the_start_of_each_turn(adv_bench):
    bench = _alone(adv_bench, probe=True)
    defence = bench.ship("defence")
    bench.damage("defence", "B", [(2, "fire")])
    bench.play(1)
    [placed] = bench.events("marker-placed", 1)
    assert placed["data"] == {"ship": "defence", "marker": "fire-damage", "box": 2}
    assert bench.game.log.events.index(placed) < bench.game.log.events.index(bench.events("decisions", 1)[0])
    at_planning = bench.at(1, "planning").ships["defence"].ship_track
    assert at_planning[1].full and at_planning[1].markers == ["fire-damage"] and not at_planning[2].covered
    # play(1) stops at turn 2's first decisions: the fire has burnt again at its start.
    assert [e["data"]["box"] for e in bench.events("marker-placed", 2)] == [3]
    bench.damage("defence", "B", [(2, None), (5, None), (3, None)])
    # 5 (= burden) alone in the leftmost empty box; 3 tops up box 1; 2 skips the fire boxes.
    assert _track(defence)[:6] == [["B2+fire", "B3"], ["fire-damage"], ["fire-damage"], ["B5"], ["B2"], []]
    bench.play(2)
    assert _track(defence)[5] == ["fire-damage"]


def test_fires_and_leaks_each_add_their_marker_every_turn_fires_first(adv_bench):
    bench = _alone(adv_bench)
    bench.damage("defence", "A", [(1, "leak"), (1, "fire"), (2, "fire")])
    bench.play(1)  # turns 1 and 2 have begun
    assert _track(bench.ship("defence"))[:8] == [["A2+fire", "A1+leak", "A1+fire"]] + [
        ["fire-damage"], ["fire-damage"], ["water-damage"]] * 2 + [[]]
    assert [e["data"]["marker"] for e in bench.events("marker-placed", 2)] == ["fire-damage", "fire-damage", "water-damage"]


def test_a_ship_whose_track_the_fire_covers_surrenders(adv_bench):
    bench = adv_bench()
    bench.damage("terpsichore", "B", [(2, None)] * 8)
    bench.damage("terpsichore", "C", [(1, "fire")])
    assert not bench.ship("terpsichore").ship_track[9].covered
    bench.game.advance()
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"] == {"ship": "terpsichore", "status": "surrendered", "cause": "fire and water damage"}


def test_broken_masts_restrict_planning_to_grey_cards(adv_bench):
    bench = _alone(adv_bench, sails="full")
    bench.script[("plan-first", "defence")] = "D-1"

    def plan_then_lose_a_mast(card):  # a mast breaks in this turn, after its planning
        def answer(request):
            bench.damage("defence", "C", [(None, "mast")])
            return card or request.choices[0]
        return answer

    bench.script[("plan", "defence")] = [plan_then_lose_a_mast("D-2"), lambda r: r.choices[0], plan_then_lose_a_mast(None)]
    bench.until(2, "planning")
    deck = bench.deck("defence")
    plan = bench.request("plan", "defence")
    assert {deck.card(c).kind for c in plan.choices} == {"broken-mast"}
    assert {deck.card(c).masts for c in plan.choices} == {1, 2}
    bench.until(4, "planning")
    moves = {e["turn"]: e["data"] for e in bench.events("ship-moved", ship="defence")}
    assert (moves[2]["card"], moves[2]["line"]) == ("D-2", "full")      # planned before the mast broke
    assert deck.card(moves[3]["card"]).kind == "broken-mast" and moves[3]["line"] == "battle"  # sails ignored
    assert {deck.card(c).masts for c in bench.request("plan", "defence").choices} == {2}
    bench.damage("defence", "C", [(None, "mast")])
    assert bench.events("ship-removed")[-1]["data"] == {"ship": "defence", "status": "surrendered", "cause": "third broken mast"}


def test_a_grey_card_taken_aback_becomes_a_random_red_card(adv_bench):
    def red_for(seed):
        bench = _alone(adv_bench, seed=seed)
        bench.damage("defence", "C", [(None, "mast")])
        bench.put("defence", 450.0, 300.0, 90.0)  # bow into the wind
        bench.play(1)
        [replaced] = bench.events("card-replaced", 1, ship="defence")
        [move] = bench.events("ship-moved", 1, ship="defence")
        deck = bench.deck("defence")
        assert deck.card(replaced["data"]["card"]).kind == "broken-mast"
        assert deck.card(replaced["data"]["by"]).kind == "taken-aback"
        assert (move["data"]["card"], move["data"]["line"]) == (replaced["data"]["by"], "one-sandglass")
        return replaced["data"]["by"]

    assert red_for(1) == red_for(1)
    assert len({red_for(seed) for seed in range(1, 9)}) > 1  # drawn at random


def test_sail_damage_thresholds(adv_bench):
    bench = _alone(adv_bench, sails="full")
    bench.until(1, "planning")
    defence = bench.ship("defence")
    seen = []
    for _ in range(7):
        bench.damage("defence", "C", [(None, "sail")])
        box = defence.ext["special-damage"]
        seen.append((box["sail"], defence.sails, box["masts"], box["fixed_masts"]))
    assert seen == [
        (1, "full", 0, 0),
        (2, "battle", 0, 0),     # no more full sails
        (3, "battle", 0, 0),
        (4, "backing", 0, 0),    # backing only
        (5, "backing", 0, 0),
        (6, "backing", 1, 1),    # a broken mast that cannot be repaired
        (7, "backing", 1, 1),    # nothing more
    ]
    assert [e["data"]["reason"] for e in bench.events("sails-changed", ship="defence")][-2:] == ["sail damage"] * 2


def test_rudder_damage_lowers_the_veer_and_a_second_rudder_hit_breaks_a_mast(adv_bench):
    bench = _alone(adv_bench)
    defence = bench.ship("defence")
    assert ship_veer(bench.game, defence) == 5
    bench.damage("defence", "C", [(1, "rudder")])
    assert ship_veer(bench.game, defence) == 4
    assert defence.ext["special-damage"]["rudder"] == 1
    bench.damage("defence", "B", [(2, "rudder")])
    assert ship_veer(bench.game, defence) == 4
    assert (defence.ext["special-damage"]["rudder"], defence.ext["special-damage"]["masts"]) == (1, 1)
    assert bench.events("special-damage")[-1]["data"]["effect"] == "broken mast"


@pytest.mark.parametrize(("masts", "allowed"), [(1, (1, 2)), (2, (2,)), (5, (2,))])
def test_mast_cards_ruling(adv_bench, masts, allowed):
    deck = adv_bench().deck("defence")
    assert {deck.card(c).masts for c in special_damage.grey_cards(deck, masts)} == set(allowed)
