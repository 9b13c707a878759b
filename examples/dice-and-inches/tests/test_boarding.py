"""Boarding in a real game: casualties first, defensive fire, three rounds of melee a part.

Hornet (British, plays first: 8 sailors, 2 marines, 2 officers = melee strength 16) lies
lashed to Swift (American: 7 sailors, 2 marines, 1 officer = 13), Swift to starboard. Swift's
port guns face Hornet: 0 cannon, 1 cannon, 2 swivel. Dice are thrown in this order: defensive
fire (each ready gun: to-hit, then hit-result if it hit; then one die per musket: Swift's two
marines), then each melee round (Hornet's die, Swift's die). Movement and fire are off (see boarding_bench).
"""

from __future__ import annotations

from typing import Any

from boarding_bench import alongside, duel

from dice_and_inches.boarding import BOARD, CUT_LOOSE_DECISION
from dice_and_inches.boarding_fire import facing_side, previous_part_turn, ready_guns
from dice_and_inches.state import Crew, Gun
from sog.state import PoseState


def _lashed(swift_guns_ready: bool = False) -> tuple[Any, Any]:
    """The duel at Hornet's boarding decision, the ships lashed together."""
    game = duel()
    bench = alongside(game)
    hornet, swift = game.ship("hornet"), game.ship("swift")
    hornet.lashed.append("swift")
    swift.lashed.append("hornet")
    if not swift_guns_ready:
        for gun in swift.guns:
            gun.fired_turn = 0  # fired in Swift's previous part (turn 0): no defensive gunfire
    bench.until(1, "boarding")
    return game, bench


def _board(game: Any, bench: Any, dice: list[int]) -> None:
    game.stack_dice(dice)
    bench.answer(bench.request(BOARD, "hornet"), "swift")
    game.advance()


def _men(ship: Any) -> tuple[int, int, int]:
    return (ship.crew.sailors, ship.crew.marines, ship.crew.officers)


# ------------------------------------------------------------------ the decision


def test_boarding_is_offered_against_a_lashed_enemy() -> None:
    game, bench = _lashed()
    request = bench.request(BOARD, "hornet")
    assert request.seat == "british"
    assert request.choices == ["none", "swift"]


def test_declining_to_board_fights_no_melee() -> None:
    game, bench = _lashed()
    bench.answer(bench.request(BOARD, "hornet"), "none")
    game.advance()
    assert bench.events("boarding") == [] and bench.events("melee-round") == []


# ------------------------------------------------------------------ defensive fire


def test_the_defender_removes_his_casualties_before_defensive_fire() -> None:
    game, bench = _lashed()
    game.ship("swift").pending.crew = 8  # seven sailors, then a marine
    _board(game, bench, [1] + [1, 1])
    kinds = [e["kind"] for e in game.log.events if e["kind"] in ("casualties-taken", "defensive-fire")]
    assert kinds == ["casualties-taken", "defensive-fire"]
    assert bench.events("defensive-fire")[0]["data"]["muskets"] == 1  # the marine left
    assert game.ship("swift").pending.crew == 0


def test_every_surviving_marine_fires_small_arms_and_each_five_or_six_kills_a_boarder_at_once() -> None:
    game, bench = _lashed()
    _board(game, bench, [5, 6] + [1, 1])
    fire = bench.events("defensive-fire")[0]["data"]
    assert fire["muskets"] == 2 and fire["musket_dice"] == [5, 6] and fire["men_lost"] == {"sailors": 2}
    hornet = game.ship("hornet")
    assert hornet.pending.crew == 0
    # the two men fell before the melee: Hornet fights with 6 + 4 + 4 = 14
    assert bench.events("melee-round")[0]["data"]["strengths"] == [14, 13]


def test_guns_that_fired_in_the_defenders_previous_part_give_no_defensive_fire() -> None:
    game, bench = _lashed()
    game.ship("swift").guns[2].fired_turn = None  # the swivel did not fire
    _board(game, bench, [3, 6] + [1, 1] + [1, 1])  # swivel hits (3+), result 6: an officer
    fire = bench.events("defensive-fire")[0]["data"]
    assert [g["gun"] for g in fire["guns"]] == [2]
    assert fire["muskets"] == 2  # a sailor serves the swivel; both marines fire
    assert game.ship("hornet").crew.officers == 1


def test_cannon_fire_grape_at_boarders_and_other_hits_wait_in_pending() -> None:
    game, bench = _lashed()
    game.ship("swift").guns[0].fired_turn = None
    _board(game, bench, [2, 6] + [1, 1] + [1, 1])  # cannon hits on 2+ at contact; grape 6: rigging and a man
    fire = bench.events("defensive-fire")[0]["data"]
    assert fire["guns"][0]["effect"] == {"rigging": 1, "crew": 1}
    assert fire["men_lost"] == {"sailors": 1}
    hornet = game.ship("hornet")
    assert hornet.pending.rigging == 1 and hornet.pending.crew == 0


