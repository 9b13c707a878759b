"""The damage rule (dice-damage): casualties, damage limits, fires, morale.

Each test is named after the paragraph it checks; dice are forced with ``stack_dice``.
Most tests play a duel with only the damage and victory rules on (a turn is then the two
sides' casualties steps), so nothing else moves or fires.
"""

from __future__ import annotations

from typing import Any

from dice_and_inches import damage
from dice_and_inches.rulings import HULL_LIMIT, lost_gun_index
from dice_and_inches.state import Crew, Gun, Hits, wound


def _events(game: Any, kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in game.log.of_kind(kind) if all(e["data"].get(k) == v for k, v in match.items())]


# --------------------------------------------------------------------------- casualties


def test_hits_come_off_in_the_ships_own_casualties_step(damage_duel: Any) -> None:
    game = damage_duel
    wound(game.ship("swift"), hull=2, crew=1)
    wound(game.ship("hornet"), rigging=1)
    game.advance()
    taken = game.log.of_kind("casualties-taken")
    by_ship = {e["data"]["ship"]: e for e in taken[:2]}
    assert by_ship["swift"]["side"] == "american" and by_ship["hornet"]["side"] == "british"
    assert taken[0]["data"]["ship"] == "hornet"  # the British part comes first
    swift = game.ship("swift")
    assert swift.hits.hull == 2 and swift.crew.sailors == 6 and not swift.pending.any()


def test_pending_hits_are_not_taken_off_before_the_casualties_step(damage_duel: Any) -> None:
    swift = damage_duel.ship("swift")
    wound(swift, hull=3)
    assert swift.hits.hull == 0 and swift.pending.hull == 3


def test_eight_hull_hits_sink_a_ship(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, hull=HULL_LIMIT)
    damage.take_off(game, swift)
    assert swift.status == "sunk"


def test_seven_hull_hits_do_not_sink_a_ship(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, hull=HULL_LIMIT - 1)
    damage.take_off(game, swift)
    assert swift.in_play and swift.hits.hull == 7


def test_three_rigging_hits_leave_her_dead_in_the_water_while_a_jury_mast_is_rigged(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, rigging=2)
    damage.take_off(game, swift)
    assert swift.handling.dead_in_water == 0 and not swift.handling.jury_mast
    wound(swift, rigging=1)
    damage.take_off(game, swift)
    assert swift.hits.rigging == 3
    assert swift.handling.dead_in_water == 1 and swift.handling.jury_mast
    assert _events(game, "dismasted", ship="swift", jury_mast_lost=False)


def test_one_rigging_hit_brings_a_jury_mast_down_and_another_is_rigged(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, rigging=3)
    damage.take_off(game, swift)
    swift.handling.dead_in_water = 0  # the movement rule counted the part down
    wound(swift, rigging=1)
    damage.take_off(game, swift)
    assert swift.handling.dead_in_water == 1 and swift.handling.jury_mast
    assert _events(game, "dismasted", ship="swift", jury_mast_lost=True)
    assert swift.ext["dice-damage"]["jury_masts_lost"] == 1
    assert swift.in_play


def test_guns_are_removed_as_lost_great_guns_of_the_fuller_side_first() -> None:
    guns = [Gun(kind="cannon", side="left"), Gun(kind="swivel", side="left"),
            Gun(kind="cannon", side="right"), Gun(kind="carronade", side="right")]
    assert lost_gun_index(guns) == 3  # right has two great guns, left one
    guns.pop(3)
    assert lost_gun_index(guns) == 0  # one great gun a side: the left side on a tie
    swivels = [Gun(kind="swivel", side="left"), Gun(kind="swivel", side="right")]
    assert lost_gun_index(swivels) == 0
    assert lost_gun_index([]) is None


