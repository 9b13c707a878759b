"""Winning Enemy in Sight! (rulebook pp. 20-21; RULES-NOTES item 14): the side with ships in
play when every enemy ship has surrendered or left the table wins."""

from sog.plugins.basic import victory


def _fill(b, ship_id, boxes):
    """Cover the first ``boxes`` ship boxes with real A counters (1s)."""
    b.stack("A", [(1, None)] * boxes)
    for box, counter in zip(b.ship(ship_id).ship_track, b.game.draw("A", boxes)):
        box.counters.append(counter)
        box.full = True


def _duel(bench):
    b = bench(static=True)
    b.keep("courageuse", "defence")
    b.put("courageuse", 450.0, 450.0, 0.0)
    b.put("defence", 450.0 - 43.0 - 60.0, 450.0, 0.0)
    return b


def test_the_game_goes_on_while_both_sides_have_ships_in_play(bench):
    b = bench()
    b.game.remove_ship("terpsichore", "surrendered")
    b.game.remove_ship("genereux", "left-table")
    assert victory.sog_check_victory(game=b.game) is None
    b.plan()
    assert not b.game.over


def test_last_side_standing_wins_when_the_enemy_surrenders(bench):
    b = _duel(bench)
    _fill(b, "courageuse", 9)
    b.plan()
    b.stack("B", [(3, None)] + [(0, None)] * 6)
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central")})
    assert b.game.over
    assert (b.game.outcome.winner, b.game.outcome.reason) == ("british", "every ship of the other side surrendered or left the table")
    (over,) = b.events("game-over")
    assert (over["turn"], over["step"], over["data"]["winner"]) == (1, "damage", "british")
    assert b.game.pending() == []


def test_a_side_whose_ships_surrendered_or_left_the_table_loses(bench):
    b = bench()
    b.game.remove_ship("courageuse", "surrendered")
    b.game.remove_ship("genereux", "left-table")
    outcome = victory.sog_check_victory(game=b.game)
    assert (outcome.winner, outcome.reason) == ("british", "every ship of the other side surrendered or left the table")


def test_both_sides_gone_in_the_same_turn_is_a_draw(bench):
    b = _duel(bench)
    _fill(b, "courageuse", 9)   # her tenth box shows 0/1/0: one counter at Defence
    _fill(b, "defence", 11)     # one ship box left: hers shows 0/1/0 too
    b.plan()
    b.stack("B", [(3, None), (5, None)])  # both now fire a single counter (0/1/0 boxes)
    b.resolve({("fire", "defence", "right"): b.option(b.fire_request("defence", "right"), "courageuse", "central"),
               ("fire", "courageuse", "left"): b.option(b.fire_request("courageuse", "left"), "defence", "central")})
    assert b.ship("courageuse").status == b.ship("defence").status == "surrendered"
    assert b.game.over
    assert (b.game.outcome.winner, b.game.outcome.reason) == (None, "no ship is left in play")


def test_both_last_ships_leaving_the_table_together_is_a_draw(bench):
    b = bench()
    b.keep("courageuse", "defence")
    b.put("defence", 450.0, 840.0, 0.0)      # sails off the north edge
    b.put("courageuse", 450.0, 60.0, 180.0)  # sails off the south edge
    b.plan({"defence": "D-1", "courageuse": "A-1"})
    assert b.ship("courageuse").status == b.ship("defence").status == "left-table"
    assert b.game.outcome.winner is None and b.events("game-over")[0]["step"] == "movement"


def test_no_winner_at_the_scenario_turn_limit(bench):
    b = bench(static=True)  # nobody moves, nobody is in reach: nothing happens for 40 turns
    b.game.state.max_turns = 40  # as a scenario stating a turn limit sets it (Enemy in Sight! states none)
    b.plan()
    for _ in range(40):  # advance hands control back after each turn nobody is asked anything
        b.game.advance()
    assert b.game.over and b.game.state.turn == 40
    assert (b.game.outcome.winner, b.game.outcome.reason) == (None, "turn limit of 40 reached")
    assert [e["data"] for e in b.events("turn-limit")] == [{"turns": 40}]
