"""Fixtures and builders for the Basic rules tests.

Every test builds a game of *Enemy in Sight!* (the Starter Set scenario: HMS Terpsichore and
HMS Defence for the British seat, Courageuse and Généreux for the French seat), puts the ships
where its rule or worked example needs them, and drives the real steps by hand through a
:class:`Bench`.

* ``bench(seed=..., static=True)`` blocks the movement rule: ships stay where they were put,
  which keeps combat, damage and reloading situations the same from turn to turn.
* ``bench(probe=True)`` adds a test-only option rule that copies the state (and every seat's
  view) at the end of each step, so a test can look between steps that need no decision.
* The packs are loaded once per session (loading them is the slow part of ``new_game``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.events import dumps
from sog.game import Game
from sog.packs.loader import load_library
from sog.pluginmanager import create_catalogue
from sog.rules import Rule
from sog.setup import new_game
from sog.state import Counter, PoseState

SCENARIO = "enemy-in-sight"
BRITISH = ("terpsichore", "defence")
FRENCH = ("courageuse", "genereux")
#: Far corners where a ship is out of everybody's reach (for ships an example does not use).
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}


class Probe:
    """A test-only rule: copies the state and every seat's view at the end of each step."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, str], dict[str, Any]] = {}

    @hookimpl(trylast=True)  # after every rule has finished the step
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
        return [Rule("test-probe", "Record the state after every step (tests only).",
                     ("basic", "standard", "advanced"), self._probe)]


class Bench:
    """A game being set up and driven by hand."""

    def __init__(self, game: Game, probe: Probe | None = None) -> None:
        self.game = game
        self.probe = probe

    # ------------------------------------------------------------------ setting up
    def ship(self, ship_id: str) -> Any:
        return self.game.ship(ship_id)

    def put(self, ship_id: str, x: float, y: float, heading: float) -> None:
        """Put a ship's base centre at ``(x, y)`` with ``heading``."""
        self.game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)

    def park(self, *ship_ids: str) -> None:
        """Put ships in far corners, out of everybody's reach."""
        for ship_id in ship_ids:
            self.put(ship_id, *PARKING[ship_id])

    def keep(self, *ship_ids: str) -> None:
        """Take every other ship out of play (as surrendered) before the game starts."""
        for ship in list(self.game.ships()):
            if ship.id not in ship_ids:
                self.game.remove_ship(ship.id, "surrendered")

    def wind(self, from_: float) -> None:
        self.game.state.wind.from_ = from_

    def stack(self, pool: str, wanted: Iterable[tuple[int | None, str | None]]) -> list[Counter]:
        """Force the next draws of ``pool`` (value, symbol), in order."""
        return self.game.pools.stack(pool, list(wanted))

    # ------------------------------------------------------------------ driving
    def advance(self) -> None:
        self.game.advance()

    def pending(self, kind: str | None = None, ship: str | None = None) -> list[DecisionRequest]:
        return [r for r in self.game.pending() if (kind is None or r.kind == kind) and (ship is None or r.ship == ship)]

    def request(self, kind: str, ship: str, side: str | None = None) -> DecisionRequest:
        """The one open request of ``kind`` for ``ship`` (and broadside ``side``)."""
        found = [r for r in self.pending(kind, ship) if side is None or r.id.split(".")[3:5] == [ship, side]]
        assert len(found) == 1, f"expected one {kind} request for {ship} {side or ''}, found {[r.id for r in found]}"
        return found[0]

    def fire_request(self, ship: str, side: str) -> DecisionRequest | None:
        """The open fire request of one broadside, or ``None`` if that side is not asked."""
        found = [r for r in self.pending("fire", ship) if r.id.split(".")[3:5] == [ship, side]]
        return found[0] if found else None

    def submit(self, request: DecisionRequest, answer: Any) -> None:
        self.game.submit(request.seat, request.id, answer)

    def plan(self, cards: Mapping[str, str] | None = None) -> None:
        """Run to the planning decisions, plan ``cards`` (others: the first legal card), go on."""
        cards = dict(cards or {})
        self.advance()
        requests = self.pending("plan")
        assert requests, "no planning decision is open"
        for r in requests:
            self.submit(r, cards.pop(r.ship, r.choices[0]))
        assert not cards, f"no planning decision for {sorted(cards)}"
        self.advance()

    def resolve(self, answers: Mapping[tuple[str, ...], Any] | None = None) -> None:
        """Answer every open request, then advance.

        ``answers`` maps ``("fire", ship, side)`` or ``("musketry", ship)`` (or ``("plan",
        ship)``) to an answer; every other request is answered ``None`` (hold fire) or, for
        plans, with its first choice.
        """
        answers = dict(answers or {})
        for r in self.game.pending():
            key = (r.kind, r.ship, r.id.split(".")[4]) if r.kind == "fire" else (r.kind, r.ship)
            default = r.choices[0]
            self.submit(r, answers.pop(key, default))
        assert not answers, f"no open request for {sorted(answers)}"
        self.advance()

    # ------------------------------------------------------------------ reading
    def option(self, request: DecisionRequest, target: str, arc: str | None = None) -> dict[str, Any]:
        """The choice of a fire request aiming at ``target`` (through ``arc``)."""
        found = [c for c in request.choices if c is not None and c["target"] == target and (arc is None or c["arc"] == arc)]
        assert len(found) == 1, f"{request.id}: no single option for {target} {arc or ''} in {request.choices}"
        return found[0]

    def options(self, ship: str, side: str) -> set[tuple[str, str, str]]:
        """``(target, arc, band)`` of every option of one broadside's open fire request."""
        r = self.fire_request(ship, side)
        return set() if r is None else {(c["target"], c["arc"], c["band"]) for c in r.choices if c is not None}

    def events(self, kind: str, turn: int | None = None) -> list[dict[str, Any]]:
        return [e for e in self.game.log.of_kind(kind) if turn is None or e["turn"] == turn]

    def dump(self) -> str:
        return dumps(self.game.snapshot().model_dump(mode="json", by_alias=True))

    def at(self, turn: int, step: str) -> Any:
        """The state recorded by the probe at the end of ``step`` of ``turn``."""
        assert self.probe is not None, "this bench has no probe"
        return self.probe.at[(turn, step)]["state"]

    def view_at(self, turn: int, step: str, seat: str) -> dict[str, Any]:
        assert self.probe is not None, "this bench has no probe"
        return copy.deepcopy(self.probe.at[(turn, step)]["views"][seat])


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def catalogue():
    return create_catalogue(entry_point_plugins=False)


@pytest.fixture
def bench(library, catalogue):
    """``bench(seed=1, static=False, probe=False)``: a fresh game of Enemy in Sight!."""

    def make(seed: int = 1, *, static: bool = False, probe: bool = False) -> Bench:
        recorder = Probe() if probe else None
        cat = create_catalogue(entry_point_plugins=False, extra=[_ProbeProvider(recorder)]) if recorder else catalogue
        game = new_game(SCENARIO, seed=seed, library=library, catalogue=cat,
                        blocked=["movement"] if static else [], options=["test-probe"] if recorder else None)
        return Bench(game, recorder)

    return make
