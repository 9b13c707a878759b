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
