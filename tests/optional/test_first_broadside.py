"""First broadside (rulebook p. 36), with both of its examples.

HMS Terpsichore (full broadside firepower 4) fires at the Courageuse, which lies at
(450, 450) heading north. Movement is blocked: the ships stay where they are put.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from sog.plugins.optional import first_broadside

#: Terpsichore abeam to the east, heading north: her left central dot 120 mm from the Courageuse.
ABEAM = (471.5 + 120.0 + 21.5, 450.0, 0.0)
#: Heading east 120 mm off the Courageuse's bow: her right central dot rakes it through the bow.
AHEAD = (450.0, 495.0 + 120.0 + 21.5, 90.0)


def _bench(make, level="basic", where=ABEAM, options=("first-broadside",)):
    bench = make(level, options, static=True)
    bench.park("defence", "genereux")
    bench.put("courageuse", 450.0, 450.0, 0.0)
    bench.put("terpsichore", *where)
    return bench


def _attacks(bench, turn):
    return [e["data"] for e in bench.events("attack", turn, attacker="terpsichore")]


def test_rulebook_example_the_first_broadside_of_firepower_4_gives_6_counters(make):
    bench = _bench(make)
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "courageuse", "central")
    bench.play(1)
    [attack] = _attacks(bench, 1)
    assert attack["firepower"] == 4 and attack["modifiers"] == ["first-broadside"]
    assert len(attack["counters"]) == 6
    assert bench.ship("terpsichore").ext["first-broadside"]["fired"] == ["left"]
    assert [e["data"] for e in bench.events("first-broadside-fired", 1)] == [{"ship": "terpsichore", "side": "left"}]


def test_the_next_broadside_of_that_side_fires_normally(make):
    bench = _bench(make)
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "courageuse", "central")
    bench.play(3)  # fires in turn 1, reloads at the end of turn 2, fires again in turn 3
    assert [len(a["counters"]) for a in _attacks(bench, 1) + _attacks(bench, 3)] == [6, 4]
    assert _attacks(bench, 3)[0]["modifiers"] == []


def test_each_side_has_its_own_first_broadside(make):
    bench = _bench(make)
    bench.put("genereux", 613.0 + 21.5 + 120.0 + 21.5, 450.0, 0.0)  # off Terpsichore's right side
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "courageuse", "central")
    bench.play(1)
    bench.script[("fire", "terpsichore", "right")] = lambda r: bench.option(r, "genereux", "central")
    bench.play(2)
    [right] = _attacks(bench, 2)
    assert right["side"] == "right" and right["modifiers"] == ["first-broadside"] and len(right["counters"]) == 6
    assert bench.ship("terpsichore").ext["first-broadside"]["fired"] == ["left", "right"]


def test_standard_rulebook_example_first_broadside_and_bow_raking_are_independent(make):
    bench = _bench(make, "standard", where=AHEAD)
    assert "raking" in bench.game.rules.names
    bench.script[("fire", "terpsichore", "right")] = lambda r: bench.option(r, "courageuse", "central")
    bench.play(1)
    [attack] = _attacks(bench, 1)
    assert attack["firepower"] == 4 and set(attack["modifiers"]) == {"first-broadside", "raking-bow"}
    assert len(attack["counters"]) == 8  # 4 + 2 (4/3 up) + 2 (4/3 up)


def test_musketry_is_not_a_broadside(make):
    bench = _bench(make, where=(471.5 + 10.0 + 21.5, 450.0, 0.0))  # within the ruler's width
    bench.script[("musketry", "terpsichore")] = {"target": "courageuse"}
    bench.play(1)
    [attack] = _attacks(bench, 1)
    assert attack["kind"] == "musketry" and attack["modifiers"] == [] and len(attack["counters"]) == 2
    assert bench.ship("terpsichore").ext.get("first-broadside", {}).get("fired", []) == []


def test_standard_emptying_the_guns_without_a_target_spends_the_first_broadside(make):
    bench = _bench(make, "standard")
    bench.script[("fire", "terpsichore", "left")] = lambda r: next(c for c in r.choices if c and c["target"] is None)
    bench.play(1)
    assert bench.events("guns-emptied", 1, ship="terpsichore")
    assert bench.ship("terpsichore").ext["first-broadside"]["fired"] == ["left"]


def test_the_reminder_is_public(make):
    bench = _bench(make)
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "courageuse", "central")
    bench.play(1)
    french = bench.game.view("french")
    assert french["ships"]["terpsichore"]["ext"]["first-broadside"]["fired"] == ["left"]


@pytest.mark.parametrize(("firepower", "extra"), [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_one_more_counter_per_three_rounded_up(firepower, extra):
    assert first_broadside.extra_counters(firepower) == extra
