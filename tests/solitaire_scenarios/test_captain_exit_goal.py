"""The captain bot and a side's goal edge (public state ``exit-goals``, written by the
blockade-victory rule): from the same place, 95 mm from the edge, bows to it, fleeing ships
sail off by their edge at once, a ship of a side without a goal keeps to the table."""

from __future__ import annotations

from scenario_duel_bench import make
from sog.bots import make_bot
from sog.plugins.scoring import blockade


def _captains(game):
    return {seat: make_bot("captain", 3, seat, game.system) for seat in game.seats()}


def test_fleeing_ships_by_their_edge_sail_off_by_it(library, catalogue):
    game = make(library, catalogue, "force-the-blockade", blocked=["deployment"])
    for ship_id, x in (("courageuse", 300.0), ("genereux", 600.0)):
        ship = game.ship(ship_id)
        ship.pose.x, ship.pose.y, ship.pose.heading = x, 1060.0, 0.0
    game.run(_captains(game), max_turns=1)
    assert [(s.id, s.status) for s in game.ships(side="french", in_play=False)] == [
        ("courageuse", "left-table"), ("genereux", "left-table")]
    assert game.state.outcome.winner == "french" and "left by the north edge" in game.state.outcome.reason


def test_the_chasers_have_no_goal_and_keep_to_the_table(library, catalogue):
    game = make(library, catalogue, "force-the-blockade", blocked=["deployment"])
    assert set(game.state.ext[blockade.EXIT_GOALS]) == {"french"}
    ship = game.ship("terpsichore")
    ship.pose.x, ship.pose.y, ship.pose.heading = 450.0, 1060.0, 0.0
    game.run(_captains(game), max_turns=1)
    assert game.ship("terpsichore").in_play
