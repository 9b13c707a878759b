"""Victory in points (rulebook pp. 54-56) on the test scenario ``supplies-test``
(tests/scoring/pack): each scoring line, the max, if_never, free_exit, the game's end, a tie,
and the end-of-game lines. Positions are stacked with a bench; a turn's end is the rule's
``sog_turn_end`` after its ``sog_turn_begin``.
"""

from __future__ import annotations

import pytest

from sog.testing import Bench

from sog.plugins.scoring import points as vp
from sog.plugins.scoring.checks import narrate
from sog.plugins.system import bench as sails_bench
from sog.plugins.system.terrain_table import placed_terrain

FAR = {"terpsichore": (150, 500, 90), "defence": (750, 500, 90), "courageuse": (150, 300, 90), "genereux": (750, 300, 90)}


@pytest.fixture
def bench(make_game):
    bench = Bench(make_game())
    for ship_id, (x, y, heading) in FAR.items():
        bench.put(ship_id, x, y, heading)
    return bench


def _outcome(bench):
    return bench.game.hook.sog_check_victory(game=bench.game)


def _turn(bench, hold=None):
    """One turn's begin and end for the rule; ``hold(game)`` runs in between (a move)."""
    vp.sog_turn_begin(bench.game)
    if hold is not None:
        hold(bench.game)
    vp.sog_turn_end(bench.game)


def _scored(bench):
    return [(e["data"]["side"], e["data"]["points"], e["data"]["label"]) for e in bench.events("points-scored")]


def _at_the_island(bench, sails="struck"):
    """Courageuse's base 30 mm from the island's outline (the red band ends at 50)."""
    island = next(t for t in placed_terrain(bench.game) if t.id == "island")
    top = island.polygon.bounds[1]  # the island's lowest y
    bench.put("courageuse", 450, top - 30 - 21.5, 90)  # broadside on: half the base's width below
    bench.ship("courageuse").sails = sails


def _end(bench):
    bench.game.state.turn_limit_reached = True
    return _outcome(bench)


def test_an_enemy_frigate_surrendered_scores_5(bench):
    bench.game.remove_ship("terpsichore", "surrendered")
    assert _scored(bench) == [("french", 5, "HMS Terpsichore surrendered, frigate")]


def test_an_enemy_ship_of_the_line_surrendered_scores_9(bench):
    bench.game.remove_ship("genereux", "surrendered")
    assert _scored(bench) == [("british", 9, "Généreux surrendered, ship of the line")]


def test_a_ship_sunk_counts_as_surrendered(bench):
    bench.game.remove_ship("courageuse", "sunk")
    assert _scored(bench) == [("british", 5, "Courageuse surrendered, frigate")]


def test_an_enemy_ship_exited_scores_5_or_9(bench):
    bench.put("defence", 890, 500, 90)
    bench.game.remove_ship("defence", "left-table")
    bench.put("courageuse", 5, 300, 270)
    bench.game.remove_ship("courageuse", "left-table")
    assert _scored(bench) == [("french", 9, "HMS Defence exited the table, ship of the line"),
                              ("british", 5, "Courageuse exited the table, frigate")]


def test_run_aground_scores_3_or_5_at_the_end(bench):
    bench.ship("terpsichore").ext["aground"] = {"on": ["land"], "hazards": ["island"], "turn": 1}
    bench.ship("genereux").ext["aground"] = {"on": ["reef"], "hazards": ["reef-1"], "turn": 1}
    assert _outcome(bench) is None and _scored(bench) == [], "aground scores at the end of the game"
    _end(bench)
    assert ("french", 3, "HMS Terpsichore ran aground, frigate") in _scored(bench)
    assert ("british", 5, "Généreux ran aground, ship of the line") in _scored(bench)


def test_aground_then_surrendered_scores_once_as_surrendered(bench):
    bench.ship("terpsichore").ext["aground"] = {"on": ["reef"], "hazards": ["reef-1"], "turn": 1}
    bench.game.remove_ship("terpsichore", "surrendered")
    _end(bench)
    assert [s for s in _scored(bench) if s[0] == "french"] == [("french", 5, "HMS Terpsichore surrendered, frigate")]


def test_each_turn_still_with_struck_sails_within_the_red_band_scores_2(bench):
    _at_the_island(bench)
    _turn(bench)
    assert _scored(bench) == [("french", 2, "Courageuse struck sails within the red band")]
    assert bench.game.state.ext[vp.NAME]["held"]["supplies"] == {"points": 2, "turns": 1}


@pytest.mark.parametrize("why", ["battle sails", "moved", "too far"])
def test_no_points_unless_struck_still_and_within(bench, why):
    _at_the_island(bench, sails="battle" if why == "battle sails" else "struck")
    if why == "too far":
        bench.put("courageuse", 450, bench.ship("courageuse").pose.y - 40, 90)
    moved = (lambda game: setattr(game.ship("courageuse").pose, "x", 460)) if why == "moved" else None
    _turn(bench, moved)
    assert _scored(bench) == []


def test_the_condition_scores_up_to_its_max(bench):
    _at_the_island(bench)
    for _ in range(5):
        _turn(bench)
    assert [s[1] for s in _scored(bench)] == [2, 2, 2]
    assert bench.game.state.ext[vp.NAME]["held"]["supplies"] == {"points": 6, "turns": 3}


