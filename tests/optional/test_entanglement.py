"""Entanglement (rulebook p. 35): ships in base contact may foul their rigging and stop moving.

The Courageuse lies at (450, 450) heading north with HMS Terpsichore alongside, base to
base (both bases are 43 mm wide). The randomizer is pool E (ruling R8): crew = it happens.
"""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.plugins.optional import entanglement

CREW, ZERO = (None, "crew"), (0, None)


def _bench(make, level="basic", gap=0.0):
    bench = make(level, ("entanglement",))
    bench.park("defence", "genereux")
    bench.put("courageuse", 450.0, 450.0, 0.0)
    bench.put("terpsichore", 450.0 + 43.0 + gap, 450.0, 0.0)
    return bench


def _pairs(bench):
    return bench.game.state.ext.get("entanglement", {}).get("pairs", [])


def _checks(bench, kind="entanglement-check", turn=None):
    return [(e["turn"], e["data"]["ships"], e["data"].get("entangled", e["data"].get("freed"))) for e in bench.events(kind, turn)]


def test_ships_in_contact_drawing_a_crew_symbol_are_entangled_and_plan_nothing_basic(make):
    bench = _bench(make)
    bench.stack("E", [CREW])
    bench.until(1, "planning")
    assert _checks(bench) == [(1, ["terpsichore", "courageuse"], True)]
    assert _pairs(bench) == [["terpsichore", "courageuse"]]
    assert {r.ship for r in bench.pending("plan")} == {"defence", "genereux"}
    before = {s: bench.ship(s).pose.model_dump() for s in ("terpsichore", "courageuse")}
    bench.play(1)
    assert bench.events("ship-moved", 1, ship="courageuse") == bench.events("ship-moved", 1, ship="terpsichore") == []
    assert {s: bench.ship(s).pose.model_dump() for s in before} == before


def test_a_zero_leaves_ships_in_contact_free(make):
    bench = _bench(make)
    bench.stack("E", [ZERO])
    bench.until(1, "planning")
    assert _checks(bench) == [(1, ["terpsichore", "courageuse"], False)] and _pairs(bench) == []
    assert {r.ship for r in bench.pending("plan")} == {"terpsichore", "defence", "courageuse", "genereux"}


def test_entangled_pairs_draw_at_each_later_planning_until_a_crew_symbol_frees_them(make):
    bench = _bench(make)
    bench.stack("E", [CREW, ZERO, CREW])
    bench.until(3, "planning")
    assert _checks(bench, "disentanglement-check") == [(2, ["terpsichore", "courageuse"], False),
                                                     (3, ["terpsichore", "courageuse"], True)]
    assert _pairs(bench) == []
    assert {r.ship for r in bench.pending("plan")} >= {"terpsichore", "courageuse"}
    # Freed this planning step: not checked again in it although still in contact (ruling).
    assert _checks(bench, turn=3) == [] and entanglement.FREED_NOT_RECHECKED
    assert [r.ship for r in bench.asked_of("plan", turn=2) if r.ship in ("terpsichore", "courageuse")] == []


def test_standard_rules_the_revealed_card_is_discarded_but_the_next_card_is_planned(make):
    bench = _bench(make, "standard")
    bench.stack("E", [CREW, CREW])
    bench.script[("plan-first", "courageuse")] = "A-1"
    bench.script[("plan", "courageuse")] = ["A-2", "A-3"]
    bench.until(1, "planning")
    assert {r.ship for r in bench.pending("plan-first")} == {"terpsichore", "defence", "courageuse", "genereux"}
    bench.reach(2, "planning")
    assert [e["data"] for e in bench.events("entangled-held", 1, ship="courageuse")] == [{"ship": "courageuse", "card": "A-1"}]
    assert bench.events("ship-moved", 1, ship="courageuse") == []
    assert _checks(bench, "disentanglement-check") == [(2, ["terpsichore", "courageuse"], True)]
    bench.play(2)
    assert [e["data"]["card"] for e in bench.events("ship-moved", 2, ship="courageuse")] == ["A-2"]


def test_every_pair_in_contact_is_checked_separately(make):
    bench = _bench(make)
    bench.put("genereux", 450.0, 540.0, 0.0)  # bow to stern with the Courageuse, corner to corner with Terpsichore
    bench.stack("E", [CREW, ZERO, CREW])
    bench.until(1, "planning")
    assert _checks(bench) == [(1, ["terpsichore", "courageuse"], True), (1, ["terpsichore", "genereux"], False),
                              (1, ["courageuse", "genereux"], True)]
    assert _pairs(bench) == [["terpsichore", "courageuse"], ["courageuse", "genereux"]]
    assert {r.ship for r in bench.pending("plan")} == {"defence"}


@pytest.mark.parametrize(("gap", "checked"), [(0.4, True), (0.6, False)])
def test_base_contact_allows_half_a_millimetre(make, gap, checked):
    bench = _bench(make, gap=gap)
    bench.until(1, "planning")
    assert bool(_checks(bench)) is checked
    assert entanglement.CONTACT == 0.5


def test_a_pair_ends_when_one_of_its_ships_leaves_play(make):
    bench = _bench(make)
    bench.stack("E", [CREW])
    bench.until(1, "planning")
    bench.game.remove_ship("courageuse", "left-table")
    bench.until(2, "planning")
    assert _pairs(bench) == [] and _checks(bench, "disentanglement-check") == []
    assert "terpsichore" in {r.ship for r in bench.pending("plan")}


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_entangled_ships_do_not_move_at_any_level(make, level):
    bench = _bench(make, level)
    bench.stack("E", [CREW])
    bench.reach(2, "planning")
    assert bench.events("ship-moved", 1, ship="courageuse") == bench.events("ship-moved", 1, ship="terpsichore") == []
    assert bench.events("ship-moved", 1, ship="defence") != []
