"""The fire rule on the table: broadsides, ammunition, carronades, raking, crews, small arms,
the sharpshooter, land cannon and hot shot. Dice are forced; each test asserts the hits that
reach the target's ``pending``."""

from __future__ import annotations

from typing import Any

import pytest

from dice_and_inches import fire
from dice_and_inches.fire import options, shoot
from dice_and_inches.state import DiceShip, Hits

from test_fire_support import ROCK, arrange, events, table  # noqa: F401  (fixture)


def _shoot(game: Any, ship: DiceShip, side: str, target: DiceShip, ammunition: str | None = "shot") -> None:
    order = {"side": side, "target": target.id, "ammunition": ammunition}
    assert order in options(game, ship), f"{order} not offered: {options(game, ship)}"
    shoot(game, ship, order)


def _pending(ship: DiceShip) -> dict[str, int]:
    return {k: v for k, v in ship.pending.model_dump().items() if v}


# ---------------------------------------------------------------- broadsides and arcs


def test_broadside_fires_every_gun_of_its_side_in_range_and_records_fired_turn(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right"), ("cannon", "right"), ("cannon", "left")])
    game.stack_dice([5, 4, 6, 2])  # gun 0 hits (5 at 10"), hull; gun 1 hits, crew
    _shoot(game, a, "right", b)
    assert _pending(b) == {"hull": 1, "crew": 1}
    assert [g.fired_turn for g in a.guns] == [game.state.turn, game.state.turn, None]


def test_cannon_misses_below_5_at_long_range(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")])
    game.stack_dice([4])
    _shoot(game, a, "right", b)
    assert _pending(b) == {}


def test_a_gun_fires_at_most_once_per_part(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")])
    game.stack_dice([1])
    _shoot(game, a, "right", b)
    assert not [o for o in options(game, a) if o["side"] == "right"]
    game.state.turn += 1  # the next part: loaded again
    assert {"side": "right", "target": b.id, "ammunition": "shot"} in options(game, a)


def test_broadside_guns_fire_only_to_their_side(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "left"), ("cannon", "right")], b_at=(10, 20, 0))  # b dead ahead
    assert [o for o in options(game, a) if o["side"] in ("left", "right")] == []
    game, a, b = arrange(table, a_guns=[("cannon", "left"), ("cannon", "right")], b_at=(0, 10, 0))  # to port
    assert {o["side"] for o in options(game, a)} == {"left"}


def test_swivel_out_of_range_stays_loaded_while_the_cannon_fire(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("swivel", "right"), ("cannon", "right")])  # 10": beyond a swivel's 6"
    game.stack_dice([1])
    _shoot(game, a, "right", b)
    assert [g.fired_turn for g in a.guns] == [None, game.state.turn]


def test_swivels_use_the_swivel_column_and_hit_officers_on_a_6(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("swivel", "right")], b_at=(14, 10, 0))  # 4": swivels need 5
    game.stack_dice([5, 6])
    _shoot(game, a, "right", b, None)
    assert _pending(b) == {"officers": 1}


def test_line_of_sight_is_blocked_by_a_ship_between(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 0), c_at=(15, 16, 0))  # c aside
    assert options(game, a)
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 0), c_at=(15, 11.5, 0))
    assert options(game, a) == []


def test_line_of_sight_is_blocked_by_a_rock(table: Any) -> None:
    x, y, _radius = ROCK
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_at=(x - 10, y - 6.5, 0), b_at=(x + 10, y - 6.5, 0))
    assert options(game, a)  # 5" south of the rock: clear
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_at=(x - 10, y - 1.5, 0), b_at=(x + 10, y - 1.5, 0))
    assert options(game, a) == []  # the line between the foremasts crosses the rock


