"""Double shot (rulebook p. 36): storage at set-up, two turns to load, both pools within half the ruler.

HMS Defence lies at (450, 450) heading north; the Courageuse (central firepower 3) lies
abeam to the east, heading north, her left broadside bearing. Movement is blocked.
"""

import pytest

from opt2_bench import make  # noqa: F401  (fixtures)
from sog.errors import ConfigError
from sog.plugins.optional import double_shot

LONG = (471.5 + 120.0 + 21.5, 450.0, 0.0)
SHORT = (471.5 + 60.0 + 21.5, 450.0, 0.0)
RED = (471.5 + 30.0 + 21.5, 450.0, 0.0)


def _bench(make, where=SHORT, options=("double-shot",), level="standard"):
    bench = make(level, options, static=True)
    bench.park("terpsichore", "genereux")
    bench.put("defence", 450.0, 450.0, 0.0)
    bench.put("courageuse", *where)
    return bench


def _load_at_setup(bench, ammunition):
    bench.script[("load", "courageuse", "left")] = [lambda r: next(c for c in r.choices if c["ammunition"] == ammunition)]


def _fire(bench):
    bench.script[("fire", "courageuse", "left")] = lambda r: bench.option(r, "defence", "central")


def _side(bench, side="left"):
    b = bench.ship("courageuse").broadsides[side]
    return b.loaded, b.fired, sorted(b.storage)


def test_setup_adds_a_double_shot_counter_to_each_broadsides_storage(make):
    bench = _bench(make)
    for ship in bench.game.ships():
        for side in ("left", "right"):
            assert sorted(ship.broadsides[side].storage) == ["ball", "chain", "double-shot", "grapeshot"]
    bench.until(1, "setup")
    request = bench.request("load", "courageuse", "left")
    assert {c["ammunition"] for c in request.choices} == {"ball", "chain", "double-shot", "grapeshot"}


def test_not_allowed_with_basic_rules(make):
    with pytest.raises(ConfigError, match="option 'double-shot' is not allowed with basic rules"):
        make("basic", ("double-shot",))


@pytest.mark.parametrize("where", [SHORT, RED], ids=["orange", "red"])
def test_within_half_the_ruler_the_target_takes_both_pools(make, where):
    bench = _bench(make, where)
    _load_at_setup(bench, "double-shot")  # ruling SETUP_READY: loaded before the battle, ready in turn 1
    _fire(bench)
    bench.play(1)
    [attack] = bench.events("attack", 1, attacker="courageuse")
    assert attack["data"]["ammunition"] == "double-shot" and attack["data"]["pool"] == "B"
    assert attack["data"]["modifiers"] == ["double-shot"] and len(attack["data"]["counters"]) == 3
    [extra] = bench.events("double-shot-hit", 1)
    assert extra["data"]["pool"] == "A" and len(extra["data"]["counters"]) == 3  # 3 B and 3 A tokens
    [applied] = bench.events("damage-applied", 1, ship="defence")
    assert applied["data"]["counters"] == attack["data"]["counters"] + extra["data"]["counters"]


def test_beyond_half_the_ruler_the_target_takes_nothing(make):
    bench = _bench(make, LONG)
    _load_at_setup(bench, "double-shot")
    _fire(bench)
    bench.play(1)
    [attack] = bench.events("attack", 1, attacker="courageuse")
    assert attack["data"]["modifiers"] == ["double-shot-missed"] and attack["data"]["counters"] == []
    assert bench.events("double-shot-hit") == []
    assert all(e["data"]["counters"] == [] for e in bench.events("damage-applied", 1, ship="defence"))
    assert _side(bench) == (None, None, ["ball", "chain", "double-shot", "grapeshot"])  # fired, then stored


def test_double_shot_takes_two_turns_to_load(make):
    bench = _bench(make)
    _fire(bench)
    bench.script[("load", "courageuse", "left")] = [
        lambda r: next(c for c in r.choices if c["ammunition"] == "ball"),  # set-up
        lambda r: next(c for c in r.choices if c["ammunition"] == "double-shot"),  # reloading, turn 2
    ]
    bench.play(2)  # fired ball in turn 1; double shot chosen in the reloading phase of turn 2
    assert [e["data"] for e in bench.events("double-shot-preparing", 2)] == [{"ship": "courageuse", "side": "left"}]
    assert bench.events("reloaded", 2, ship="courageuse") == []
    assert _side(bench) == (None, None, ["ball", "chain", "double-shot", "grapeshot"])
    assert bench.ship("courageuse").ext["double-shot"]["preparing"] == ["left"]  # face up: public
    assert bench.game.view("british")["ships"]["courageuse"]["ext"]["double-shot"]["preparing"] == ["left"]
    bench.until(3, "combat")
    assert not [r for r in bench.pending("fire", "courageuse") if r.id.endswith(".left")]  # not loaded yet in turn 3
    bench.play(3)
    [load] = [a for e in bench.events("decisions", 3) for a in e["data"]["answers"] if a["id"].endswith("load.courageuse.left")]
    assert load["answer"] == {"side": "left", "ammunition": "double-shot"}  # the only choice: answered at once
    assert _side(bench) == ("double-shot", None, ["ball", "chain", "grapeshot"])
    assert bench.ship("courageuse").ext["double-shot"]["preparing"] == []
    bench.until(4, "combat")
    assert bench.request("fire", "courageuse", "left")  # fires in turn 4


def test_a_ball_chosen_at_the_same_time_loads_as_usual(make):
    bench = _bench(make)
    _fire(bench)
    bench.play(2)
    assert _side(bench) == ("ball", None, ["chain", "double-shot", "grapeshot"])
    assert bench.events("double-shot-preparing") == []


def test_first_broadside_adds_to_both_pools(make):
    bench = _bench(make, options=("double-shot", "first-broadside"))
    _load_at_setup(bench, "double-shot")
    _fire(bench)
    bench.play(1)
    [attack] = bench.events("attack", 1, attacker="courageuse")
    [extra] = bench.events("double-shot-hit", 1)
    assert len(attack["data"]["counters"]) == len(extra["data"]["counters"]) == 4  # 3 + 1 in each pool


def test_no_continuous_fire_while_a_double_shot_is_being_prepared(make):
    bench = _bench(make, options=("double-shot", "continuous-fire"))
    _fire(bench)
    bench.script[("load", "courageuse", "left")] = [
        lambda r: next(c for c in r.choices if c["ammunition"] == "ball"),
        lambda r: next(c for c in r.choices if c["ammunition"] == "double-shot"),
    ]
    bench.until(2, "combat")
    assert bench.request("continuous-fire", "courageuse", "left")  # unloaded, not preparing: may fire
    bench.play(2)
    bench.until(3, "combat")
    assert bench.pending("continuous-fire", "courageuse") == []  # preparing the double shot


def test_within_half_follows_the_ruler(make):
    game = _bench(make).game
    assert [double_shot.within_half(game, band) for band in ("red", "short", "long", None)] == [True, True, False, False]
