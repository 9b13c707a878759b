"""Episodes: a game runs to its end, rewards follow the outcome, truncation at max_turns, seeds."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from sog.simulate import game_seed


def _play(env, masked_random, seed, rng_seed=0):
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    steps = 0
    while env.agents:
        observations, rewards, terminations, truncations, infos = env.step(masked_random(observations, rng))
        steps += 1
    return steps, rewards, terminations, truncations, infos


def test_a_game_runs_to_termination_with_random_masked_actions(make_env, masked_random):
    env = make_env(max_turns=60)
    steps, rewards, terminations, truncations, infos = _play(env, masked_random, seed=4)
    assert env.game.over and env.agents == [] and steps > 0
    assert all(terminations.values()) and not any(truncations.values())
    outcome = env.game.outcome
    assert infos["british"]["outcome"] == {"winner": outcome.winner, "reason": outcome.reason}
    if outcome.winner is None:
        assert rewards == {"british": 0.0, "french": 0.0}
    else:
        loser = "french" if outcome.winner == "british" else "british"
        assert rewards == {outcome.winner: 1.0, loser: -1.0}


def test_rewards_are_zero_until_the_end(make_env, masked_random):
    env = make_env(max_turns=60)
    observations, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    while env.agents:
        observations, rewards, terminations, *_ = env.step(masked_random(observations, rng))
        if not any(terminations.values()):
            assert set(rewards.values()) == {0.0}


def test_a_game_is_truncated_after_max_turns(make_env, masked_random):
    env = make_env(max_turns=1)
    _, rewards, terminations, truncations, _ = _play(env, masked_random, seed=4)
    assert not env.game.over and env.game.state.turn == 1
    assert all(truncations.values()) and not any(terminations.values()) and set(rewards.values()) == {0.0}


def test_stepping_after_the_end_asks_for_a_reset(make_env, masked_random):
    from sog.errors import ConfigError

    env = make_env(max_turns=1)
    _play(env, masked_random, seed=4)
    with pytest.raises(ConfigError, match="reset"):
        env.step({})


def test_the_seed_is_the_game_seed_and_later_resets_follow_simulate(make_env):
    env = make_env(max_turns=2)
    assert env.seed is None
    _, infos = env.reset(seed=77)
    assert env.seed == 77 and env.game.state.seed == 77
    assert all("seed" not in info for info in infos.values())  # with it an agent could foresee the draws
    seeds = []
    for _ in range(2):
        env.reset()
        seeds.append(env.game.state.seed)
    assert seeds == [game_seed(77, 0), game_seed(77, 1)] and env.seed == seeds[-1]


def test_the_same_seed_and_actions_give_the_same_game(make_env, masked_random):
    logs = []
    for _ in range(2):
        env = make_env(level="standard", max_turns=3)
        _play(env, masked_random, seed=9, rng_seed=5)
        logs.append(env.game.log.events)
    assert logs[0] == logs[1]


def test_render_ansi_shows_the_turn_and_every_ship(make_env):
    env = make_env(max_turns=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("enemy-in-sight, turn 1") and all(ship in text for ship in ("terpsichore", "genereux"))
    assert make_env(max_turns=2).render() is None


def test_seats_given_to_bots_are_played_inside_and_are_no_agents(make_env, masked_random):
    env = make_env(bots={"french": "captain"}, max_turns=60)
    assert env.possible_agents == ["british"]
    _, rewards, *_ = _play(env, masked_random, seed=4)
    assert set(rewards) == {"british"} and env.game.over
    answered = {a["seat"] for e in env.game.log.events if e["kind"] == "decisions" for a in e["data"]["answers"]}
    assert answered == {"british", "french"}  # the captain bot answered the French decisions


def test_the_api_test_passes_with_a_bot_seat(make_env):
    from pettingzoo.test import parallel_api_test

    parallel_api_test(make_env(bots={"british": "random"}, max_turns=3), num_cycles=40)


@pytest.mark.parametrize(("bots", "message"), [
    ({"spanish": "captain"}, "unknown seat 'spanish'"),
    ({"french": "admirall"}, "unknown bot 'admirall'"),
    ({"french": "random", "british": "random"}, "leave at least one seat"),
])
def test_bad_bots_are_refused(make_env, bots, message):
    from sog.errors import ConfigError

    with pytest.raises(ConfigError, match=message):
        make_env(bots=bots)


def test_the_example_evaluates_a_random_policy_against_the_captain(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "rl_random_policy.py"
    spec = importlib.util.spec_from_file_location("rl_random_policy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--episodes", "2", "--max-turns", "4"])
    out = capsys.readouterr().out
    assert "2 episodes, random masked policy as british against the captain bot" in out and "win rate" in out
