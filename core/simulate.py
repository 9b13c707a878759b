"""Many bot games of one scenario and what they add up to: the engine of ``sog simulate``.

A designer balancing ships asks how often each side wins, with how much certainty. This module
is the pure part, knowing no game system:

- :func:`game_seed`: the seed of game ``i`` of a run from base seed ``S``, so that any one game
  can be played again alone (``sog play SCENARIO --seed X``);
- :func:`play_game`: one game of a :class:`GameSpec`, from its seed, to a :class:`GameResult`;
- :func:`run_games`: every game, in this process or on a pool of local processes, results
  handed over as they finish;
- :func:`wilson_interval`, :func:`summarize` and :func:`compare` (:mod:`sog.simulate_stats`):
  win rates with 95% intervals, draws, turns, how games ended, per-ship figures, two runs
  compared game by game.

A game's per-ship figures come from the ``sog_ship_statistics`` hook of its game system (the
core knows only each ship's status). Games run in this process, on local processes, or on a
Dask cluster (:mod:`sog.simulate_dask`).

The results of a run depend only on the spec, the base seed and the number of games: each game
draws from its own game's generator only (and its bots from theirs), and summaries are taken
over the results sorted by game index, never in the order workers finish.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sog.lineup import Lineup
from sog.simulate_stats import UNFINISHED, compare, summarize, wilson_interval

__all__ = [
    "EXECUTORS", "SEED_DERIVATION", "UNFINISHED", "GameResult", "GameSpec", "ShipResult", "compare", "game_seed",
    "play_batch", "play_game", "run_games", "ship_results", "summarize", "wilson_interval",
]

#: Where games can be played: ``local`` (this process or local processes) and ``dask``.
EXECUTORS = ("local", "dask")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: How :func:`game_seed` derives the seeds, as the JSON output and the documentation state it.
SEED_DERIVATION = ("seed of game i (i = 0, 1, ...) = splitmix64(S + (i + 1) * 0x9E3779B97F4A7C15 mod 2**64), "
                   "the i-th output of a SplitMix64 generator started at the base seed S")


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run with base seed ``base``: see :data:`SEED_DERIVATION`.

    SplitMix64 spreads neighbouring base seeds and indices over the whole 64-bit range, so the
    games of runs with seeds 1 and 2 do not overlap shifted by one, as ``S + i`` would.
    """
    z = (base + (index + 1) * _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True)
class GameSpec:
    """What every game of a run shares: scenario, rules, the bot of each seat, packs, turn limit,
    and what ``sog play`` may change: rule settings, rules switched off (``blocked``), the
    line-up (fleets, captains, crew cards) and a points limit.

    Plain data, so that it crosses to worker processes; ``bots`` names a bot for every seat.
    """

    scenario: str
    bots: Mapping[str, str]
    level: str | None = None
    options: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()
    max_turns: int | None = None
    settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    blocked: tuple[str, ...] = ()
    lineup: Lineup = field(default_factory=Lineup)
    points_limit: int | None = None

    def new_game(self, seed: int) -> Any:
        """A game of this spec from ``seed``, set up and ready to run (not played)."""
        from sog.setup import new_game

        return new_game(self.scenario, library=_library(self.packs), catalogue=_catalogue(), level=self.level,
                        add_options=list(self.options),
                        settings={rule: dict(value) for rule, value in self.settings.items()}, seed=seed,
                        blocked=self.blocked, lineup=self.lineup, points_limit=self.points_limit)


@dataclass(frozen=True)
class ShipResult:
    """One ship at the end of a game: its id in the game, side, status (``in-play`` or how it
    left) and its game system's figures (``sog_ship_statistics``: damage dealt and taken, ...)."""

    id: str
    side: str
    status: str
    figures: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """One finished game: its index in the run, its seed, the winning side (``None``: a draw or
    unfinished), the turns played, the reason the game ended, and each ship's end."""

    index: int
    seed: int
    winner: str | None
    turns: int
    reason: str
    ships: tuple[ShipResult, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=4)
def _library(packs: tuple[str, ...]) -> Any:
    """The content library of ``packs``, loaded once per process (it is only read)."""
    from sog.packs.loader import load_library

    return load_library([Path(p) for p in packs])


@lru_cache(maxsize=1)
def _catalogue() -> Any:
    """The catalogue of rules, built once per process: checking every rule's settings schema
    costs far more than a short game, and the catalogue is only read by the games."""
    from sog.pluginmanager import create_catalogue

    return create_catalogue()


