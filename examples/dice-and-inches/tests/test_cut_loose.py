"""Cutting loose (ruling CUT_LOOSE): in her own boarding step a lashed ship that does not
board may set men to cut her loose from a friend or a foe, a die a man, any 6 frees her.

Movement and fire are off (see boarding_bench) unless a test says otherwise. In the squadron
Hornet and Dolphin are British friends (Hornet: 8 sailors, 2 marines, 2 officers; Dolphin: 7,
2, 2); in the duel Hornet is British, Swift (7, 2, 1) American. The British play first.
"""

from __future__ import annotations

from typing import Any

from boarding_bench import alongside, duel

from dice_and_inches.boarding import BOARD, CUT, CUT_LOOSE_DECISION, GRAPPLE
from dice_and_inches.bots import CaptainBot
from dice_and_inches.grappling import lash
from sog.decisions import DecisionRequest, NumberRange


def _friends_lashed(blocked: tuple[str, ...] | None = None) -> tuple[Any, Any]:
    """The squadron at the British boarding step, Hornet and Dolphin entangled alongside."""
    game = duel("dice-squadron") if blocked is None else duel("dice-squadron", blocked=blocked)
    bench = alongside(game, "hornet", "dolphin")
    lash(game.ship("hornet"), game.ship("dolphin"))
    bench.until(1, "boarding")
    return game, bench


def _enemies_lashed() -> tuple[Any, Any]:
    game = duel()
    bench = alongside(game)
    lash(game.ship("hornet"), game.ship("swift"))
    bench.until(1, "boarding")
    return game, bench


def test_friends_lashed_together_are_each_offered_to_cut_loose_with_any_number_of_men() -> None:
    game, bench = _friends_lashed()
    hornet = bench.request(CUT_LOOSE_DECISION, "hornet")
    assert (hornet.number.min, hornet.number.max) == (0, 12) and hornet.seat == "british"
    assert bench.request(CUT_LOOSE_DECISION, "dolphin").number.max == 11
    assert not bench.pending(BOARD) and not bench.pending(GRAPPLE)


def test_friends_entangled_part_when_a_man_cutting_loose_throws_a_six() -> None:
    game, bench = _friends_lashed()
    game.stack_dice([2, 6])
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 2)
    bench.answer(bench.request(CUT_LOOSE_DECISION, "dolphin"), 0)
    game.advance()
    assert game.ship("hornet").lashed == [] and game.ship("dolphin").lashed == []
    (event,) = bench.events("cut-loose")
    assert event["data"] == {"ship": "hornet", "target": "dolphin", "men": 2, "dice": [2, 6], "free": True}


def test_cutting_loose_without_a_six_leaves_them_lashed_and_the_men_busy() -> None:
    game = duel("dice-squadron")
    bench = alongside(game, "hornet", "dolphin")
    bench.put("swift", 600.0 - 2.0 * 25.4, 700.0, 0.0)  # Swift, a friend too, to port
    lash(game.ship("hornet"), game.ship("dolphin"))
    lash(game.ship("hornet"), game.ship("swift"))
    bench.until(1, "boarding")
    game.stack_dice([5, 4, 1])
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 3)  # from Dolphin
    for other in ("dolphin", "swift"):
        bench.answer(bench.request(CUT_LOOSE_DECISION, other), 0)
    game.advance()
    assert game.ship("hornet").lashed == ["dolphin", "swift"] and game.ship("dolphin").lashed == ["hornet"]
    assert bench.events("cut-loose")[0]["data"]["free"] is False
    again = bench.request(CUT_LOOSE_DECISION, "hornet")  # from Swift: the three men do nothing else
    assert again.id.endswith("hornet.swift.r1") and again.number.max == 12 - 3


def test_a_lashing_her_friend_has_just_cut_costs_her_no_dice() -> None:
    game, bench = _friends_lashed()
    game.stack_dice([6])
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 1)
    bench.answer(bench.request(CUT_LOOSE_DECISION, "dolphin"), 4)
    game.advance()
    assert [e["data"]["ship"] for e in bench.events("cut-loose")] == ["hornet"]


def test_a_ship_cut_loose_from_a_friend_sails_again_in_her_next_part() -> None:
    game, bench = _friends_lashed(blocked=("dice-fire",))
    assert bench.events("ship-held", ship="hornet")[0]["data"]["reason"] == "lashed"
    game.stack_dice([6])
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 1)
    bench.answer(bench.request(CUT_LOOSE_DECISION, "dolphin"), 0)
    bench.play(2)
    assert bench.events("ship-sailed", turn=2, ship="hornet")


def test_an_enemy_lashed_is_offered_boarding_first_and_cutting_loose_only_if_she_declines() -> None:
    game, bench = _enemies_lashed()
    assert not bench.pending(CUT_LOOSE_DECISION, "hornet")
    bench.answer(bench.request(BOARD, "hornet"), "none")
    game.advance()
    game.stack_dice([6])
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 1)
    game.advance()
    assert game.ship("hornet").lashed == [] and game.ship("swift").lashed == []


def test_a_ship_that_boards_does_not_also_cut_loose() -> None:
    game, bench = _enemies_lashed()
    bench.answer(bench.request(BOARD, "hornet"), "swift")
    game.advance()
    assert bench.events("boarding")
    assert not bench.pending(CUT_LOOSE_DECISION, "hornet") and not bench.events("cut-loose")


def test_no_cutting_loose_from_an_enemy_her_own_grapples_just_took() -> None:
    game = duel()
    bench = alongside(game)
    bench.until(1, "boarding")
    game.stack_dice([5])
    bench.answer(bench.request(GRAPPLE, "hornet"), 1)
    game.advance()
    bench.answer(bench.request(CUT, "swift"), 0)  # Swift accepts the grapple
    game.advance()
    assert game.ship("hornet").lashed == ["swift"]
    bench.answer(bench.request(BOARD, "hornet"), "none")
    game.advance()
    assert not bench.pending(CUT_LOOSE_DECISION, "hornet")


def _cut_loose_request(ship: str, other: str, men: int) -> DecisionRequest:
    return DecisionRequest(id=f"t1.boarding.{CUT_LOOSE_DECISION}.{ship}.{other}", seat="s", kind=CUT_LOOSE_DECISION,
                           rule="dice-boarding", ship=ship, prompt="?", number=NumberRange(min=0, max=men))


def test_the_captain_cuts_loose_from_a_friend_and_from_a_stronger_enemy_but_stays_to_board_a_weaker() -> None:
    squadron = duel("dice-squadron")
    assert CaptainBot(1).decide(squadron.view("british"), _cut_loose_request("hornet", "dolphin", 12)) == 12
    game = duel()  # Hornet (strength 16) is stronger than Swift (13)
    assert CaptainBot(1).decide(game.view("british"), _cut_loose_request("hornet", "swift", 12)) == 0
    assert CaptainBot(1).decide(game.view("american"), _cut_loose_request("swift", "hornet", 10)) == 10
