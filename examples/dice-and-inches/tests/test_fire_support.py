"""Helpers of the fire tests (no tests here): set two ships (and a third) on a table.

``arrange(table, ...)`` builds a fresh game from the ``table`` factory and puts ship ``a``
(the firer, hull centre at ``a_at`` in inches) and ship ``b`` (the target) with the guns and
crews a test needs; positions and sizes are in inches, the hulls 6" x 2" (foremast 1.5"
forward of the centre).
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from dice_and_inches.state import Crew, DiceShip, Gun
from dice_and_inches.units import mm
from sog.state import PoseState

Table = Callable[[], Any]


class FakeGame:
    """A stand-in game for the pure rule functions (until the core's game systems land)."""

    def __init__(self, ships: list[DiceShip], docs: dict[str, Any]) -> None:
        self.state = SimpleNamespace(turn=1, scenario="test", stacked=[])
        self._ships = {s.id: s for s in ships}
        self._docs = docs
        self.log: list[dict[str, Any]] = []
        self.rocks: list[dict[str, float]] = []
        self.content = SimpleNamespace(scenario=lambda _id: SimpleNamespace(setup={"rocks": self.rocks}))

    def ship(self, ship_id: str) -> DiceShip:
        return self._ships[ship_id]

    def ships(self, side: str | None = None) -> list[DiceShip]:
        return [s for s in self._ships.values() if s.in_play and (side is None or s.side == side)]

    def ships_on_table(self) -> list[DiceShip]:
        return self.ships()

    def ship_doc(self, ship: DiceShip) -> Any:
        return self._docs[ship.ship]

    def stack_dice(self, results: list[int]) -> None:
        self.state.stacked.extend(results)

    def roll(self, sides: int, count: int = 1, *, reason: str, **details: Any) -> list[int]:
        assert len(self.state.stacked) >= count, f"{reason}: no forced die left"
        out = [self.state.stacked.pop(0) for _ in range(count)]
        self.emit("dice-rolled", results=out, reason=reason)
        return out

    def emit(self, kind: str, /, **data: Any) -> None:
        self.log.append({"kind": kind, "data": data})

    def events_of(self, kind: str) -> list[dict[str, Any]]:
        return [e["data"] for e in self.log if e["kind"] == kind]


def _ship(ship_id: str, side: str, at: tuple[float, float, float], guns: list[tuple[str, str]],
          crew: tuple[int, int, int], battery: str | None) -> DiceShip:
    x, y, heading = at
    return DiceShip(id=ship_id, ship="battery" if battery else "brig", name=ship_id.upper(), side=side, seat=side,
                    pose=PoseState(x=mm(x), y=mm(y), heading=heading), rig="none" if battery else "brig",
                    battery=battery, crew=Crew(sailors=crew[0], marines=crew[1], officers=crew[2]),
                    guns=[Gun(kind=k, side=s) for k, s in guns])


@pytest.fixture
def table() -> Table:
    docs = {"brig": {"length": 6.0, "beam": 2.0}, "battery": {"length": 6.0, "beam": 2.0}}
    return lambda ships: FakeGame(ships, docs)


def arrange(table: Table, *, a_guns: list[tuple[str, str]], a_crew: tuple[int, int, int] = (6, 2, 1),
            a_battery: str | None = None, a_at: tuple[float, float, float] = (10, 10, 0),
            b_at: tuple[float, float, float] = (20, 10, 0), b_guns: list[tuple[str, str]] | None = None,
            b_crew: tuple[int, int, int] = (6, 2, 1), b_battery: str | None = None,
            c_at: tuple[float, float, float] | None = None,
            rocks: list[tuple[float, float, float]] = ()) -> tuple[Any, DiceShip, DiceShip]:
    """A game with ``a`` (side A) and ``b`` (side B), and a friend ``c`` of ``a``'s if ``c_at``."""
    ships = [_ship("a", "A", a_at, a_guns, a_crew, a_battery),
             _ship("b", "B", b_at, b_guns or [("cannon", "left")], b_crew, b_battery)]
    if c_at is not None:
        ships.append(_ship("c", "A", c_at, [], (5, 0, 1), None))
    game = table(ships)
    game.rocks.extend({"x": mm(x), "y": mm(y), "radius": mm(r)} for x, y, r in rocks)
    return game, game.ship("a"), game.ship("b")
