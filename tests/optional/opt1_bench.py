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

from typing import Any

import pytest

from sog import hookimpl, testing
from sog.bots import make_bot
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.pluginmanager import create_catalogue
from sog.setup import new_game
from sog.state import Counter
from sog.plugins.system.state import Box
from sog.plugins.system import bench as sails_bench

SCENARIO = "enemy-in-sight"
SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "continuous-fire": lambda r: None,
    "grog": lambda r: False,
    "action": lambda r: None,
}
side_of = sails_bench.side_of


class Bench(testing.Bench):
    """A game set up and driven by a script (see :class:`sog.testing.Bench`)."""

    defaults = DEFAULTS
    fallback = staticmethod(lambda r: r.choices[0])
    parking = PARKING
    keep_reason = "left-table"

    # ------------------------------------------------------------------ setting up
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

    # ------------------------------------------------------------------ reading
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



class SurrenderAt:
    """A test-only rule: ``ship`` surrenders at the end of ``step`` of ``turn`` (as the damage rule does)."""

    NAME = "test-surrender"

    def __init__(self, ship: str, turn: int, step: str = "combat") -> None:
        self.ship, self.turn, self.step = ship, turn, step

    @hookimpl
    def sog_step_end(self, game: Game, step: Any) -> None:
        if game.state.turn == self.turn and step.name == self.step:
            game.remove_ship(self.ship, "surrendered")


@pytest.fixture
def make(library, catalogue):
    """``make(level="basic", options=(), settings=None, seed=1, static=False, extra=None)``: a fresh bench.

    ``extra`` is a test-only rule object (with a ``NAME``), switched on after ``options``.
    """

    def build(level: str = "basic", options: tuple[str, ...] = (), settings: dict[str, Any] | None = None,
              seed: int = 1, *, static: bool = False, extra: Any = None) -> Bench:
        cat = catalogue if extra is None else create_catalogue(entry_point_plugins=False, extra=[testing.RuleProvider(extra.NAME, extra)])
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
