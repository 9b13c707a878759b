"""Force the Blockade played twice, swapping sides (rulebook p. 53): the match of the core
(``sog.match``: seats swapped, issues before play, the result asked of the rules through the
hooks sog_match_issues and sog_match_result, else games won) and the tie-break chain of the
blockade-victory rule on constructed game pairs, each level deciding once."""

from __future__ import annotations

import pytest

from scenario_duel_bench import fill, leave, make
from sog.match import PLAYERS, match_issues, match_outcome, match_players
from sog.plugins.scoring import blockade
from sog.state import OutcomeState


@pytest.fixture
def pair(library, catalogue):
    """Two Force the Blockade games: player 1 flees (French) in game 2, player 2 in game 1."""
    return [make(library, catalogue, "force-the-blockade", seed=1), make(library, catalogue, "force-the-blockade", seed=2)]


def test_the_seats_swap_from_game_to_game(pair):
    assert match_players(pair) == [{"british": "player 1", "french": "player 2"},
                                   {"british": "player 2", "french": "player 1"}]


def test_one_scenario_twice_makes_a_match(pair):
    assert match_issues(pair) == []


def test_the_scenario_and_its_swapped_variant_make_no_match(library, catalogue):
    games = [make(library, catalogue, "force-the-blockade"), make(library, catalogue, "force-the-blockade-swapped")]
    (issue,) = match_issues(games)
    assert "each player flees once" in issue
    assert "player 1 would flee in no game; player 2 would flee in games 1 and 2" in issue


def test_a_blockade_game_and_another_make_no_match(library, catalogue):
    games = [make(library, catalogue, "force-the-blockade"), make(library, catalogue, "enemy-in-sight")]
    assert any("force-the-blockade games only" in line for line in match_issues(games))


def _flee(game, out=(), lost=(), sink=(), hit=None):
    """The fleeing French get ``out`` off by the north edge, lose ``lost``; they sink ``sink``
    and fill boxes of the British ships (``hit``: ship -> hull boxes)."""
    for ship_id, boxes in (hit or {}).items():
        fill(game, ship_id, hull=boxes)
    for ship_id in sink:
        game.remove_ship(ship_id, "surrendered")
    for ship_id in out:
        leave(game, ship_id, "north")
    for ship_id in lost:
        game.remove_ship(ship_id, "surrendered")


def test_more_ships_exited_wins(pair):
    _flee(pair[0], out=["courageuse"], lost=["genereux"])  # player 2 flees in game 1
    _flee(pair[1], out=["courageuse", "genereux"])
    result = match_outcome(pair)
    assert result.winner == "player 1" and result.reason.startswith(blockade.MEASURES[0])


def test_as_many_exited_more_undamaged_boxes_win(pair):
    fill(pair[0], "courageuse", hull=2)
    _flee(pair[0], out=["courageuse"], lost=["genereux"])
    _flee(pair[1], out=["courageuse"], lost=["genereux"])
    result = match_outcome(pair)
    assert result.winner == "player 1" and result.reason.startswith(blockade.MEASURES[1])
    assert "player 1 19, player 2 17" in result.reason


def test_then_more_chasing_ships_sunk_win(pair):
    _flee(pair[0], out=["courageuse"], lost=["genereux"], sink=["terpsichore"])
    _flee(pair[1], out=["courageuse"], lost=["genereux"])
    result = match_outcome(pair)
    assert result.winner == "player 2" and result.reason.startswith(blockade.MEASURES[2])


def test_a_chaser_sailing_off_is_not_sunk(pair):
    _flee(pair[0], out=["courageuse"], lost=["genereux"])
    leave(pair[0], "terpsichore", "west")
    _flee(pair[1], out=["courageuse"], lost=["genereux"])
    assert match_outcome(pair).winner is None


def test_then_more_damage_inflicted_wins(pair):
    _flee(pair[0], out=["courageuse"], lost=["genereux"], hit={"defence": 3})
    _flee(pair[1], out=["courageuse"], lost=["genereux"], hit={"terpsichore": 1, "defence": 1})
    result = match_outcome(pair)
    assert result.winner == "player 2" and result.reason.startswith(blockade.MEASURES[3])
    assert "player 1 2, player 2 3" in result.reason


def test_damage_on_a_chaser_sunk_counts_as_it_was_when_it_left(pair):
    _flee(pair[0], out=["courageuse"], lost=["genereux"], hit={"defence": 4}, sink=["terpsichore"])
    _flee(pair[1], out=["courageuse"], lost=["genereux"], hit={"defence": 4, "terpsichore": 3}, sink=["terpsichore"])
    result = match_outcome(pair)
    assert result.winner == "player 1" and result.reason.startswith(blockade.MEASURES[3])


def test_the_ships_sailing_out_unopposed_count_as_exited(pair):
    for game in pair:
        game.remove_ship("terpsichore", "surrendered")
        game.remove_ship("defence", "surrendered")
    fill(pair[0], "genereux", crew=1)
    for game in pair:
        game.state.outcome = OutcomeState(winner="french", reason="unopposed")
    assert blockade.fleeing_measures(pair[1]) == (2, 19 + 23, 2, 0)
    result = match_outcome(pair)
    assert result.winner == "player 1" and result.reason.startswith(blockade.MEASURES[1])


def test_all_equal_is_a_draw(pair):
    _flee(pair[0], out=["courageuse", "genereux"])
    _flee(pair[1], out=["courageuse", "genereux"])
    result = match_outcome(pair)
    assert result.winner is None and "a draw" in result.reason


def test_without_a_rule_the_core_counts_games_won(library, catalogue):
    games = [make(library, catalogue, "enemy-in-sight"), make(library, catalogue, "enemy-in-sight", seed=2)]
    assert match_issues(games) == []
    games[0].state.outcome = OutcomeState(winner="british", reason="test")  # player 1's seat in game 1
    games[1].state.outcome = OutcomeState(winner="british", reason="test")  # player 2's seat in game 2
    assert match_outcome(games).winner is None
    games[1].state.outcome = OutcomeState(winner="french", reason="test")
    result = match_outcome(games)
    assert result.winner == PLAYERS[0] and "more games won: player 1 2, player 2 0" in result.reason
