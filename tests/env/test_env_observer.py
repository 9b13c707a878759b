"""The Sails of Glory observer: fixed slots, own ships first, numbers in range, secrets unseen."""

import pytest

pytest.importorskip("pettingzoo")

from sog.plugins.system.observation import GLOBAL_FEATURES, SHIP_FEATURES, encode, size
from sog.setup import new_game

F = len(SHIP_FEATURES)


def _slot(vector, index):
    return dict(zip(SHIP_FEATURES, vector[index * F:(index + 1) * F]))


@pytest.fixture
def game(library):
    game = new_game("enemy-in-sight", library=library, level="standard", seed=3)
    game.advance()
    return game


def test_the_system_declares_the_observer(game):
    assert game.system.observer.size is size and game.system.observer.encode is encode


def test_the_vector_has_its_declared_size_and_numbers_from_minus_one_to_one(game):
    for seat in game.seats():
        vector = encode(game.view(seat), seat)
        assert len(vector) == size(game.view(seat), seat) == 4 * F + len(GLOBAL_FEATURES)
        assert all(-1.0 <= n <= 1.0 for n in vector)


def test_own_ships_come_first_then_the_others(game):
    vector = encode(game.view("french"), "french")
    assert [_slot(vector, i)["own"] for i in range(4)] == [1.0, 1.0, 0.0, 0.0]
    assert [_slot(vector, i)["friend"] for i in range(4)] == [1.0, 1.0, 0.0, 0.0]
    first = _slot(vector, 0)
    ship = game.ship("courageuse")
    assert first["x"] == pytest.approx(ship.pose.x / game.state.table["width"])
    assert first["asked"] == 1.0 and _slot(vector, 1)["asked"] == 0.0  # the first open request is about it


def test_a_ship_out_of_play_keeps_its_slot_with_its_position_zeroed(game):
    game.ship("genereux").status = "surrendered"
    slot = _slot(encode(game.view("french"), "french"), 1)
    assert (slot["in_play"], slot["x"], slot["y"]) == (0.0, 0.0, 0.0)


def test_the_other_seats_ammunition_and_plans_show_only_whether_there_are_any(game):
    ship = game.ship("courageuse")
    seen = []
    for loaded, card in (("ball", "A-1"), ("chain", "A-25")):
        ship.broadsides["left"].loaded = loaded
        ship.planned = [card]
        seen.append(encode(game.view("british"), "british"))
    assert seen[0] == seen[1]
    slot = _slot(seen[0], 2)
    assert (slot["left_loaded"], slot["planned"]) == (1.0, 1.0)
    ship.broadsides["left"].loaded = None
    assert _slot(encode(game.view("british"), "british"), 2)["left_loaded"] == 0.0
