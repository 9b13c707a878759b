"""Veer (p. 24): consecutive cards differ in veer by at most the ship's rating; illegal reveals go straight."""

from sog.geometry import Pose, end_pose
from sog.plugins.standard import veer
from sog.tabletop import attitude_of


def _veers(bench, ship_id, choices):
    deck = bench.deck(ship_id)
    return sorted({deck.card(c).veer for c in choices})


def test_genereux_veer_5_after_a_2_may_plan_2_to_7_but_not_8(std_bench):
    bench = std_bench()
    two = bench.cards_of_veer("genereux", 2)
    eights = bench.cards_of_veer("genereux", 8)
    assert two and eights and bench.game.ship_doc(bench.ship("genereux")).veer == 5
    bench.script[("plan-first", "genereux")] = two[0]
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    choices = bench.request("plan", "genereux").choices
    assert _veers(bench, "genereux", choices) == [2, 3, 4, 5, 6, 7]
    assert not set(eights) & set(choices)
    assert two[0] not in choices and two[1] in choices  # the other 2 is unused, so it may be planned


def test_a_lowered_rating_narrows_the_choice(std_bench):
    bench = std_bench()
    bench.ship("genereux").ext["veer"] = {"modifier": -2}  # e.g. rudder damage (Advanced)
    assert veer.ship_veer(bench.game, bench.ship("genereux")) == 3
    bench.script[("plan-first", "genereux")] = bench.cards_of_veer("genereux", 2)[0]
    bench.until(1, "planning")
    bench.answer_all()
    bench.game.advance()
    assert _veers(bench, "genereux", bench.request("plan", "genereux").choices) == [2, 3, 4, 5]


def test_an_illegal_revealed_card_is_replaced_by_a_straight_card(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 0.0)  # reaching (wind from 90), far from everybody
    bench.script[("plan-first", "genereux")] = "C-25"  # veer 2
    bench.script[("plan", "genereux")] = ["C-15", "C-1"]  # veer 7: legal with the rating of 5
    bench.until(1, "combat")
    assert not bench.events("card-replaced", 1)
    bench.ship("genereux").ext["veer"]["modifier"] = -3  # the rating falls to 2 before the reveal
    before = bench.ship("genereux").pose
    colour = "green" if attitude_of(bench.game, bench.ship("genereux")) == "reaching" else "orange"
    bench.until(2, "combat")
    replaced = bench.events("card-replaced", 2, ship="genereux")
    assert [e["data"] for e in replaced] == [
        {"ship": "genereux", "card": "C-15", "by": "C-2", "reason": "veer", "previous": "C-25", "veer": 2}
    ]  # C-1 lies in slot 2, so the other straight card is used
    moved = bench.events("ship-moved", 2, ship="genereux")[0]["data"]
    assert moved["card"] == "C-2" and moved["after"]["heading"] == before.heading
    expected = end_pose(Pose(before.x, before.y, before.heading), 90, bench.deck("genereux").card("C-2").end("battle", colour))
    assert abs(moved["after"]["y"] - expected.y) < 1e-3 and abs(moved["after"]["x"] - expected.x) < 1e-3


def test_a_legal_reveal_is_kept_and_a_straight_card_is_never_replaced(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 0.0)
    bench.script[("plan-first", "genereux")] = "C-25"
    bench.script[("plan", "genereux")] = ["C-1", "C-7"]
    bench.until(1, "combat")
    bench.ship("genereux").ext["veer"]["modifier"] = -4  # rating 1: a 2 -> 5 change is now illegal
    bench.until(2, "combat")
    assert not bench.events("card-replaced")
    assert bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"] == "C-1"


def test_straight_cards_are_veer_5_with_no_turn_or_sideslip(library):
    deck = library.deck("C")
    assert [c.id for c in deck.cards if veer.is_straight(c)] == ["C-1", "C-2"]
    assert not veer.is_straight(deck.card("C-3"))  # veer 5 but a sideslip
    assert veer.straight_card(deck) == "C-1" and veer.straight_card(deck, avoid="C-1") == "C-2"
