"""A scripted bench for the tests of continuous fire, first broadside, double shot and boarding.

Every test builds a game of *Enemy in Sight!* (HMS Terpsichore and HMS Defence for the British
seat, Courageuse and Généreux for the French seat) at a chosen level with chosen options,
puts the ships where it needs them, and drives the real steps through a :class:`Bench`:

* ``bench.script`` maps ``(kind, ship)`` or ``(kind, ship, side)`` to the answer of such
  requests: a value, a list (one item per request, in order) or a callable taking the
  request. Everything else gets a default (first card, ball, hold fire, Blank counter, no
  more crew action, else the first choice).
* ``bench.until(turn, step)`` answers by the script until requests of ``step`` in ``turn`` are
  open; ``bench.play(turns)`` plays whole turns.
* ``static=True`` blocks the movement rule; ``keep(...)`` takes every other ship out of play.

Imported by the test modules (not a conftest: other optional-rule tests share the folder).
"""

from __future__ import annotations

from typing import Any

import pytest

from sog import testing
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.setup import new_game
from sog.state import PoseState
from sog.plugins.system import bench as sails_bench

SCENARIO = "enemy-in-sight"
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "continuous-fire": lambda r: None,
    "boarding": lambda r: "blank",
    "grapple": lambda r: r.choices[0],
    "boarding-target": lambda r: r.choices[0],
    "action": lambda r: None,  # Advanced crew actions: plan nothing more
}
side_of = sails_bench.side_of


class Bench(testing.Bench):
    """A game set up and driven by a script (see :class:`sog.testing.Bench`)."""

    defaults = DEFAULTS
    fallback = staticmethod(lambda r: r.choices[0])
    parking = PARKING

    # ------------------------------------------------------------------ reading
    def option(self, request: DecisionRequest, target: str, arc: str | None = None, **match: Any) -> dict[str, Any]:
        """The single choice of a fire-like request aiming at ``target`` (through ``arc``)."""
        found = [c for c in request.choices if c is not None and c.get("target") == target
                 and (arc is None or c["arc"] == arc) and all(c.get(k) == v for k, v in match.items())]
        assert len(found) == 1, f"{request.id}: no single option for {target} {arc or ''} {match} in {request.choices}"
        return found[0]



@pytest.fixture
def make(library, catalogue):
    """``make(level="basic", options=(), seed=1, static=False)``: a fresh bench."""

    def build(level: str = "basic", options: tuple[str, ...] = (), seed: int = 1, *, static: bool = False) -> Bench:
        game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue,
                        options=list(options), blocked=["movement"] if static else [])
        return Bench(game)

    return build


#: A start where the two lines lie broadside to broadside, within range (``random_game(melee=True)``).
MELEE = {
    "terpsichore": (350.0, 390.0, 90.0),
    "defence": (550.0, 390.0, 90.0),
    "courageuse": (550.0, 510.0, 270.0),
    "genereux": (350.0, 510.0, 270.0),
}


def random_game(library, catalogue, level: str, options: tuple[str, ...], seed: int, max_turns: int,
                melee: bool = False) -> Game:
    """A game of random bots, played until over or ``max_turns`` turns are done."""
    game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue, options=list(options))
    if melee:
        for ship_id, (x, y, heading) in MELEE.items():
            game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)
    game.run({seat: make_bot("random", seed, seat) for seat in game.seats()}, max_turns=max_turns)
    return game
