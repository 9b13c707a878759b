"""Nothing lost: the log written as the game goes, saves at turn ends, a safe stop on interrupts.

:class:`GameRecorder` appends each batch of events to the ``--log`` file (flushed, so a
crash leaves the log so far), keeps the last *consistent* snapshot of the game (taken
between two advances: after each advance, and before each prompt) and writes it to the
``--save`` file at every turn end, atomically.

:func:`keeping` stops a game that cannot go on and says so in one line on stderr, after
saving that snapshot (never the state in the middle of resolving a step) to ``--save``, or,
without ``--save``, to ``sog-interrupted-<scenario>.json`` in the current folder (``-2``,
``-3``, ... if taken):

- Ctrl-C: exit 130; end of input at a prompt: exit 1;
- a rule error or a file that cannot be written (a :class:`~sog.errors.SogError`): the
  error and where the game went, one line, exit 1;
- stdout full or failing: ``error: cannot write the output: ...``, exit 1;
- stdout closed (``sog play ... | head``): quiet, like other Unix tools; the snapshot is
  written only to ``--save``, exit 1;
- any other exception is a bug: its traceback, then the line, exit 1.
"""

from __future__ import annotations

import errno
import re
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click

from sog.cli.errors import silence_stdout
from sog.cli.human import EndOfInput
from sog.cli.seating import Seating
from sog.errors import SogError
from sog.events import dumps
from sog.fileio import write_atomically
from sog.game import Game
from sog.savefile import save_data, write_save

__all__ = ["INTERRUPTED_SAVE", "GameRecorder", "RecordingError", "interrupted_path", "keeping"]

#: Where an interrupted game is saved when no ``--save`` was given (in the current folder).
INTERRUPTED_SAVE = "sog-interrupted-{scenario}.json"


class RecordingError(SogError):
    """A log, save or picture file cannot be written."""


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def interrupted_path(scenario: str, folder: Path = Path(".")) -> Path:
    """The first free ``sog-interrupted-<scenario>[-N].json`` in ``folder``."""
    stem = INTERRUPTED_SAVE.format(scenario=re.sub(r"[^A-Za-z0-9_.-]", "_", scenario)).removesuffix(".json")
    path, number = folder / f"{stem}.json", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.json"
    return path


@dataclass(frozen=True)
class _Snapshot:
    state: dict[str, Any]
    events: int
    seats: dict[str, Any]


class GameRecorder:
    """The log file, the save file and the last consistent snapshot of one game."""

    def __init__(self, game: Game, seating: Seating, *, log_path: str | None = None, save_path: str | None = None) -> None:
        self.game = game
        self.seating = seating
        self.log_path = log_path
        self.save_path = save_path
        self._log: IO[str] | None = None
        self._snapshot: _Snapshot | None = None
        self._saved_turn = game.state.turn

    def start(self) -> None:
        """Take the first snapshot and write the log so far (header and earlier events)."""
        self.checkpoint()
        if self.log_path:
            try:
                write_atomically(self.log_path, self.game.log.to_jsonl())
                self._log = open(self.log_path, "a", encoding="utf-8", newline="\n")
            except OSError as exc:
                raise RecordingError(f"cannot write the log {self.log_path}: {_reason(exc)}") from None

    def checkpoint(self) -> None:
        """Keep the game as it is now; call only between advances (the state is consistent)."""
        state = self.game.snapshot().model_dump(mode="json", by_alias=True)
        self._snapshot = _Snapshot(state, len(self.game.log.events), self.seating.record())

    def observe(self, events: list[dict[str, Any]]) -> None:
        """After an advance: append ``events`` to the log, keep a snapshot, save at a turn end."""
        if self._log is not None:
            try:
                self._log.write("".join(dumps(event) + "\n" for event in events))
                self._log.flush()
            except OSError as exc:
                raise RecordingError(f"cannot write the log {self.log_path}: {_reason(exc)}") from None
        self.checkpoint()
        if self.save_path and (self.game.state.turn != self._saved_turn or self.game.over):
            self.save(self.save_path)
            self._saved_turn = self.game.state.turn

    def save(self, path: str | Path) -> None:
        """Write the last snapshot to ``path`` (atomically)."""
        snap = self._snapshot
        assert snap is not None, "start() takes the first snapshot"
        data = save_data(self.game.log.header, snap.state, self.game.log.events[: snap.events], snap.seats)
        try:
            write_save(data, path)
        except OSError as exc:
            raise RecordingError(f"cannot write the save {path}: {_reason(exc)}") from None

    def finish(self) -> None:
        """The game stopped normally: save it (with ``--save``) and close the log."""
        self.checkpoint()
        if self.save_path:
            self.save(self.save_path)
        self.close()

    def save_interrupted(self) -> Path:
        """Save the last snapshot to ``--save``, or to a free ``sog-interrupted-*.json``."""
        path = Path(self.save_path) if self.save_path else interrupted_path(self.game.state.scenario)
        self.save(path)
        return path

    def close(self) -> None:
        if self._log is not None:
            try:
                self._log.close()
            except OSError:
                pass
            self._log = None


def _say(line: str) -> None:
    try:
        click.echo(line, err=True)
    except OSError:
        pass


def _saved(recorder: GameRecorder) -> str:
    """Save the snapshot after an interrupt; the words saying where (or why not)."""
    try:
        path = recorder.save_interrupted()
    except SogError as exc:
        return f"the game could not be saved: {exc}"
    return f"the game so far is saved in {path}; continue with: sog resume {path}"


@contextmanager
def keeping(recorder: GameRecorder) -> Iterator[None]:
    """Run a game inside: on an interrupt or error, save the last snapshot and stop (see the module)."""
    try:
        yield
    except KeyboardInterrupt:
        _say(f"interrupted: {_saved(recorder)}")
        raise SystemExit(130) from None
    except EndOfInput:
        _say(f"error: the input ended before an answer: {_saved(recorder)}")
        raise SystemExit(1) from None
    except OSError as exc:  # our own files raise RecordingError: this is stdout (or the prompt)
        if exc.errno == errno.EPIPE:
            if recorder.save_path:
                try:
                    recorder.save(recorder.save_path)
                except SogError:
                    pass
            raise
        _say(f"error: cannot write the output: {_reason(exc)}; {_saved(recorder)}")
        silence_stdout()
        raise SystemExit(1) from None
    except SogError as exc:
        lines = str(exc).splitlines() or [type(exc).__name__]
        for line in lines[:-1]:
            _say(f"error: {line}")
        _say(f"error: {lines[-1]}; {_saved(recorder)}")
        raise SystemExit(1) from None
    except Exception:
        traceback.print_exc()
        _say(f"error: internal error (a bug: the traceback above says where): {_saved(recorder)}")
        raise SystemExit(1) from None
    finally:
        recorder.close()
