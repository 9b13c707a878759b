"""Whole random-bot games (from a start within range) with every pair of continuous fire, first broadside, double shot and
boarding, at every level both rules of the pair allow; and the four together, replayed."""

import itertools

import pytest

from opt2_bench import random_game  # noqa: F401  (fixtures)
from sog.replay import replay
from sog.plugins.system import LEVELS

OPTIONS = ("continuous-fire", "first-broadside", "double-shot", "boarding")
MAX_TURNS = 6


def _levels(catalogue, names):
    return [level for level in LEVELS if all(level in catalogue.rules[n].levels for n in names)]


def _cases():
    from sog.pluginmanager import create_catalogue

    cat = create_catalogue(entry_point_plugins=False)
    return [(pair, level) for pair in itertools.combinations(OPTIONS, 2) for level in _levels(cat, pair)]


@pytest.mark.parametrize(("pair", "level"), _cases(), ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_every_pair_plays_a_random_bot_game(library, catalogue, pair, level):  # noqa: F811
    seed = len(pair[0]) + LEVELS.index(level)
    game = random_game(library, catalogue, level, pair, seed=seed, max_turns=MAX_TURNS, melee=True)
    assert set(pair) <= set(game.rules.names)
    assert game.over or game.state.turn == MAX_TURNS
    assert game.log.of_kind("attack")  # the melee start brings the guns to bear
    again = random_game(library, catalogue, level, pair, seed=seed, max_turns=MAX_TURNS, melee=True)
    assert again.log.to_jsonl() == game.log.to_jsonl()


def test_double_shot_pairs_skip_the_basic_level(catalogue):  # noqa: F811
    assert _levels(catalogue, ("double-shot", "boarding")) == ["standard", "advanced"]
    assert _levels(catalogue, ("continuous-fire", "boarding")) == ["basic", "standard", "advanced"]


@pytest.mark.parametrize("seed", [5, 6])
def test_all_four_together_replay_exactly(library, catalogue, seed):  # noqa: F811
    game = random_game(library, catalogue, "standard", OPTIONS, seed=seed, max_turns=40)
    result = replay(game.log.header, game.log.events, library=library)
    assert result.events == len(game.log.events) > 50
