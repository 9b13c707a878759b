"""Hidden information at the Standard level: both planned slots and the loaded types stay secret."""

import json

from sog.views import HIDDEN


def test_other_seats_planned_slots_and_loaded_ammunition_stay_hidden(std_bench):
    bench = std_bench(probe=True)
    bench.put("genereux", 450.0, 600.0, 180.0)
    bench.script[("plan-first", "genereux")] = "C-15"
    bench.script[("plan", "genereux")] = ["C-23", "C-19"]
    bench.script[("load", "genereux", "left")] = lambda r: {"side": "left", "ammunition": "grapeshot"}
    bench.until(2, "combat")

    after_setup = bench.view_at(1, "setup", "british")["ships"]["genereux"]["broadsides"]["left"]
    assert after_setup == {"loaded": HIDDEN, "fired": None, "storage": [HIDDEN, HIDDEN]}
    own = bench.view_at(1, "setup", "french")["ships"]["genereux"]["broadsides"]["left"]
    assert own["loaded"] == "grapeshot" and sorted(own["storage"]) == ["ball", "chain"]

    british = bench.view_at(1, "planning", "british")
    assert british["ships"]["genereux"]["planned"] == [HIDDEN, HIDDEN]
    assert bench.view_at(1, "planning", "french")["ships"]["genereux"]["planned"] == ["C-15", "C-23"]
    assert all(ship["planned"] == [HIDDEN, HIDDEN] for ship in british["ships"].values() if ship["side"] == "french")
    assert all(None not in ship["planned"] and HIDDEN not in ship["planned"]
               for ship in british["ships"].values() if ship["side"] == "british")

    # Turn 2: C-15 was revealed in turn 1 and may be known; C-23 (slot 1) and C-19 (slot 2) may not.
    view = bench.view_at(2, "planning", "british")
    text = json.dumps(view)
    assert "C-23" not in text and "C-19" not in text
    assert "grapeshot" not in json.dumps(view["ships"]["genereux"])
    assert bench.view_at(2, "planning", "french")["ships"]["genereux"]["planned"] == ["C-23", "C-19"]


def test_a_seat_sees_only_its_own_planning_requests(std_bench):
    bench = std_bench()
    bench.until(1, "planning")
    for seat in ("british", "french"):
        pending = bench.game.view(seat)["pending"]
        assert pending and {r["seat"] for r in pending} == {seat}
        assert {r["kind"] for r in pending} == {"plan-first"}
