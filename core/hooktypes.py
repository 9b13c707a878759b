"""Value types that travel through hooks.

They are frozen dataclasses: a plugin that wants a different value returns a new one (see
:func:`dataclasses.replace`) instead of mutating what another plugin handed it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Step", "Outcome"]


@dataclass(frozen=True, slots=True)
class Step:
    """A step of the turn, contributed by a plugin through ``sog_turn_steps``.

    :ivar name: unique name, e.g. ``"planning"``; plugins match on it.
    :ivar order: position in the turn; steps run in ascending order (ties by name).
        Each system documents the orders its rules use, so that others slot in between.
    :ivar summary: one line for people.
    :ivar per_side: played side by side: consecutive ``per_side`` steps form a *part*
        that each side plays in turn (the sides' order is ``sog_side_order``, by default
        the scenario's), while :attr:`sog.game.Game.active_side` names the side playing.
        Steps that are not per side are played once, by everybody at once.
    """

    name: str
    order: int
    summary: str = ""
    per_side: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    :ivar winner: the winning side's id, or ``None`` for a draw.
    :ivar reason: a short explanation for people and the log.
    """

    winner: str | None
    reason: str
