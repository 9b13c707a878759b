"""Force the Blockade (rulebook p. 53) and its variants: the victory kind force-the-blockade on
constructed positions (ships put off the table by an edge, eliminated, aground), the rulings
for a game that goes on (unopposed, the turn limit), and what a ship leaving play leaves in
the public state."""

from __future__ import annotations

import pytest

from scenario_duel_bench import fill, ground, leave, make, outcome
from sog.plugins.scoring import blockade, fates


@pytest.fixture
def blockade_game(library, catalogue):
    return make(library, catalogue, "force-the-blockade")


def test_both_french_ships_out_by_the_french_side_win(blockade_game):
    leave(blockade_game, "courageuse", "north")
    assert outcome(blockade_game) is None, "one ship out, the other still sailing: play on"
    leave(blockade_game, "genereux", "north")
    result = outcome(blockade_game)
    assert result.winner == "french" and "blockade is forced" in result.reason


@pytest.mark.parametrize("edge", ["east", "west", "south"])
def test_a_french_ship_out_by_another_side_loses(blockade_game, edge):
    leave(blockade_game, "courageuse", edge)
    result = outcome(blockade_game)
    assert result.winner == "british" and f"the {edge} edge" in result.reason


@pytest.mark.parametrize("status", ["surrendered", "sunk", "exploded"])
def test_a_french_ship_eliminated_loses(blockade_game, status):
    leave(blockade_game, "courageuse", "north")
    blockade_game.remove_ship("genereux", status)
    result = outcome(blockade_game)
    assert result.winner == "british" and f"({status})" in result.reason


def test_a_french_ship_aground_loses_at_once(blockade_game):
    assert blockade.AGROUND_LOSES
    ground(blockade_game, "genereux")
    assert outcome(blockade_game).winner == "british"


def test_no_british_ship_left_the_french_sail_out_unopposed(blockade_game):
    blockade_game.remove_ship("terpsichore", "surrendered")
    assert outcome(blockade_game) is None
    blockade_game.remove_ship("defence", "left-table")
    result = outcome(blockade_game)
    assert result.winner == "french" and "unopposed" in result.reason


def test_unopposed_but_one_lost_already_is_still_british(blockade_game):
    leave(blockade_game, "courageuse", "west")
    blockade_game.remove_ship("terpsichore", "surrendered")
    blockade_game.remove_ship("defence", "surrendered")
    assert outcome(blockade_game).winner == "british"


def test_at_the_turn_limit_the_blockade_held(blockade_game):
    leave(blockade_game, "courageuse", "north")
    blockade_game.state.turn_limit_reached = True
    result = outcome(blockade_game)
    assert result.winner == "british" and "1 french ship(s) out" in result.reason


def test_british_ships_leaving_do_not_matter_while_one_chases(blockade_game):
    leave(blockade_game, "terpsichore", "west")
    assert outcome(blockade_game) is None


def test_swapped_the_british_flee_to_the_south(library, catalogue):
    game = make(library, catalogue, "force-the-blockade-swapped")
    leave(game, "terpsichore", "south")
    leave(game, "defence", "south")
    assert outcome(game).winner == "british"
    game = make(library, catalogue, "force-the-blockade-swapped")
    leave(game, "defence", "north")
    assert outcome(game).winner == "french"


def test_solo_the_victory_is_the_scenarios(library, catalogue):
    game = make(library, catalogue, "force-the-blockade-solo")
    game.remove_ship("courageuse", "surrendered")
    assert outcome(game).winner == "british"


def test_a_ship_leaving_play_keeps_its_filled_boxes_and_edge(blockade_game):
    fill(blockade_game, "courageuse", hull=3, crew=1)
    leave(blockade_game, "courageuse", "north")
    record = fates.removal(blockade_game, blockade.NAME, "courageuse")
    assert record == {"status": "left-table", "edge": "north", "filled": 4, "boxes": 19}
    assert not any(box.counters for box in blockade_game.ship("courageuse").ship_track), "the counters went back"


def test_the_goal_edge_is_public_state(blockade_game):
    assert blockade_game.state.ext[blockade.EXIT_GOALS] == {"french": "north"}
    assert blockade_game.view("british")["ext"][blockade.EXIT_GOALS] == {"french": "north"}


def test_other_victory_kinds_are_left_alone(library, catalogue, melee):
    game = make(library, catalogue, "enemy-in-sight", add_options=["blockade-victory", "sitting-ducks-victory"])
    game.remove_ship("courageuse", "left-table")
    assert outcome(game) is None
    assert blockade.EXIT_GOALS not in game.state.ext
