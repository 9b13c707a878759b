"""A bench for the tests of automatic movement (rules for solitaire play, pp. 48-49).

Every game is *Enemy in Sight!* with the option ``solitaire`` on and HMS Defence (deck D)
automatic, or anchored, at a chosen level. :func:`make` builds it, :class:`Bench` drives it
(the other seats answer by the system's defaults), :func:`bot_game` plays it with bots and
records every request a seat was asked, :func:`about` finds the requests and answers about a
ship, :func:`deck_of` reads the ship's automatic deck.

Imported by the test modules by its unique name (never through a conftest).
"""

from __future__ import annotations

from typing import Any

from sog import testing
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.plugins.solitaire.movement import automatic_deck
from sog.plugins.system import bench as sails_bench
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
AUTOMATIC = "defence"
LEVELS = ("basic", "standard", "advanced")
#: Deck D's cards of veer 3 to 7 (blue): straights D-1, D-2; sideslips right D-3, D-4, left
#: D-5, D-6; turns right D-7, D-8 (6), D-11, D-12 (7), left D-9, D-10 (4), D-13, D-14 (3).
DECK_D_AUTOMATIC = tuple(f"D-{n}" for n in range(1, 15))
#: Open water in the middle of the table, heading south with the wind from the east: far from
#: every edge and from the others, and never taken aback by the cards of the p. 49 example.
OPEN_WATER = (450.0, 600.0, 180.0)
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}


def make(level: str = "basic", *, automatic: tuple[str, ...] = (AUTOMATIC,), anchored: tuple[str, ...] = (),
         seed: int = 1, options: tuple[str, ...] = (), library: Any = None, catalogue: Any = None) -> Game:
    """An Enemy in Sight! game with ``solitaire`` on and these ships automatic or anchored."""
    settings: dict[str, Any] = {"automatic": list(automatic)}
    if anchored:
        settings["anchored"] = list(anchored)
    return new_game(SCENARIO, level=level, add_options=["solitaire", *options], settings={"solitaire": settings},
                    seed=seed, library=library, catalogue=catalogue)


class Bench(testing.Bench):
    """A solitaire game driven by the system's default answers."""

    defaults = {**sails_bench.DEFAULTS, "action": lambda r: None, "sails": lambda r: "battle"}
    fallback = staticmethod(lambda r: r.choices[0])
    parking = PARKING
    keep_reason = "left-table"


def alone_at_sea(game: Game) -> Bench:
    """Defence in open water, Courageuse parked far away, the other two out of play."""
    bench = Bench(game)
    bench.keep(AUTOMATIC, "courageuse")
    bench.put(AUTOMATIC, *OPEN_WATER)
    bench.park("courageuse")
    return bench


class Recorder:
    """A controller that asks a bot and remembers every request it was given."""

    def __init__(self, bot: Any, asked: list[DecisionRequest]) -> None:
        self.bot, self.asked = bot, asked

    def decide(self, view: Any, request: DecisionRequest) -> Any:
        self.asked.append(request)
        return self.bot.decide(view, request)


def bot_game(game: Game, bot: str = "captain", turns: int = 6, seed: int = 5) -> list[DecisionRequest]:
    """Play ``turns`` turns with ``bot`` on every seat; every request a seat was asked."""
    asked: list[DecisionRequest] = []
    controllers = {seat: Recorder(make_bot(bot, seed, seat, game.system), asked) for seat in game.seats()}
    game.run(controllers, max_turns=turns)
    return asked


def about(ship_id: str, requests: list[DecisionRequest]) -> list[DecisionRequest]:
    """The requests about ``ship_id``."""
    return [r for r in requests if r.ship == ship_id or ship_id in r.id.split(".")]


def logged_ids(game: Game) -> list[str]:
    """Every request id answered in the log's ``decisions`` events (one-choice ones included)."""
    return [a["id"] for e in game.log.of_kind("decisions") for a in e["data"]["answers"]]


def deck_of(game: Game, ship_id: str = AUTOMATIC) -> dict[str, Any]:
    """The ship's automatic deck record (``deck`` top first, ``discard``, ``stacked``)."""
    record = automatic_deck(game, ship_id)
    assert record is not None, f"{ship_id} has no automatic deck"
    return record


def drawn(game: Game, ship_id: str = AUTOMATIC) -> list[str]:
    """The cards the ship turned over, in order."""
    return [e["data"]["card"] for e in game.log.of_kind("automatic-card") if e["data"]["ship"] == ship_id]
