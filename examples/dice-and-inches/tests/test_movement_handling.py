"""Sailing rules as pure functions: points of sail, speeds by rig, the wind's eye, turns."""

from __future__ import annotations

import pytest

from dice_and_inches import handling as h


@pytest.mark.parametrize(("heading", "wind", "point"), [
    (0, 0, "eye"), (20, 0, "eye"), (340, 0, "eye"),
    (45, 0, "ahead"), (315, 0, "ahead"), (60, 0, "ahead"),
    (90, 0, "side"), (270, 0, "side"),
    (135, 0, "rear"), (180, 0, "rear"), (225, 0, "rear"),
    (90, 45, "ahead"), (0, 200, "rear"),
])
def test_point_of_sail_bands_from_ahead_side_and_rear(heading: float, wind: float, point: str) -> None:
    assert h.point_of_sail(heading, wind) == point


def test_text_speeds_six_inches_from_ahead_twelve_from_side_or_rear_for_the_brigantine() -> None:
    assert h.speed("brigantine", 45, 0) == 6
    assert h.speed("brigantine", 90, 0) == 12
    assert h.speed("brigantine", 180, 0) == 12


def test_rig_effect_schooner_better_into_the_wind_brig_better_before_it() -> None:
    ahead = {rig: h.speed(rig, 45, 0) for rig in h.RIG_SPEEDS}
    rear = {rig: h.speed(rig, 180, 0) for rig in h.RIG_SPEEDS}
    assert ahead["schooner"] > ahead["brigantine"] > ahead["brig"]
    assert rear["brig"] > rear["brigantine"] > rear["schooner"]
    assert {h.speed(rig, 90, 0) for rig in h.RIG_SPEEDS} == {12}


def test_no_speed_in_the_wind_eye_nor_for_a_battery() -> None:
    assert h.speed("schooner", 0, 0) == 0
    assert h.speed("none", 90, 0) == 0


def test_jury_mast_halves_the_speed() -> None:
    assert h.speed("brig", 180, 0, jury_mast=True) == 6.5
    assert h.half_move("brigantine", 90, 0, jury_mast=True) == 3


def test_half_moves_lie_on_the_distance_grid() -> None:
    for rig in h.RIG_SPEEDS:
        for heading in (45, 90, 180):
            for jury in (False, True):
                half = h.half_move(rig, heading, 0, jury)
                assert half / h.MOVE_STEP == int(half / h.MOVE_STEP)


def test_a_turn_into_the_wind_eye_points_straight_into_the_wind() -> None:
    assert h.turn_heading(60, -45, 0) == 0
    assert h.turn_heading(60, 45, 0) == 105


def test_turn_options_replace_the_windward_turn_by_luff_and_tack() -> None:
    assert h.turn_options(45, 0) == [0, "luff", "tack", 45]
    assert h.turn_options(315, 0) == [0, -45, "luff", "tack"]
    assert h.turn_options(90, 0) == [0, -45, 45]


def test_a_ship_in_the_wind_eye_may_only_point() -> None:
    assert h.turn_options(0, 0) == [0, -45, 45]


def test_tack_ends_45_degrees_past_the_wind() -> None:
    # From heading 45 with the wind from the north, the bow turns anticlockwise through it.
    assert h.windward_turn(45, 0) == -45
    assert h.tack_heading(0, -1) == 315
    assert h.windward_turn(315, 0) == 45
    assert h.tack_heading(0, 1) == 45


def test_downwind_is_opposite_the_wind() -> None:
    assert h.downwind(0) == 180
    assert h.downwind(270) == 90
