"""Variable wind strength (rulebook pp. 42-43): one test per paragraph.

HMS Defence sails alone from (450, 300), heading north with the wind from the east
(reaching: green arrows); the others are parked at battle sails. Deck D's first cards go
straight ahead: D-1's line ends 43.5 mm beyond the card on the full line, 29 on battle, 16
on backing; the ship moves the 90 mm base length plus that. The wind direction counters are
stacked blank so that only the strength varies.
"""

import dataclasses

import pytest

from opt1_bench import SHIPS, make, random_game  # noqa: F401  (fixtures)
from sog.errors import ConfigError, PluginError
from sog.plugins.optional import variable_wind_direction as vwd
from sog.plugins.optional import variable_wind_strength as vws
from sog.plugins.optional.variable_wind_strength import BLANK, DOWN, UP

OPTIONS = ("variable-wind-direction", "variable-wind-strength")
FORWARD = {"full": 90 + 43.5, "battle": 90 + 29.0, "backing": 90 + 16.0}


def _bench(make, sails="battle", start=None, counters=(), turns=4):
    settings = {"variable-wind-strength": {"start": start}} if start else None
    bench = make("advanced", OPTIONS, settings=settings)
    vwd.stack(bench.game, [vwd.BLANK] * turns)
    vws.stack(bench.game, list(counters))
    bench.park("terpsichore", "courageuse", "genereux")
    bench.put("defence", 450.0, 300.0, 0.0)
    for ship in SHIPS:
        bench.script[("sails", ship)] = "battle"
    bench.script[("sails", "defence")] = sails
    bench.script[("plan-first", "defence")] = "D-1"
    bench.script[("plan", "defence")] = lambda r: next(c for c in ("D-1", "D-2") if c in r.choices)
    return bench


def _moves(bench, ship="defence"):
    """``{turn: (card, line, forward mm)}`` of the ship's moves."""
    return {e["turn"]: (e["data"]["card"], e["data"]["line"], round(e["data"]["after"]["y"] - e["data"]["before"]["y"], 1))
            for e in bench.events("ship-moved", ship=ship)}


def _own(bench):
    return bench.game.state.ext["variable-wind-strength"]


def _draws(bench):
    return [(e["turn"], e["data"]["counter"], e["data"]["result"], e["data"]["gauge"], e["data"]["strength"])
            for e in bench.events("wind-strength-counter")]


# --------------------------------------------------------------------------- p. 42: set-up


def test_medium_at_the_start_and_a_cup_of_one_up_one_down_three_unchanged(make):
    bench = make("advanced", OPTIONS)
    assert bench.game.state.wind.strength == "medium"
    assert (_own(bench)["cup"].count(UP), _own(bench)["cup"].count(DOWN), _own(bench)["cup"].count(BLANK)) == (1, 1, 3)
    assert _own(bench)["gauge"] is None
    assert [e["data"] for e in bench.events("wind-strength-start")] == [{"strength": "medium"}]


@pytest.mark.parametrize("start", ["low", "high"])
def test_a_scenario_may_set_another_starting_strength(make, start):
    bench = make("advanced", OPTIONS, settings={"variable-wind-strength": {"start": start}})
    assert bench.game.state.wind.strength == start


def test_a_bad_starting_strength_is_a_configuration_error(make):
    with pytest.raises(ConfigError, match="variable-wind-strength"):
        make("advanced", OPTIONS, settings={"variable-wind-strength": {"start": "gale"}})


# --------------------------------------------------------------------------- p. 42: strength of the wind


@pytest.mark.parametrize(("sails", "line"), [("full", "battle"), ("battle", "backing")])
def test_low_wind_runs_each_setting_one_step_slower(make, sails, line):
    bench = _bench(make, sails, start="low", counters=[BLANK])
    bench.play(1)
    assert _moves(bench)[1] == ("D-1", line, FORWARD[line])


