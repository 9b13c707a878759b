"""Fixtures of the set-up tests: the built-in packs with the test pack (tests/setup/pack)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.setup import new_game

PACK = Path(__file__).parent / "pack"


@pytest.fixture(scope="session")
def setup_library(catalogue):
    """The built-in packs and the set-up test pack (test terrain, deployment scenarios); the packs
    of installed distributions are left out, as the catalogue leaves out their plugins."""
    return load_library([PACK], kinds=content_kinds(catalogue), entry_points=False)


@pytest.fixture
def make_game(setup_library, catalogue):
    """``make_game(scenario, **new_game_arguments)`` with the test pack loaded."""
    def make(scenario: str, **kwargs):
        return new_game(scenario, library=setup_library, catalogue=catalogue, **kwargs)
    return make
