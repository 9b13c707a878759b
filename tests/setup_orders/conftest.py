"""Fixtures of the set-up order tests: the built-in packs with the test pack (tests/setup_orders/pack)."""

from __future__ import annotations

import pytest

from orders_bench import PACK
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.setup import new_game


@pytest.fixture(scope="session")
def orders_library(catalogue):
    """The built-in packs and the set-up orders test pack (no installed distribution's packs)."""
    return load_library([PACK], kinds=content_kinds(catalogue), entry_points=False)


@pytest.fixture
def make_orders(orders_library, catalogue):
    """``make_orders(scenario, **new_game_arguments)`` with the test pack loaded."""
    def make(scenario: str, **kwargs):
        return new_game(scenario, library=orders_library, catalogue=catalogue, **kwargs)
    return make
