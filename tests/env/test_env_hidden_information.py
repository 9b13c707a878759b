"""An agent's observation comes from its seat's view only: another seat's secret answer never shows."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")


def _replayed(make_env, seed, history):
    env = make_env(level="standard", max_turns=2)
    observations, _ = env.reset(seed=seed)
    for actions in history:
        observations, *_ = env.step(actions)
    return env, observations


def test_an_observation_does_not_change_with_another_seats_secret_answer(make_env, masked_random):
    seed, rng = 21, np.random.default_rng(3)
    env, observations = _replayed(make_env, seed, [])
    history, probed = [], set()
    while env.agents:
        for secret, watcher in (("british", "french"), ("french", "british")):
            legal = np.flatnonzero(observations[secret]["action_mask"])
            kind = env.game.pending(secret)[0].kind if env.game.pending(secret) else None
            if len(legal) < 2 or not env.game.pending(watcher) or (kind, secret) in probed:
                continue  # no second answer to compare, the round would resolve and reveal it, or seen
            seen = []
            for action in legal[:2]:
                fork, _ = _replayed(make_env, seed, history)
                shown, *_, infos = fork.step({secret: int(action)})
                seen.append((shown[watcher], infos[watcher], dict(fork.game.state.answers)))
            (obs_a, info_a, answers_a), (obs_b, info_b, answers_b) = seen
            assert answers_a != answers_b  # the two games did differ
            assert np.array_equal(obs_a["observation"], obs_b["observation"])
            assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"]) and info_a == info_b
            probed.add((kind, secret))
        actions = masked_random(observations, rng)
        history.append(actions)
        observations, *_ = env.step(actions)
    assert {(kind, seat) for kind in ("plan", "load") for seat in ("british", "french")} <= probed
