"""Grappling in a real game: the boarding step of the active side, dice forced.

Movement and fire are off (see boarding_bench), so the ships stay where each test puts them.
Hornet (8 sailors, 2 marines, 2 officers) is British and plays first; Swift (7 sailors,
2 marines, 1 officer) is American.
"""

from __future__ import annotations

from boarding_bench import alongside, duel

from dice_and_inches.boarding import BOARD, CUT, GRAPPLE


def _at_boarding(gap_in: float = 0.0, **script):  # noqa: ANN003, ANN202
    game = duel()
    bench = alongside(game, gap_in=gap_in)
    bench.script.update(script)
    bench.until(1, "boarding")
    return game, bench


def test_a_ship_alongside_an_enemy_may_throw_grapples_with_any_number_of_her_men() -> None:
    game, bench = _at_boarding()
    request = bench.request(GRAPPLE, "hornet")
    assert request.seat == "british"
    assert (request.number.min, request.number.max) == (0, 12)


def test_grapples_reach_an_enemy_within_one_inch_edge_to_edge() -> None:
    game, bench = _at_boarding(gap_in=0.9)
    assert bench.pending(GRAPPLE, "hornet")


def test_no_grapples_at_an_enemy_more_than_one_inch_away() -> None:
    game = duel()
    bench = alongside(game, gap_in=1.1)
    bench.play(1)
    assert not [r for r in bench.asked if r.kind in (GRAPPLE, CUT, BOARD)]


def test_only_the_active_side_throws_grapples() -> None:
    game, bench = _at_boarding()
    assert game.active_side == "british"
    assert [r.ship for r in game.pending()] == ["hornet"]


def test_each_thrower_throws_one_die_and_each_five_or_six_is_a_grapple() -> None:
    game, bench = _at_boarding()
    game.stack_dice([5, 6, 1, 4])
    bench.answer(bench.request(GRAPPLE, "hornet"), 4)
    game.advance()
    (event,) = bench.events("grapples-thrown")
    assert event["data"] == {"ship": "hornet", "target": "swift", "men": 4, "dice": [5, 6, 1, 4], "grapples": 2}
    cut = bench.request(CUT, "swift")
    assert cut.seat == "american"
    assert (cut.number.min, cut.number.max) == (0, 10)


def test_no_grapple_holding_asks_no_cut_and_lashes_nothing() -> None:
    game, bench = _at_boarding()
    game.stack_dice([1, 2, 3, 4])
    bench.answer(bench.request(GRAPPLE, "hornet"), 4)
    game.advance()
    assert not bench.pending(CUT)
    assert game.ship("hornet").lashed == [] and game.ship("swift").lashed == []


def test_the_defender_needs_a_six_for_each_grapple_cut() -> None:
    game, bench = _at_boarding()
    game.stack_dice([5, 6])
    bench.answer(bench.request(GRAPPLE, "hornet"), 2)
    game.advance()
    game.stack_dice([6, 5, 1])
    bench.answer(bench.request(CUT, "swift"), 3)
    game.advance()
    (event,) = bench.events("grapples-cut")
    assert event["data"] == {"ship": "swift", "target": "hornet", "men": 3, "dice": [6, 5, 1], "grapples": 2, "held": 1}
    assert game.ship("hornet").lashed == ["swift"] and game.ship("swift").lashed == ["hornet"]


def test_every_grapple_cut_leaves_the_ships_free() -> None:
    game, bench = _at_boarding()
    game.stack_dice([5, 6])
    bench.answer(bench.request(GRAPPLE, "hornet"), 2)
    game.advance()
    game.stack_dice([6, 6, 6])
    bench.answer(bench.request(CUT, "swift"), 3)
    game.advance()
    assert game.ship("hornet").lashed == [] and game.ship("swift").lashed == []
    assert not bench.pending(BOARD, "hornet")


def test_accepting_the_grapples_lashes_the_ships_and_offers_boarding() -> None:
    game, bench = _at_boarding()
    game.stack_dice([5])
    bench.answer(bench.request(GRAPPLE, "hornet"), 1)
    game.advance()
    bench.answer(bench.request(CUT, "swift"), 0)
    game.advance()
    assert bench.events("ships-lashed")[0]["data"] == {"ships": ["hornet", "swift"], "grapples": 1}
    assert bench.request(BOARD, "hornet").choices == ["none", "swift"]


