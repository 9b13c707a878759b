"""Let the Men Drink! (rulebook p. 34): once per game, a crew token back to the "0" box.

The Courageuse lies at (450, 450) heading north (base 43 x 90 mm); the first half of the
combat ruler is 100 mm. Movement is blocked: the ships stay where they are put.
"""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.plugins.optional import grog

#: Terpsichore's centre x for an edge-to-edge gap to the Courageuse (both bases 43 mm wide).
def _gap(mm):
    return 450.0 + 21.5 + mm + 21.5


def _bench(make, level="basic", enemy_gap=None, static=True):
    bench = make(level, ("grog",), static=static)
    bench.park("terpsichore", "defence", "genereux")
    bench.put("courageuse", 450.0, 450.0, 0.0)
    if enemy_gap is not None:
        bench.put("terpsichore", _gap(enemy_gap), 450.0, 0.0)
    return bench


def _grog_asked(bench, turn=1):
    bench.until(turn, "planning")
    return [r.ship for r in bench.pending("grog")]


def test_a_ship_drinks_once_moving_a_crew_counter_to_its_zero_box(make):
    bench = _bench(make)
    counter = bench.crew_counter("courageuse", 0)
    assert _grog_asked(bench) == ["courageuse"]
    request = bench.request("grog", "courageuse")
    assert request.choices == [False, True]
    bench.answer(request, True)
    bench.answer_all()
    bench.game.advance()
    ship = bench.ship("courageuse")
    assert not any(box.covered for box in ship.crew_track)
    assert ship.zero_box == [counter]
    assert ship.ext["grog"]["used"] == 1
    assert [e["data"] for e in bench.events("grog", 1)] == [{"ship": "courageuse", "token": "E:crew"}]
    bench.crew_counter("courageuse", 0)
    bench.play(3)
    assert bench.asked_of("grog") == []  # once per game: never asked again in turns 2 and 3


def test_keeping_the_grog_leaves_it_for_a_later_turn(make):
    bench = _bench(make)
    bench.crew_counter("courageuse", 0)
    bench.script[("grog", "courageuse")] = [False, True]
    bench.until(2, "planning")
    assert bench.ship("courageuse").crew_track[0].covered
    assert [r.ship for r in bench.pending("grog")] == ["courageuse"]
    bench.answer_all()
    bench.game.advance()
    assert not bench.ship("courageuse").crew_track[0].covered
    assert [e["turn"] for e in bench.events("grog")] == [2]


@pytest.mark.parametrize(("gap", "asked"), [(99.0, False), (101.0, True)])
def test_no_grog_with_an_enemy_within_the_first_half_of_the_ruler(make, gap, asked):
    bench = _bench(make, enemy_gap=gap)
    bench.crew_counter("courageuse", 0)
    assert ("courageuse" in _grog_asked(bench)) is asked


def test_a_friend_nearby_does_not_stop_the_grog(make):
    bench = _bench(make)
    bench.put("genereux", _gap(10.0), 450.0, 0.0)
    bench.crew_counter("courageuse", 0)
    assert _grog_asked(bench) == ["courageuse"]


def test_no_grog_is_offered_without_a_crew_token_to_take(make):
    bench = _bench(make)
    assert _grog_asked(bench) == []
    assert grog.NEEDS_A_TOKEN is True


def test_the_token_taken_is_the_rightmost_on_the_crew_track(make):
    bench = _bench(make)
    counter = bench.crew_counter("courageuse", 0)
    bench.ship("courageuse").crew_track[1].markers.append("crew-loss")
    bench.script[("grog", "courageuse")] = True
    bench.reach(1, "combat")
    ship = bench.ship("courageuse")
    assert ship.crew_track[0].counters == [counter] and not ship.crew_track[1].covered
    assert ship.zero_box == []  # a marker is not a counter: it simply goes away
    assert bench.events("grog", 1)[0]["data"]["token"] == "crew-loss"


def test_standard_rules_grog_is_decided_at_planning_too(make):
    bench = _bench(make, "standard")
    bench.crew_counter("courageuse", 0)
    bench.until(1, "planning")
    assert {r.kind for r in bench.pending(ship="courageuse")} == {"plan-first", "grog"}
    bench.script[("grog", "courageuse")] = True
    bench.reach(1, "combat")
    assert not bench.ship("courageuse").crew_track[0].covered


def test_advanced_rules_grog_is_an_action_counter_applied_when_revealed(make):
    bench = _bench(make, "advanced")
    bench.crew_counter("courageuse", 0)
    bench.until(1, "planning")
    assert bench.pending("grog") == []  # no planning decision with Advanced rules
    bench.script[("action", "courageuse")] = ["grog", None]
    bench.reach(1, "combat")
    action_requests = bench.asked_of("action", "courageuse", turn=1)
    assert "grog" in action_requests[0].choices
    assert [e["data"]["actions"] for e in bench.events("actions-revealed", 1, ship="courageuse")] == [["grog"]]
    assert not bench.ship("courageuse").crew_track[0].covered
    assert [e["step"] for e in bench.events("grog", 1)] == ["actions"]
    bench.crew_counter("courageuse", 0)
    bench.until(2, "planning")
    assert all("grog" not in r.choices for r in bench.pending("action", "courageuse"))


def test_advanced_rules_grog_planned_with_an_enemy_near_has_no_effect_and_stays(make):
    bench = _bench(make, "advanced", enemy_gap=50.0)
    bench.crew_counter("courageuse", 0)
    bench.until(1, "planning")
    [request] = bench.pending("action", "courageuse")
    assert request.labels[request.choices.index("grog")].endswith("(no effect now)")  # a bluff the text allows (p. 29)
    bench.script[("action", "courageuse")] = ["grog", None]
    bench.reach(1, "combat")
    [illegal] = bench.events("action-illegal", 1, ship="courageuse")
    assert illegal["data"] == {"ship": "courageuse", "action": "grog", "reason": "an enemy is within half the ruler"}
    assert bench.ship("courageuse").crew_track[0].covered and bench.events("grog") == []
    bench.until(2, "planning")
    assert "grog" in bench.request("action", "courageuse").choices  # the counter was not spent
