"""Damage to batteries (rulebook pp. 47-48): counters placed with the fortification rating as
burden, destroyed or surrendered when a track is covered, its counters back in their pools,
still firing in the phase it is eliminated; with the Advanced rules only crew and fire special
damage count."""

from __future__ import annotations

import pytest

from sog.plugins.batteries.damage import damage_battery, eliminate_if_covered
from sog.plugins.system.battery_table import placed_batteries
from sog.plugins.system.land_targets import land_targets

from battery_bench import SOUTH, bench

LEVELS = ("basic", "standard", "advanced")


def _hit(b, pool, wanted, target="fort"):
    """Draw ``wanted`` counters from ``pool`` and leave them for this turn's damage step."""
    b.stack(pool, wanted)
    counters = b.game.draw(pool, len(wanted))
    hits = b.game.state.ext.setdefault("combat", {}).setdefault("hits", {})
    hits.setdefault(target, {"counters": [], "attacks": []})["counters"].extend(c.model_dump() for c in counters)
    return counters


def _at_combat(level):
    """A bench standing in turn 1's combat step: the fort, which planned to fire (Advanced), has
    HMS Terpsichore in reach and holds fire."""
    b = bench(level)
    b.defaults = {**b.defaults, "battery-actions": lambda r: next(c for c in r.choices if c == ["fire-guns"])}
    b.only(("terpsichore", SOUTH))
    b.until(1, "combat")
    return b


def _labels(track):
    return [[c["value"] for c in box["counters"]] for box in track]


@pytest.mark.parametrize("level", LEVELS)
def test_counters_fill_the_damage_boxes_with_the_fortification_rating_as_burden(level):
    b = _at_combat(level)
    _hit(b, "A", [(2, None), (1, None), (3, None)])
    b.reach(1, "reloading")
    record = b.record()
    # Fortification rating 2: the 3 alone in box 1, the 2 alone in box 2 (both full), the 1 in box 3.
    assert _labels(record["battery_track"]) == [[3], [2], [1], []]
    assert [box["full"] for box in record["battery_track"]] == [True, True, False, False]
    (event,) = b.events("battery-damaged", 1)
    assert event["data"]["battery"] == "fort" and record["status"] == "in-play"


@pytest.mark.parametrize("level", LEVELS)
def test_a_battery_whose_damage_track_is_covered_is_destroyed_and_its_counters_go_back(level):
    b = _at_combat(level)
    before = b.game.pools.remaining("A")
    _hit(b, "A", [(2, None), (2, None), (2, None), (2, None), (0, None)])
    b.reach(1, "reloading")
    record = b.record()
    assert record["status"] == "destroyed"
    (event,) = b.events("battery-eliminated", 1)
    assert event["data"] == {"battery": "fort", "status": "destroyed", "returned": 5}
    assert all(not box["counters"] for box in record["battery_track"]) and record["zero_box"] == []
    assert b.game.pools.remaining("A") == before  # the zero too
    assert placed_batteries(b.game)[0].in_play is False
    assert "fort" not in {t.id for t in land_targets(b.game)}


@pytest.mark.parametrize("level", LEVELS)
def test_a_battery_whose_crew_track_is_covered_surrenders(level):
    b = _at_combat(level)
    _hit(b, "E", [(None, "crew"), (None, "crew"), (None, "crew")])
    b.reach(1, "reloading")
    assert b.record()["status"] == "surrendered"
    assert [e["data"]["status"] for e in b.events("battery-eliminated", 1)] == ["surrendered"]


def test_a_battery_destroyed_by_this_turns_fire_has_fired_in_it():
    b = bench()
    b.only(("terpsichore", SOUTH))
    b.script[("battery-fire", None)] = lambda r: r.choices[1]
    b.until(1, "combat")
    _hit(b, "A", [(2, None)] * 4)  # enough to destroy it, drawn in the same combat
    b.reach(1, "reloading")
    assert b.record()["status"] == "destroyed"
    (attack,) = [e["data"] for e in b.events("attack", 1) if e["data"]["attacker"] == "fort"]
    (damage,) = b.events("damage-applied", 1, ship="terpsichore")
    assert damage["data"]["counters"] == attack["counters"]  # its shot reached the ship all the same


def test_with_advanced_rules_a_battery_ignores_special_damage_but_crew_and_fire():
    b = _at_combat("advanced")
    _hit(b, "A", [(1, "mast"), (1, "fire"), (1, "crew"), (1, "sail")])
    b.reach(1, "reloading")
    record = b.record()
    assert record["fires"] == 1 and "special" not in record  # no mast or sail damage
    assert record["crew_track"][0]["markers"] == ["crew-loss"]  # the number with a crew symbol
    b.reach(2, "planning")
    (burn,) = b.events("battery-fire-damage", 2)
    assert burn["data"]["fires"] == 1
    assert "fire-damage" in sum((box["markers"] for box in b.record()["battery_track"]), [])


def test_with_basic_rules_a_fire_symbol_on_a_battery_is_only_its_number():
    b = _at_combat("basic")
    _hit(b, "A", [(1, "fire")])
    b.reach(2, "planning")
    assert "fires" not in b.record() and b.events("battery-fire-damage") == []


def test_when_a_pool_runs_out_the_batteries_zero_boxes_go_back_to_it():
    b = bench()
    fort = placed_batteries(b.game)[0]
    b.stack("A", [(0, None), (0, None)])
    zeros = b.game.draw("A", 2)
    damage_battery(b.game, fort, zeros)
    assert len(b.record()["zero_box"]) == 2
    b.game.hook.sog_pool_exhausted(game=b.game, pool="A")
    assert b.record()["zero_box"] == []


def test_eliminating_checks_both_tracks_and_leaves_a_battery_with_room_in_play():
    b = bench()
    fort = placed_batteries(b.game)[0]
    b.stack("A", [(1, None)])
    damage_battery(b.game, fort, b.game.draw("A", 1))
    assert eliminate_if_covered(b.game, fort) is False and b.record()["status"] == "in-play"