def test_low_wind_holds_a_ship_at_backing_sails_as_if_struck(make):
    bench = _bench(make, "backing", start="low", counters=[BLANK, BLANK])
    bench.play(2)
    assert _moves(bench) == {}
    assert [(e["turn"], e["data"]["card"]) for e in bench.events("wind-strength-held", ship="defence")] == [(1, "D-1"), (2, "D-2")]
    assert bench.ship("defence").sails == "backing" and bench.ship("defence").pose.y == 300.0


@pytest.mark.parametrize("sails", ["full", "battle", "backing"])
def test_medium_wind_moves_normally(make, sails):
    bench = _bench(make, sails, counters=[BLANK])
    bench.play(1)
    assert _moves(bench)[1] == ("D-1", sails, FORWARD[sails])
    assert bench.events("high-wind-draw") == [] and bench.events("wind-strength-held") == []


@pytest.mark.parametrize(("sails", "line"), [("backing", "battle"), ("battle", "full"), ("full", "full")])
def test_high_wind_runs_each_setting_one_step_faster(make, sails, line):
    bench = _bench(make, sails, start="high", counters=[BLANK])
    bench.stack("E", [(0, None)])
    bench.play(1)
    assert _moves(bench)[1] == ("D-1", line, FORWARD[line])


@pytest.mark.parametrize("wind", ["low", "high"])
def test_struck_sails_and_red_cards_are_not_shifted(make, wind):
    bench = _bench(make, start=wind)
    game, ship = bench.game, bench.ship("defence")
    blue = vws.Move(ship="defence", card="D-1", line="backing", colour="green", start="bow", attitude="reaching")
    ship.sails = "struck"
    assert vws.sog_modify_movement(game=game, ship=ship, move=blue) is None
    ship.sails = "backing" if wind == "high" else "full"
    red = dataclasses.replace(blue, card="D-19", line="two-sandglass", colour=None, start="stern")
    assert vws.sog_modify_movement(game=game, ship=ship, move=red) is None
    assert vws.effective_sails("struck", wind) == "struck"


def test_high_wind_full_sails_crew_symbol_means_sail_damage(make):
    bench = _bench(make, "full", start="high", counters=[BLANK, BLANK])
    bench.stack("E", [(None, "crew"), (None, "crew")])
    bench.play(1)
    [draw] = bench.events("high-wind-draw", 1)
    assert draw["data"]["ship"] == "defence" and draw["data"]["counter"] == "E:crew" and draw["data"]["sail_damage"] is True
    assert bench.ship("defence").ext["special-damage"]["sail"] == 1 and bench.ship("defence").sails == "full"
    bench.play(2)  # the second sail damage forbids full sails at once (p. 33)
    assert bench.ship("defence").ext["special-damage"]["sail"] == 2 and bench.ship("defence").sails == "battle"
    assert bench.events("sails-changed", 2, ship="defence", reason="sail damage")


def test_high_wind_full_sails_zero_means_nothing_and_the_counter_goes_back(make):
    bench = _bench(make, "full", start="high", counters=[BLANK])
    size = len(bench.game.state.pools["E"].bag)
    bench.stack("E", [(0, None)])
    bench.play(1)
    [draw] = bench.events("high-wind-draw", 1)
    assert draw["data"]["counter"] == "E0" and draw["data"]["sail_damage"] is False
    assert bench.ship("defence").ext["special-damage"]["sail"] == 0
    assert len(bench.game.state.pools["E"].bag) == size


def test_only_ships_at_full_sails_that_move_draw_in_high_wind(make):
    bench = _bench(make, "battle", start="high", counters=[BLANK])
    bench.play(1)
    assert _moves(bench)[1][1] == "full"  # battle sails run the full line ...
    assert bench.events("high-wind-draw") == []  # ... but only full sails risk damage


# --------------------------------------------------------------------------- p. 43: change of strength


def test_a_first_change_counter_is_pending_on_the_gauge(make):
    bench = _bench(make, counters=[UP, BLANK])
    bench.until(1, "planning")
    assert bench.game.state.wind.strength == "medium" and _own(bench)["gauge"] == UP
    assert UP not in _own(bench)["cup"] and len(_own(bench)["cup"]) == 4
    assert _draws(bench) == [(1, UP, "pending", UP, "medium")]


