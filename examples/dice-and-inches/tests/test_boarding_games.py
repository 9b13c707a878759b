"""Boarding in whole games: several boarders, random players, an all-out boarding duel."""

from __future__ import annotations

from typing import Any

import pytest
from boarding_bench import INCH, BoardingBench, catalogue, duel, library

from dice_and_inches.boarding import BOARD, CUT, GRAPPLE
from sog.decisions import DecisionRequest
from sog.replay import replay
from sog.rng import Rng
from sog.savefile import dump_game, load_game


class AnyLegal:
    """A random player that also answers number decisions (any legal number)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed, stream=11)

    def decide(self, view: Any, request: DecisionRequest) -> Any:
        return request.option(self.rng.randbelow(request.count()))


class Boarder(AnyLegal):
    """Grapples with every man, never cuts, always boards; random otherwise."""

    def decide(self, view: Any, request: DecisionRequest) -> Any:
        if request.kind == GRAPPLE:
            return request.number.max // 2
        if request.kind == CUT:
            return 0
        if request.kind == BOARD:
            return request.choices[-1]
        return super().decide(view, request)


def _lash(game: Any, a: str, b: str) -> None:
    game.ship(a).lashed.append(b)
    game.ship(b).lashed.append(a)


def test_a_gun_gives_defensive_fire_once_a_part_small_arms_at_every_boarding() -> None:
    game = duel("dice-squadron")
    bench = BoardingBench(game)
    x, y = 1371.6, 700.0
    bench.put("viper", x, y, 0.0)
    bench.put("hornet", x - 2 * INCH, y + 3 * INCH, 0.0)  # both on Viper's port side
    bench.put("dolphin", x - 2 * INCH, y - 3 * INCH, 0.0)
    _lash(game, "hornet", "viper")
    _lash(game, "dolphin", "viper")
    bench.until(1, "boarding")
    assert {r.ship for r in bench.pending(BOARD)} == {"hornet", "dolphin"}
    # Hornet boards first: Viper's four port guns miss, her two marines miss; Viper wins 7.8
    # to 1.6. Dolphin next: no gun left to fire, the two marines miss again; 7.8 to 1.5.
    game.stack_dice([1] * 4 + [1, 1] + [1, 6] + [1, 1] + [1, 6])
    for request in bench.pending(BOARD):
        bench.answer(request, "viper")
    game.advance()
    fires = [e["data"] for e in bench.events("defensive-fire")]
    assert [f["target"] for f in fires] == ["hornet", "dolphin"]
    assert [g["gun"] for g in fires[0]["guns"]] == [0, 1, 2, 3] and fires[0]["muskets"] == 2
    assert fires[1]["guns"] == [] and fires[1]["muskets"] == 2
    assert [e["data"]["ship"] for e in bench.events("boarders-repulsed")] == ["hornet", "dolphin"]


def test_a_captured_ship_is_boarded_no_more_by_the_next_boarder() -> None:
    game = duel("dice-squadron")
    bench = BoardingBench(game)
    x, y = 1371.6, 700.0
    bench.put("viper", x, y, 0.0)
    bench.put("hornet", x - 2 * INCH, y + 3 * INCH, 0.0)
    bench.put("dolphin", x - 2 * INCH, y - 3 * INCH, 0.0)
    _lash(game, "hornet", "viper")
    _lash(game, "dolphin", "viper")
    game.ship("viper").deck_lost = True
    bench.until(1, "boarding")
    game.stack_dice([1] * 4 + [1, 1] + [6, 1])  # Hornet wins the first round: Viper is taken
    for request in bench.pending(BOARD):
        bench.answer(request, "viper")
    game.advance()
    assert game.ship("viper").status == "captured"
    assert [e["data"]["ship"] for e in bench.events("boarding")] == ["hornet"]
    assert game.ship("dolphin").lashed == [] and game.ship("hornet").lashed == []


def _check_lashing(game: Any) -> None:
    in_play = {s.id for s in game.ships()}
    for ship in game.ships():
        for other in ship.lashed:
            assert other in in_play, f"{ship.id} lashed to {other}, out of play"
            assert ship.id in game.ship(other).lashed, f"{ship.id} - {other} lashed one way only"
    for ship in game.ships(in_play=False):
        if not ship.in_play:
            assert ship.lashed == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_random_players_alongside_play_boardings_by_the_rules(seed: int) -> None:
    game = duel(seed=seed, blocked=())
    bench = BoardingBench(game)
    bench.put("hornet", 600.0, 700.0, 0.0)
    bench.put("swift", 600.0 + 2 * INCH, 700.0, 0.0)
    _lash(game, "hornet", "swift")  # entangled: the movement rule holds them alongside
    game.run({seat: AnyLegal(seed) for seat in game.seats()}, max_turns=12)
    _check_lashing(game)
    for ship in game.ships(in_play=False):
        assert min(ship.crew.sailors, ship.crew.marines, ship.crew.officers) >= 0
    for event in bench.events("melee-round"):
        data = event["data"]
        assert data["losses"] == int(abs(data["points"][0] * 10 - data["points"][1] * 10) // 10)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_all_out_boarding_duel_ends_with_a_ship_taken(seed: int) -> None:
    game = duel(seed=seed, blocked=())
    bench = BoardingBench(game)
    bench.put("hornet", 600.0, 700.0, 0.0)
    bench.put("swift", 600.0 + 2 * INCH, 700.0, 0.0)
    _lash(game, "hornet", "swift")  # entangled: the movement rule holds them alongside
    game.run({seat: Boarder(seed) for seat in game.seats()}, max_turns=40)
    assert game.over
    assert bench.events("melee-round")
    gone = {s.id: s.status for s in game.ships(in_play=False) if not s.in_play}
    assert gone, "nobody lost a ship"
    _check_lashing(game)


def test_ships_meet_grapple_and_board_in_whole_squadron_games() -> None:
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        game = duel("dice-squadron", seed=seed, blocked=())
        game.run({seat: Boarder(seed) for seat in game.seats()}, max_turns=60)
        kinds |= {e["kind"] for e in game.log.events}
        _check_lashing(game)
    assert {"grapples-thrown", "ships-lashed", "boarding", "defensive-fire", "melee-round"} <= kinds


def test_a_squadron_game_with_boardings_replays_exactly() -> None:
    for seed in range(1, 9):  # the first seed whose squadron game has a melee
        game = duel("dice-squadron", seed=seed, blocked=())
        game.run({seat: Boarder(seed) for seat in game.seats()}, max_turns=60)
        if game.log.of_kind("melee-round"):
            break
    assert game.log.of_kind("melee-round")
    saved = dump_game(game)
    result = replay(saved["header"], saved["events"], library=library(), catalogue=catalogue())
    assert result.events == len(game.log.events)


def test_a_game_saved_in_the_middle_of_a_boarding_step_resumes_where_it_stood() -> None:
    game = duel("dice-squadron")
    bench = BoardingBench(game)
    bench.put("viper", 1371.6, 700.0, 0.0)
    bench.put("hornet", 1371.6 - 2 * INCH, 700.0, 0.0)
    bench.put("enterprise", 600.0, 700.0, 0.0)
    bench.put("dolphin", 600.0 + 2 * INCH, 700.0, 0.0)
    bench.until(1, "boarding")
    hornet, dolphin = bench.request(GRAPPLE, "hornet"), bench.request(GRAPPLE, "dolphin")
    bench.answer(hornet, 3)
    resumed = load_game(dump_game(game), library=library(), catalogue=catalogue())
    for g in (game, resumed):
        g.stack_dice([5, 1, 1] + [6, 6])  # Hornet: one grapple; Dolphin: two
        g.submit(dolphin.seat, dolphin.id, 2)
        g.advance()
    assert resumed.state.model_dump() == game.state.model_dump()
    assert {r.ship for r in resumed.pending()} == {"viper", "enterprise"}  # both asked to cut
