"""Lacking training (rulebook p. 34): untrained gunners reload a turn later; untrained sailors miss actions.

HMS Terpsichore lies at (613, 450) heading north, her left broadside 120 mm from the Généreux
at (450, 450) (long range, central arc). Movement is blocked: the ships stay where they are.
The Terpsichore fires her left broadside whenever she can.
"""

import pytest

from opt1_bench import make  # noqa: F401  (fixtures)
from sog.errors import ConfigError, PluginError
from sog.plugins.system.hooktypes import Attack
from sog.plugins.system.attacks import modified_counters
from sog.plugins.optional import lacking_training
from sog.plugins.optional.lacking_training import stack_sailors

UNTRAINED = {"lacking-training": {"ships": ["terpsichore"]}}


def _bench(make, level="basic", options=("lacking-training",), settings=UNTRAINED):
    bench = make(level, options, settings=settings, static=True)
    bench.park("defence", "courageuse")
    bench.put("genereux", 450.0, 450.0, 0.0)
    bench.put("terpsichore", 613.0, 450.0, 0.0)
    bench.script[("fire", "terpsichore", "left")] = lambda r: bench.option(r, "genereux", "central")
    return bench


def _fired(bench, kind="fire"):
    return [e["turn"] for e in bench.events("attack", attacker="terpsichore") if e["data"]["side"] == "left"]


def test_untrained_gunners_fire_every_third_turn_instead_of_every_other(make):
    trained = _bench(make, settings={"lacking-training": {"ships": ["defence"]}})
    trained.play(5)
    assert _fired(trained) == [1, 3, 5]
    bench = _bench(make)
    bench.play(7)
    assert _fired(bench) == [1, 4, 7]
    delayed = [(e["turn"], e["data"]["counter"]) for e in bench.events("reload-delayed", side="left")]
    assert delayed[:3] == [(1, "face-up"), (2, "face-down"), (4, "face-up")]
    assert [e["turn"] for e in bench.events("reloaded", ship="terpsichore")] == [3, 6]


def test_the_fired_counter_lies_face_up_in_storage_until_the_next_reloading(make):
    bench = _bench(make)
    bench.reach(2, "planning")
    terpsichore = bench.ship("terpsichore")
    assert terpsichore.broadsides["left"].storage == ["ball"] and terpsichore.broadsides["left"].loaded is None
    assert terpsichore.ext["lacking-training"]["face_up"] == {"left": "ball"}
    bench.reach(3, "planning")
    assert terpsichore.ext["lacking-training"]["face_up"] == {}
    assert terpsichore.broadsides["left"].storage == ["ball"]  # face down now, still not loaded


def test_standard_rules_nothing_is_loaded_from_that_storage_box_in_the_next_turn(make):
    bench = _bench(make, "standard")
    bench.play(3)
    assert bench.asked_of("load", "terpsichore", turn=2, side="left") == []
    [third] = bench.asked_of("load", "terpsichore", turn=3, side="left")
    assert [c["ammunition"] for c in third.choices] == ["ball", "chain", "grapeshot", None]  # None: leave it empty


def test_without_untrained_gunners_reloading_is_normal(make):
    bench = _bench(make, settings={"lacking-training": {"ships": ["terpsichore"], "gunners": False}})
    bench.play(3)
    assert _fired(bench) == [1, 3]


def test_every_ship_lacks_training_when_the_settings_name_none(make):
    bench = _bench(make, settings=None)
    bench.play(4)
    assert _fired(bench) == [1, 4]
    assert lacking_training.DEFAULT_SHIPS == "all"


def test_continuous_fire_by_untrained_gunners_draws_a_third_of_the_counters(make):
    bench = _bench(make, options=("lacking-training", "continuous-fire"))
    bench.script[("continuous-fire", "terpsichore", "left")] = lambda r: next(
        c for c in r.choices if c and c["target"] == "genereux" and c["arc"] == "central")
    bench.play(2)
    [first, second] = [e["data"] for e in bench.events("attack", attacker="terpsichore")]
    assert first["firepower"] == second["firepower"] == 4
    assert len(first["counters"]) == 4
    assert second["modifiers"] == ["lacking-training", "continuous-fire"] and len(second["counters"]) == 1  # 4/3, not 4/2


