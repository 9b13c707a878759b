"""Veer (pp. 24 and 33): consecutive cards differ in veer by at most the ship's rating, judged
when the card is revealed, with the rating of that moment; an illegal reveal goes straight."""

import pytest

from sog.geometry import Pose
from sog.plugins.system.geometry import end_pose
from sog.plugins.standard import veer
from sog.plugins.system.tabletop import attitude_of
from sog.plugins.system.content_models import deck_of

#: The Généreux (deck C, veer 5) alone in open water, reaching (the wind blows from 90).
OPEN_WATER = (450.0, 450.0, 0.0)


def _alone(std_bench, first, second, then="C-1"):
    """The Généreux plans ``first`` (slot 1 of turn 1), then ``second`` and ``then`` (slot 2)."""
    bench = std_bench()
    bench.put("genereux", *OPEN_WATER)
    bench.script[("plan-first", "genereux")] = first
    bench.script[("plan", "genereux")] = [second, then]
    return bench


def test_planning_offers_cards_outside_the_veer_limit(std_bench):
    bench = std_bench()
    bench.script[("plan-first", "genereux")] = "C-25"  # veer 2
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    choices = bench.request("plan", "genereux").choices
    normal = [c.id for c in bench.deck("genereux").of_kind("normal")]
    assert choices == [c for c in normal if c != "C-25"]
    assert set(bench.cards_of_veer("genereux", 8)) <= set(choices)  # 8 - 2 = 6, more than the veer of 5
    assert veer.JUDGED_AT == "reveal"


@pytest.mark.parametrize(("card", "kept"), [("C-26", True), ("C-19", True), ("C-15", True), ("C-23", False), ("C-24", False)])
def test_genereux_veer_5_after_a_2_may_reveal_2_to_7_but_not_8(std_bench, card, kept):
    bench = _alone(std_bench, "C-25", card)
    assert bench.game.ship_doc(bench.ship("genereux")).veer == 5
    bench.until(2, "combat")
    replaced = bench.events("card-replaced", 2, ship="genereux")
    executed = bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"]
    if kept:
        assert replaced == [] and executed == card
    else:
        assert [(e["data"]["card"], e["data"]["reason"], e["data"]["veer"]) for e in replaced] == [(card, "veer", 5)]
        assert veer.is_straight(bench.deck("genereux").card(executed))


def test_a_planned_card_outside_the_limit_is_revealed_then_replaced_and_the_ship_goes_straight(std_bench):
    bench = _alone(std_bench, "C-25", "C-23")  # 2 then 8
    bench.until(2, "planning")  # nothing moves before the movement step
    before = bench.ship("genereux").pose
    colour = "green" if attitude_of(bench.game, bench.ship("genereux")) == "reaching" else "orange"
    bench.until(2, "combat")
    [revealed] = bench.events("card-revealed", 2, ship="genereux")
    [replaced] = bench.events("card-replaced", 2, ship="genereux")
    [moved] = bench.events("ship-moved", 2, ship="genereux")
    assert revealed["data"]["card"] == "C-23"
    assert replaced["data"] == {"ship": "genereux", "card": "C-23", "by": "C-2", "reason": "veer", "previous": "C-25", "veer": 5}
    assert revealed["seq"] < replaced["seq"] < moved["seq"]  # C-1 lies in slot 2: the other straight card
    assert moved["data"]["card"] == "C-2" and moved["data"]["after"]["heading"] == before.heading
    expected = end_pose(Pose(before.x, before.y, before.heading), 90, bench.deck("genereux").card("C-2").end("battle", colour))
    assert abs(moved["data"]["after"]["y"] - expected.y) < 1e-3 and abs(moved["data"]["after"]["x"] - expected.x) < 1e-3


def test_a_rating_lowered_after_planning_makes_the_revealed_card_illegal(std_bench):
    bench = _alone(std_bench, "C-25", "C-15")  # 2 then 7: legal with the rating of 5
    bench.until(1, "combat")
    assert not bench.events("card-replaced", 1)
    bench.ship("genereux").ext["veer"]["modifier"] = -3  # the rating falls to 2 before the reveal
    bench.until(2, "combat")
    replaced = bench.events("card-replaced", 2, ship="genereux")
    assert [e["data"] for e in replaced] == [
        {"ship": "genereux", "card": "C-15", "by": "C-2", "reason": "veer", "previous": "C-25", "veer": 2}
    ]
    assert bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"] == "C-2"


def test_a_rating_raised_after_planning_makes_the_revealed_card_legal(std_bench):
    bench = _alone(std_bench, "C-25", "C-15")  # 2 then 7: illegal with a rating of 3
    bench.ship("genereux").ext["veer"] = {"modifier": -2}
    bench.until(1, "combat")
    bench.ship("genereux").ext["veer"]["modifier"] = 0  # e.g. the rudder repaired before the reveal
    bench.until(2, "combat")
    assert not bench.events("card-replaced", 2)
    assert bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"] == "C-15"


def test_a_legal_reveal_is_kept_and_a_straight_card_is_never_replaced(std_bench):
    bench = _alone(std_bench, "C-25", "C-1", "C-7")
    bench.until(1, "combat")
    bench.ship("genereux").ext["veer"]["modifier"] = -4  # rating 1: a 2 -> 5 change is now illegal
    bench.until(2, "combat")
    assert not bench.events("card-replaced")
    assert bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"] == "C-1"


def test_the_first_card_of_the_game_is_never_out_of_veer(std_bench):
    bench = _alone(std_bench, "C-23", "C-24")  # an 8 first, then an 8
    bench.ship("genereux").ext["veer"] = {"modifier": -5}  # rating 0
    bench.until(1, "combat")
    assert not bench.events("card-replaced", 1)
    assert bench.events("ship-moved", 1, ship="genereux")[0]["data"]["card"] == "C-23"


def test_straight_cards_are_veer_5_with_no_turn_or_sideslip(library):
    deck = deck_of(library, "C")
    assert [c.id for c in deck.cards if veer.is_straight(c)] == ["C-1", "C-2"]
    assert not veer.is_straight(deck.card("C-3"))  # veer 5 but a sideslip
    assert veer.straight_card(deck) == "C-1" and veer.straight_card(deck, avoid="C-1") == "C-2"
