"""Builders of the Force the Blockade and Sitting Ducks tests (a module name of its own: never import a conftest)."""

from __future__ import annotations

from typing import Any

from sog.setup import new_game

RULER = 200.0  # the standard ruler
HALF_RULER = 100.0
BASE_WIDTH, BASE_LENGTH = 43.0, 90.0  # the standard base
LEVELS = ("basic", "standard", "advanced")


def make(library: Any, catalogue: Any, scenario: str, **kwargs: Any) -> Any:
    """A new game of ``scenario`` with the built-in packs."""
    return new_game(scenario, library=library, catalogue=catalogue, **kwargs)


def outcome(game: Any) -> Any:
    """What the victory rules say now (``None``: play on)."""
    return game.hook.sog_check_victory(game=game)


def leave(game: Any, ship_id: str, edge: str) -> None:
    """Sail a ship off the table by ``edge`` (its base centre just inside that edge)."""
    width, height = game.state.table["width"], game.state.table["height"]
    ship = game.ship(ship_id)
    x, y = {"north": (ship.pose.x, height - 10), "south": (ship.pose.x, 10),
            "east": (width - 10, ship.pose.y), "west": (10, ship.pose.y)}[edge]
    ship.pose.x, ship.pose.y = float(x), float(y)
    game.remove_ship(ship_id, "left-table")


def fill(game: Any, ship_id: str, hull: int = 0, crew: int = 0) -> None:
    """Put one pool A counter in each of the first ``hull`` ship-track and ``crew`` crew-track boxes."""
    ship = game.ship(ship_id)
    for track, count in ((ship.ship_track, hull), (ship.crew_track, crew)):
        for box in track[:count]:
            box.counters.append(game.pools.draw_one("A", game.rng))


def ground(game: Any, ship_id: str) -> None:
    """Mark a ship aground, as the terrain rules do."""
    game.ship(ship_id).ext["aground"] = {"on": ["reef-1"], "hazards": ["reef"], "turn": game.state.turn}


def set_up(game: Any) -> list[tuple[str, str, str]]:
    """Answer every set-up request with its first choice, until the first turn's planning;
    ``(kind, seat, ship)`` of each request answered, in order."""
    asked = []
    game.advance()
    while (open_ := [r for r in game.pending() if r.kind in ("deploy", "place-element", "place-reef")]):
        for request in open_:
            asked.append((request.kind, request.seat, request.ship))
            game.submit(request.seat, request.id, request.choices[0])
        game.advance()
    return asked


class Refusing:
    """A controller that must never be asked (the seat of automatic pieces)."""

    def __init__(self) -> None:
        self.asked: list[Any] = []

    def decide(self, view: Any, request: Any) -> Any:
        self.asked.append(request)
        return request.choices[0]