def test_a_gun_hit_on_a_ship_takes_a_cannon_before_a_swivel(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")  # two cannon and a swivel a side
    wound(swift, guns=5)
    damage.take_off(game, swift)
    assert [g.kind for g in swift.guns] == ["swivel"]


def test_crew_hits_kill_sailors_then_marines_then_officers(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")  # 7 sailors, 2 marines, 1 officer
    wound(swift, crew=8)
    damage.take_off(game, swift)
    assert (swift.crew.sailors, swift.crew.marines, swift.crew.officers) == (0, 1, 1)


def test_an_officer_hit_kills_an_officer_or_else_a_man(damage_duel: Any) -> None:
    game = damage_duel
    hornet = game.ship("hornet")  # 8 sailors, 2 marines, 2 officers
    wound(hornet, officers=1)
    damage.take_off(game, hornet)
    assert hornet.crew.officers == 1 and hornet.crew.sailors == 8
    ship = game.ship("swift")
    ship.crew = Crew(sailors=3, marines=0, officers=0)
    damage.apply_hits(ship, Hits(officers=1))
    assert ship.crew.sailors == 2


def test_minimum_gun_crew_is_one_man_per_gun(damage_duel: Any) -> None:
    swift = damage_duel.ship("swift")  # six guns
    assert damage.guns_served(swift) == 6
    swift.crew = Crew(sailors=2, marines=1, officers=1)
    assert damage.guns_served(swift) == 4
    swift.fire_fighters = 3
    assert damage.free_men(swift) == 1 and damage.guns_served(swift) == 1


# --------------------------------------------------------------------------- fires


def _fire_request(game: Any, ship: str) -> Any:
    game.advance()
    found = [r for r in game.pending() if r.kind == "fight-fire" and r.ship == ship]
    assert len(found) == 1, [r.id for r in game.pending()]
    return found[0]


def test_men_fighting_fire_need_a_six_each_per_fire(probed: Any) -> None:
    game = probed
    swift = game.ship("swift")
    swift.fires = 2
    request = _fire_request(game, "swift")
    assert request.number is not None and (request.number.min, request.number.max) == (0, 10)
    game.stack_dice([6, 2, 5])  # three men: one fire out
    game.stack_dice([4])  # the fire left burns: its explosion die
    game.submit("american", request.id, 3)
    game.advance()
    fought = _events(game, "fire-fought", ship="swift")[0]["data"]
    assert fought["extinguished"] == 1 and fought["men"] == 3
    after = game.probe.at[(1, "casualties", "american")]["state"].ships["swift"]
    assert after.fires == 1 and after.fire_fighters == 3


def test_fire_fighters_do_nothing_else_this_part(probed: Any) -> None:
    game = probed
    swift = game.ship("swift")
    swift.fires = 1
    request = _fire_request(game, "swift")
    game.stack_dice([6, 6, 6, 6])
    game.submit("american", request.id, 4)
    game.advance()
    after = game.probe.at[(1, "casualties", "american")]["state"].ships["swift"]
    assert after.fires == 0 and after.fire_fighters == 4
    assert damage.free_men(after) == 6 and damage.guns_served(after) == 6
    after.crew = Crew(sailors=3, marines=1, officers=1)
    assert damage.guns_served(after) == 1


def test_a_fire_not_put_out_damages_hull_rigging_and_men(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    swift.fires = 1
    request = _fire_request(game, "swift")
    game.stack_dice([5])  # no explosion
    game.submit("american", request.id, 0)
    game.advance()
    assert (swift.hits.hull, swift.hits.rigging, swift.crew.sailors) == (1, 1, 6)
    assert swift.fires == 1 and swift.in_play
    burns = _events(game, "fire-burns", ship="swift")[0]["data"]
    assert burns["dice"] == [5]


def test_a_fire_not_put_out_explodes_the_ship_on_a_one(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    swift.fires = 1
    request = _fire_request(game, "swift")
    game.stack_dice([2, 1])  # the fire fighter misses; the explosion die is a 1
    game.submit("american", request.id, 1)
    game.advance()
    assert swift.status == "exploded"


def test_fire_fighters_stay_busy_until_the_next_casualties_step(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    swift.fires = 1
    request = _fire_request(game, "swift")
    game.stack_dice([6])
    game.submit("american", request.id, 1)
    game.advance()  # turn 2: the British part, then the American casualties step resets them
    assert swift.fire_fighters == 0
    assert [e["turn"] for e in _events(game, "fire-fought", ship="swift")] == [1]


# --------------------------------------------------------------------------- morale


def test_losing_the_last_officer_calls_a_morale_check_one_to_four_surrenders(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, officers=1)
    game.stack_dice([4])
    damage.take_off(game, swift)
    assert swift.status == "surrendered"
    assert _events(game, "morale-check", ship="swift")[0]["data"]["result"] == "surrender"


def test_five_or_six_fights_on_and_a_man_replaces_the_officer(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, officers=1)
    game.stack_dice([5])
    damage.take_off(game, swift)
    assert swift.in_play
    assert (swift.crew.sailors, swift.crew.officers) == (6, 1)


def test_no_morale_check_while_an_officer_is_left(damage_duel: Any) -> None:
    game = damage_duel
    hornet = game.ship("hornet")
    wound(hornet, officers=1)
    damage.take_off(game, hornet)
    assert not game.log.of_kind("morale-check")


# --------------------------------------------------------------------------- the rest


def test_take_off_in_a_boarding_removes_the_casualties_at_once(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    wound(swift, crew=2, hull=1)
    fx = damage.take_off(game, swift)
    assert fx.crew == {"sailors": 2} and swift.hits.hull == 1 and not swift.pending.any()
    assert damage.take_off(game, swift).crew == {}  # nothing left pending


def test_a_ship_with_no_man_left_is_abandoned(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    swift.crew = Crew(sailors=2, marines=0, officers=0)
    wound(swift, crew=2)
    damage.take_off(game, swift)
    assert swift.status == "abandoned"


def test_a_land_battery_takes_no_hull_or_rigging_hits_and_is_silenced_without_guns(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    swift.battery, swift.rig = "small", "none"
    swift.guns = [Gun(kind="cannon", side="right")]
    wound(swift, hull=9, rigging=4)
    damage.take_off(game, swift)
    assert swift.in_play and swift.hits.hull == 0 and swift.hits.rigging == 0
    wound(swift, guns=1)
    damage.take_off(game, swift)
    assert swift.status == "silenced"
