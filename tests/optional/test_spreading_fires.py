"""Spreading fires (rulebook p. 41), paragraph by paragraph.

HMS Terpsichore lies at (450, 450) heading north; the Courageuse lies base against base to
her east, her left broadside bearing on the Terpsichore and planned to fire. HMS Defence and
the Généreux are parked unless a test brings the Généreux in. Movement is blocked.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from opt3_bench import APART, box, fire_at, line_up, plan
from sog.errors import ConfigError
from sog.plugins.optional import spreading_fires
from sog.plugins.system.tabletop import ship_firepower

FIRE_HIT = [(2, "fire"), (0, None), (0, None)]


def _bench(make, actions=("fire-left",), where=None, options=("spreading-fires",)):
    bench = line_up(make, options, where=where)
    plan(bench, "courageuse", *actions)
    fire_at(bench, "courageuse", "terpsichore")
    return bench


def _fires(bench):
    return box(bench, "terpsichore")["fire"], box(bench, "courageuse")["fire"]


def test_an_advanced_only_option(make):
    with pytest.raises(ConfigError, match="not allowed with standard rules"):
        make("standard", ("spreading-fires",))
    assert spreading_fires.RULE.levels == ("advanced",)


def test_a_fire_started_aboard_an_enemy_in_base_contact_spreads_to_the_firing_ship(make):
    bench = _bench(make)
    bench.stack("B", FIRE_HIT)
    bench.play(1)
    [attack] = bench.events("attack", 1, attacker="courageuse")
    assert attack["data"]["counters"] == ["B2+fire", "B0", "B0"] and attack["data"]["distance"] == 0.0
    assert _fires(bench) == (1, 1)
    [spread] = bench.events("fire-spread", 1)
    assert spread["data"] == {"ship": "courageuse", "side": "left", "target": "terpsichore", "fires": 1}


def test_ruling_spread_per_fire_counter(make):
    bench = _bench(make)
    bench.stack("B", [(2, "fire"), (3, "fire"), (0, None)])
    bench.play(1)
    assert _fires(bench) == (2, 2)


def test_no_spreading_when_the_bases_are_not_in_contact(make):
    bench = _bench(make, where={"courageuse": APART})
    bench.stack("B", FIRE_HIT)
    bench.play(1)
    assert _fires(bench) == (1, 0) and bench.events("fire-spread") == []


def test_fires_caused_by_other_ships_or_already_burning_are_ignored(make):
    bench = _bench(make)
    box(bench, "terpsichore")["fire"] = 1  # burning since an earlier turn
    bench.put("genereux", 450.0 - 43.0 - 60.0, 450.0, 0.0)  # not in contact, right broadside bearing
    plan(bench, "genereux", "fire-right")
    bench.script[("fire", "genereux", "right")] = lambda r: bench.option(r, "terpsichore", "central")
    bench.stack("B", [(0, None)] * 3 + [(2, "fire")] + [(0, None)] * 6)  # the Courageuse's, then the Généreux's
    bench.play(1)
    assert box(bench, "terpsichore")["fire"] == 2  # the old fire and the Généreux's (she is not in contact)
    assert box(bench, "courageuse")["fire"] == 0 and box(bench, "genereux")["fire"] == 0


def test_extinguish_fire_on_the_enemy_is_offered_with_an_enemy_near_but_not_with_the_own_extinguish_counter(make):
    bench = _bench(make, actions=())
    box(bench, "courageuse")["fire"] = 1  # so the own Extinguish Fire is offered too
    bench.until(1, "planning")
    choices = bench.request("action", "courageuse").choices
    assert {"extinguish-fire", "extinguish-fire-enemy"} <= set(choices)
    bench.answer(bench.request("action", "courageuse"), "extinguish-fire")
    bench.answer_all()
    bench.game.advance()
    assert "extinguish-fire-enemy" not in bench.request("action", "courageuse").choices  # one counter
    far = make("advanced", ("spreading-fires",), static=True)
    far.until(1, "planning")
    request = far.request("action", "courageuse")  # ruling OFFERED: no enemy near, a bluff (p. 29)
    assert request.labels[request.choices.index("extinguish-fire-enemy")].endswith("(no effect now)")


def test_extinguish_fire_on_the_enemy_with_no_enemy_near_has_no_effect(make):
    far = make("advanced", ("spreading-fires",), static=True)
    far.script[("action", "courageuse")] = ["extinguish-fire-enemy", None]
    far.reach(1, "combat")
    [illegal] = far.events("action-illegal", 1, ship="courageuse")
    assert illegal["data"] == {"ship": "courageuse", "action": "extinguish-fire-enemy", "reason": "no enemy within half the ruler"}
    assert "extinguish-fire-enemy" not in far.ship("courageuse").actions


def test_extinguish_fire_planned_on_the_enemy_starts_the_fire_on_neither_ship(make):
    bench = _bench(make, actions=("fire-left", "extinguish-fire-enemy"))
    bench.stack("B", FIRE_HIT)
    bench.play(1)
    assert [e["data"]["actions"] for e in bench.events("actions-revealed", 1, ship="courageuse")] == \
        [["fire-left", "extinguish-fire-enemy"]]
    assert _fires(bench) == (0, 0)
    [prevented] = bench.events("fire-prevented", 1)
    assert prevented["data"] == {"ship": "courageuse", "side": "left", "target": "terpsichore", "fires": 1}
    assert bench.ship("terpsichore").ship_track[0].counters[0].label() == "B2+fire"  # its points still count
    assert "extinguish-fire" not in bench.ship("courageuse").ext["crew-actions"]["delayed"]  # acts this turn only


def test_extinguish_fire_on_the_enemy_does_not_stop_other_ships_fires(make):
    bench = _bench(make, actions=("fire-left", "extinguish-fire-enemy"))
    bench.put("genereux", 450.0 - 43.0 - 60.0, 450.0, 0.0)
    plan(bench, "genereux", "fire-right")
    bench.script[("fire", "genereux", "right")] = lambda r: bench.option(r, "terpsichore", "central")
    bench.stack("B", [(0, None)] * 3 + [(2, "fire")] + [(0, None)] * 6)
    bench.play(1)
    assert _fires(bench) == (1, 0)


def test_the_spread_fire_counts_when_the_firing_ship_surrenders_the_same_turn(make):
    bench = _bench(make, options=("spreading-fires", "surrendered-ships"))
    bench.put("defence", 493.0 + 43.0 + 60.0, 450.0, 180.0)  # east of the Courageuse, heading south: right side bears
    plan(bench, "defence", "fire-right")
    bench.script[("fire", "defence", "right")] = lambda r: bench.option(r, "courageuse", "central")
    for b in bench.ship("courageuse").crew_track[:-1]:
        b.markers.append("crew-loss")
    firepower = ship_firepower(bench.game, bench.ship("defence"), "central")
    bench.stack("B", [(None, "crew")] + [(0, None)] * (firepower - 1) + FIRE_HIT)  # HMS Defence draws first
    bench.play(1)
    assert bench.ship("courageuse").status == "surrendered" and box(bench, "courageuse")["fire"] == 1
    own = bench.game.state.ext["surrendered-ships"]
    assert "courageuse" not in own["drifting"] + own["wrecks"]  # burning (ruling WHEN): it leaves the table


def test_a_fire_drawn_by_aiming_high_in_place_of_a_replaced_counter_spreads_too(make):
    bench = _bench(make, options=("spreading-fires", "aiming-high"))
    fire_at(bench, "courageuse", "terpsichore", aim="high")
    bench.stack("B", [(None, "crew"), (0, None), (0, None), (2, "fire")])  # the crew-only counter is replaced
    bench.play(1)
    [aimed] = bench.events("aimed-high", 1)
    assert aimed["data"]["drawn"] == ["B2+fire"]
    assert _fires(bench) == (1, 1)
