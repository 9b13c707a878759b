"""Game systems on the core: a second system (the toy race) plays with its own piece state,
content kind, level, alternate parts and number decisions, and does not mix with Sails of Glory."""

from __future__ import annotations

import pytest

from sog import hookimpl
from sog.bots import RandomBot, bots_for, default_bot, make_bot
from sog.cli.narrate import narrate
from sog.decisions import DecisionRequest, NumberRange
from sog.errors import ConfigError, IllegalDecision, PluginError
from sog.hooktypes import Step
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds
from sog.render.svg import table_svg
from sog.replay import replay
from sog.savefile import load_game, save_game
from sog.schedule import build_schedule
from sog.setup import new_game

from toy_system import ToyBoat, toy_catalogue, write_pack


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    catalogue = toy_catalogue()
    library = load_library([write_pack(tmp_path_factory.mktemp("packs"))], kinds=content_kinds(catalogue))
    return catalogue, library


def race(toy, **kwargs):
    catalogue, library = toy
    return new_game("race", library=library, catalogue=catalogue, **kwargs)


def test_a_scenario_is_played_with_the_system_it_names(toy):
    game = race(toy)
    assert game.system.name == "toy-race" and game.state.system == "toy-race" and game.state.level == "open"
    assert game.rules.names == ("rowing",)  # no rule of Sails of Glory is on
    assert isinstance(game.ship("n1"), ToyBoat) and game.ship("n1").oars == 4  # from the toy-boat document


def test_sides_play_their_parts_one_after_the_other(toy):
    game = race(toy)
    game.advance()
    [north] = game.pending()
    assert (game.step.name, game.active_side, north.seat) == ("row", "north", "north")
    game.submit("north", north.id, 40)
    game.advance()
    [south] = game.pending()
    assert (game.step.name, game.active_side, south.seat) == ("row", "south", "south")
    rowed = [e for e in game.log.events if e["kind"] == "rowed"]
    assert [(e["side"], e["data"]) for e in rowed] == [("north", {"ship": "n1", "distance": 40})]
    assert game.view("south")["side_playing"] == "south"


def test_a_number_decision_accepts_only_its_range(toy):
    game = race(toy)
    game.advance()
    [request] = game.pending()
    assert request.number == NumberRange(min=0, max=40, step=5, unit="mm") and request.count() == 9
    for bad in (45, 12, "10", True, float("nan")):
        with pytest.raises(IllegalDecision, match="choose one of 0 to 40 mm, by 5"):
            game.submit("north", request.id, bad)
    assert game.ship("n1").pose.y == 0 and not game.state.answers  # nothing changed
    game.submit("north", request.id, 35)
    game.advance()
    assert game.ship("n1").pose.y == 35


def test_the_sides_order_may_be_given_by_a_rule(toy):
    class SouthFirst:
        @hookimpl
        def sog_side_order(self, game):
            return ["south", "north"]

    from sog.testing import RuleProvider

    catalogue = toy_catalogue()
    catalogue = type(catalogue)(**{**catalogue.__dict__})  # the same catalogue, plus a rule of no system
    provider = RuleProvider("south-first", SouthFirst())
    from sog.pluginmanager import create_catalogue
    from toy_system import Provider

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Provider(), provider])
    game = new_game("race", library=toy[1], catalogue=catalogue, add_options=["south-first"])
    game.advance()
    assert game.active_side == "south" and game.state.side_order == ["south", "north"]


def test_a_side_order_that_misses_a_side_is_a_plugin_error(toy):
    class Lonely:
        @hookimpl
        def sog_side_order(self, game):
            return ["north"]

    from sog.pluginmanager import create_catalogue
    from sog.testing import RuleProvider
    from toy_system import Provider

    catalogue = create_catalogue(entry_point_plugins=False, extra=[Provider(), RuleProvider("lonely", Lonely())])
    game = new_game("race", library=toy[1], catalogue=catalogue, add_options=["lonely"])
    with pytest.raises(PluginError, match="sog_side_order must name every side once"):
        game.advance()


def test_a_bot_plays_the_toy_race_to_a_result_and_it_replays(toy):
    game = race(toy, seed=5)
    outcome = game.run({seat: make_bot("random", 5, seat, game.system) for seat in game.seats()}, max_turns=100)
    assert outcome is not None and outcome.winner in ("north", "south")
    assert replay(game.log.header, game.log.events, library=toy[1], catalogue=toy[0]).events == len(game.log.events)


def test_a_saved_toy_game_keeps_its_typed_pieces(toy, tmp_path):
    game = race(toy)
    game.advance()
    [request] = game.pending()
    game.submit("north", request.id, 20)
    game.advance()
    path = tmp_path / "race.json"
    save_game(game, path)
    loaded = load_game(path, library=toy[1], catalogue=toy[0])
    boat = loaded.ship("n1")
    assert isinstance(boat, ToyBoat) and boat.rowed == 20 and loaded.active_side == "south"
    assert loaded.state.model_dump() == game.state.model_dump()


def test_a_rule_of_another_system_is_a_clear_error(toy):
    with pytest.raises(ConfigError, match="option 'grog' is a rule of sails-of-glory, not of toy-race"):
        race(toy, add_options=["grog"])
    with pytest.raises(ConfigError, match="unknown rules level 'basic' for Toy race; choose one of open"):
        race(toy, level="basic")


