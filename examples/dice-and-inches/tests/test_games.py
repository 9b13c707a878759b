"""Whole games of both scenarios, played by bots to the end, with every rule of the system.

A bot answers each request with one of its legal answers (a choice or a number of the
range), picked with its own seeded generator, so the games are reproducible.
"""

from __future__ import annotations

from typing import Any

import pytest

from sog.rng import Rng
from sog.setup import new_game

from dice_and_inches.rulings import HULL_LIMIT, RIGGING_LIMIT


class AnyLegalBot:
    """Answers every request with a legal answer picked at random (choices or a number range)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def decide(self, view: Any, request: Any) -> Any:
        return request.option(self.rng.randbelow(request.count()))


def play(scenario: str, seed: int, catalogue: Any, library: Any) -> Any:
    game = new_game(scenario, seed=seed, catalogue=catalogue, library=library)
    game.run({seat: AnyLegalBot(seed * 31 + i) for i, seat in enumerate(sorted(game.seats()))})
    return game


def _check_pieces(game: Any) -> None:
    for ship in game.ships(in_play=False):
        crew = ship.crew
        assert min(crew.sailors, crew.marines, crew.officers, ship.fires, ship.fire_fighters) >= 0, ship.id
        if ship.in_play:
            assert ship.hits.hull < HULL_LIMIT and ship.hits.rigging <= RIGGING_LIMIT, ship.id
            assert crew.men > 0, ship.id
            assert all(game.ship(other).in_play for other in ship.lashed), ship.id


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_dice_duel_played_by_bots_ends_with_an_outcome(seed: int, catalogue: Any, library: Any) -> None:
    game = play("dice-duel", seed, catalogue, library)
    assert game.over and game.state.turn <= 40
    reason = game.outcome.reason
    assert "last side" in reason or "turn limit" in reason or "no side" in reason
    _check_pieces(game)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_dice_squadron_played_by_bots_ends_with_an_outcome(seed: int, catalogue: Any, library: Any) -> None:
    game = play("dice-squadron", seed, catalogue, library)
    assert game.over and game.state.turn <= 60
    _check_pieces(game)


def test_bot_games_reach_every_rule(catalogue: Any, library: Any) -> None:
    kinds: set[str] = set()
    for seed in (1, 2, 3, 4, 5, 6):
        for scenario in ("dice-duel", "dice-squadron"):
            kinds |= {e["kind"] for e in play(scenario, seed, catalogue, library).log.events}
    assert {"ship-sailed", "gun-fired", "casualties-taken", "game-over"} <= kinds


def test_a_game_is_the_same_with_the_same_seed(catalogue: Any, library: Any) -> None:
    first = play("dice-duel", 7, catalogue, library)
    again = play("dice-duel", 7, catalogue, library)
    assert first.log.events == again.log.events


# --------------------------------------------------------------------------- the captain bot


def play_captains(scenario: str, seed: int, catalogue: Any, library: Any) -> Any:
    from sog.bots import make_bot

    game = new_game(scenario, seed=seed, catalogue=catalogue, library=library)
    system = catalogue.systems["dice-and-inches"]
    game.run({seat: make_bot("captain", seed, seat, system) for seat in game.seats()})
    return game


def test_the_captain_is_the_systems_default_bot(catalogue: Any) -> None:
    from sog.bots import default_bot

    assert default_bot(catalogue.systems["dice-and-inches"]) == "captain"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_captains_fight_a_duel_to_a_finish(seed: int, catalogue: Any, library: Any) -> None:
    game = play_captains("dice-duel", seed, catalogue, library)
    assert game.over and "last side" in game.outcome.reason
    _check_pieces(game)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_captains_fight_the_squadron_action(seed: int, catalogue: Any, library: Any) -> None:
    game = play_captains("dice-squadron", seed, catalogue, library)
    assert game.over
    assert any(not s.in_play for s in game.ships(in_play=False))  # they do fight
    _check_pieces(game)


@pytest.mark.parametrize("scenario", ["dice-duel", "dice-squadron"])
def test_the_cores_random_bot_plays_the_system(scenario: str, catalogue: Any, library: Any) -> None:
    from sog.bots import make_bot

    game = new_game(scenario, seed=9, catalogue=catalogue, library=library)
    system = catalogue.systems["dice-and-inches"]
    game.run({seat: make_bot("random", 9, seat, system) for seat in game.seats()})
    assert game.over
    _check_pieces(game)


def test_a_duel_of_captains_lasts_and_either_side_may_win(catalogue: Any, library: Any) -> None:
    """The duel does not open with a ram: over seeds 1-20 the median game lasts 6 turns or
    more (the text: a one-against-one game lasts about an hour), and both sides win some."""
    import statistics

    games = [play_captains("dice-duel", seed, catalogue, library) for seed in range(1, 21)]
    assert statistics.median(g.state.turn for g in games) >= 6
    assert min(g.state.turn for g in games) >= 3
    assert {g.outcome.winner for g in games} == {"british", "american"}


def test_the_duel_starts_abreast_across_the_wind_not_bow_to_bow(duel: Any) -> None:
    hornet, swift = duel.ship("hornet").pose, duel.ship("swift").pose
    assert hornet.y == swift.y and abs(hornet.x - swift.x) > 24 * 25.4  # abreast, out of range
    wind = float(duel.state.wind.from_)
    assert {abs((h - wind) % 360 - 180) for h in (hornet.heading, swift.heading)} == {90.0}  # beam reaches
    assert (hornet.heading - swift.heading) % 360 == 180  # opposite courses
