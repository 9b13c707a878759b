"""Continuous fire (rulebook p. 35): an unloaded broadside fires for half, and is not reloaded that turn.

HMS Defence lies at (450, 450) heading north; the Courageuse (central firepower 3) lies
abeam to the east, heading north too, so her left (port) broadside bears on Defence's
long side. Movement is blocked: the ships stay where they are put.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from sog.plugins.system.attacks import modified_counters
from sog.plugins.system.hooktypes import Attack
from sog.plugins.optional import continuous_fire

#: Courageuse poses whose left central dot is 120 mm (long), 60 mm (short) or 30 mm (red) from Defence.
LONG = (471.5 + 120.0 + 21.5, 450.0, 0.0)
SHORT = (471.5 + 60.0 + 21.5, 450.0, 0.0)
RED = (471.5 + 30.0 + 21.5, 450.0, 0.0)
#: Heading east 120 mm off Defence's bow: the right central dot rakes it through the bow.
AHEAD = (450.0, 495.0 + 120.0 + 21.5, 90.0)


def _bench(make, level="basic", where=LONG, options=("continuous-fire",)):
    bench = make(level, options, static=True)
    bench.park("terpsichore", "genereux")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("courageuse", *where)
    return bench


def _fire_loaded(bench, side="left"):
    """Turn 1: the Courageuse fires her loaded side at Defence."""
    bench.script[("fire", "courageuse", side)] = lambda r: bench.option(r, "defence", "central")


def _side(bench, side="left"):
    b = bench.ship("courageuse").broadsides[side]
    return b.loaded, b.fired, sorted(b.storage)


def test_basic_an_unloaded_side_fires_for_half_the_counters_rounded_down(make):
    bench = _bench(make)
    _fire_loaded(bench)
    bench.until(2, "combat")
    assert not [r for r in bench.pending("fire", "courageuse") if r.id.endswith(".left")]  # not loaded: no normal fire
    request = bench.request("continuous-fire", "courageuse", "left")
    choice = bench.option(request, "defence", "central")
    assert choice["ammunition"] == "ball" and None in request.choices
    bench.script[("continuous-fire", "courageuse", "left")] = choice
    bench.play(2)
    [attack] = bench.events("attack", 2, attacker="courageuse")
    assert attack["data"]["firepower"] == 3 and attack["data"]["modifiers"] == ["continuous-fire"]
    assert len(attack["data"]["counters"]) == 1 and attack["data"]["pool"] == "A"  # 3 / 2 = 1.5 -> 1
    [applied] = bench.events("damage-applied", 2, ship="defence")
    assert len(applied["data"]["counters"]) == 1


def test_the_side_is_not_reloaded_in_the_turn_it_fires_continuously(make):
    bench = _bench(make)
    _fire_loaded(bench)
    bench.script[("continuous-fire", "courageuse", "left")] = lambda r: bench.option(r, "defence", "central")
    bench.play(2)
    assert bench.events("reloaded", 2, ship="courageuse") == []
    assert _side(bench) == (None, None, ["ball"])  # the counter went back to storage, face down
    bench.script[("continuous-fire", "courageuse", "left")] = None  # turn 3: hold fire, reload
    bench.play(3)
    assert [e["data"] for e in bench.events("reloaded", 3, ship="courageuse")] == [{"ship": "courageuse", "side": "left"}]
    assert _side(bench) == ("ball", None, [])


def test_holding_continuous_fire_keeps_the_normal_reload(make):
    bench = _bench(make)
    _fire_loaded(bench)
    bench.play(2)  # the continuous-fire request is answered "hold fire" by default
    assert bench.events("attack", 2, attacker="courageuse") == []
    assert [e["data"] for e in bench.events("reloaded", 2, ship="courageuse")] == [{"ship": "courageuse", "side": "left"}]
    assert _side(bench) == ("ball", None, [])


def test_loaded_sides_and_sides_without_a_target_are_not_asked(make):
    bench = _bench(make)
    bench.until(1, "combat")
    assert bench.pending("continuous-fire") == []  # every side is loaded in turn 1
    _fire_loaded(bench)
    bench.until(2, "combat")
    sides = {r.id.split(".")[-1] for r in bench.pending("continuous-fire", "courageuse")}
    assert sides == {"left"}  # the right side is loaded; Defence is out of the right arcs anyway


def test_without_the_option_an_unloaded_side_cannot_fire(make):
    bench = _bench(make, options=())
    _fire_loaded(bench)
    bench.until(2, "combat")
    assert bench.pending("continuous-fire") == [] and not bench.pending("fire", "courageuse")


@pytest.mark.parametrize(("firepower", "counters"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (7, 3)])
def test_halving_rounds_down(make, firepower, counters):
    game = _bench(make).game
    attack = Attack(attacker="courageuse", target="defence", kind="artillery", side="left", arc="central", band="long",
                    distance=120.0, pool="A", firepower=firepower, ammunition="ball", extra={continuous_fire.MARK: True})
    assert modified_counters(game, attack)[0] == counters


def test_standard_the_ammunition_is_chosen_secretly_from_storage_and_revealed_with_the_fire(make):
    bench = _bench(make, "standard", where=RED)
    _fire_loaded(bench)
    bench.until(2, "combat")
    request = bench.request("continuous-fire", "courageuse", "left")
    assert {c["ammunition"] for c in request.choices if c} == {"ball", "chain", "grapeshot"}
    british = bench.game.view("british")
    assert not [r for r in british["pending"] if r["ship"] == "courageuse"]  # the choice is the French seat's
    bench.answer(request, bench.option(request, "defence", "central", ammunition="chain"))
    assert bench.ship("courageuse").broadsides["left"].fired is None  # nothing revealed before every answer is in
    bench.play(2)
    [attack] = bench.events("attack", 2, attacker="courageuse")
    assert attack["data"]["ammunition"] == "chain" and attack["data"]["pool"] == "C"
    assert len(attack["data"]["counters"]) == 1  # 3 chain counters halved
    assert _side(bench) == (None, None, ["ball", "chain", "grapeshot"])  # chain back in storage; no reload this turn


def test_standard_raking_is_added_before_halving(make):
    bench = _bench(make, "standard", where=AHEAD)
    _fire_loaded(bench, "right")
    bench.play(1)
    [first] = bench.events("attack", 1, attacker="courageuse")
    assert first["data"]["modifiers"] == ["raking-bow"] and len(first["data"]["counters"]) == 4
    bench.script[("continuous-fire", "courageuse", "right")] = lambda r: bench.option(r, "defence", "central", ammunition="ball")
    bench.play(2)
    [attack] = bench.events("attack", 2, attacker="courageuse")
    assert set(attack["data"]["modifiers"]) == {"raking-bow", "continuous-fire"}
    assert len(attack["data"]["counters"]) == 2  # (3 + 1) / 2, not 3 / 2 + 1 rounded differently


def test_standard_double_shot_is_never_fired_continuously(make):
    bench = _bench(make, "standard", where=SHORT, options=("continuous-fire", "double-shot"))
    _fire_loaded(bench)
    bench.until(2, "combat")
    request = bench.request("continuous-fire", "courageuse", "left")
    assert "double-shot" in bench.ship("courageuse").broadsides["left"].storage
    assert {c["ammunition"] for c in request.choices if c} == {"ball", "chain", "grapeshot"}


def _advanced(make):
    bench = _bench(make, "advanced")
    assert "crew-actions" in bench.game.rules.names
    _fire_loaded(bench)
    bench.script[("action", "courageuse")] = ["fire-left", None]  # turn 1: fire the loaded side
    return bench


@pytest.mark.parametrize("order", [("fire-left", "reload-left"), ("reload-left", "fire-left")])
def test_advanced_a_reload_action_planned_with_the_fire_action_of_its_side_has_no_effect(make, order):
    """p. 36 forbids planning both on one broadside; planned anyway (p. 29), the reload has no effect."""
    bench = _advanced(make)
    bench.until(2, "planning")
    request = bench.request("action", "courageuse")
    assert {"fire-left", "reload-left"} <= set(request.choices)
    assert {"fire-left", "reload-left"} <= set(bench.ship("courageuse").ext["crew-actions"]["legal"])  # each alone
    bench.script[("action", "courageuse")] = [*order, None]
    bench.script[("continuous-fire", "courageuse", "left")] = lambda r: bench.option(r, "defence", "central", ammunition="ball")
    bench.play(2)
    [illegal] = bench.events("action-illegal", 2)
    assert (illegal["step"], illegal["data"]["action"]) == ("actions", "reload-left")
    assert illegal["data"]["reason"] == "a Fire action is planned on the left broadside (continuous fire)"
    [attack] = bench.events("attack", 2, attacker="courageuse")
    assert attack["data"]["modifiers"] == ["continuous-fire"]
    assert not bench.events("reloaded", 2, ship="courageuse") and continuous_fire.FIRE_AND_RELOAD


@pytest.mark.parametrize(("actions", "asked"), [
    ([], False),
    (["fire-left"], True),
    (["fire-left", "reload-left"], False),
    (["fire-right", "reload-left"], False),
])
def test_advanced_needs_a_fire_action_and_no_reload_action_on_that_side(make, actions, asked):
    bench = _bench(make, "advanced")
    courageuse = bench.ship("courageuse")
    assert courageuse.broadsides["left"].loaded is None and courageuse.broadsides["left"].storage  # before set-up loading
    courageuse.actions = list(actions)  # as the action step reveals them
    assert continuous_fire.may_fire_continuously(bench.game, courageuse, "left") is asked


def test_advanced_a_planned_fire_action_lets_an_unloaded_side_fire_continuously(make):
    bench = _advanced(make)
    bench.script[("action", "courageuse")] = ["fire-left", None, "fire-left", None]
    bench.script[("continuous-fire", "courageuse", "left")] = lambda r: bench.option(r, "defence", "central", ammunition="ball")
    bench.play(2)
    [attack] = bench.events("attack", 2, attacker="courageuse")
    assert attack["data"]["modifiers"] == ["continuous-fire"] and len(attack["data"]["counters"]) == 1
    assert bench.events("action-illegal", 2) == []