def test_hits_go_to_pending_and_are_not_taken_off(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")])
    men = b.crew.men
    game.stack_dice([6, 2])
    _shoot(game, a, "right", b)
    assert b.pending == Hits(crew=1) and b.crew.men == men


# ---------------------------------------------------------------- ammunition, carronades, raking


def test_each_broadside_chooses_shot_or_grape(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")])
    offered = {o["ammunition"] for o in options(game, a) if o["side"] == "right"}
    assert offered == {"shot", "grape"}


def test_grape_misses_on_a_1_where_shot_hits_a_gun(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right"), ("cannon", "right")])
    game.stack_dice([6, 1, 6, 6])
    _shoot(game, a, "right", b, "grape")
    assert _pending(b) == {"rigging": 1, "crew": 1}  # the 1 missed, the 6 is rigging and a man
    game, a, b = arrange(table, a_guns=[("cannon", "right")])
    game.stack_dice([6, 1])
    _shoot(game, a, "right", b, "shot")
    assert _pending(b) == {"guns": 1}


def test_carronades_fire_at_short_range_only(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("carronade", "right")])  # 10"
    assert options(game, a) == []
    game, a, b = arrange(table, a_guns=[("carronade", "right")], b_at=(15, 10, 0))  # 5"
    assert {"side": "right", "target": b.id, "ammunition": "shot"} in options(game, a)


def test_carronades_do_double_damage_on_every_hit(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("carronade", "right")], b_at=(15, 10, 0))
    game.stack_dice([3, 4])  # 3+ at 6"; hull
    _shoot(game, a, "right", b)
    assert _pending(b) == {"hull": 2}


def test_raking_fire_doubles_every_cannon_hit(table: Any) -> None:
    # b heads east with her stern towards a: a's broadside passes her whole length.
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 90))
    game.stack_dice([5, 5])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"hull": 2}
    assert events(game, "gun-fired")[-1]["raking"] == "stern"


def test_no_raking_when_the_shot_crosses_the_beam(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 0))
    game.stack_dice([5, 5])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"hull": 1}


def test_raking_does_not_double_swivel_hits(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("swivel", "right")], a_at=(10, 8.5, 0), b_at=(14, 10, 90))  # 5.5", stern on
    game.stack_dice([5, 2])
    _shoot(game, a, "right", b, None)
    assert events(game, "gun-fired")[-1]["raking"] == "stern"
    assert _pending(b) == {"crew": 1}


def test_carronade_raking_doubles_twice(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("carronade", "right")], a_at=(10, 8.5, 0), b_at=(14, 10, 90))
    game.stack_dice([3, 4])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"hull": 4}


# ---------------------------------------------------------------- crews and small arms


def test_each_gun_needs_one_man_free(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")] * 3, a_crew=(1, 0, 1))
    game.stack_dice([1, 1])
    _shoot(game, a, "right", b)
    assert [g.fired_turn for g in a.guns] == [game.state.turn, game.state.turn, None]
    assert options(game, a) == []  # nobody left to serve the third gun


def test_men_fighting_fire_serve_no_gun(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_crew=(1, 0, 0))
    a.fire_fighters = 1
    assert options(game, a) == []


def test_muskets_throw_one_die_per_marine_and_hit_on_5_or_6_at_3_inches(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 3, 0), b_at=(12.5, 10, 0))  # 2.5"
    game.stack_dice([5, 6, 4])
    _shoot(game, a, "muskets", b, None)
    assert _pending(b) == {"crew": 2}
    assert not [o for o in options(game, a) if o["side"] == "muskets"]  # once a part


def test_muskets_do_not_reach_beyond_3_inches(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 3, 0), b_at=(14, 10, 0))
    assert not [o for o in options(game, a) if o["side"] == "muskets"]


def test_marines_serving_guns_fire_no_musket(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")] * 3, a_crew=(1, 3, 0), b_at=(12.5, 10, 0))
    game.stack_dice([1, 1, 1])
    _shoot(game, a, "right", b)  # the sailor and two marines serve the guns
    game.stack_dice([6])
    _shoot(game, a, "muskets", b, None)
    assert _pending(b) == {"crew": 1}
    assert events(game, "small-arms-fired")[-1]["dice"] == [6]


def test_sharpshooter_fires_at_officers_only_and_hits_on_a_6(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 2, 0), b_at=(15, 10, 0))  # 5"
    game.stack_dice([5])
    _shoot(game, a, "sharpshooter", b, None)
    assert _pending(b) == {}
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 2, 0), b_at=(15, 10, 0))
    game.stack_dice([6])
    _shoot(game, a, "sharpshooter", b, None)
    assert _pending(b) == {"officers": 1}
    assert not [o for o in options(game, a) if o["side"] == "sharpshooter"]  # one a part


def test_sharpshooter_is_not_offered_against_a_ship_without_officers(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 2, 0), b_at=(15, 10, 0), b_crew=(5, 0, 0))
    assert not [o for o in options(game, a) if o["side"] == "sharpshooter"]


