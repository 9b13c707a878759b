"""The seeded RNG: deterministic, serialisable, uniform enough."""

from collections import Counter

from hypothesis import given, strategies as st

from sog.rng import Rng


def test_same_seed_gives_same_sequence():
    a, b = Rng(2026), Rng(2026)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]


def test_different_seeds_differ():
    a, b = Rng(1), Rng(2)
    assert [a.randbelow(1000) for _ in range(20)] != [b.randbelow(1000) for _ in range(20)]


def test_known_first_values_are_stable_across_versions():
    # Pinned so a change of the generator (which would change every saved game) is noticed.
    rng = Rng(42)
    assert [rng.randbelow(100) for _ in range(8)] == PINNED


PINNED = [83, 97, 24, 55, 55, 66, 85, 45]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=200))
def test_state_round_trip_continues_exactly(seed, skip):
    rng = Rng(seed)
    for _ in range(skip):
        rng.randbelow(7)
    again = Rng.from_state(rng.state())
    assert [rng.randbelow(1 << 20) for _ in range(10)] == [again.randbelow(1 << 20) for _ in range(10)]


def test_randbelow_stays_in_range_and_covers_it():
    rng = Rng(7)
    seen = Counter(rng.randbelow(6) for _ in range(6000))
    assert set(seen) == set(range(6))
    assert all(800 < n < 1200 for n in seen.values())


def test_shuffle_is_a_permutation():
    rng = Rng(3)
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_random_is_in_unit_interval():
    rng = Rng(5)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)


def test_matches_the_pcg32_reference_output():
    # pcg32-demo of the PCG reference implementation, seed 42, stream 54.
    rng = Rng(42, 54)
    assert [rng._next32() for _ in range(3)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330]