@pytest.mark.parametrize("firepower", range(0, 25))
def test_one_third_rounds_down_whatever_the_firepower(make, firepower):
    bench = _bench(make, options=("lacking-training", "continuous-fire"))
    for attacker, expected in (("terpsichore", firepower // 3), ("defence", firepower // 2)):
        attack = Attack(attacker=attacker, target="genereux", kind="artillery", side="left", arc="central", band="long",
                        distance=120.0, pool="A", firepower=firepower, ammunition="ball", extra={"continuous-fire": True})
        assert modified_counters(bench.game, attack)[0] == expected


def _advanced(make, settings):
    bench = _bench(make, "advanced", settings=settings)
    return bench


def test_advanced_rules_a_reload_action_is_delayed_one_turn(make):
    trained = _advanced(make, {"lacking-training": {"ships": ["defence"]}})
    trained.script[("action", "terpsichore")] = ["fire-left", None, "reload-left", None, "fire-left", None]
    trained.play(3)
    assert _fired(trained) == [1, 3]
    bench = _advanced(make, UNTRAINED)
    bench.script[("action", "terpsichore")] = ["fire-left", None, "reload-left", None, None, "fire-left", None]
    bench.play(4)
    assert [(e["turn"], e["data"]["delayed"], e["data"]["released"]) for e in bench.events("reload-delayed")] == [
        (2, ["reload-left"], []), (3, [], ["reload-left"])]
    assert all("reload-left" not in r.choices for r in bench.asked_of("action", "terpsichore", turn=3))
    assert [e["turn"] for e in bench.events("reloaded", ship="terpsichore")] == [3]
    assert _fired(bench) == [1, 4]


def test_advanced_rules_untrained_sailors_lose_a_drawn_action_against_the_blank(make):
    bench = _advanced(make, {"lacking-training": {"ships": ["terpsichore"], "gunners": False, "sailors": True}})
    stack_sailors(bench.game, [("fire-left", False)])
    bench.script[("action", "terpsichore")] = ["fire-left", "musketry", None]
    bench.reach(1, "combat")
    [draw] = [e["data"] for e in bench.events("sailors-draw", 1)]
    assert draw == {"ship": "terpsichore", "candidates": ["fire-left", "musketry"], "action": "fire-left", "kept": False}
    assert _fired(bench) == [] and bench.asked_of("fire", "terpsichore") == []


def test_advanced_rules_a_drawn_action_that_is_kept_takes_effect(make):
    bench = _advanced(make, {"lacking-training": {"ships": ["terpsichore"], "gunners": False, "sailors": True}})
    stack_sailors(bench.game, [("fire-left", True)])
    bench.script[("action", "terpsichore")] = ["fire-left", None]
    bench.play(1)
    assert _fired(bench) == [1]


def test_advanced_rules_the_sailors_draw_leaves_out_delayed_actions(make):
    bench = _advanced(make, {"lacking-training": {"ships": ["terpsichore"], "sailors": True}})
    stack_sailors(bench.game, [("fire-left", True), ("reload-left", True), ("musketry", True)])
    bench.script[("action", "terpsichore")] = ["fire-left", None, "reload-left", None, "musketry", None]
    bench.reach(3, "combat")
    assert [e["data"]["candidates"] for e in bench.events("sailors-draw")] == [["fire-left"], ["reload-left"], ["musketry"]]
    assert "reload-left" in bench.ship("terpsichore").actions  # released in turn 3, after the draw


def test_a_stacked_sailors_draw_must_name_a_revealed_action(make):
    bench = _advanced(make, {"lacking-training": {"ships": ["terpsichore"], "gunners": False, "sailors": True}})
    stack_sailors(bench.game, [("pump-water", True)])
    bench.script[("action", "terpsichore")] = ["fire-left", None]
    with pytest.raises(PluginError, match="pump-water"):
        bench.play(1)


@pytest.mark.parametrize("level", ["basic", "standard"])
def test_untrained_sailors_need_the_advanced_rules(make, level):
    with pytest.raises(ConfigError, match="sailors lacking training need the Advanced rules"):
        make(level, ("lacking-training",), settings={"lacking-training": {"sailors": True}})


def test_settings_naming_an_unknown_ship_are_a_configuration_error(make):
    with pytest.raises(ConfigError, match="victory"):
        make("basic", ("lacking-training",), settings={"lacking-training": {"ships": ["victory"]}})


def test_settings_are_checked_against_the_schema(make):
    with pytest.raises(ConfigError, match="lacking-training"):
        make("basic", ("lacking-training",), settings={"lacking-training": {"gunners": "yes"}})
