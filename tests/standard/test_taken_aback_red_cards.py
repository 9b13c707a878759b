"""Taken aback (pp. 24-25): the red card of the card's veer class; one sandglass first, then two."""

import pytest

from sog.geometry import Pose
from sog.plugins.system.geometry import end_pose
from sog.plugins.standard import taken_aback
from sog.state import PoseState
from sog.plugins.system.content_models import deck_of


def _pose(p):
    return Pose(p["x"], p["y"], p["heading"]) if isinstance(p, dict) else Pose(p.x, p.y, p.heading)


def _close(a: Pose, b: Pose) -> bool:
    return abs(a.x - b.x) < 1e-3 and abs(a.y - b.y) < 1e-3 and abs(a.heading - b.heading) < 1e-3


@pytest.mark.parametrize(("veer", "red", "name"), [
    (2, "C-28", "4 or less"), (4, "C-28", "4 or less"), (5, "C-27", "exactly 5"),
    (6, "C-29", "6 or more"), (7, "C-29", "6 or more"), (8, "C-29", "6 or more"),
])
def test_each_veer_value_has_its_red_card(library, veer, red, name):
    assert taken_aback.veer_class(veer) == name
    assert taken_aback.red_card_for(deck_of(library, "C"), veer).id == red


def test_a_revealed_7_while_aback_becomes_the_6_or_more_card_on_the_one_sandglass_line_in_front(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 90.0)  # bow into the wind (from 90): taken aback
    bench.script[("plan-first", "genereux")] = "C-15"  # veer 7
    start = _pose(bench.ship("genereux").pose)
    bench.until(1, "combat")
    [replaced] = bench.events("card-replaced", 1, ship="genereux")
    assert replaced["data"] == {"ship": "genereux", "card": "C-15", "by": "C-29", "reason": "taken-aback",
                                "veer_class": "6 or more", "line": "one-sandglass", "turns": 1}
    [moved] = bench.events("ship-moved", 1, ship="genereux")
    assert (moved["data"]["card"], moved["data"]["line"], moved["data"]["colour"]) == ("C-29", "one-sandglass", None)
    red = bench.deck("genereux").card("C-29")
    assert _close(_pose(moved["data"]["after"]), end_pose(start, 90, red.end("one-sandglass"), "bow"))
    assert bench.ship("genereux").ext["taken-aback"] == {"turns": 1, "reminder": "C-29"}


def test_the_second_consecutive_turn_aback_uses_two_sandglasses_behind_the_stern(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 90.0)
    bench.script[("plan-first", "genereux")] = "C-15"
    bench.script[("plan", "genereux")] = ["C-11", "C-1"]  # veer 4, then 5
    bench.until(1, "combat")
    after_one = _pose(bench.ship("genereux").pose)
    assert after_one.heading == 105.0  # fell off 15 degrees: still within 45 of the wind
    bench.until(2, "combat")
    [replaced] = bench.events("card-replaced", 2, ship="genereux")
    assert (replaced["data"]["by"], replaced["data"]["line"], replaced["data"]["turns"]) == ("C-28", "two-sandglass", 2)
    [moved] = bench.events("ship-moved", 2, ship="genereux")
    assert (moved["data"]["card"], moved["data"]["line"]) == ("C-28", "two-sandglass")
    red = bench.deck("genereux").card("C-28")
    assert _close(_pose(moved["data"]["after"]), end_pose(after_one, 90, red.end("two-sandglass"), "stern"))
    assert _pose(moved["data"]["after"]).x < after_one.x  # it faced east and backed west
    assert bench.ship("genereux").ext["taken-aback"]["reminder"] == "C-28"
    bench.until(3, "combat")
    [third] = bench.events("card-replaced", 3, ship="genereux")
    assert (third["data"]["by"], third["data"]["line"], third["data"]["turns"]) == ("C-27", "two-sandglass", 3)


def test_a_turn_not_aback_clears_the_reminder_and_restarts_the_count(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 90.0)
    bench.script[("plan-first", "genereux")] = "C-15"
    bench.script[("plan", "genereux")] = ["C-1", "C-2", "C-7"]
    bench.until(1, "combat")
    bench.ship("genereux").pose = PoseState(x=450.0, y=450.0, heading=0.0)  # reaching now
    bench.until(2, "combat")
    assert not bench.events("card-replaced", 2)
    assert bench.events("ship-moved", 2, ship="genereux")[0]["data"]["card"] == "C-1"
    assert bench.ship("genereux").ext["taken-aback"] == {"turns": 0, "reminder": None}
    bench.ship("genereux").pose = PoseState(x=450.0, y=450.0, heading=80.0)  # aback again
    bench.until(3, "combat")
    [again] = bench.events("card-replaced", 3, ship="genereux")
    assert (again["data"]["by"], again["data"]["line"], again["data"]["turns"]) == ("C-27", "one-sandglass", 1)


def test_the_red_reminder_is_public(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 90.0)
    bench.until(1, "combat")
    view = bench.game.view("british")
    assert view["ships"]["genereux"]["ext"]["taken-aback"]["reminder"] == "C-27"