def test_a_carronade_doubles_its_hits_on_boarders() -> None:
    game, bench = _lashed()
    game.ship("swift").guns.append(Gun(kind="carronade", side="left"))
    _board(game, bench, [2, 3] + [1, 1] + [1, 1])  # grape 3: one man, doubled
    assert bench.events("defensive-fire")[0]["data"]["men_lost"] == {"sailors": 2}
    assert bench.events("melee-round")[0]["data"]["strengths"] == [14, 13]


def test_only_guns_on_the_side_facing_the_boarder_fire() -> None:
    game, bench = _lashed()
    for gun in game.ship("swift").guns:
        gun.fired_turn = None if gun.side == "right" else 0
    _board(game, bench, [1, 1] + [1, 1])
    fire = bench.events("defensive-fire")[0]["data"]
    assert fire["side"] == "left" and fire["guns"] == [] and fire["muskets"] == 2


def test_the_defenders_previous_part_is_this_turn_when_his_side_played_first() -> None:
    assert previous_part_turn(["british", "american"], "british", "american", 4) == 3
    assert previous_part_turn(["british", "american"], "american", "british", 4) == 4
    guns = [Gun(kind="cannon", side="left", fired_turn=4), Gun(kind="cannon", side="left", fired_turn=3),
            Gun(kind="swivel", side="left"), Gun(kind="cannon", side="right")]
    assert ready_guns(guns, "left", 4) == [1, 2]


def test_the_side_facing_the_boarder_is_the_one_he_lies_on() -> None:
    pose = PoseState(x=0.0, y=0.0, heading=0.0)
    assert facing_side(pose, (10.0, 0.0)) == "right"
    assert facing_side(pose, (-10.0, 0.0)) == "left"


def test_boarded_in_the_second_sides_part_a_gun_fired_this_turn_is_silent() -> None:
    game = duel()
    bench = alongside(game)
    hornet, swift = game.ship("hornet"), game.ship("swift")
    hornet.lashed.append("swift")
    swift.lashed.append("hornet")
    for gun in hornet.guns:
        gun.fired_turn = 1  # Hornet fired in her part of turn 1, before Swift's
    hornet.guns[3].fired_turn = 0  # this one last fired in turn 0: ready
    bench.until(1, "boarding")
    bench.answer(bench.request(BOARD, "hornet"), "none")
    game.advance()
    bench.answer(bench.request(CUT_LOOSE_DECISION, "hornet"), 0)  # she stays lashed
    game.advance()
    assert game.active_side == "american"
    game.stack_dice([1] + [1, 1] + [1, 1])  # Hornet's gun 3 misses, her two marines miss
    bench.answer(bench.request(BOARD, "swift"), "hornet")
    game.advance()
    fire = bench.events("defensive-fire")[0]["data"]
    assert fire["ship"] == "hornet" and fire["side"] == "right"
    assert [g["gun"] for g in fire["guns"]] == [3]


# ------------------------------------------------------------------ melee


def test_melee_points_are_men_times_value_times_die_over_ten_and_the_loser_removes_the_difference() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [5, 2, 3, 3])  # 16 x 5 = 8.0 against 13 x 2 = 2.6: 5.4
    first = bench.events("melee-round")[0]["data"]
    assert first["points"] == [8.0, 2.6] and first["loser"] == "defender" and first["losses"] == 5
    assert first["men_lost"] == {"sailors": 3, "marines": 2, "officers": 0}  # marines first


def test_melee_casualties_come_off_at_once() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [5, 2, 1, 6])  # Swift loses 5 men, then wins 3.6 to 1.6
    swift = game.ship("swift")
    assert _men(swift) == (4, 0, 1) and swift.pending.crew == 0
    # the second round is fought by the men left: 4 sailors + 1 officer = 6
    assert bench.events("melee-round")[1]["data"]["strengths"] == [16, 6]


def test_a_defender_losing_a_round_loses_his_deck() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [5, 2, 1, 6])
    assert bench.events("deck-gained")[0]["data"] == {"ship": "hornet", "target": "swift", "round": 1}


def test_the_boarders_losing_a_round_are_repulsed_and_fight_no_more_this_part() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [1, 6, 6, 1])  # 1.6 against 7.8: Hornet loses 6 men
    assert len(bench.events("melee-round")) == 1
    assert bench.events("boarders-repulsed")[0]["data"]["reason"] == "lost a round"
    assert _men(game.ship("hornet")) == (4, 0, 2)
    assert game.state.stacked_dice == [6, 1]  # no second round
    assert game.ship("swift").in_play and not game.ship("swift").deck_lost