def test_the_sharpshooter_is_one_of_the_marines(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[], a_crew=(4, 2, 0), b_at=(12, 10, 0))
    game.stack_dice([1])
    _shoot(game, a, "sharpshooter", b, None)
    game.stack_dice([6])
    _shoot(game, a, "muskets", b, None)
    assert events(game, "small-arms-fired")[-1]["dice"] == [6]  # one marine left for the volley


# ---------------------------------------------------------------- land cannon


def test_land_cannon_reach_30_inches_and_hit_one_better(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="small", b_at=(38, 10, 0))  # 28"
    game.stack_dice([4, 2])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"crew": 1}
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(38, 10, 0))  # a ship cannot
    assert options(game, a) == []


def test_large_land_guns_do_double_damage(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="large")
    game.stack_dice([4, 3])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"crew": 2}


def test_small_land_guns_hull_hits_are_misses(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")] * 2, a_battery="small")
    game.stack_dice([6, 4, 6, 5])
    _shoot(game, a, "right", b)
    assert _pending(b) == {}


def test_ships_firing_at_land_cannon_miss_on_4_5_and_6(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")] * 4, b_battery="large")
    game.stack_dice([6, 4, 6, 5, 6, 6, 6, 2])
    _shoot(game, a, "right", b)
    assert _pending(b) == {"crew": 1}


def test_hot_shot_takes_two_parts_to_heat_then_may_be_fired(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="large")
    heat = {"side": "right", "target": None, "ammunition": "heat"}
    assert not [o for o in options(game, a) if o["ammunition"] == "hot-shot"]
    shoot(game, a, heat)
    assert [o for o in options(game, a) if o["side"] == "right"] == []  # heating takes the whole part
    game.state.turn += 1
    assert not [o for o in options(game, a) if o["ammunition"] == "hot-shot"]
    shoot(game, a, heat)
    game.state.turn += 1
    assert {"side": "right", "target": b.id, "ammunition": "hot-shot"} in options(game, a)
    assert heat not in options(game, a)


def test_hot_shot_does_shot_damage_and_a_third_die_of_5_or_6_starts_a_fire(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")] * 2, a_battery="large")
    a.ext.setdefault(fire.RULE, {})["hot_shot"] = {"left": 0, "right": 2}
    game.stack_dice([6, 4, 5, 6, 2, 4])  # gun 0: hull (doubled), fire on 5; gun 1: crew, no fire on 4
    _shoot(game, a, "right", b, "hot-shot")
    assert _pending(b) == {"hull": 2, "crew": 2}
    assert b.fires == 1
    assert a.ext[fire.RULE]["hot_shot"]["right"] == 0  # spent


def test_small_land_guns_cannot_heat_hot_shot(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="small")
    assert not [o for o in options(game, a) if o["ammunition"] in ("heat", "hot-shot")]


def test_firing_the_side_with_other_ammunition_spends_the_heated_shot(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="large")
    a.ext[fire.RULE] = {"hot_shot": {"left": 0, "right": 2}}
    game.stack_dice([1])
    _shoot(game, a, "right", b, "shot")
    game.state.turn += 1
    assert not [o for o in options(game, a) if o["ammunition"] == "hot-shot"]


def test_hot_shot_is_not_fired_at_a_land_battery(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="large", b_battery=None)
    a.ext[fire.RULE] = {"hot_shot": {"left": 0, "right": 2}}
    assert {"side": "right", "target": b.id, "ammunition": "hot-shot"} in options(game, a)  # a ship: yes
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_battery="large", b_battery="small")
    a.ext[fire.RULE] = {"hot_shot": {"left": 0, "right": 2}}
    offered = [o["ammunition"] for o in options(game, a) if o["target"] == b.id]
    assert offered == ["shot", "grape"]  # a battery does not burn


def test_raking_doubles_grape_from_cannon_too(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 90))
    game.stack_dice([6, 6])
    _shoot(game, a, "right", b, "grape")
    assert _pending(b) == {"rigging": 2, "crew": 2}


def test_an_enemy_ship_between_blocks_the_shot_at_the_one_behind(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(30, 10, 0), d_at=(20, 10, 0))
    assert {o["target"] for o in options(game, a)} == {"argus"}  # the nearer enemy only
