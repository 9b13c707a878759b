"""When *Against the Outpost* ends (rulebook p. 54): when every British ship has surrendered or
run aground, or when the outpost has surrendered and both French ships have surrendered or run
aground; French ships aground with the outpost standing do not end it (``end.only_if``)."""

from __future__ import annotations

from sog.plugins.scoring.points import game_ends, params_of
from sog.plugins.system.building_table import building_records
from sog.setup import new_game

SCENARIO = "against-the-outpost"


def _aground(game, *ship_ids):
    for ship_id in ship_ids:
        game.ship(ship_id).ext["aground"] = {"turn": 1, "by": "test"}


def test_the_french_aground_do_not_end_the_game_while_the_outpost_stands(library):
    game = new_game(SCENARIO, library=library, seed=1)
    _aground(game, "courageuse", "genereux")
    assert game_ends(game, params_of(game)) is False
    building_records(game)[0]["status"] = "surrendered"
    assert game_ends(game, params_of(game)) is True


def test_the_british_aground_end_the_game_whatever_the_outpost(library):
    game = new_game(SCENARIO, library=library, seed=1)
    _aground(game, "terpsichore", "defence")
    assert building_records(game)[0]["status"] == "standing"
    assert game_ends(game, params_of(game)) is True


def test_one_french_ship_aground_ends_nothing(library):
    game = new_game(SCENARIO, library=library, seed=1)
    _aground(game, "courageuse")
    building_records(game)[0]["status"] = "surrendered"
    assert game_ends(game, params_of(game)) is False
