"""Fixtures and a bench for the Standard rules tests.

Every test builds a game of *Enemy in Sight!* at the Standard level (HMS Terpsichore and
HMS Defence for the British seat, Courageuse and Généreux for the French seat), puts the
ships where its rule or worked example needs them, and drives the real steps through a
:class:`StandardBench`:

* ``bench.script`` maps ``(kind, ship)`` or ``(kind, ship, side)`` to the answer of such
  requests: a value, a list (one item per request, in turn order) or a callable taking the
  request. Everything else gets a default: the first card for ``plan-first`` / ``plan``
  (the straight cards come first in every Starter Set deck), ball for ``load``, hold fire
  for ``fire`` and no musketry.
* ``bench.until(turn, step)`` answers by the script until requests of ``step`` in ``turn``
  are open; ``bench.play(turns)`` plays whole turns.
* ``std_bench(static=True)`` blocks the movement rule: ships stay where they were put;
  ``std_bench(probe=True)`` records the state and every view at the end of each step.
"""

from __future__ import annotations

from typing import Any

import pytest

from sog import testing
from sog.decisions import DecisionRequest
from sog.setup import new_game
from sog.plugins.system.content_models import deck_of

SCENARIO = "enemy-in-sight"
#: Far corners where a ship is out of everybody's reach, heading along the table's edge.
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}


def side_of(request: DecisionRequest) -> str | None:
    """The broadside a fire or load request is about (the end of its id)."""
    last = request.id.split(".")[-1]
    return last if last in ("left", "right") else None


class StandardBench(testing.Bench):
    """A Standard game set up and driven by a script (see :class:`sog.testing.Bench`)."""

    parking = PARKING
    side_of = staticmethod(side_of)

    def deck(self, ship_id: str) -> Any:
        return deck_of(self.game.content, self.game.ship_doc(self.ship(ship_id)).deck)

    def cards_of_veer(self, ship_id: str, veer: int) -> list[str]:
        """Ids of the normal cards of a ship's deck with this veer value, in deck order."""
        return [c.id for c in self.deck(ship_id).of_kind("normal") if c.veer == veer]



@pytest.fixture
def std_bench(library, catalogue):
    """``std_bench(seed=1, static=False, probe=False)``: a fresh Standard game of Enemy in Sight!."""

    def make(seed: int = 1, *, static: bool = False, probe: bool = False) -> StandardBench:
        recorder = testing.Probe("test-std-probe", ("standard", "advanced")) if probe else None
        cat = recorder.catalogue() if recorder else catalogue
        game = new_game(SCENARIO, level="standard", seed=seed, library=library, catalogue=cat,
                        blocked=["movement"] if static else [], options=[recorder.name] if recorder else None)
        return StandardBench(game, recorder)

    return make
