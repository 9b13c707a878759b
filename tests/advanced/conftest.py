"""Fixtures and a bench for the Advanced rules tests.

Every test builds a game of *Enemy in Sight!* at the Advanced level (HMS Terpsichore and HMS
Defence for the British seat, Courageuse and Généreux for the French seat) — or of the
``mat-example`` scenario of the test pack in ``fixtures/``, where HMS Defence is replaced by
a 74 whose hand symbols start at 4 — puts the ships where its rule or worked example needs
them, and drives the real steps through an :class:`AdvancedBench`:

* ``bench.actions[(ship, turn)]`` lists the actions a ship plans in a turn (each must be
  offered; then the ship answers "done"); ships plan nothing by default.
* ``bench.script`` maps ``(kind, ship)`` or ``(kind, ship, side)`` to the answer of such
  requests: a value, a list (one item per request) or a callable taking the request.
  Defaults: the first card, ball, hold fire, no musketry, battle sails, the first repair.
* ``bench.until(turn, step)`` answers until requests of ``step`` in ``turn`` are open (or,
  with ``open=False``, until that step has begun); ``bench.play(turns)`` plays whole turns.
* ``adv_bench(static=True)`` blocks the movement rule; ``probe=True`` records the state and
  every view at the end of each step; ``scenario="mat-example"`` uses the test pack.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.packs.loader import load_library
from sog.pluginmanager import create_catalogue
from sog.rules import Rule
from sog.setup import new_game
from sog.state import Counter, PoseState

FIXTURES = Path(__file__).resolve().parent / "fixtures"
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
    "sails": lambda r: "battle",
    "repair": lambda r: r.choices[0],
}


def side_of(request: DecisionRequest) -> str | None:
    last = request.id.split(".")[-1]
    return last if last in ("left", "right") else None


class Probe:
    """A test-only rule: copies the state and every seat's view at the end of each step."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, str], dict[str, Any]] = {}

    @hookimpl(trylast=True)
    def sog_step_end(self, game: Game, step: Any) -> None:
        self.at[(game.state.turn, step.name)] = {
            "state": game.state.model_copy(deep=True),
            "views": {seat: game.view(seat) for seat in game.seats()},
        }


class _ProbeProvider:
    def __init__(self, probe: Probe) -> None:
        self._probe = probe

    @hookimpl
    def sog_rules(self) -> list[Rule]:
        return [Rule("test-adv-probe", "Record the state after every step (tests only).", ("advanced",), self._probe)]


