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

from collections.abc import Mapping
from typing import Any

import pytest

from sog import testing
from sog.decisions import DecisionRequest
from sog.events import dumps
from sog.setup import new_game

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


class Bench(testing.Bench):
    """A game being set up and driven by hand (or by the script of :class:`sog.testing.Bench`)."""

    parking = PARKING

    def wind(self, from_: float) -> None:
        self.game.state.wind.from_ = from_

    # ------------------------------------------------------------------ driving
    def advance(self) -> None:
        self.game.advance()

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

    def dump(self) -> str:
        return dumps(self.game.snapshot().model_dump(mode="json", by_alias=True))



@pytest.fixture
def bench(library, catalogue):
    """``bench(seed=1, static=False, probe=False)``: a fresh game of Enemy in Sight!."""

    def make(seed: int = 1, *, static: bool = False, probe: bool = False) -> Bench:
        recorder = testing.Probe("test-probe") if probe else None
        cat = recorder.catalogue() if recorder else catalogue
        game = new_game(SCENARIO, seed=seed, library=library, catalogue=cat,
                        blocked=["movement"] if static else [], options=[recorder.name] if recorder else None)
        return Bench(game, recorder)

    return make
