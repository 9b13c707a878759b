"""The Sails of Glory figures of sog simulate (sog_ship_statistics): damage taken is what the
mats of ships still in play show, damage dealt adds up to what their targets took."""

from __future__ import annotations

from sog.simulate import GameSpec, game_seed, ship_results

SPEC = GameSpec("enemy-in-sight", {"british": "random", "french": "random"}, level="basic", max_turns=12)


def _played(index):
    from sog.bots import make_bot

    seed = game_seed(7, index)
    game = SPEC.new_game(seed)
    game.run({seat: make_bot("random", seed, seat, game.system) for seat in game.seats()}, max_turns=SPEC.max_turns)
    return game


def test_damage_taken_is_what_the_mat_of_a_ship_in_play_shows_and_dealt_adds_up_to_taken():
    checked = 0
    for index in range(3):
        game = _played(index)
        ships = {s.id: s for s in ship_results(game)}
        assert set(ships) == set(game.state.ships)
        for ship_id, result in ships.items():
            ship = game.state.ships[ship_id]
            assert result.status == ship.status and result.side == ship.side
            assert set(result.figures) == {"damage_dealt", "damage_taken", "crew_hits_dealt", "crew_hits_taken"}
            if ship.in_play:
                on_mat = [c for box in ship.ship_track + ship.crew_track for c in box.counters] + list(ship.zero_box)
                assert result.figures["damage_taken"] == sum(c.value or 0 for c in on_mat)
                assert result.figures["crew_hits_taken"] == sum(c.symbol == "crew" for c in on_mat)
                checked += 1
        dealt = sum(r.figures["damage_dealt"] for r in ships.values())
        taken = sum(r.figures["damage_taken"] for r in ships.values())
        assert dealt == taken  # Basic rules, open sea: every counter placed was drawn by a ship's fire
    assert checked > 0