def test_a_sails_of_glory_game_is_untouched_by_another_system(toy, library):
    catalogue, _ = toy
    game = new_game("enemy-in-sight", library=library, catalogue=catalogue)
    assert game.system.name == "sails-of-glory" and "rowing" not in game.rules.names


def test_pictures_and_narration_come_from_the_system(toy):
    """sog_piece_outline shapes the pieces, sog_draw_overlays adds to the table, sog_narrate tells events."""
    game = race(toy)
    game.advance()
    [request] = game.pending()
    game.submit("north", request.id, 10)
    game.advance()
    svg = table_svg(game)
    assert 'class="finish"' in svg and "Gig" in svg  # sog_draw_overlays, then the pieces
    assert "  n1 rows 10 mm" in list(narrate(game, game.log.events))  # sog_narrate


def test_bots_are_the_cores_and_the_systems(toy):
    catalogue, _ = toy
    toy_system = catalogue.systems["toy-race"]
    sails = catalogue.systems["sails-of-glory"]
    assert list(bots_for(toy_system)) == ["random"] and default_bot(toy_system) == "random"
    assert list(bots_for(sails)) == ["random", "captain", "admiral"] and default_bot(sails) == "captain"
    assert isinstance(make_bot("random", 1, "north", toy_system), RandomBot)
    with pytest.raises(KeyError):
        make_bot("captain", 1, "north", toy_system)


# --- the mechanisms on their own -------------------------------------------------------------

def test_the_schedule_repeats_each_block_of_side_steps_per_side():
    plan, move, fire, end = Step("plan", 1), Step("move", 2, per_side=True), Step("fire", 3, per_side=True), Step("end", 9)
    again = Step("again", 10, per_side=True)
    slots = [(s.name, side) for s, side in build_schedule([plan, move, fire, end, again], ["a", "b"])]
    assert slots == [("plan", None), ("move", "a"), ("fire", "a"), ("move", "b"), ("fire", "b"), ("end", None),
                     ("again", "a"), ("again", "b")]


def test_a_number_range_lists_its_values_exactly():
    inches = NumberRange(min=0.5, max=6, step=0.5, unit="in")
    assert inches.count() == 12 and inches.value(0) == 0.5 and inches.value(11) == 6
    assert inches.contains(2.5) and inches.contains(3) and not inches.contains(2.6) and not inches.contains(6.5)
    assert not inches.contains(False) and not inches.contains(None)
    with pytest.raises(ValueError, match="min <= max and step > 0"):
        NumberRange(min=3, max=1)
    with pytest.raises(ValueError, match="min <= max and step > 0"):
        NumberRange(min=0, max=1, step=0)


def test_a_request_has_choices_or_a_number_range_not_both():
    with pytest.raises(ValueError, match="either a non-empty list of choices or a number range"):
        DecisionRequest(id="x", seat="s", kind="k", rule="r", prompt="?", choices=[1], number=NumberRange(min=0, max=2))
    with pytest.raises(ValueError, match="either a non-empty list of choices or a number range"):
        DecisionRequest(id="x", seat="s", kind="k", rule="r", prompt="?")


def test_a_person_at_the_terminal_types_a_number_of_the_range():
    import click

    from sog.cli.human import RangeNumber

    typed = RangeNumber(NumberRange(min=0, max=6, step=0.5, unit="in"))
    assert typed.convert("2.5", None, None) == 2.5 and typed.convert(" 3 ", None, None) == 3
    for bad in ("2.6", "7", "x", "٣", "1e3", "-1", "", "1" * 40):
        with pytest.raises(click.BadParameter, match="please type a number from 0 to 6 in, by 0.5"):
            typed.convert(bad, None, None)


def test_sog_rules_lists_each_system_with_its_rules(monkeypatch):
    """``sog rules`` groups the rules under their game system; ``--json`` lists the systems."""
    import json

    from click.testing import CliRunner

    import sog.cli.rules_cmds as rules_cmds
    from sog.cli.main import main

    monkeypatch.setattr(rules_cmds, "create_catalogue", lambda: toy_catalogue())
    listed = CliRunner().invoke(main, ["rules", "--json"])
    assert listed.exit_code == 0, listed.output
    data = json.loads(listed.output)
    assert {s["name"]: s["levels"] for s in data["systems"]} == {"sails-of-glory": ["basic", "standard", "advanced"],
                                                                 "toy-race": ["open"]}
    assert {r["name"]: r["system"] for r in data["rules"]}["rowing"] == "toy-race"
    table = CliRunner().invoke(main, ["rules"], terminal_width=200).output
    toy_at, sails_at = table.index("Toy race (toy-race)"), table.index("Sails of Glory (sails-of-glory)")
    assert table.index("rowing") > toy_at > table.index("grog") > sails_at  # each rule under its own system


def test_a_bench_stops_at_a_step_in_the_part_of_a_given_side(toy):
    from sog.testing import Bench

    bench = Bench(race(toy))
    bench.script.update({("row", "n1"): 10, ("row", "s1"): 5})
    bench.until(1, "row", side="south")
    assert bench.game.active_side == "south" and [r.ship for r in bench.game.pending()] == ["s1"]
    assert bench.game.ship("n1").pose.y == 10  # north rowed in its part first
    bench.until(2, "row")  # no side: the first part
    assert bench.game.active_side == "north" and bench.game.ship("s1").pose.y == 5
    with pytest.raises(AssertionError, match="no step 'row' in the part of 'east'"):
        bench.until(2, "row", side="east")
