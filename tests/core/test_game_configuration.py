"""How a game's rules come from the scenario and the player's choices (new_game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sog.errors import ConfigError
from sog.packs.loader import load_library
from sog.setup import SEED_MAX, new_game

SCENARIO = "enemy-in-sight"
HOUSE = "house-sight"


@pytest.fixture
def with_options(tmp_path):
    """``with_options(options, settings)``: a library with a pack holding Enemy in Sight with
    other options, as scenario ``house-sight`` (defaults: grog and lacking training, with
    settings for lacking training)."""
    starter = Path(__file__).parents[2] / "content" / "starter-set" / "scenarios" / "enemy-in-sight.yaml"

    def build(options=("grog", "lacking-training"), settings=None):
        settings = {"lacking-training": {"ships": ["courageuse"], "gunners": True}} if settings is None else settings
        pack = tmp_path / f"pack-{len(list(tmp_path.iterdir()))}"
        pack.mkdir()
        (pack / "pack.yaml").write_text("name: house\nversion: 1.0.0\ndescription: test\nrequires: [starter-set]\n")
        text = starter.read_text(encoding="utf-8").replace("id: enemy-in-sight", "id: house-sight")
        text = text.replace("options: []", f"options: {json.dumps(list(options))}")
        text = text.replace("option_settings: {}", f"option_settings: {json.dumps(settings)}")
        (pack / "scenario.yaml").write_text(text, encoding="utf-8")
        return load_library([pack])

    return build


def test_added_options_keep_the_scenarios_options_and_settings(with_options, catalogue):
    game = new_game(HOUSE, library=with_options(), catalogue=catalogue, add_options=["flagship"])
    assert set(game.state.options) == {"grog", "lacking-training", "flagship"}
    assert game.settings("lacking-training") == {"ships": ["courageuse"], "gunners": True}


def test_blocking_a_scenario_option_removes_it_and_its_settings(with_options, catalogue):
    game = new_game(HOUSE, library=with_options(), catalogue=catalogue, blocked=["lacking-training"])
    assert game.state.options == ["grog"]
    assert "lacking-training" not in game.state.settings and not game.rule_on("lacking-training")
    assert game.log.header["blocked"] == []


def test_options_replace_the_scenarios_list(with_options, catalogue):
    game = new_game(HOUSE, library=with_options(), catalogue=catalogue, options=["flagship"])
    assert game.state.options == ["flagship"]


def test_scenario_settings_for_an_option_it_does_not_switch_on_are_an_error(with_options, catalogue):
    library = with_options(options=("grog",))
    with pytest.raises(ConfigError, match="option_settings for 'lacking-training'"):
        new_game(HOUSE, library=library, catalogue=catalogue)


def test_settings_for_a_rule_that_is_not_on_are_an_error(library, catalogue):
    with pytest.raises(ConfigError, match="not on in this game"):
        new_game(SCENARIO, library=library, catalogue=catalogue, settings={"grog": {}})


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, 10**5000, 1.5, True, "7"], ids=["negative", "2**64", "5000-digits", "float", "bool", "str"])
def test_a_seed_outside_0_to_2_64_is_refused(library, catalogue, seed):
    with pytest.raises(ConfigError, match="out of range") as caught:
        new_game(SCENARIO, library=library, catalogue=catalogue, seed=seed)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("seed", [0, SEED_MAX])
def test_the_seeds_at_both_ends_of_the_range_are_accepted(library, catalogue, seed):
    assert new_game(SCENARIO, library=library, catalogue=catalogue, seed=seed).state.seed == seed
