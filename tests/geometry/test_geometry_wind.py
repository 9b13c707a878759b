"""Unit tests of sog.plugins.system.geometry.wind, including the exact-border rulings."""

import pytest

from sog.geometry import ANGLE_EPS
from sog.plugins.system.geometry import attitude, wind_angle, wind_side

SECTORS = [(45, "taken-aback"), (80, "beating"), (150, "reaching"), (180, "running")]


@pytest.mark.parametrize(
    ("heading", "wind_from", "expected"),
    [(0, 0, 0), (0, 180, 180), (350, 10, 20), (10, 350, 20), (90, 300, 150), (270, 90, 180),
     (45, 0, 45)],
)
def test_wind_angle(heading, wind_from, expected):
    assert wind_angle(heading, wind_from) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("angle", "expected"),
    [
        (0, "taken-aback"),
        (30, "taken-aback"),
        (44.999, "taken-aback"),
        (45.001, "beating"),
        (60, "beating"),
        (79.999, "beating"),
        (100, "reaching"),
        (149.999, "reaching"),
        (150.001, "running"),
        (170, "running"),
        (180, "running"),
    ],
)
def test_attitude_inside_sectors(angle, expected):
    assert attitude(0, angle, SECTORS) == expected
    assert attitude(0, -angle, SECTORS) == expected  # port and starboard alike


def test_border_taken_aback_beating_rules_beating():
    assert attitude(0, 45, SECTORS) == "beating"
    assert attitude(200, 245, SECTORS) == "beating"
    assert attitude(0, 45 - 0.5 * ANGLE_EPS, SECTORS) == "beating"  # "exact" within tolerance
    assert attitude(0, 45 - 10 * ANGLE_EPS, SECTORS) == "taken-aback"


def test_border_beating_reaching_rules_reaching():
    assert attitude(0, 80, SECTORS) == "reaching"
    assert attitude(0, 80 + 0.5 * ANGLE_EPS, SECTORS) == "reaching"
    assert attitude(10, 10 - 80, SECTORS) == "reaching"


def test_border_reaching_running_rules_reaching():
    assert attitude(0, 150, SECTORS) == "reaching"
    assert attitude(90, 240, SECTORS) == "reaching"


def test_custom_speed_rank_and_ties():
    rank = {"a": 1, "b": 1, "c": 0}
    sectors = [(60, "a"), (120, "b"), (180, "c")]
    assert attitude(0, 60, sectors, rank) == "a"  # tie: the sector nearer the wind
    assert attitude(0, 120, sectors, rank) == "b"  # b faster than c
    assert attitude(0, 100, [(90, "x"), (180, "y")], {}) == "y"  # no border met: no rank needed
    with pytest.raises(ValueError):
        attitude(0, 90, [(90, "x"), (180, "y")], {})


def test_invalid_sectors():
    with pytest.raises(ValueError):
        attitude(0, 10, [])
    with pytest.raises(ValueError):
        attitude(0, 10, [(80, "a"), (45, "b"), (180, "c")])
    with pytest.raises(ValueError):
        attitude(0, 10, [(45, "a"), (170, "b")])


def test_wind_side():
    assert wind_side(0, 90) == "starboard"
    assert wind_side(0, 270) == "port"
    assert wind_side(90, 0) == "port"
    assert wind_side(0, 0) is None
    assert wind_side(0, 180) is None
