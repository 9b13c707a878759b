"""Counter pools: the cups of damage counters, drawn without replacement.

A pool's counters are fixed by its content document; the state keeps only which of them
are still in the cup (``PoolState.bag``). Drawing picks uniformly with the game's RNG, so
the cup has no "order" that a view could leak. Tests force a worked example's draws with
:meth:`CounterPools.stack`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sog.rng import Rng
from sog.state import Counter, PoolState

__all__ = ["CounterPools", "PoolError", "counter_table"]


_TABLES: dict[tuple[int, str], tuple[Any, list[Counter]]] = {}


def counter_table(content: Any, pool: str) -> list[Counter]:
    """Every counter of pool ``pool`` of a library; cached per document (counters are immutable)."""
    doc = content.pool(pool)
    cached = _TABLES.get((id(doc), pool))
    if cached is None or cached[0] is not doc:
        table = [Counter(pool=pool, index=i, value=c.value, symbol=c.symbol) for i, c in enumerate(doc.expanded())]
        cached = _TABLES[(id(doc), pool)] = (doc, table)
    return cached[1]


class PoolError(ValueError):
    """A counter was returned twice, or a stacked counter is not in the cup."""


class CounterPools:
    """Draw and return counters of every pool of a game.

    :param tables: for each pool id, every counter of the pool (index = position).
    :param states: the pools' states, changed in place.
    """

    def __init__(self, tables: Mapping[str, Sequence[Counter]], states: Mapping[str, PoolState]) -> None:
        self._tables = tables
        self._states = states

    @staticmethod
    def fresh_state(pool_id: str, size: int) -> PoolState:
        """A full cup."""
        return PoolState(id=pool_id, bag=list(range(size)))

    def counter(self, pool: str, index: int) -> Counter:
        """The counter at ``index`` of ``pool``."""
        return self._tables[pool][index]

    def remaining(self, pool: str) -> int:
        """How many counters are in the cup."""
        return len(self._states[pool].bag)

    def draw_one(self, pool: str, rng: Rng) -> Counter | None:
        """Draw one counter, or ``None`` if the cup is empty."""
        state = self._states[pool]
        if not state.bag:
            return None
        if state.stacked:
            index = state.stacked.pop(0)
            state.bag.remove(index)
        else:
            index = state.bag.pop(rng.randbelow(len(state.bag)))
        return self._tables[pool][index]

    def put_back(self, counters: Iterable[Counter]) -> None:
        """Return counters to their cups.

        :raises PoolError: if a counter is already in its cup (it would be duplicated).
        """
        for counter in counters:
            bag = self._states[counter.pool].bag
            if counter.index in bag:
                raise PoolError(f"counter {counter.pool}#{counter.index} is already in its pool")
            bag.append(counter.index)
        for state in self._states.values():
            state.bag.sort()

    def stack(self, pool: str, wanted: Iterable[tuple[int | None, str | None]]) -> list[Counter]:
        """Force the next draws of ``pool``: counters matching ``(value, symbol)``, in order.

        For tests reproducing a worked example. Each wanted pair takes a distinct counter of
        the cup that shows exactly that value and symbol.

        :raises PoolError: if the cup holds no such counter.
        """
        state = self._states[pool]
        chosen: list[int] = []
        for value, symbol in wanted:
            for index in state.bag:
                c = self._tables[pool][index]
                if index not in chosen and index not in state.stacked and c.value == value and c.symbol == symbol:
                    chosen.append(index)
                    break
            else:
                raise PoolError(f"pool {pool} has no more counters showing value={value} symbol={symbol}")
        state.stacked.extend(chosen)
        return [self._tables[pool][i] for i in chosen]
