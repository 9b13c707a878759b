"""Fixtures of the captains' tests: the test cards' library, and benches whose ships carry them
(:mod:`captains_pack`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from captains_pack import SCENARIO, Bench, write_pack
from sog.lineup import Lineup
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.setup import new_game


@pytest.fixture(scope="session")
def cards_library(tmp_path_factory, catalogue):
    """The Starter Set and the test cards."""
    folder = write_pack(tmp_path_factory.mktemp("captains") / "test-captains")
    return load_library([folder], on_demand=True, kinds=content_kinds(catalogue))


@pytest.fixture
def cbench(cards_library, catalogue):
    """``cbench(attach={ship: {kind: [ids]}}, level="basic", seed=1, static=True)``: a bench."""

    def make(attach: Mapping[str, Mapping[str, Sequence[str]]], level: str = "basic", seed: int = 1, *,
             static: bool = True, blocked: Sequence[str] = ()) -> Bench:
        lineup = Lineup(attach={ship: {kind: tuple(ids) for kind, ids in kinds.items()} for ship, kinds in attach.items()})
        game = new_game(SCENARIO, level=level, seed=seed, library=cards_library, catalogue=catalogue, lineup=lineup,
                        blocked=[*(["movement"] if static else []), *blocked])
        return Bench(game)

    return make
