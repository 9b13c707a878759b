"""The printed gunnery tables: range and to-hit, hit results, carronades, land cannon."""

from __future__ import annotations

import pytest

from dice_and_inches.fire_tables import HIT_RESULTS, hit_result, max_range, to_hit


@pytest.mark.parametrize(("distance", "need"), [(1.0, 2), (3.0, 2), (3.1, 3), (6.0, 3), (6.5, 5), (24.0, 5)])
def test_cannon_range_table_hits_on_2_3_and_5_at_3_6_and_24_inches(distance: float, need: int) -> None:
    assert to_hit("cannon", distance) == need


def test_cannon_cannot_fire_beyond_24_inches() -> None:
    assert to_hit("cannon", 24.01) is None


@pytest.mark.parametrize(("distance", "need"), [(2.0, 3), (3.0, 3), (5.0, 5), (6.0, 5), (6.01, None), (24.0, None)])
def test_swivel_range_table_hits_on_3_at_3_inches_5_at_6_and_not_at_24(distance: float, need: int | None) -> None:
    assert to_hit("swivel", distance) == need


@pytest.mark.parametrize(("distance", "need"), [(0.5, 5), (3.0, 5), (3.01, None), (6.0, None), (24.0, None)])
def test_muskets_hit_on_5_or_6_at_3_inches_only(distance: float, need: int | None) -> None:
    assert to_hit("musket", distance) == need


@pytest.mark.parametrize(("distance", "need"), [(3.0, 2), (6.0, 3), (6.01, None), (20.0, None)])
def test_carronade_fires_at_short_range_only_on_cannon_numbers(distance: float, need: int | None) -> None:
    assert to_hit("carronade", distance) == need
    assert max_range("carronade") == 6.0


@pytest.mark.parametrize(("distance", "need"), [(3.0, 1), (6.0, 2), (20.0, 4), (30.0, 4), (30.01, None)])
def test_land_cannon_add_6_inches_to_long_range_and_1_to_the_hit_roll(distance: float, need: int | None) -> None:
    assert to_hit("cannon", distance, land=True) == need
    assert max_range("cannon", land=True) == 30.0


def test_hit_result_shot_column_as_printed() -> None:
    assert [hit_result("shot", d) for d in range(1, 7)] == [
        {"guns": 1}, {"crew": 1}, {"crew": 1}, {"hull": 1}, {"hull": 1}, {"rigging": 1}]


def test_hit_result_grape_column_as_printed() -> None:
    assert [hit_result("grape", d) for d in range(1, 7)] == [
        {}, {"crew": 1}, {"crew": 1}, {"crew": 1}, {"crew": 1}, {"rigging": 1, "crew": 1}]


def test_hit_result_swivel_column_as_printed() -> None:
    assert [hit_result("swivel", d) for d in range(1, 7)] == [{"crew": 1}] * 5 + [{"officers": 1}]


def test_double_damage_doubles_every_hit_of_the_result() -> None:
    assert hit_result("grape", 6, multiplier=2) == {"rigging": 2, "crew": 2}
    assert hit_result("shot", 4, multiplier=4) == {"hull": 4}


def test_ship_firing_at_land_cannon_misses_on_4_5_and_6() -> None:
    for column in ("shot", "grape", "swivel"):
        for die in (4, 5, 6):
            assert hit_result(column, die, at_battery=True) == {}
        for die in (1, 2, 3):
            assert hit_result(column, die, at_battery=True) == HIT_RESULTS[column][die]


def test_small_land_guns_hull_hits_are_misses() -> None:
    assert hit_result("shot", 4, small_battery=True) == {}
    assert hit_result("shot", 5, small_battery=True) == {}
    assert hit_result("shot", 2, small_battery=True) == {"crew": 1}
