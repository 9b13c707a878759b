"""A scripted bench for the tests of grog, lacking training, entanglement, forced aim, flagship,
surrendered ships and variable wind direction.

Every test builds a game of *Enemy in Sight!* (HMS Terpsichore and HMS Defence for the British
seat, Courageuse and Généreux for the French seat) at a chosen level with chosen options and
settings, puts the ships where it needs them, and drives the real steps through a
:class:`Bench`:

* ``bench.script`` maps ``(kind, ship)`` or ``(kind, ship, side)`` to the answer of such
  requests: a value, a list (one item per request, in order) or a callable taking the
  request. Everything else gets a default (the first card, ball, hold fire, no grog, no
  further action, ...).
* ``bench.until(turn, step)`` answers by the script until requests of ``step`` in ``turn``
  are open (or, with ``open=False``, until that step has begun); ``bench.play(turns)`` plays
  whole turns.
* ``static=True`` blocks the movement rule; ``keep(...)`` takes every other ship out of play.

Imported by the test modules (not a conftest: other optional-rule tests share the folder).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sog import hookimpl
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.packs.loader import load_library
from sog.pluginmanager import create_catalogue
from sog.rules import Rule
from sog.setup import new_game
from sog.state import Box, Counter, PoseState

SCENARIO = "enemy-in-sight"
SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
DEFAULTS: dict[str, Callable[[DecisionRequest], Any]] = {
    "plan-first": lambda r: r.choices[0],
    "plan": lambda r: r.choices[0],
    "load": lambda r: next((c for c in r.choices if c["ammunition"] == "ball"), r.choices[0]),
    "fire": lambda r: None,
    "musketry": lambda r: None,
    "continuous-fire": lambda r: None,
    "grog": lambda r: False,
    "action": lambda r: None,
}


def side_of(request: DecisionRequest) -> str | None:
    """The broadside a fire, load or continuous-fire request is about (from its id)."""
    parts = request.id.split(".")
    return next((p for p in reversed(parts) if p in ("left", "right")), None)


class Bench:
    """A game set up and driven by a script."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.script: dict[tuple[str, ...], Any] = {}
        self.asked: list[DecisionRequest] = []

    # ------------------------------------------------------------------ setting up
    def ship(self, ship_id: str) -> Any:
        return self.game.ship(ship_id)

    def put(self, ship_id: str, x: float, y: float, heading: float) -> None:
        self.game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)

    def park(self, *ship_ids: str) -> None:
        for ship_id in ship_ids:
            self.put(ship_id, *PARKING[ship_id])

    def keep(self, *ship_ids: str) -> None:
        """Take every other ship out of play (left the table) before the game starts."""
        for ship in list(self.game.ships()):
            if ship.id not in ship_ids:
                self.game.remove_ship(ship.id, "left-table")

    def stack(self, pool: str, wanted: list[tuple[int | None, str | None]]) -> list[Counter]:
        return self.game.pools.stack(pool, wanted)

    def crew_counter(self, ship_id: str, box: int) -> Counter:
        """Put a crew-only E counter (taken from its cup) into a box of a ship's crew track."""
        self.stack("E", [(None, "crew")])
        [counter] = self.game.draw("E", 1)
        self.ship(ship_id).crew_track[box].counters.append(counter)
        return counter

    def fill_crew(self, ship_id: str, leave: int) -> None:
        """Cover every crew box of a ship with a crew-loss marker but the last ``leave``."""
        track: list[Box] = self.ship(ship_id).crew_track
        for box in track[: len(track) - leave]:
            box.markers.append("crew-loss")

    # ------------------------------------------------------------------ driving
    def choose(self, request: DecisionRequest) -> Any:
        for key in [(request.kind, request.ship, side_of(request)), (request.kind, request.ship)]:
            if key in self.script:
                value = self.script[key]
                if isinstance(value, list):
                    if not value:
                        continue
                    value = value.pop(0)
                return value(request) if callable(value) else value
        return DEFAULTS.get(request.kind, lambda r: r.choices[0])(request)

    def answer_all(self) -> None:
        for request in self.game.pending():
            self.asked.append(request)
            self.game.submit(request.seat, request.id, self.choose(request))

    def pending(self, kind: str | None = None, ship: str | None = None) -> list[DecisionRequest]:
        return [r for r in self.game.pending() if (kind is None or r.kind == kind) and (ship is None or r.ship == ship)]

    def request(self, kind: str, ship: str, side: str | None = None) -> DecisionRequest:
        found = [r for r in self.pending(kind, ship) if side is None or side_of(r) == side]
        assert len(found) == 1, f"expected one {kind} request for {ship} {side or ''}, found {[r.id for r in found]}"
        return found[0]

    def answer(self, request: DecisionRequest, value: Any) -> None:
        self.game.submit(request.seat, request.id, value)

    def _order(self, step: str) -> int:
        return next(s.order for s in self.game.steps if s.name == step)

    def until(self, turn: int, step: str) -> None:
        """Answer by the script until requests of ``step`` in ``turn`` are open."""
        game = self.game
        game.advance()
        target = (turn, self._order(step))
        while not game.over:
            now = (game.state.turn, game.step.order if game.step else -1)
            if now == target and game.pending():
                return
            assert now <= target, f"passed turn {turn} step {step} without a decision there (now {now})"
            self.answer_all()
            game.advance()
        raise AssertionError(f"the game ended before turn {turn} step {step}")

    def reach(self, turn: int, step: str) -> None:
        """Answer by the script until the game stands at or after ``step`` of ``turn``."""
        game = self.game
        game.advance()
        target = (turn, self._order(step))
        while not game.over and (game.state.turn, game.step.order if game.step else -1) < target:
            self.answer_all()
            game.advance()

    def play(self, turns: int) -> None:
        """Play by the script until turn ``turns`` is over (or the game is)."""
        game = self.game
        game.advance()
        while not game.over and (game.state.turn < turns or (game.state.turn == turns and game.state.step_index >= 0)):
            self.answer_all()
            game.advance()

    # ------------------------------------------------------------------ reading
    def events(self, kind: str, turn: int | None = None, **match: Any) -> list[dict[str, Any]]:
        return [e for e in self.game.log.of_kind(kind) if (turn is None or e["turn"] == turn)
                and all(e["data"].get(k) == v for k, v in match.items())]

    def asked_of(self, kind: str, ship: str | None = None, turn: int | None = None, side: str | None = None) -> list[DecisionRequest]:
        """Requests of ``kind`` answered so far (optionally for one ship, turn, side)."""
        return [r for r in self.asked if r.kind == kind and (ship is None or r.ship == ship)
                and (turn is None or r.id.startswith(f"t{turn}.")) and (side is None or side_of(r) == side)]

    def option(self, request: DecisionRequest, target: str, arc: str | None = None) -> dict[str, Any]:
        """The single choice of a fire-like request aiming at ``target`` (through ``arc``)."""
        found = [c for c in request.choices if isinstance(c, dict) and c.get("target") == target
                 and (arc is None or c["arc"] == arc)]
        assert len(found) == 1, f"{request.id}: no single option for {target} {arc or ''} in {request.choices}"
        return found[0]

    @staticmethod
    def targets(request: DecisionRequest) -> set[str]:
        """The ships a fire-like request may aim at."""
        return {c["target"] for c in request.choices if isinstance(c, dict) and c.get("target") is not None}


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def catalogue():
    return create_catalogue(entry_point_plugins=False)


