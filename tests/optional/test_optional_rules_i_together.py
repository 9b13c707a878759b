"""Grog, lacking training, entanglement, forced aim, flagship, surrendered ships and variable wind
direction: every pair plays whole random-bot games at every level both allow; the catalogue
lists them; bad configurations fail with one clear error.
"""

import json
from itertools import combinations

import pytest
from click.testing import CliRunner

from opt1_bench import SCENARIO, random_game  # noqa: F401  (fixtures)
from sog.bots import make_bot
from sog.cli.main import main
from sog.errors import ConfigError
from sog.pluginmanager import create_catalogue
from sog.replay import replay
from sog.plugins.system import LEVELS
from sog.setup import new_game

OPTIONS = ("grog", "lacking-training", "entanglement", "forced-aim", "flagship", "surrendered-ships",
           "variable-wind-direction")
MAX_TURNS = 15


def _levels(catalogue, a, b):
    return [lvl for lvl in LEVELS if lvl in catalogue.rules[a].levels and lvl in catalogue.rules[b].levels]


def _pair_cases():
    cat = create_catalogue(entry_point_plugins=False)
    return [(a, b, lvl) for a, b in combinations(OPTIONS, 2) for lvl in _levels(cat, a, b)]


def _accounted(game):
    """Every counter is in its cup, on a ship's log or in a zero box: none lost or doubled."""
    sizes = {pid: game.content.pool(pid).size for pid in game.state.pools}
    held = {pid: 0 for pid in sizes}
    for ship in game.ships(in_play=False):
        for counter in ship.zero_box + [c for box in ship.ship_track + ship.crew_track for c in box.counters]:
            held[counter.pool] += 1
    return {pid: game.pools.remaining(pid) + held[pid] for pid in sizes} == sizes


@pytest.mark.parametrize(("a", "b", "level"), _pair_cases(), ids=lambda v: str(v))
def test_every_pair_plays_random_bot_games_at_every_level_both_allow(library, catalogue, a, b, level):
    for seed in (1, 2):
        game = random_game(library, catalogue, level, (a, b), seed, MAX_TURNS)
        assert game.over or game.state.turn == MAX_TURNS
        assert set(game.state.options) == {a, b}
        assert _accounted(game)


@pytest.mark.parametrize("level", LEVELS)
def test_all_seven_with_captain_bots_end_or_run_and_replay_exactly(library, catalogue, level):
    settings = {"lacking-training": {"sailors": True}} if level == "advanced" else None
    game = new_game(SCENARIO, level=level, seed=3, library=library, catalogue=catalogue, options=list(OPTIONS),
                    settings=settings)
    game.run({seat: make_bot("captain", 3, seat, game.system) for seat in game.seats()}, max_turns=25)
    assert game.over or game.state.turn == 25
    assert _accounted(game)
    own = game.state.ext.get("surrendered-ships", {})
    assert not any(game.ship(s).in_play for s in own["drifting"] + own["wrecks"])
    replay(game.log.header, game.log.events, library=library, catalogue=catalogue)  # raises on any difference


def test_pair_suite_covers_every_pair_at_every_level():
    assert len(_pair_cases()) == 21 * 3


def test_sog_rules_lists_each_option_with_its_levels_and_summary(catalogue):
    result = CliRunner().invoke(main, ["rules", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.output)["rules"]}
    for name in OPTIONS:
        row = rows[name]
        assert row["kind"] == "option" and row["levels"] == ["basic", "standard", "advanced"]
        assert row["summary"] and row["pages"].startswith("rulebook p")


@pytest.mark.parametrize("name", OPTIONS)
def test_each_option_is_off_unless_asked_for(library, catalogue, name):
    assert name not in new_game(SCENARIO, library=library, catalogue=catalogue).rules.names
    assert name in new_game(SCENARIO, library=library, catalogue=catalogue, options=[name]).rules.names


@pytest.mark.parametrize(("level", "settings", "message"), [
    ("basic", {"lacking-training": {"sailors": True}}, "need the Advanced rules"),
    ("standard", {"lacking-training": {"sailors": True}}, "need the Advanced rules"),
    ("basic", {"lacking-training": {"crew": True}}, "invalid settings for 'lacking-training'"),
    ("basic", {"flagship": {"ships": {"french": "defence"}}}, "not a ship of that side"),
    ("basic", {"grog": {"rounds": 2}}, "invalid settings for 'grog'"),
])
def test_a_forbidden_configuration_is_one_clear_error(library, catalogue, level, settings, message):
    with pytest.raises(ConfigError, match=message):
        new_game(SCENARIO, level=level, library=library, catalogue=catalogue, options=list(settings), settings=settings)


def test_an_unknown_option_name_suggests_the_right_one(library, catalogue):
    with pytest.raises(ConfigError, match="did you mean 'forced-aim'"):
        new_game(SCENARIO, library=library, catalogue=catalogue, options=["forced-aims"])
