"""Fixtures and a bench for the Advanced rules tests.

Every test builds a game of *Enemy in Sight!* at the Advanced level with the built-in Starter
Set (HMS Terpsichore and HMS Defence for the British seat, Courageuse and Généreux for the
French seat), puts the ships where its rule or worked example needs them, and drives the real
steps through an :class:`AdvancedBench`:

* ``bench.actions[(ship, turn)]`` lists the actions a ship plans in a turn (each must be
  offered; then the ship answers "done"); ships plan nothing by default.
* ``bench.script`` maps ``(kind, ship)`` or ``(kind, ship, side)`` to the answer of such
  requests: a value, a list (one item per request) or a callable taking the request.
  Defaults: the first card, ball, hold fire, no musketry, battle sails, the first repair.
* ``bench.until(turn, step)`` answers until requests of ``step`` in ``turn`` are open (or,
  with ``open=False``, until that step has begun); ``bench.play(turns)`` plays whole turns.
* ``adv_bench(static=True)`` blocks the movement rule; ``probe=True`` records the state and
  every view at the end of each step.
"""

from __future__ import annotations

from typing import Any

import pytest

from sog import testing
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.pluginmanager import create_catalogue
from sog.setup import new_game
from sog.state import Counter
from sog.plugins.system.content_models import deck_of
from sog.plugins.system import bench as sails_bench

PARKING = {
    "terpsichore": (60.0, 60.0, 0.0),
    "defence": (840.0, 60.0, 0.0),
    "courageuse": (60.0, 840.0, 180.0),
    "genereux": (840.0, 840.0, 180.0),
}
DEFAULTS: dict[str, testing.Chooser] = {
    **sails_bench.DEFAULTS,
    "sails": lambda r: "battle",
    "repair": lambda r: r.choices[0],
}


def side_of(request: DecisionRequest) -> str | None:
    last = request.id.split(".")[-1]
    return last if last in ("left", "right") else None


class AdvancedBench(testing.Bench):
    """An Advanced game set up and driven by a script (see :class:`sog.testing.Bench`)."""

    defaults = DEFAULTS
    parking = PARKING
    side_of = staticmethod(side_of)

    def __init__(self, game: Game, probe: testing.Probe | None = None) -> None:
        super().__init__(game, probe)
        self.actions: dict[tuple[str, int], list[str]] = {}

    # ------------------------------------------------------------------ setting up
    def take(self, pool: str, wanted: list[tuple[int | None, str | None]]) -> list[Counter]:
        """Draw exactly these counters from ``pool`` (stacked, then drawn)."""
        self.game.pools.stack(pool, wanted)
        return self.game.draw(pool, len(wanted))

    def damage(self, ship_id: str, pool: str, wanted: list[tuple[int | None, str | None]]) -> None:
        """Hit a ship with these counters through the damage hook (as combat would)."""
        counters = self.take(pool, wanted)
        self.game.hook.sog_apply_damage(game=self.game, ship=self.ship(ship_id), counters=counters, attacks=[])

    def deck(self, ship_id: str) -> Any:
        return deck_of(self.game.content, self.game.ship_doc(self.ship(ship_id)).deck)

    # ------------------------------------------------------------------ driving
    def choose(self, request: DecisionRequest) -> Any:
        """Crew actions from :attr:`actions`, everything else from the script or the defaults."""
        if request.kind == "action":
            wanted = self.actions.get((request.ship, self.game.state.turn), [])
            planned = self.ship(request.ship).ext["crew-actions"]["planned"]
            for action in wanted:
                if action not in planned:
                    assert action in request.choices, f"{action} not offered to {request.ship}: {request.choices}"
                    return action
            return None
        return super().choose(request)

    # ------------------------------------------------------------------ reading
    def asked_of(self, kind: str, ship: str, turn: int) -> list[DecisionRequest]:
        """Requests of ``kind`` for ``ship`` answered by the bench in ``turn`` (ids start ``t<turn>.``)."""
        return [r for r in self.asked if r.kind == kind and r.ship == ship and r.id.startswith(f"t{turn}.")]


@pytest.fixture(scope="session")
def adv_library(library):
    """The built-in packs."""
    return library


@pytest.fixture(scope="session")
def adv_catalogue():
    return create_catalogue(entry_point_plugins=False)


@pytest.fixture
def adv_bench(adv_library, adv_catalogue):
    """``adv_bench(seed=1, static=False, probe=False, scenario="enemy-in-sight")``."""

    def make(seed: int = 1, *, static: bool = False, probe: bool = False, scenario: str = "enemy-in-sight") -> AdvancedBench:
        recorder = testing.Probe("test-adv-probe", ("advanced",)) if probe else None
        cat = recorder.catalogue() if recorder else adv_catalogue
        game = new_game(scenario, level="advanced", seed=seed, library=adv_library, catalogue=cat,
                        blocked=["movement"] if static else [], options=[recorder.name] if recorder else None)
        return AdvancedBench(game, recorder)

    return make
