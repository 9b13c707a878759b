"""Sitting Ducks (rulebook p. 57) and its swapped variant: the victory kind sitting-ducks on
constructed positions (the ships at anchor eliminated, the attackers aground, eliminated,
damaged to half), and when the game ends (ruling GAME_END)."""

from __future__ import annotations

import pytest

from scenario_duel_bench import fill, ground, leave, make, outcome
from sog.plugins.scoring import sitting_ducks


@pytest.fixture
def ducks(library, catalogue):
    return make(library, catalogue, "sitting-ducks")


def _sink_the_british(game):
    game.remove_ship("bellerophon", "surrendered")
    game.remove_ship("juno", "sunk")


def test_both_anchored_ships_eliminated_undamaged_attackers_win(ducks):
    ducks.remove_ship("bellerophon", "surrendered")
    assert outcome(ducks) is None, "one British ship still at anchor: play on"
    ducks.remove_ship("juno", "sunk")
    result = outcome(ducks)
    assert result.winner == "french" and "less than half" in result.reason


def _half(ship):
    """The fewest filled boxes that are half or more of the ship's damage boxes (its ship track)."""
    return (len(ship.ship_track) + 1) // 2


def test_a_french_ship_half_damaged_at_the_end_loses(ducks):
    unite = ducks.ship("unite")
    fill(ducks, "unite", hull=_half(unite))
    assert not sitting_ducks.under_half(unite)
    _sink_the_british(ducks)
    result = outcome(ducks)
    assert result.winner == "british" and "Unité" in result.reason and "half or more" in result.reason


def test_crew_losses_are_not_damage_boxes(ducks):
    unite = ducks.ship("unite")
    fill(ducks, "unite", hull=_half(unite) - 1, crew=len(unite.crew_track) - 1)
    assert sitting_ducks.under_half(unite)


def test_one_box_under_half_is_enough(ducks):
    aquilon = ducks.ship("aquilon")
    fill(ducks, "aquilon", hull=_half(aquilon) - 1)
    assert sitting_ducks.under_half(aquilon)
    _sink_the_british(ducks)
    assert outcome(ducks).winner == "french"


def test_a_french_ship_aground_ends_the_game_for_the_british(ducks):
    ground(ducks, "aquilon")
    result = outcome(ducks)
    assert result.winner == "british" and "ran aground" in result.reason


def test_aground_then_eliminated_still_counts_as_aground(ducks):
    ground(ducks, "aquilon")
    ducks.remove_ship("aquilon", "surrendered")
    _sink_the_british(ducks)
    assert outcome(ducks).winner == "british"


@pytest.mark.parametrize("status", ["surrendered", "left-table"])
def test_a_french_ship_out_of_play_ends_the_game_for_the_british(ducks, status):
    if status == "left-table":
        leave(ducks, "unite", "south")
    else:
        ducks.remove_ship("unite", status)
    assert outcome(ducks).winner == "british"


def test_at_the_turn_limit_the_anchored_side_wins(ducks):
    ducks.remove_ship("juno", "surrendered")
    ducks.state.turn_limit_reached = True
    result = outcome(ducks)
    assert result.winner == "british" and "1 british ship(s) still at anchor" in result.reason


def test_swapped_the_british_attack(library, catalogue):
    game = make(library, catalogue, "sitting-ducks-swapped")
    game.remove_ship("unite", "surrendered")
    game.remove_ship("aquilon", "surrendered")
    assert outcome(game).winner == "british"
    game = make(library, catalogue, "sitting-ducks-swapped")
    ground(game, "juno")
    assert outcome(game).winner == "french"


def test_the_scenarios_anchor_the_automatic_side(library, catalogue):
    game = make(library, catalogue, "sitting-ducks")
    assert game.state.ext["solitaire"]["anchored"] == ["bellerophon", "juno"]
    game = make(library, catalogue, "sitting-ducks-swapped")
    assert game.state.ext["solitaire"]["anchored"] == ["unite", "aquilon"]
