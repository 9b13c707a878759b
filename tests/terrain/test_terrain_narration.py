"""A ship stopped by terrain is told in words at the terminal."""

from __future__ import annotations

from sog.plugins.system.showing import LINES
from sog.setup import new_game


def test_a_ship_stopped_by_an_elements_dangerous_waters_or_a_reef_is_told_by_name(library):
    game = new_game("enemy-in-sight", library=library)
    line = LINES["barrier-contact"]
    assert line(game, {"ship": "courageuse", "barrier": "island:danger"}) == "  Courageuse stops against the dangerous waters off island"
    assert line(game, {"ship": "courageuse", "barrier": "reef-2"}) == "  Courageuse stops against reef-2"