def test_ships_entangled_by_a_collision_are_boarded_without_grapples() -> None:
    game = duel()
    bench = alongside(game)
    game.ship("hornet").lashed.append("swift")
    game.ship("swift").lashed.append("hornet")
    bench.until(1, "boarding")
    assert not bench.pending(GRAPPLE)
    assert bench.request(BOARD, "hornet").choices == ["none", "swift"]


def test_grapple_throwers_may_not_fight_in_the_melee() -> None:
    game, bench = _at_boarding()
    for gun in game.ship("swift").guns:
        gun.fired_turn = 0  # no defensive gunfire
    game.stack_dice([5, 1, 1, 1])  # 4 throwers (sailors), one grapple
    bench.answer(bench.request(GRAPPLE, "hornet"), 4)
    game.advance()
    bench.answer(bench.request(CUT, "swift"), 0)
    game.advance()
    game.stack_dice([1, 1] + [1, 1])  # the marines' muskets miss; melee 1 against 1
    bench.answer(bench.request(BOARD, "hornet"), "swift")
    game.advance()
    first = bench.events("melee-round")[0]["data"]
    # Hornet 4 sailors + 2 marines + 2 officers = 12 (the 4 throwers stay out); Swift 7 + 4 + 2 = 13
    assert first["strengths"] == [12, 13]


def test_men_cutting_grapples_may_not_fight_in_the_melee() -> None:
    game, bench = _at_boarding()
    for gun in game.ship("swift").guns:
        gun.fired_turn = 0
    game.stack_dice([5, 5])  # two throwers, two grapples
    bench.answer(bench.request(GRAPPLE, "hornet"), 2)
    game.advance()
    game.stack_dice([6, 1, 1])  # three cutters (sailors) cut one
    bench.answer(bench.request(CUT, "swift"), 3)
    game.advance()
    game.stack_dice([1, 1] + [1, 1])
    bench.answer(bench.request(BOARD, "hornet"), "swift")
    game.advance()
    first = bench.events("melee-round")[0]["data"]
    # Hornet 16 - 2 throwers = 14; Swift 13 - 3 cutters = 10
    assert first["strengths"] == [14, 10]


def test_a_man_is_set_to_one_task_only() -> None:
    game, bench = _at_boarding()
    game.stack_dice([5] + [1] * 11)
    bench.answer(bench.request(GRAPPLE, "hornet"), 12)  # every man throws: one grapple holds
    game.advance()
    bench.answer(bench.request(CUT, "swift"), 0)
    game.advance()
    assert game.ship("hornet").lashed == ["swift"]
    assert not bench.pending(BOARD, "hornet")  # nobody is left to board


def test_men_fighting_fire_throw_no_grapples() -> None:
    game = duel()
    bench = alongside(game)
    game.ship("hornet").fires = 1
    bench.script[("fight-fire", "hornet")] = 4
    game.stack_dice([1, 1, 1, 1] + [6])  # the fire is not put out; it burns (a man dies), no explosion
    bench.until(1, "boarding")
    assert game.ship("hornet").crew.men == 11
    assert bench.request(GRAPPLE, "hornet").number.max == 7  # 11 men, 4 of them at the fire


def test_men_cutting_grapples_fire_no_muskets_at_the_boarders() -> None:
    game, bench = _at_boarding()
    for gun in game.ship("swift").guns:
        gun.fired_turn = 0
    game.stack_dice([5])
    bench.answer(bench.request(GRAPPLE, "hornet"), 1)
    game.advance()
    game.stack_dice([1] * 8)  # eight cutters: the seven sailors and a marine, all in vain
    bench.answer(bench.request(CUT, "swift"), 8)
    game.advance()
    game.stack_dice([1] + [1, 1])
    bench.answer(bench.request(BOARD, "hornet"), "swift")
    game.advance()
    assert bench.events("defensive-fire")[0]["data"]["muskets"] == 1
