"""Every ship of the ship packs plays: a random-bot game of Enemy in Sight! at every level,
the ship sailing alone for its side against the scenario's fleet, ends with a result."""

from __future__ import annotations

import pytest

from sog.bots import make_bot
from sog.lineup import Lineup
from sog.packs.loader import load_library
from sog.setup import new_game

LEVELS = ("basic", "standard", "advanced")
#: The side a ship of each nationality sails for in Enemy in Sight!.
SIDE_OF = {"french": "french", "british": "british", "american": "british"}


def _pack_ships() -> list[str]:
    library = load_library()
    return sorted(s.id for s in library.all("ship") if library.entry("ship", s.id).pack != "starter-set")


PACK_SHIPS = _pack_ships()


def test_the_ship_packs_bring_nineteen_ships():
    assert len(PACK_SHIPS) == 19  # sixteen of p. 60, Bellerophon and Juno, the Constitution


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ship", PACK_SHIPS)
def test_every_pack_ship_plays_a_random_bot_game_to_a_result(library, ship, level):
    nationality = library.get("ship", ship).nationality
    game = new_game("enemy-in-sight", library=library, level=level, seed=11,
                    lineup=Lineup(fleets={SIDE_OF[nationality]: (ship,)}))
    assert game.state.ships[ship].side == SIDE_OF[nationality]
    outcome = game.run({seat: make_bot("random", 11, seat) for seat in game.seats()}, max_turns=400)
    assert outcome is not None, f"{ship} at {level}: no result after 400 turns"
    assert game.log.of_kind("attack") or game.log.of_kind("ship-removed")
