"""Playing the games of a run on an existing Dask cluster (``sog simulate --executor dask``).

The games are the same as on local processes: each batch of ``(index, seed)`` is played by
:func:`sog.simulate.play_batch` on some worker, and the run sorts results by game index, so
neither the cluster's size nor the order batches finish in changes a result. A few batches
per worker thread are in flight at a time (a million games are never queued at once); Ctrl-C
cancels the futures not yet finished and leaves the cluster running. ``distributed`` is an
optional dependency (the ``sim`` extra), imported only here.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sog.simulate import GameResult, GameSpec

__all__ = ["CONNECT_TIMEOUT", "DaskError", "connect", "run_on_dask"]

#: Seconds to wait for the scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = 5.0


class DaskError(RuntimeError):
    """The cluster cannot be used: ``distributed`` is missing or the scheduler is unreachable (one line)."""


def connect(address: str, timeout: float | None = None) -> Any:
    """A :class:`distributed.Client` of the scheduler at ``address`` (``tcp://HOST:PORT``).

    :raises DaskError: ``distributed`` is not installed, or no scheduler answers in ``timeout``
        seconds (default :data:`CONNECT_TIMEOUT`).
    """
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise DaskError("--executor dask needs the 'distributed' package: pip install 'sog[sim]'") from None
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # the failure is said in one line, not logged as tracebacks
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DaskError(f"cannot reach the Dask scheduler at {address!r}: {reason}") from None
    finally:
        quiet.setLevel(level)


def run_on_dask(spec: GameSpec, batches: Iterable[list[tuple[int, int]]], cluster: Any,
                take: Callable[[GameResult], None], per_thread: int = 3) -> None:
    """Play every batch on the cluster (``cluster``: a connected client, or an address to
    connect to and close after), handing each result to ``take`` as its batch finishes."""
    from distributed import as_completed

    from sog.simulate import play_batch

    own = isinstance(cluster, str)
    client = connect(cluster) if own else cluster
    pending: set[Any] = set()
    try:
        limit = max(1, per_thread * sum(client.nthreads().values()))
        source: Iterator[list[tuple[int, int]]] = iter(batches)
        for batch in source:
            pending.add(client.submit(play_batch, spec, batch, pure=False))
            if len(pending) >= limit:
                break
        flow = as_completed(list(pending), loop=client.loop)
        for future in flow:
            try:
                results = future.result()
            except Exception as exc:  # a worker without sog, or lost: said in one line
                raise DaskError(f"a batch of games failed on the cluster: {type(exc).__name__}: {exc}") from exc
            for result in results:
                take(result)
            pending.discard(future)  # only now: if take stops the run, this one is released too
            batch = next(source, None)
            if batch is not None:
                future = client.submit(play_batch, spec, batch, pure=False)
                pending.add(future)
                flow.add(future)
    except BaseException:  # Ctrl-C (or an error): cancel what has not finished
        if pending:
            with contextlib.suppress(Exception):
                client.cancel(list(pending))
        raise
    finally:
        if own:
            with contextlib.suppress(Exception):
                client.close()
