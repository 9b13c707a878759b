"""Counter pools: draw without replacement, return, stack; no counter lost or duplicated."""

import pytest
from hypothesis import given, settings, strategies as st

from sog.pools import CounterPools, PoolError
from sog.rng import Rng
from sog.state import Counter

TABLE = [Counter(pool="T", index=i, value=v, symbol=s) for i, (v, s) in enumerate(
    [(0, None), (0, None), (1, None), (2, "crew"), (3, None), (None, "crew"), (6, None)]
)]


def make() -> tuple[CounterPools, dict]:
    states = {"T": CounterPools.fresh_state("T", len(TABLE))}
    return CounterPools({"T": TABLE}, states), states


def test_draws_never_repeat_a_counter_until_returned():
    pools, _ = make()
    rng = Rng(1)
    drawn = [pools.draw_one("T", rng) for _ in range(len(TABLE))]
    assert sorted(c.index for c in drawn) == list(range(len(TABLE)))
    assert pools.draw_one("T", rng) is None


def test_returned_counters_can_be_drawn_again():
    pools, states = make()
    rng = Rng(1)
    drawn = [pools.draw_one("T", rng) for _ in range(3)]
    pools.put_back(drawn)
    assert states["T"].bag == list(range(len(TABLE)))


def test_returning_a_counter_twice_is_refused():
    pools, _ = make()
    c = pools.draw_one("T", Rng(2))
    pools.put_back([c])
    with pytest.raises(PoolError):
        pools.put_back([c])


def test_stacked_counters_are_drawn_first_in_order():
    pools, _ = make()
    forced = pools.stack("T", [(6, None), (2, "crew"), (0, None)])
    rng = Rng(9)
    assert [pools.draw_one("T", rng) for _ in range(3)] == forced
    assert [c.value for c in forced] == [6, 2, 0]


def test_stacking_a_counter_the_cup_lacks_fails():
    pools, _ = make()
    with pytest.raises(PoolError, match="no more counters"):
        pools.stack("T", [(6, None), (6, None)])


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=10**9), st.lists(st.integers(min_value=1, max_value=7), max_size=12))
def test_no_counter_is_lost_or_duplicated(seed, batches):
    pools, states = make()
    rng = Rng(seed)
    outside: list[Counter] = []
    for n in batches:
        for _ in range(n):
            c = pools.draw_one("T", rng)
            if c is not None:
                outside.append(c)
        if len(outside) > 3:
            pools.put_back(outside[:2])
            outside = outside[2:]
        everywhere = states["T"].bag + [c.index for c in outside]
        assert sorted(everywhere) == list(range(len(TABLE)))
