"""The victory rule (dice-victory): the last side afloat; at the turn limit, fewest losses."""

from __future__ import annotations

from typing import Any

from sog.setup import new_game

from dice_and_inches import victory
from dice_and_inches.rulings import SHIP_LOST_POINTS
from dice_and_inches.state import Crew

from conftest import make_library


def test_a_side_wins_when_the_other_has_no_ship_in_play(damage_duel: Any) -> None:
    game = damage_duel
    assert victory.decide(game) is None
    game.remove_ship("swift", "sunk")
    outcome = victory.decide(game)
    assert outcome is not None and outcome.winner == "british"


def test_the_game_ends_when_a_ship_sinks(damage_duel: Any) -> None:
    game = damage_duel
    game.ship("hornet").pending.hull = 8
    game.advance()
    assert game.over and game.outcome.winner == "american"
    assert game.state.turn == 1


def test_land_batteries_do_not_hold_the_sea(damage_catalogue: Any) -> None:
    game = new_game("dice-squadron", seed=1, catalogue=damage_catalogue, library=make_library(damage_catalogue))
    for ship_id in ("viper", "enterprise", "argus"):
        game.remove_ship(ship_id, "sunk")
    assert game.ship("fort").in_play
    outcome = victory.decide(game)
    assert outcome is not None and outcome.winner == "british"


def test_no_side_afloat_is_a_draw(damage_duel: Any) -> None:
    game = damage_duel
    game.remove_ship("swift", "sunk")
    game.remove_ship("hornet", "exploded")
    outcome = victory.decide(game)
    assert outcome is not None and outcome.winner is None


def test_at_the_turn_limit_the_side_with_fewer_losses_wins(damage_duel: Any) -> None:
    game = damage_duel
    game.state.turn_limit_reached = True
    swift = game.ship("swift")
    swift.hits.hull = 2
    swift.crew = Crew(sailors=6, marines=2, officers=1)  # one man lost
    game.ship("hornet").hits.rigging = 2
    assert victory.side_losses(game) == {"british": 2, "american": 3}
    outcome = victory.decide(game)
    assert outcome is not None and outcome.winner == "british"


def test_at_the_turn_limit_equal_losses_are_a_draw(damage_duel: Any) -> None:
    game = damage_duel
    game.state.turn_limit_reached = True
    game.ship("swift").hits.hull = 1
    game.ship("hornet").guns.pop()
    outcome = victory.decide(game)
    assert outcome is not None and outcome.winner is None and "equal" in outcome.reason


def test_a_piece_out_of_play_counts_extra_loss_points(damage_duel: Any) -> None:
    game = damage_duel
    swift = game.ship("swift")
    assert victory.loss_points(swift, game.ship_doc(swift)) == 0
    swift.status = "surrendered"
    assert victory.loss_points(swift, game.ship_doc(swift)) == SHIP_LOST_POINTS


def test_the_duel_ends_at_its_turn_limit(damage_duel: Any) -> None:
    game = damage_duel
    game.ship("swift").pending.hull = 1
    while not game.over:
        game.advance()
    assert game.outcome.winner == "british" and "turn limit" in game.outcome.reason
    assert game.state.turn == 40


def test_hits_not_yet_taken_off_count_at_the_turn_limit(damage_duel: Any) -> None:
    game = damage_duel
    game.state.turn_limit_reached = True
    game.ship("hornet").pending.crew = 2
    game.ship("swift").hits.hull = 1
    assert victory.side_losses(game) == {"british": 2, "american": 1}
    assert victory.decide(game).winner == "american"
