"""Fixtures of the environment tests: environments over the session's packs, a masked random policy."""

import pytest


@pytest.fixture
def make_env(library):
    """``make_env(scenario="enemy-in-sight", **kwargs)``: a SogParallelEnv on the loaded packs."""
    from sog.env import SogParallelEnv

    def make(scenario="enemy-in-sight", **kwargs):
        return SogParallelEnv(scenario, library=library, **kwargs)

    return make


@pytest.fixture
def masked_random():
    """``masked_random(observations, rng)``: a legal random action for every agent observed."""
    import numpy as np

    def act(observations, rng):
        return {agent: int(rng.choice(np.flatnonzero(obs["action_mask"]))) for agent, obs in observations.items()}

    return act
