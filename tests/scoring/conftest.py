"""Fixtures of the scoring tests: the built-in packs with the test pack (tests/scoring/pack)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.setup import new_game

PACK = Path(__file__).parent / "pack"


@pytest.fixture(scope="session")
def scoring_library(catalogue):
    """The built-in packs and the scoring test pack (the packs of installed distributions left out)."""
    return load_library([PACK], kinds=content_kinds(catalogue), entry_points=False)


@pytest.fixture
def make_game(scoring_library, catalogue):
    """``make_game(scenario="supplies-test", **new_game_arguments)`` with the test pack loaded."""
    def make(scenario: str = "supplies-test", **kwargs):
        return new_game(scenario, library=scoring_library, catalogue=catalogue, **kwargs)
    return make
