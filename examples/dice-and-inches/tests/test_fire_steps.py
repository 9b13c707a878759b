"""The fire rule in real games: its three windows, its requests, holding fire, and the hits
coming off in the defender's next part; bots' games fire every kind of order."""

from __future__ import annotations

from typing import Any

import pytest

from dice_and_inches.fire import DECISION, FIRE_STEPS, HOLD
from sog.bots import RandomBot
from sog.setup import new_game

from test_fire_support import FireBench, arrange, events, table  # noqa: F401  (fixture)

STILL = ("dice-movement",)  # ships stay where the test puts them


def test_fire_windows_are_steps_200_400_and_600_played_side_by_side(table: Any) -> None:
    game = table()
    steps = {s.name: s for s in game.steps}
    assert {name: steps[name].order for name in FIRE_STEPS} == {"fire-1": 200, "fire-2": 400, "fire-3": 600}
    assert all(steps[name].per_side for name in FIRE_STEPS)
    assert steps["first-leg"].order < steps["fire-2"].order < steps["second-leg"].order < steps["fire-3"].order


def test_each_ship_of_the_side_playing_gets_one_request_listing_hold_and_its_legal_orders(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right"), ("cannon", "left")], blocked=STILL)
    bench = FireBench(game)
    bench.until(1, "fire-1")
    assert game.active_side == a.side
    requests = bench.pending(DECISION)
    assert [r.ship for r in requests] == [a.id]
    assert requests[0].choices == [HOLD, {"side": "right", "target": b.id, "ammunition": "shot"},
                                   {"side": "right", "target": b.id, "ammunition": "grape"}]
    assert requests[0].labels[:2] == ["hold fire", 'right broadside, shot at Viper (10.0")']


def test_a_ship_fires_again_in_the_same_window_until_it_holds_or_has_nothing_left(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], a_crew=(4, 2, 1), b_at=(12.5, 10, 0), blocked=STILL)
    bench = FireBench(game)
    bench.until(1, "fire-1")
    game.stack_dice([6, 4])  # the cannon hits: hull
    bench.answer(bench.request(DECISION, a.id), {"side": "right", "target": b.id, "ammunition": "shot"})
    game.advance()
    again = bench.request(DECISION, a.id)  # the marines may still fire
    assert {o["side"] for o in again.choices if o} == {"muskets", "sharpshooter"}
    bench.answer(again, HOLD)
    game.advance()
    assert game.step.name != "fire-1" or game.active_side != a.side
    assert b.pending.hull == 1


def test_holding_fire_ends_the_window_but_not_the_part(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], blocked=STILL)
    bench = FireBench(game)
    bench.until(1, "fire-1")
    bench.answer(bench.request(DECISION, a.id), HOLD)
    bench.until(1, "fire-2")
    assert game.active_side == a.side
    assert bench.request(DECISION, a.id).choices[1:] == [{"side": "right", "target": b.id, "ammunition": "shot"},
                                                         {"side": "right", "target": b.id, "ammunition": "grape"}]


def test_guns_fired_in_one_window_are_not_offered_in_the_later_windows_of_the_part(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], blocked=STILL)
    bench = FireBench(game)
    bench.until(1, "fire-1")
    game.stack_dice([1])
    bench.answer(bench.request(DECISION, a.id), {"side": "right", "target": b.id, "ammunition": "shot"})
    bench.reach(1, "boarding")
    assert not [e for e in bench.asked if e.kind == DECISION and e.ship == a.id]
    assert [g.fired_turn for g in a.guns] == [1]


def test_the_enemy_fires_in_his_own_part_and_the_hits_come_off_in_the_defenders_casualties_step(table: Any) -> None:
    game, a, b = arrange(table, a_guns=[("cannon", "right")], b_at=(20, 10, 0), b_guns=[("cannon", "left")],
                         blocked=STILL)
    bench = FireBench(game)
    bench.script[(DECISION, a.id)] = [{"side": "right", "target": b.id, "ammunition": "shot"}]
    game.stack_dice([6, 5])  # Hornet's cannon: hull
    bench.until(1, "fire-1")
    bench.answer_all()
    bench.until(1, "fire-1")  # the American part: Viper fires back
    assert game.active_side == b.side and [r.ship for r in bench.pending(DECISION)] == [b.id]
    assert b.hits.hull == 1 and b.pending.hull == 0  # taken off in Viper's casualties step


@pytest.mark.parametrize("scenario", ["dice-duel", "dice-squadron"])
def test_random_bots_play_whole_games_firing_shot_and_grape(scenario: str, catalogue: Any, library: Any) -> None:
    ammunition: set[str] = set()
    heated = 0
    for seed in range(1, 4):
        game = new_game(scenario, seed=seed, catalogue=catalogue, library=library)
        game.run({seat: RandomBot(seed=seed) for seat in game.seats()}, max_turns=30)
        ammunition |= {e["ammunition"] for e in events(game, "gun-fired") if e["weapon"] != "swivel"}
        heated += len(events(game, "hot-shot-heated"))
    assert {"shot", "grape"} <= ammunition
    assert heated > 0 or scenario == "dice-duel"  # the squadron's fort heats hot shot
