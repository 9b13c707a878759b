"""Fixtures of the dice-and-inches tests: the catalogue, the library, a duel, a bench.

The distribution need not be installed: the package is imported from this checkout (its
folder is put on ``sys.path``) and registered as an extra provider, and its pack is loaded
from its folder; entry points are not read, so an installed copy cannot be loaded twice.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dice_and_inches  # noqa: E402
from sog import hookimpl  # noqa: E402
from sog.packs.loader import load_library  # noqa: E402
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue  # noqa: E402
from sog.rules import Rule  # noqa: E402
from sog.setup import new_game  # noqa: E402
from sog.testing import Probe  # noqa: E402

CONTENT = ROOT / "dice_and_inches" / "content"


def make_catalogue(*rules: str, extra: tuple[object, ...] = ()) -> Catalogue:
    """A catalogue with the system and only ``rules`` of it (all of them if none named),
    and ``extra`` providers (e.g. a :class:`sog.testing.Probe`'s)."""
    if not rules:
        return create_catalogue(extra=[dice_and_inches, *extra], entry_point_plugins=False)

    class Only:
        @hookimpl
        def sog_systems(self) -> list[Any]:
            return dice_and_inches.sog_systems()

        @hookimpl
        def sog_content_kinds(self) -> list[Any]:
            return dice_and_inches.sog_content_kinds()

        @hookimpl
        def sog_rules(self) -> list[Rule]:
            return [r for r in dice_and_inches.sog_rules() if r.name in rules]

    return create_catalogue(extra=[Only(), *extra], entry_point_plugins=False)


def make_library(catalogue: Catalogue) -> Any:
    return load_library([CONTENT], builtin=False, entry_points=False, kinds=content_kinds(catalogue))


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return make_catalogue()


@pytest.fixture(scope="session")
def library(catalogue: Catalogue) -> Any:
    return make_library(catalogue)


@pytest.fixture
def duel(catalogue: Catalogue, library: Any) -> Any:
    """A new dice-duel game (seed 3), with every rule of the system."""
    return new_game("dice-duel", seed=3, catalogue=catalogue, library=library)


@pytest.fixture(scope="session")
def damage_catalogue() -> Catalogue:
    """The system with only its damage and victory rules: a turn is two casualties steps."""
    return make_catalogue("dice-damage", "dice-victory")


@pytest.fixture
def damage_duel(damage_catalogue: Catalogue) -> Any:
    """A dice-duel game with only the damage and victory rules on."""
    return new_game("dice-duel", seed=3, catalogue=damage_catalogue, library=make_library(damage_catalogue))


@pytest.fixture
def probed() -> Any:
    """A dice-duel game with only the damage and victory rules and a probe: ``probed.probe.at
    [(turn, "casualties", side)]`` is the state at the end of that side's casualties step."""
    probe = Probe(levels=("classic",))
    catalogue = make_catalogue("dice-damage", "dice-victory", extra=(probe.provider(),))
    game = new_game("dice-duel", seed=3, catalogue=catalogue, library=make_library(catalogue), options=[probe.name])
    game.probe = probe
    return game