def test_the_opposite_change_cancels_and_both_go_back_into_the_cup(make):
    bench = _bench(make, counters=[DOWN, UP])
    bench.until(2, "planning")
    assert bench.game.state.wind.strength == "medium" and _own(bench)["gauge"] is None
    assert sorted(_own(bench)["cup"]) == vws.fresh_cup()
    assert _draws(bench) == [(1, DOWN, "pending", DOWN, "medium"), (2, UP, "cancelled", None, "medium")]
    assert bench.events("wind-strength-changed") == []


def test_an_unchanged_counter_with_an_empty_gauge_changes_nothing(make):
    bench = _bench(make, counters=[BLANK, BLANK])
    bench.until(2, "planning")
    assert bench.game.state.wind.strength == "medium" and _own(bench)["gauge"] is None and len(_own(bench)["cup"]) == 5
    assert [d[2] for d in _draws(bench)] == ["unchanged", "unchanged"]


@pytest.mark.parametrize(("counter", "after"), [(UP, "high"), (DOWN, "low")])
def test_an_unchanged_counter_applies_the_pending_change(make, counter, after):
    bench = _bench(make, counters=[counter, BLANK])
    bench.until(2, "planning")
    assert bench.game.state.wind.strength == after and _own(bench)["gauge"] is None
    assert sorted(_own(bench)["cup"]) == vws.fresh_cup()
    assert _draws(bench)[1] == (2, BLANK, "applied", None, after)
    assert [e["data"] for e in bench.events("wind-strength-changed")] == [{"before": "medium", "after": after, "direction": counter}]


@pytest.mark.parametrize(("start", "counter"), [("high", UP), ("low", DOWN)])
def test_the_strength_stops_at_either_end_of_the_track(make, start, counter):
    bench = _bench(make, start=start, counters=[counter, BLANK])
    bench.until(2, "planning")
    assert bench.game.state.wind.strength == start and _own(bench)["gauge"] is None
    assert sorted(_own(bench)["cup"]) == vws.fresh_cup() and bench.events("wind-strength-changed") == []


def test_a_new_strength_moves_the_ships_in_the_same_turn(make):
    bench = _bench(make, "battle", counters=[UP, BLANK])
    bench.play(2)
    assert _moves(bench)[1] == ("D-1", "battle", FORWARD["battle"])
    assert _moves(bench)[2][1:] == ("full", FORWARD["full"])


def test_the_direction_counter_is_drawn_before_the_strength_counter(make):
    bench = _bench(make, counters=[BLANK])
    bench.until(1, "planning")
    kinds = [e["kind"] for e in bench.game.log.events if e["kind"] in ("wind-counter", "wind-strength-counter")]
    assert kinds == ["wind-counter", "wind-strength-counter"]


def test_stacking_a_counter_the_cup_does_not_hold_is_an_error_and_stacks_are_secret(make):
    bench = make("advanced", OPTIONS)
    with pytest.raises(PluginError, match="increase"):
        vws.stack(bench.game, [UP, UP])
    assert "stacked" not in bench.game.view("british")["ext"]["variable-wind-strength"]
    assert bench.game.view("british")["wind"]["strength"] == "medium"


# --------------------------------------------------------------------------- configuration and whole games


def test_needs_variable_wind_direction(make):
    with pytest.raises(ConfigError, match="requires 'variable-wind-direction'"):
        make("advanced", ("variable-wind-strength",))


@pytest.mark.parametrize("level", ["basic", "standard"])
def test_needs_the_advanced_rules(make, level):
    with pytest.raises(ConfigError, match="not allowed with"):
        make(level, OPTIONS)


@pytest.mark.parametrize("seed", range(5))
def test_random_bot_games_with_both_wind_options(library, catalogue, seed):  # noqa: F811
    game = random_game(library, catalogue, "advanced", OPTIONS, seed=seed, max_turns=8)
    assert game.over or game.state.turn == 8
    assert game.state.wind.strength in vws.STRENGTHS
    assert len(game.log.of_kind("wind-strength-counter")) >= min(game.state.turn, 8)
