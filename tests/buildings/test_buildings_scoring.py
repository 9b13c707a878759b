"""Scoring a building (rulebook p. 54) with the victory-points kind on ``outpost-test``: the
predicate ``building-state``, the ``final`` lines (8 if the outpost surrendered, 4 if damaged,
-4 if undamaged), a ``free_exit`` by a test (the British leave by their side without penalty
once it surrendered), and the fleet's defeat decided before the final score; positions are
made by hand."""

from __future__ import annotations

import pytest

from sog.plugins.scoring.predicates import PREDICATES
from sog.plugins.terrain.buildings import take_counters

FINAL = {"surrendered": ("british", 8, "the outpost surrendered"), "damaged": ("british", 4, "the outpost damaged"),
         "undamaged": ("british", -4, "the outpost undamaged")}


def _scored(bench):
    return [(e["data"]["side"], e["data"]["points"], e["data"]["label"]) for e in bench.events("points-scored")]


def _end(bench):
    bench.game.state.turn_limit_reached = True
    return bench.game.hook.sog_check_victory(game=bench.game)


def _hit(bench, *counters):
    """The outpost takes these counters of pool B at a damage step (drawn from the pool, forced)."""
    bench.stack("B", counters)
    take_counters(bench.game, bench.record(), bench.game.draw("B", len(counters)))


@pytest.mark.parametrize("state", ["undamaged", "damaged", "surrendered"])
def test_the_predicate_names_the_outposts_state(outpost, state):
    bench = outpost()
    if state == "damaged":
        _hit(bench, (None, "crew"))
    elif state == "surrendered":
        _hit(bench, (6, None), (2, None))
    predicate = PREDICATES["building-state"]
    holds = {s: predicate.holds(bench.game, {"building": "outpost", "state": s}, {}) for s in FINAL}
    assert holds == {s: s == state for s in FINAL}
    assert predicate.label(bench.game, {"building": "outpost", "state": state}) == f"Outpost {state}"


def test_an_undamaged_outpost_at_the_end_scores_minus_4(outpost):
    bench = outpost()
    outcome = _end(bench)
    assert _scored(bench) == [FINAL["undamaged"]]
    assert outcome.winner == "french" and outcome.reason == "most points: british -4, french 0"


def test_a_damaged_outpost_scores_4_one_point_or_one_crew_is_enough(outpost):
    for counters in [((1, None),), ((None, "crew"),)]:
        bench = outpost()
        _hit(bench, *counters)
        _end(bench)
        assert _scored(bench) == [FINAL["damaged"]]


def test_a_0_is_no_damage(outpost):
    bench = outpost()
    _hit(bench, (0, None))
    _end(bench)
    assert _scored(bench) == [FINAL["undamaged"]]


def test_a_surrendered_outpost_scores_8_once_as_a_line_of_the_final_score(outpost):
    bench = outpost()
    _hit(bench, (6, None), (2, "crew"))
    _end(bench)
    assert _scored(bench) == [FINAL["surrendered"]]
    (score,) = [e["data"] for e in bench.events("score")]
    assert score["sides"]["british"] == {"lines": [{"points": 8, "label": "the outpost surrendered"}], "total": 8}


def test_the_fleets_defeat_surrenders_the_outpost_before_the_game_ends_on_it(outpost):
    bench = outpost()
    bench.game.remove_ship("courageuse", "surrendered")
    bench.game.remove_ship("genereux", "surrendered")
    outcome = bench.game.hook.sog_check_victory(game=bench.game)  # the French have no ship in play: the end
    assert outcome is not None and outcome.winner == "british"
    assert _scored(bench) == [("british", 5, "Courageuse surrendered, frigate"),
                              ("british", 9, "Généreux surrendered, ship of the line"), FINAL["surrendered"]]


def test_after_the_surrender_the_british_leave_by_their_side_without_penalty(outpost):
    bench = outpost()
    _hit(bench, (6, None), (2, None))
    bench.put("terpsichore", 450, 5, 180)
    bench.game.remove_ship("terpsichore", "left-table")
    assert _scored(bench) == []
    (free,) = [e["data"] for e in bench.events("exit-without-penalty")]
    assert free == {"ship": "terpsichore", "edge": "south", "condition": "Outpost surrendered"}


def test_before_the_surrender_or_by_another_side_an_exit_scores_for_the_french(outpost):
    bench = outpost()
    bench.put("terpsichore", 450, 5, 180)
    bench.game.remove_ship("terpsichore", "left-table")
    _hit(bench, (6, None), (2, None))
    bench.put("defence", 895, 600, 90)
    bench.game.remove_ship("defence", "left-table")  # the east edge, not the British side
    assert _scored(bench) == [("french", 5, "HMS Terpsichore exited the table, frigate"),
                              ("french", 9, "HMS Defence exited the table, ship of the line")]
    assert bench.events("exit-without-penalty") == []
