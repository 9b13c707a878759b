"""The order of a turn's steps, with the parts that sides play one after another.

Steps marked ``per_side`` that follow one another (in turn order) form a *part*: the first
side plays all of them, then the next side, and so on ("players move alternately"). Other
steps are played once, by everybody at once (simultaneous planning, say). The schedule is a
pure function of the steps and the turn's side order, so a loaded game rebuilds it from
its state.
"""

from __future__ import annotations

from collections.abc import Sequence

from sog.hooktypes import Step

__all__ = ["Slot", "build_schedule", "has_parts"]

#: One entry of the schedule: a step and the side playing it (``None``: everybody).
Slot = tuple[Step, str | None]


def has_parts(steps: Sequence[Step]) -> bool:
    """Whether any step is played side by side."""
    return any(step.per_side for step in steps)


def build_schedule(steps: Sequence[Step], side_order: Sequence[str]) -> list[Slot]:
    """The turn's slots: ``steps`` in order, each block of ``per_side`` steps once per side.

    >>> a, b, c = Step("plan", 1), Step("move", 2, per_side=True), Step("fire", 3, per_side=True)
    >>> [(s.name, side) for s, side in build_schedule([a, b, c], ["red", "blue"])]
    [('plan', None), ('move', 'red'), ('fire', 'red'), ('move', 'blue'), ('fire', 'blue')]
    """
    slots: list[Slot] = []
    block: list[Step] = []
    for step in [*steps, None]:
        if step is not None and step.per_side:
            block.append(step)
            continue
        for side in side_order:
            slots.extend((s, side) for s in block)
        block = []
        if step is not None:
            slots.append((step, None))
    return slots
