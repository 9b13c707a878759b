"""Helpers of the fire tests (no tests here): pieces of a real dice-squadron game set where
a test needs them.

``arrange(table, ...)`` builds a fresh game from the ``table`` factory and takes every piece
out of play but the firer ``a``, the target ``b`` and, if asked, ``a``'s friend ``c``; it puts
them at ``(x, y, heading)`` in inches (hull centres; the ships are 6" x 2", foremast 1.5"
forward of the centre) with the guns and crews the test gives. ``a`` is the brig Hornet, or
the American fort (``a_battery="large"``) or the British battery (``"small"``); ``b`` is the
schooner Viper, or Hornet when ``a`` is the fort, or the fort (``b_battery="large"``) or the
British battery (``"small"``, for the fort to fire at). The
scenario's rock stands at (54", 30"), 1.5" in radius (:data:`ROCK`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dice_and_inches.state import Crew, DiceShip, Gun
from dice_and_inches.units import mm
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.setup import new_game
from sog.state import PoseState
from sog.testing import Bench

Table = Callable[..., Game]

#: The dice-squadron rock: centre and radius, inches.
ROCK = (54.0, 30.0, 1.5)


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    """The data of the logged events of ``kind``, in order."""
    return [e["data"] for e in game.log.of_kind(kind)]


@pytest.fixture
def table(catalogue: Any, library: Any) -> Table:
    """A factory of new dice-squadron games (seed 5); ``blocked`` rules off."""
    def make(blocked: tuple[str, ...] = ()) -> Game:
        return new_game("dice-squadron", seed=5, catalogue=catalogue, library=library, blocked=blocked)
    return make


def _set(ship: DiceShip, at: tuple[float, float, float], guns: list[tuple[str, str]] | None,
         crew: tuple[int, int, int] | None) -> None:
    x, y, heading = at
    ship.pose = PoseState(x=mm(x), y=mm(y), heading=heading)
    if guns is not None:
        ship.guns = [Gun(kind=k, side=s) for k, s in guns]
    if crew is not None:
        ship.crew = Crew(sailors=crew[0], marines=crew[1], officers=crew[2])


def arrange(table: Table, *, a_guns: list[tuple[str, str]], a_crew: tuple[int, int, int] = (6, 2, 1),
            a_battery: str | None = None, a_at: tuple[float, float, float] = (10, 10, 0),
            b_at: tuple[float, float, float] = (20, 10, 0), b_guns: list[tuple[str, str]] | None = None,
            b_crew: tuple[int, int, int] = (6, 2, 1), b_battery: str | None = None,
            c_at: tuple[float, float, float] | None = None, d_at: tuple[float, float, float] | None = None,
            blocked: tuple[str, ...] = ()) -> tuple[Game, DiceShip, DiceShip]:
    """A game with ``a`` and its enemy ``b``, a friend ``c`` of ``a``'s if ``c_at`` and a friend
    ``d`` of ``b``'s (Argus, or Dolphin when ``b`` is Hornet) if ``d_at``."""
    game = table(blocked)
    a_id = {"large": "fort", "small": "battery"}.get(a_battery or "", "hornet")
    b_id = {"large": "fort", "small": "battery"}.get(b_battery or "") or ("hornet" if a_id == "fort" else "viper")
    c_id = "dolphin" if a_id != "fort" else "enterprise"
    d_id = "dolphin" if b_id == "hornet" else "argus"
    keep = {a_id, b_id} | ({c_id} if c_at is not None else set()) | ({d_id} if d_at is not None else set())
    for ship in list(game.ships()):
        if ship.id not in keep:
            game.remove_ship(ship.id, "surrendered")
    a, b = game.ship(a_id), game.ship(b_id)
    _set(a, a_at, a_guns, a_crew)
    _set(b, b_at, b_guns if b_guns is not None else [("cannon", "left")], b_crew)
    if c_at is not None:
        _set(game.ship(c_id), c_at, [], (5, 0, 1))
    if d_at is not None:
        _set(game.ship(d_id), d_at, [], (5, 0, 1))
    return game, a, b


def quiet(request: DecisionRequest) -> Any:
    """Any decision a test does not script: the least (0 men, hold fire, the first choice)."""
    if request.number is not None:
        return request.number.min
    for least in (None, "none", "hold"):
        if least in request.choices:
            return least
    return request.choices[0]


class FireBench(Bench):
    """A bench whose unscripted decisions are the least: the fire tests script the rest."""

    fallback = staticmethod(quiet)
    defaults: dict[str, Any] = {}
