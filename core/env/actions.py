"""Actions of the environment: which legal answers of a request a fixed action space offers.

An agent's action is an index ``0 .. max_actions - 1``. For a request with at most
``max_actions`` legal answers (choices or numbers of a range), action ``i`` is answer ``i``
in the request's order. A request with more is offered ``max_actions`` of them spread evenly
over its order, the first and the last included (:data:`SPREAD_RULING`), so that a wide
number range (a distance, a position) is still covered end to end. An agent with nothing to
decide has only action 0, which does nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sog.decisions import DecisionRequest

__all__ = ["SPREAD_RULING", "action_mask", "answer_for", "offered"]

#: What a request with more legal answers than the action space holds is offered.
SPREAD_RULING = ("a request with more than max_actions legal answers offers max_actions of them, "
                 "spread evenly over the request's order, its first and last answers included")


def offered(request: DecisionRequest, max_actions: int) -> list[int]:
    """The indexes into ``request``'s legal answers that actions ``0, 1, ...`` stand for."""
    count = request.count()
    if count <= max_actions:
        return list(range(count))
    if max_actions == 1:
        return [0]
    return [round(i * (count - 1) / (max_actions - 1)) for i in range(max_actions)]


def action_mask(request: DecisionRequest | None, max_actions: int) -> np.ndarray:
    """1 for each action that stands for a legal answer (only action 0 without a request)."""
    mask = np.zeros(max_actions, dtype=np.int8)
    mask[: len(offered(request, max_actions)) if request is not None else 1] = 1
    return mask


def answer_for(request: DecisionRequest, action: int, max_actions: int) -> tuple[Any, bool]:
    """The answer action ``action`` gives to ``request``, and whether the action was legal.

    An action the mask rules out is taken modulo the number of offered answers (so an
    unmasked random policy, as PettingZoo's seed test samples, still plays legal moves).
    """
    indexes = offered(request, max_actions)
    legal = 0 <= action < len(indexes)
    return request.option(indexes[action % len(indexes)]), legal
