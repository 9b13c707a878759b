"""Fixtures shared by every test folder: the built-in packs and the rule catalogue, once per run."""

import pytest

from sog.packs.loader import load_library
from sog.pluginmanager import create_catalogue


@pytest.fixture(scope="session")
def library():
    """The content packs the engine finds by itself."""
    return load_library()


@pytest.fixture(scope="session")
def catalogue():
    """Every built-in rule (third-party entry points left out, so the tests see only ours)."""
    return create_catalogue(entry_point_plugins=False)


#: Enemy in Sight! with the two lines broadside to broadside, within range, so that the rules
#: meet from the first turn (fire, boarding, grapples): base centres and headings.
MELEE = {
    "terpsichore": (350.0, 390.0, 90.0),
    "defence": (550.0, 390.0, 90.0),
    "courageuse": (550.0, 510.0, 270.0),
    "genereux": (350.0, 510.0, 270.0),
}


@pytest.fixture(scope="session")
def melee():
    """``melee(game)``: put the four ships of an Enemy in Sight! game in the melee start."""
    from sog.state import PoseState

    def place(game):
        for ship_id, (x, y, heading) in MELEE.items():
            game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)
        return game

    return place
