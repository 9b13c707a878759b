"""Bad arguments to the environment get clear errors."""

import dataclasses

import pytest

pytest.importorskip("pettingzoo")

from sog.errors import ConfigError


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"max_turns": 0}, "max_turns must be a positive integer"),
    ({"max_turns": True}, "max_turns must be a positive integer"),
    ({"max_actions": 0}, "max_actions must be a positive integer"),
    ({"max_actions": 2.5}, "max_actions must be a positive integer"),
    ({"render_mode": "human"}, "render_mode must be None or one of ansi"),
    ({"options": "grog"}, "options must be a list of rule names"),
    ({"packs": ["somewhere"]}, "either packs .* or a loaded library"),
])
def test_bad_arguments_are_refused(make_env, kwargs, message):
    with pytest.raises(ConfigError, match=message):
        make_env(**kwargs)


def test_an_unknown_scenario_is_named(make_env):
    with pytest.raises(ConfigError, match="no scenario with id 'enemy-in-sigth'.*enemy-in-sight"):
        make_env("enemy-in-sigth")


def test_an_unknown_option_is_refused(make_env):
    with pytest.raises(ConfigError, match="no-such-rule"):
        make_env(options=["no-such-rule"])


def test_a_system_without_observer_is_refused(make_env):
    from sog.pluginmanager import create_catalogue

    catalogue = create_catalogue(entry_point_plugins=False)
    blind = dataclasses.replace(catalogue.systems["sails-of-glory"], observer=None)
    catalogue = dataclasses.replace(catalogue, systems={**catalogue.systems, "sails-of-glory": blind})
    with pytest.raises(ConfigError, match="declares no observer"):
        make_env(catalogue=catalogue)


def test_a_seed_out_of_range_is_refused(make_env):
    env = make_env(max_turns=2)
    with pytest.raises(ConfigError, match="seed"):
        env.reset(seed=-1)


def test_bad_actions_are_refused_and_change_nothing(make_env):
    env = make_env(max_turns=2)
    with pytest.raises(ConfigError, match="call reset"):
        env.step({"british": 0})
    env.reset(seed=1)
    with pytest.raises(ConfigError, match="agents not playing: spanish"):
        env.step({"spanish": 0})
    with pytest.raises(ConfigError, match="must be an integer, got 'B-1'"):
        env.step({"british": "B-1"})
    with pytest.raises(ConfigError, match="must be an integer"):
        env.step({"british": 0, "french": 1.0})
    assert env.game.state.answers == {}
    with pytest.raises(ConfigError, match="unknown agent 'spanish'"):
        env.action_space("spanish")