def test_if_the_french_never_score_so_the_british_score_3(bench):
    _end(bench)
    assert _scored(bench) == [("british", 3, "never: Courageuse struck sails within the red band")]


def test_no_if_never_points_once_the_condition_scored(bench):
    _at_the_island(bench)
    _turn(bench)
    _end(bench)
    assert [s for s in _scored(bench) if s[0] == "british"] == []


def test_after_the_max_the_french_exit_by_their_side_without_penalty(bench):
    _at_the_island(bench)
    for _ in range(3):
        _turn(bench)
    bench.put("courageuse", 450, 1195, 0)
    bench.game.remove_ship("courageuse", "left-table")
    assert [e["data"] for e in bench.events("exit-without-penalty")] == [{"ship": "courageuse", "edge": "north", "condition": "supplies"}]
    assert [s for s in _scored(bench) if s[0] == "british"] == []
    bench.put("genereux", 5, 300, 270)  # by another edge: the British score
    bench.game.remove_ship("genereux", "left-table")
    assert _scored(bench)[-1] == ("british", 9, "Généreux exited the table, ship of the line")


def test_before_the_max_an_exit_by_their_side_scores_for_the_enemy(bench):
    _at_the_island(bench)
    _turn(bench)
    bench.put("courageuse", 450, 1195, 0)
    bench.game.remove_ship("courageuse", "left-table")
    assert _scored(bench)[-1] == ("british", 5, "Courageuse exited the table, frigate")


def test_the_game_ends_when_a_side_has_all_surrendered_or_run_aground(bench):
    bench.game.remove_ship("courageuse", "surrendered")
    assert _outcome(bench) is None
    bench.ship("genereux").ext["aground"] = {"on": ["reef"], "hazards": ["reef-1"], "turn": 1}
    outcome = _outcome(bench)
    assert outcome.winner == "british" and outcome.reason == "most points: british 13, french 0"  # 5 + 5 aground + 3


def test_the_game_ends_at_the_turn_limit_or_when_nobody_can_act(bench, make_game):
    assert _outcome(bench) is None
    assert _end(bench) is not None
    other = Bench(make_game())
    other.game.emit("nobody-can-act", reason="test")
    assert _outcome(other) is not None


def _nine_each(bench):
    """French: two turns at the island (4) and HMS Terpsichore surrendered (5); British:
    Genereux exited (9)."""
    _at_the_island(bench)
    _turn(bench)
    _turn(bench)
    bench.game.remove_ship("terpsichore", "surrendered")
    bench.put("genereux", 5, 300, 270)
    bench.game.remove_ship("genereux", "left-table")
    return _end(bench)


def test_a_tie_is_a_draw(bench):
    outcome = _nine_each(bench)
    assert outcome.winner is None and outcome.reason == "a draw on points: british 9, french 9"


def test_the_end_of_the_game_shows_each_sides_points_line_by_line(bench):
    _nine_each(bench)
    score = bench.events("score")[-1]
    assert score["data"]["sides"]["french"]["total"] == 9
    assert narrate(bench.game, score).splitlines() == [
        "  score:",
        "  british: 9 (Généreux exited the table, ship of the line) = 9",
        "  french: 4 (Courageuse struck sails within the red band, 2 turns) + 5 (HMS Terpsichore surrendered, frigate) = 9",
    ]


def test_a_side_with_no_points_shows_0(bench):
    bench.game.remove_ship("terpsichore", "surrendered")
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("defence", "surrendered")
    assert _outcome(bench) is not None
    lines = narrate(bench.game, bench.events("score")[-1]).splitlines()
    assert lines[1:] == ["  british: 5 (Courageuse surrendered, frigate) + 3 (never: Courageuse struck sails within the red band) = 8",
                         "  french: 5 (HMS Terpsichore surrendered, frigate) + 9 (HMS Defence surrendered, ship of the line) = 14"]


def test_points_scored_is_narrated(bench):
    bench.game.remove_ship("terpsichore", "surrendered")
    assert narrate(bench.game, bench.events("points-scored")[-1]) == "  french scores 5: HMS Terpsichore surrendered, frigate"
    assert bench.game.hook.sog_narrate(game=bench.game, event=bench.events("points-scored")[-1]).startswith("  french scores 5")


class _AdvancedBench(Bench):
    """Advanced rules: battle sails at set-up, no crew action, the first repair offered."""

    defaults = {**sails_bench.DEFAULTS, "sails": lambda r: "battle", "repair": lambda r: r.choices[0], "action": lambda r: None}


def test_in_play_a_turn_scores_only_when_the_ship_did_not_move(make_game):
    bench = _AdvancedBench(make_game(level="advanced"))
    for ship_id, (x, y, heading) in FAR.items():
        bench.put(ship_id, x, y, heading)
    _at_the_island(bench, sails="battle")
    bench.play(1)
    bench.ship("courageuse").sails = "struck"
    bench.ship("courageuse").planned = [None, None]
    bench.play(4)
    moved = {e["turn"] for e in bench.events("ship-moved", ship="courageuse")}
    scored = {e["turn"] for e in bench.events("points-scored", condition="supplies")}
    assert scored and scored == {2, 3, 4} - moved