def test_a_defender_winning_a_round_retakes_his_deck() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [5, 2, 1, 6])  # deck lost, then 1.6 against (4 + 2) x 6 = 3.6
    repulse = bench.events("boarders-repulsed")[0]["data"]
    assert repulse["round"] == 2 and repulse["deck_retaken"] is True
    assert not game.ship("swift").deck_lost


def test_one_more_consecutive_lost_round_loses_the_ship() -> None:
    game, bench = _lashed()
    _board(game, bench, [1, 1] + [5, 2, 5, 2])
    swift = game.ship("swift")
    assert swift.status == "captured"
    assert game.ship("hornet").lashed == []
    assert bench.events("ship-removed", ship="swift")[0]["data"]["by"] == "hornet"


def test_a_deck_lost_in_an_earlier_part_is_lost_for_good_at_the_next_lost_round() -> None:
    game, bench = _lashed()
    game.ship("swift").deck_lost = True
    _board(game, bench, [1, 1] + [5, 2])
    assert game.ship("swift").status == "captured"


def test_a_drawn_round_changes_nothing_and_three_rounds_at_most_are_fought_in_a_part() -> None:
    game, bench = _lashed()
    swift = game.ship("swift")
    swift.crew = Crew(sailors=8, marines=2, officers=2)  # strength 16, like Hornet
    swift.deck_lost = True
    _board(game, bench, [1, 1] + [3, 3, 3, 3, 3, 3, 6, 1])
    rounds = [e["data"] for e in bench.events("melee-round")]
    assert [r["loser"] for r in rounds] == [None, None, None]
    assert game.state.stacked_dice == [6, 1]  # no fourth round
    assert swift.in_play and swift.deck_lost and _men(swift) == (8, 2, 2)
    assert _men(game.ship("hornet")) == (8, 2, 2)


def test_only_the_men_who_fought_fall_in_the_melee() -> None:
    game = duel()
    bench = alongside(game)
    for gun in game.ship("swift").guns:
        gun.fired_turn = 0
    bench.until(1, "boarding")
    game.stack_dice([5, 5])
    bench.answer(bench.request("grapple", "hornet"), 2)
    game.advance()
    game.stack_dice([1, 1, 1])  # three sailors cut, in vain
    bench.answer(bench.request("cut-grapples", "swift"), 3)
    game.advance()
    # 2 muskets miss; Hornet 14 x 5 = 7.0 against Swift's fighters 4 + 4 + 2 = 10 x 1 = 1.0
    _board(game, bench, [1, 1] + [5, 1, 6, 1])
    swift = game.ship("swift")
    first = bench.events("melee-round")[0]["data"]
    assert first["losses"] == 6 and first["men_lost"] == {"sailors": 4, "marines": 2, "officers": 0}
    # then 8.4 against the officer's 0.2: 8 men, but only the officer fought; the three
    # cutters are left, and the ship is lost (the second lost round)
    second = bench.events("melee-round")[1]["data"]
    assert second["strengths"] == [14, 2] and second["men_lost"] == {"sailors": 0, "marines": 0, "officers": 1}
    assert swift.status == "captured" and _men(swift) == (3, 0, 0)


def test_a_defender_left_without_men_is_captured() -> None:
    game, bench = _lashed()
    game.ship("swift").crew = Crew(sailors=1, marines=0, officers=0)
    _board(game, bench, [6, 1])  # no marine, no musket; 9.6 against 0.1
    assert game.ship("swift").status == "captured"
    assert bench.events("deck-gained") == []


def test_losing_the_last_officer_in_the_melee_means_a_morale_check() -> None:
    game = duel()
    bench = alongside(game)
    for gun in game.ship("swift").guns:
        gun.fired_turn = 0
    bench.until(1, "boarding")
    game.stack_dice([5] + [1] * 7)  # eight sailors throw, one grapple holds
    bench.answer(bench.request("grapple", "hornet"), 8)
    game.advance()
    bench.answer(bench.request("cut-grapples", "swift"), 0)
    game.advance()
    # Hornet's fighters: 2 marines, 2 officers = 8; 8 x 1 = 0.8 against 13 x 6 = 7.8: 7 men,
    # but only her four fighters can fall, the officers with them; morale die 2: she surrenders
    _board(game, bench, [1, 1] + [1, 6] + [2])
    hornet = game.ship("hornet")
    assert _men(hornet) == (8, 0, 0)
    assert bench.events("morale-check")[0]["data"]["ship"] == "hornet"
    assert hornet.status == "surrendered"


def test_boarders_shot_down_to_the_last_man_fight_no_melee() -> None:
    game, bench = _lashed()
    game.ship("hornet").crew = Crew(sailors=2, marines=0, officers=0)
    _board(game, bench, [5, 6])
    assert game.ship("hornet").status == "abandoned"
    assert bench.events("melee-round") == []
