"""Direct tests of :mod:`sog.testing`: scripted answers, ``until``, ``events``, the probe."""

from __future__ import annotations

import pytest

from sog import testing
from sog.setup import new_game

SCENARIO = "enemy-in-sight"



def make(library, catalogue, probe: testing.Probe | None = None, **kwargs) -> testing.Bench:
    game = new_game(SCENARIO, seed=1, library=library, catalogue=probe.catalogue() if probe else catalogue,
                    options=[probe.name] if probe else None, **kwargs)
    return testing.Bench(game, probe)


def test_until_stops_at_the_open_requests_of_the_step(library, catalogue):
    bench = make(library, catalogue)
    bench.until(1, "planning")
    assert bench.game.state.turn == 1 and bench.game.step.name == "planning"
    assert {r.kind for r in bench.pending()} == {"plan"}
    ship = bench.pending()[0].ship
    assert bench.request("plan", ship).ship == ship


def test_script_answers_a_value_a_list_then_the_defaults(library, catalogue):
    bench = make(library, catalogue)
    bench.until(1, "planning")
    ship = bench.pending("plan")[0].ship
    choices = bench.request("plan", ship).choices
    assert len(choices) > 1
    bench.script[("plan", ship)] = [choices[-1]]
    assert bench.choose(bench.request("plan", ship)) == choices[-1]
    assert bench.choose(bench.request("plan", ship)) == choices[0]  # the list ran out: the default
    bench.script[("plan", ship)] = lambda r: r.choices[1]
    assert bench.choose(bench.request("plan", ship)) == choices[1]


def test_answer_all_records_what_it_asked(library, catalogue):
    bench = make(library, catalogue)
    bench.until(1, "planning")
    open_ids = [r.id for r in bench.pending()]
    bench.answer_all()
    assert [r.id for r in bench.asked] == open_ids
    assert bench.pending() == []


def test_a_kind_without_default_is_an_error():
    class Request:
        kind, ship, id, choices = "mystery", "x", "t1.step.mystery.x", [1]

    bench = testing.Bench(game=None)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="mystery"):
        bench.choose(Request())  # type: ignore[arg-type]
    bench.fallback = lambda r: r.choices[0]
    assert bench.choose(Request()) == 1  # type: ignore[arg-type]


def test_play_and_events_filter_by_turn_and_data(library, catalogue):
    bench = make(library, catalogue)
    bench.play(2)
    assert bench.game.state.turn == 3
    assert len(bench.events("planned")) == 8
    assert len(bench.events("planned", 2)) == 4
    [event] = bench.events("planned", 1, ship="terpsichore", slot=1)
    assert event["data"]["card"] == bench.events("planned", 1, ship="terpsichore")[0]["data"]["card"]
    assert bench.events("planned", 1, ship="no-such-ship") == []


def test_the_probe_records_state_and_views_at_each_step_end(library):
    probe = testing.Probe()
    bench = make(library, None, probe=probe)
    bench.until(1, "planning")
    bench.answer_all()
    bench.until(2, "planning")
    steps = [name for (turn, name) in probe.at if turn == 1]
    assert "planning" in steps
    state = bench.at(1, "planning")
    assert state.turn == 1 and state is not bench.game.state
    view = bench.view_at(1, "planning", bench.game.seats()[0])
    view_again = bench.view_at(1, "planning", bench.game.seats()[0])
    assert view == view_again and view is not view_again


def test_stack_forces_the_next_draws(library, catalogue):
    bench = make(library, catalogue)
    counters = bench.stack("A", [(0, None), (0, None)])
    assert len(counters) == 2 and counters[0] != counters[1]
    assert bench.game.draw("A", 2) == counters


def test_park_and_keep_use_the_class_settings(library, catalogue):
    class Parked(testing.Bench):
        parking = {"terpsichore": (60.0, 60.0, 0.0)}
        keep_reason = "left-table"

    bench = Parked(make(library, catalogue).game)
    bench.park("terpsichore")
    pose = bench.ship("terpsichore").pose
    assert (pose.x, pose.y, pose.heading) == (60.0, 60.0, 0.0)
    bench.keep("terpsichore")
    assert [s.id for s in bench.game.ships()] == ["terpsichore"]
