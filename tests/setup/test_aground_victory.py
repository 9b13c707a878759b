"""The victory of In Shallow Waters: last side standing, and the aground tie-breaks (p. 52).

Scenario ``aground-victory`` (tests/setup/pack): Enemy in Sight!'s ships, HMS Terpsichore
(frigate) and HMS Defence (74) against Courageuse (frigate) and Généreux (74), with the victory
kind ``last-side-standing-aground``. The situations are stacked with a bench: ships put far
apart (out of reach), aground records written as the terrain rules write them.
"""

from __future__ import annotations

import pytest

from sog.testing import Bench

from sog.plugins.setup import aground_victory as av

FAR = {"terpsichore": (100, 100, 0), "defence": (100, 800, 0), "courageuse": (800, 100, 0), "genereux": (800, 800, 0)}


@pytest.fixture
def bench(make_game):
    bench = Bench(make_game("aground-victory"))
    for ship_id, (x, y, heading) in FAR.items():
        bench.put(ship_id, x, y, heading)
    return bench


def _aground(bench, *ship_ids):
    for ship_id in ship_ids:
        bench.ship(ship_id).ext["aground"] = {"on": ["reef"], "hazards": ["reef-1"], "turn": 1}


def _out(bench, *ship_ids):
    for ship_id in ship_ids:
        bench.game.remove_ship(ship_id, "surrendered")


def _outcome(bench):
    return bench.game.hook.sog_check_victory(game=bench.game)


def test_the_last_side_standing_wins(bench):
    assert _outcome(bench) is None
    _out(bench, "courageuse", "genereux")
    outcome = _outcome(bench)
    assert outcome.winner == "british" and "surrendered or left the table" in outcome.reason


def test_nothing_yet_while_the_goal_can_be_reached(bench):
    _aground(bench, "terpsichore")
    assert _outcome(bench) is None, "only one side aground"
    _aground(bench, "courageuse")
    assert _outcome(bench) is None, "both sides aground, but two ships can still sail"


def test_more_surviving_ships_win(bench):
    _aground(bench, "terpsichore", "defence", "courageuse")
    _out(bench, "genereux")
    outcome = _outcome(bench)
    assert outcome.winner == "british" and "more surviving ships" in outcome.reason


def test_a_ship_of_the_line_beats_a_frigate(bench):
    _aground(bench, "terpsichore", "genereux")
    _out(bench, "defence", "courageuse")
    outcome = _outcome(bench)
    assert outcome.winner == "french" and "ship of the line" in outcome.reason


def test_same_class_is_a_draw(bench):
    _aground(bench, "terpsichore", "courageuse")
    _out(bench, "defence", "genereux")
    outcome = _outcome(bench)
    assert outcome.winner is None and "draw" in outcome.reason


def test_an_aground_ship_out_of_play_counts_for_both_sides_aground(bench):
    _aground(bench, "terpsichore", "courageuse", "genereux")
    _out(bench, "courageuse")  # ran aground, then surrendered
    assert _outcome(bench) is None, "Defence can still sail"
    _aground(bench, "defence")
    outcome = _outcome(bench)
    assert outcome.winner == "british" and "more surviving ships" in outcome.reason


def test_aground_within_reach_the_fight_goes_on(bench):
    bench.put("terpsichore", 450, 400, 90)
    bench.put("courageuse", 450, 500, 90)  # broadside to broadside, 100 mm apart
    _aground(bench, "terpsichore", "courageuse")
    _out(bench, "defence", "genereux")
    assert _outcome(bench) is None, "they can still force a surrender"
    bench.game.state.turn_limit_reached = True
    assert _outcome(bench).winner is None, "at the turn limit the tie-break decides"


def test_the_class_of_a_ship(bench):
    game = bench.game
    assert [av.of_the_line(game, game.ship(s)) for s in FAR] == [False, True, False, True]


def test_other_victory_kinds_are_left_alone(library, catalogue):
    from sog.setup import new_game

    game = new_game("enemy-in-sight", library=library, catalogue=catalogue)
    for ship in game.state.ships.values():
        ship.ext["aground"] = {"on": ["reef"]}
    assert av.sog_check_victory(game) is None


def test_quiet_turns_with_both_sides_aground_end_the_fight(bench):
    game = bench.game
    _aground(bench, "terpsichore", "courageuse")
    bench.put("defence", 450, 400, 90)
    bench.put("genereux", 450, 500, 90)  # afloat, within reach: the goal can still be reached
    for turn in range(av.STALL_TURNS):
        av.sog_turn_end(game)
        assert _outcome(bench) is None, f"quiet turn {turn}"
    av.sog_turn_end(game)
    assert game.state.ext[av.NAME]["quiet"] == av.STALL_TURNS
    outcome = _outcome(bench)
    assert outcome.winner is None and "draw" in outcome.reason, "two survivors each, one ship of the line each"
    bench.ship("genereux").ship_track[0].counters.append(bench.ship("genereux").zero_box[0] if bench.ship("genereux").zero_box
                                                         else game.draw("A", 1)[0])
    av.sog_turn_end(game)
    assert game.state.ext[av.NAME]["quiet"] == 0 and _outcome(bench) is None, "damage: the fight goes on"