class SurrenderAt:
    """A test-only rule: ``ship`` surrenders at the end of ``step`` of ``turn`` (as the damage rule does)."""

    NAME = "test-surrender"

    def __init__(self, ship: str, turn: int, step: str = "combat") -> None:
        self.ship, self.turn, self.step = ship, turn, step

    @hookimpl
    def sog_step_end(self, game: Game, step: Any) -> None:
        if game.state.turn == self.turn and step.name == self.step:
            game.remove_ship(self.ship, "surrendered")


class _Provider:
    def __init__(self, plugin: Any) -> None:
        self._plugin = plugin

    @hookimpl
    def sog_rules(self) -> list[Rule]:
        return [Rule(self._plugin.NAME, "A test-only rule.", ("basic", "standard", "advanced"), self._plugin)]


@pytest.fixture
def make(library, catalogue):
    """``make(level="basic", options=(), settings=None, seed=1, static=False, extra=None)``: a fresh bench.

    ``extra`` is a test-only rule object (with a ``NAME``), switched on after ``options``.
    """

    def build(level: str = "basic", options: tuple[str, ...] = (), settings: dict[str, Any] | None = None,
              seed: int = 1, *, static: bool = False, extra: Any = None) -> Bench:
        cat = catalogue if extra is None else create_catalogue(entry_point_plugins=False, extra=[_Provider(extra)])
        names = list(options) + ([extra.NAME] if extra is not None else [])
        game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=cat,
                        options=names, settings=settings, blocked=["movement"] if static else [])
        return Bench(game)

    return build


def random_game(library, catalogue, level: str, options: tuple[str, ...], seed: int, max_turns: int) -> Game:
    """A game of random bots, played until over or ``max_turns`` turns are done."""
    game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue, options=list(options))
    game.run({seat: make_bot("random", seed, seat) for seat in game.seats()}, max_turns=max_turns)
    return game
