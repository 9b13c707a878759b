"""The environment passes PettingZoo's own API and seed tests."""

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test, parallel_seed_test


def test_passes_the_parallel_api_test(make_env):
    parallel_api_test(make_env(max_turns=3), num_cycles=60)


def test_passes_the_parallel_api_test_at_advanced_rules(make_env):
    parallel_api_test(make_env(level="advanced", max_turns=2), num_cycles=60)


def test_passes_the_parallel_seed_test(make_env):
    parallel_seed_test(lambda: make_env(level="standard", max_turns=3), num_cycles=40)


def test_spaces_are_the_same_objects_for_every_call(make_env):
    env = make_env(max_turns=2)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == env.max_actions
