"""Stored poses are tidy (POSE_ROUNDING): 0.001 mm and 0.001 degree, never into a clash."""

from __future__ import annotations

import math
from typing import Any

from sog.geometry import Pose
from test_games import play, play_captains

from dice_and_inches.movement_table import POSE_DECIMALS, tidy
from dice_and_inches.units import hull


def _tidy_number(value: float) -> bool:
    return round(value, POSE_DECIMALS) == value


def test_poses_in_the_log_and_the_state_are_rounded_to_a_thousandth(catalogue: Any, library: Any) -> None:
    for game in (play_captains("dice-duel", 1, catalogue, library), play("dice-squadron", 2, catalogue, library)):
        for event in game.log.events:
            if event["kind"] in ("ship-sailed", "ship-drifted", "collision") and "x" in event["data"]:
                d = event["data"]
                assert _tidy_number(d["x"]) and _tidy_number(d["y"]), event
        for ship in game.state.ships.values():
            assert all(_tidy_number(v) for v in (ship.pose.x, ship.pose.y, ship.pose.heading)), ship.id
            assert 0.0 <= ship.pose.heading < 360.0


def test_rounding_never_pushes_a_ship_into_another(duel: Any) -> None:
    hornet, swift = duel.ship("hornet"), duel.ship("swift")
    swift.pose.x, swift.pose.y, swift.pose.heading = 600.0004, 700.0, 0.0
    beam = hull(duel, swift).width
    touching = Pose(600.0004 + beam, 700.0, 0.0)  # flush with Swift's side; the nearest thousandth is 0.0004 mm in
    assert not hull(duel, hornet, touching).overlaps(hull(duel, swift))
    got = tidy(duel, hornet, touching)
    assert got.x == 650.801 and not hull(duel, hornet, got).overlaps(hull(duel, swift))


def test_rounding_never_pushes_a_ship_over_the_edge(duel: Any) -> None:
    hornet = duel.ship("hornet")
    body = hull(duel, hornet)
    flush = (body.width + body.length) / 2 * math.sqrt(0.5)  # heading 45: her west corner on the edge
    at = Pose(flush, 700.0, 45.0)
    assert hull(duel, hornet, at).inside(1371.6, 1524.0) and round(flush, 3) < flush
    got = tidy(duel, hornet, at)
    assert got.x == round(flush + 0.0005, 3) and hull(duel, hornet, got).inside(1371.6, 1524.0)
