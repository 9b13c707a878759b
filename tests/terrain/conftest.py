"""Fixtures of the terrain movement tests; the builders are in :mod:`terrain_bench`."""

from __future__ import annotations

import pytest

from sog.packs.library import Entry, Library
from sog.setup import new_game
from terrain_bench import ELEMENTS, SCENARIO, TerrainBench, _element


@pytest.fixture(scope="session")
def terrain_library(library):
    """The built-in packs and the test terrain elements."""
    _, (packs, entries, kinds) = library.__reduce__()
    extra = [Entry("terrain", i, _element(i, f), "terrain-tests", "tests/terrain/conftest.py", 1, 1) for i, f in ELEMENTS.items()]
    return Library(packs, [*entries, *extra], tuple(dict.fromkeys([*kinds, "terrain"])))


@pytest.fixture
def bench(terrain_library, catalogue):
    """``bench(level="basic", options=("reefs",), seed=1)``: a fresh game with terrain rules."""

    def make(level: str = "basic", options: tuple[str, ...] = ("reefs",), seed: int = 1, blocked=()) -> TerrainBench:
        game = new_game(SCENARIO, seed=seed, library=terrain_library, catalogue=catalogue, level=level,
                        options=list(options), blocked=list(blocked))
        return TerrainBench(game)

    return make
