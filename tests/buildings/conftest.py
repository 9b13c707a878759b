"""Fixtures of the buildings tests: the built-in packs with the test pack (tests/buildings/pack);
the bench that drives a game of it is :mod:`outpost_bench`."""

from __future__ import annotations

import pytest

from outpost_bench import PACK, OutpostBench, SCENARIO
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.setup import new_game


@pytest.fixture(scope="session")
def outpost_library(catalogue):
    """The built-in packs and the buildings test pack (the packs of installed distributions left out)."""
    return load_library([PACK], kinds=content_kinds(catalogue), entry_points=False)


@pytest.fixture
def outpost(outpost_library, catalogue):
    """``outpost(static=True, seed=1, scenario=SCENARIO, **new_game_arguments)``: a fresh game of
    the test scenario on a bench; ``static`` blocks the movement rule (ships stay where put)."""

    def make(static: bool = True, seed: int = 1, scenario: str = SCENARIO, **kwargs) -> OutpostBench:
        blocked = ["movement"] if static else []
        game = new_game(scenario, seed=seed, library=outpost_library, catalogue=catalogue, blocked=blocked, **kwargs)
        return OutpostBench(game)

    return make