class AdvancedBench:
    """An Advanced game set up and driven by a script."""

    def __init__(self, game: Game, probe: Probe | None = None) -> None:
        self.game = game
        self.probe = probe
        self.script: dict[tuple[str, ...], Any] = {}
        self.actions: dict[tuple[str, int], list[str]] = {}
        self.asked: list[DecisionRequest] = []

    # ------------------------------------------------------------------ setting up
    def ship(self, ship_id: str) -> Any:
        return self.game.ship(ship_id)

    def put(self, ship_id: str, x: float, y: float, heading: float) -> None:
        self.game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)

    def park(self, *ship_ids: str) -> None:
        for ship_id in ship_ids:
            self.put(ship_id, *PARKING[ship_id])

    def take(self, pool: str, wanted: list[tuple[int | None, str | None]]) -> list[Counter]:
        """Draw exactly these counters from ``pool`` (stacked, then drawn)."""
        self.game.pools.stack(pool, wanted)
        return self.game.draw(pool, len(wanted))

    def stack(self, pool: str, wanted: list[tuple[int | None, str | None]]) -> list[Counter]:
        return self.game.pools.stack(pool, wanted)

    def damage(self, ship_id: str, pool: str, wanted: list[tuple[int | None, str | None]]) -> None:
        """Hit a ship with these counters through the damage hook (as combat would)."""
        counters = self.take(pool, wanted)
        self.game.hook.sog_apply_damage(game=self.game, ship=self.ship(ship_id), counters=counters, attacks=[])

    def deck(self, ship_id: str) -> Any:
        return self.game.content.deck(self.game.ship_doc(self.ship(ship_id)).deck)

    # ------------------------------------------------------------------ driving
    def choose(self, request: DecisionRequest) -> Any:
        self.asked.append(request)
        if request.kind == "action":
            wanted = self.actions.get((request.ship, self.game.state.turn), [])
            planned = self.ship(request.ship).ext["crew-actions"]["planned"]
            for action in wanted:
                if action not in planned:
                    assert action in request.choices, f"{action} not offered to {request.ship}: {request.choices}"
                    return action
            return None
        for key in [(request.kind, request.ship, side_of(request)), (request.kind, request.ship)]:
            if key in self.script:
                value = self.script[key]
                if isinstance(value, list):
                    if not value:
                        continue
                    value = value.pop(0)
                return value(request) if callable(value) else value
        return DEFAULTS[request.kind](request)

    def answer_all(self) -> None:
        for request in self.game.pending():
            self.game.submit(request.seat, request.id, self.choose(request))

    def pending(self, kind: str | None = None, ship: str | None = None) -> list[DecisionRequest]:
        return [r for r in self.game.pending() if (kind is None or r.kind == kind) and (ship is None or r.ship == ship)]

    def request(self, kind: str, ship: str, side: str | None = None) -> DecisionRequest:
        found = [r for r in self.pending(kind, ship) if side is None or side_of(r) == side]
        assert len(found) == 1, f"expected one {kind} request for {ship} {side or ''}, found {[r.id for r in found]}"
        return found[0]

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

    def play(self, turns: int) -> None:
        """Play by the script until turn ``turns`` is over (or the game is)."""
        game = self.game
        game.advance()
        while not game.over and (game.state.turn < turns or (game.state.turn == turns and game.state.step_index >= 0)):
            self.answer_all()
            game.advance()

    def answer(self, request: DecisionRequest, value: Any) -> None:
        self.game.submit(request.seat, request.id, value)

    # ------------------------------------------------------------------ reading
    def at(self, turn: int, step: str) -> Any:
        assert self.probe is not None, "this bench has no probe"
        return self.probe.at[(turn, step)]["state"]

    def view_at(self, turn: int, step: str, seat: str) -> dict[str, Any]:
        assert self.probe is not None, "this bench has no probe"
        return self.probe.at[(turn, step)]["views"][seat]

    def events(self, kind: str, turn: int | None = None, **match: Any) -> list[dict[str, Any]]:
        return [e for e in self.game.log.of_kind(kind) if (turn is None or e["turn"] == turn)
                and all(e["data"].get(k) == v for k, v in match.items())]

    def asked_of(self, kind: str, ship: str, turn: int) -> list[DecisionRequest]:
        """Requests of ``kind`` for ``ship`` answered by the bench in ``turn`` (ids start ``t<turn>.``)."""
        return [r for r in self.asked if r.kind == kind and r.ship == ship and r.id.startswith(f"t{turn}.")]


@pytest.fixture(scope="session")
def adv_library():
    return load_library([FIXTURES / "mat-example"])


@pytest.fixture(scope="session")
def adv_catalogue():
    return create_catalogue(entry_point_plugins=False)


@pytest.fixture
def adv_bench(adv_library, adv_catalogue):
    """``adv_bench(seed=1, static=False, probe=False, scenario="enemy-in-sight")``."""

    def make(seed: int = 1, *, static: bool = False, probe: bool = False, scenario: str = "enemy-in-sight") -> AdvancedBench:
        recorder = Probe() if probe else None
        cat = create_catalogue(entry_point_plugins=False, extra=[_ProbeProvider(recorder)]) if recorder else adv_catalogue
        game = new_game(scenario, level="advanced", seed=seed, library=adv_library, catalogue=cat,
                        blocked=["movement"] if static else [], options=["test-adv-probe"] if recorder else None)
        return AdvancedBench(game, recorder)

    return make
