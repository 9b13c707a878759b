"""The random bot: a uniformly random legal choice for every decision."""

from __future__ import annotations

from typing import Any

from sog.decisions import DecisionRequest
from sog.game import SeatView
from sog.rng import Rng

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal answers (choices or a number range), with its own
    seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, stream=7)

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if request.number is None:
            return self._rng.choice(request.choices)
        return request.option(self._rng.randbelow(request.count()))