def play_game(spec: GameSpec, index: int, seed: int) -> GameResult:
    """Play game ``index`` of ``spec`` from ``seed`` with its bots, to its end or the turn limit.

    The same bots as ``sog play --seed SEED --bots SEAT=BOT``: each seeded from the game seed
    and its seat (:func:`sog.bots.make_bot`).
    """
    from sog.bots import make_bot

    game = spec.new_game(seed)
    controllers = {seat: make_bot(spec.bots[seat], seed, seat, game.system) for seat in game.seats()}
    outcome = game.run(controllers, max_turns=spec.max_turns)
    ships = ship_results(game)
    if outcome is None:
        return GameResult(index, seed, None, game.state.turn, UNFINISHED, ships)
    return GameResult(index, seed, outcome.winner, game.state.turn, outcome.reason, ships)


def ship_results(game: Any) -> tuple[ShipResult, ...]:
    """Every ship of a game that ended or stopped: its status and its system's figures."""
    out = []
    for ship in game.state.ships.values():
        figures: dict[str, float] = {}
        for answer in reversed(game.hook.sog_ship_statistics(game=game, ship=ship)):  # registration order
            figures.update(answer or {})
        out.append(ShipResult(ship.id, ship.side, ship.status, {k: float(v) for k, v in figures.items()}))
    return tuple(out)


def play_batch(spec: GameSpec, batch: Sequence[tuple[int, int]]) -> list[GameResult]:
    """Worker task: games (index, seed) in a row (``batch_size`` > 1: fewer round trips for very short games)."""
    return [play_game(spec, index, seed) for index, seed in batch]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and reports what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _batches(base: int, indices: Iterable[int], size: int) -> Iterator[list[tuple[int, int]]]:
    batch: list[tuple[int, int]] = []
    for index in indices:
        batch.append((index, game_seed(base, index)))
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def run_games(spec: GameSpec, games: int, base_seed: int, workers: int = 1,
              on_result: Callable[[GameResult], None] | None = None, batch_size: int = 1,
              executor: str = "local", address: str | None = None, client: Any = None) -> list[GameResult]:
    """Play games ``0 .. games - 1`` of ``spec``; their results, sorted by game index.

    ``workers == 1`` plays them in this process; more use a pool of that many local processes,
    keeping a few batches per worker in flight (a million games are never queued at once).
    ``executor="dask"`` submits them to the Dask scheduler at ``address`` (or through a
    connected ``client``) instead (:func:`sog.simulate_dask.run_on_dask`; ``workers`` unused). ``on_result``
    hears each result as it comes (a progress bar). A :class:`KeyboardInterrupt` cancels what
    has not started and propagates with ``.results``: the games that finished.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r} (known: {', '.join(EXECUTORS)})")
    done: list[GameResult] = []

    def take(result: GameResult) -> None:
        done.append(result)
        if on_result is not None:
            on_result(result)

    try:
        if executor == "dask":
            from sog.simulate_dask import run_on_dask

            run_on_dask(spec, _batches(base_seed, range(games), max(1, batch_size)), client or address or "", take)
        elif workers <= 1:
            for index in range(games):
                take(play_game(spec, index, game_seed(base_seed, index)))
        else:
            _run_pool(spec, games, base_seed, workers, batch_size, take)
    except KeyboardInterrupt as exc:
        exc.results = sorted(done, key=lambda r: r.index)  # type: ignore[attr-defined]
        raise
    return sorted(done, key=lambda r: r.index)


def _run_pool(spec: GameSpec, games: int, base_seed: int, workers: int, batch_size: int,
              take: Callable[[GameResult], None]) -> None:
    batches = _batches(base_seed, range(games), max(1, batch_size))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    pending: set[Future[list[GameResult]]] = set()
    try:
        for batch in batches:
            pending.add(pool.submit(play_batch, spec, batch))
            if len(pending) >= 3 * workers:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                for result in future.result():
                    take(result)
                batch = next(batches, None)
                if batch is not None:
                    pending.add(pool.submit(play_batch, spec, batch))
    except BaseException:  # Ctrl-C (or an error): stop now, without finishing the games under way
        _stop(pool)
        raise
    pool.shutdown(wait=True)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers at once (a game under way may be long)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:  # pragma: no cover - newer Pythons
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def default_workers() -> int:
    """The number of local processes by default: one per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
