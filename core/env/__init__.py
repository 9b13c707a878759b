"""Reinforcement learning: games as a PettingZoo parallel environment (the optional ``rl`` extra).

:class:`SogParallelEnv` makes every seat of a scenario an agent with a discrete action space
masked to its legal answers, and an observation built from the seat's view only by the game
system's :class:`sog.systems.Observer`. Install with ``pip install 'sog[rl]'``.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError(f"sog.env needs the optional 'rl' extra (pettingzoo, gymnasium, numpy): "
                      f"pip install 'sog[rl]' ({exc})") from exc

from sog.env.actions import SPREAD_RULING
from sog.env.parallel import SogParallelEnv

__all__ = ["SPREAD_RULING", "SogParallelEnv", "parallel_env"]


def parallel_env(scenario: str, **kwargs: object) -> SogParallelEnv:
    """PettingZoo's conventional constructor: ``SogParallelEnv(scenario, **kwargs)``."""
    return SogParallelEnv(scenario, **kwargs)  # type: ignore[arg-type]
