"""The game's seeded random number generator.

A small, fully specified generator (PCG32, XSH-RR variant) whose whole state is two
integers, so it serialises into the game state exactly and gives the same sequence on every
platform and Python version. All randomness of a game goes through one instance held in the
state; tests and replays depend on that.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

__all__ = ["SEED_MAX", "Rng", "RngState"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
#: The largest seed (seeds, like the generator's state, are 64-bit: 0 to 2**64 - 1).
SEED_MAX = _MASK64
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005


class RngState(BaseModel):
    """Serialisable state of :class:`Rng`: the 64-bit state and the odd increment."""

    model_config = ConfigDict(extra="forbid")
    state: int
    inc: int


class Rng:
    """PCG32 random numbers from a seed; deterministic and serialisable.

    >>> a, b = Rng(42), Rng(42)
    >>> [a.randbelow(6) for _ in range(5)] == [b.randbelow(6) for _ in range(5)]
    True
    """

    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int = 0, stream: int = 54) -> None:
        self._inc = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self._next32()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._next32()

    @classmethod
    def from_state(cls, state: RngState) -> "Rng":
        """Rebuild a generator exactly where :meth:`state` left it."""
        rng = cls.__new__(cls)
        rng._state = state.state & _MASK64
        rng._inc = state.inc & _MASK64
        return rng

    def state(self) -> RngState:
        """The generator's current state, for saving."""
        return RngState(state=self._state, inc=self._inc)

    def _next32(self) -> int:
        old = self._state
        self._state = (old * _MULT + self._inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n == 1:
            return 0
        threshold = (-n) % (1 << 32) % n
        while True:
            r = self._next32()
            if r >= threshold:
                return r % n

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        hi = self._next32() >> 5
        lo = self._next32() >> 6
        return (hi * 67108864.0 + lo) / 9007199254740992.0
