"""Replaying a log: the same configuration and decisions must give the same events.

A log's header names the scenario, rules, options, settings and seed; its ``decisions``
events hold every answer. Replaying builds a new game from the header, answers each
request from the log, and compares each produced event with the logged one, byte for byte.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import jsonschema

from sog.decisions import DecisionRequest
from sog.errors import ConfigError, SaveFileError
from sog.events import LOG_FORMAT, LOG_VERSION, dumps
from sog.game import Game, SeatView
from sog.packs.errors import UnknownId
from sog.packs.library import Library
from sog.pluginmanager import Catalogue

__all__ = ["ReplayMismatch", "ReplayResult", "check_log", "check_packs", "replay"]


class ReplayMismatch(SaveFileError):
    """The replayed game differs from the log; the message names the first difference."""


@dataclass(frozen=True)
class ReplayResult:
    """A successful replay: how many events matched, and the replayed game."""

    events: int
    game: Game


class _EndOfLog(Exception):
    """The replay asked a decision the log never answered."""


class _LogController:
    def __init__(self, answers: dict[str, Any]) -> None:
        self._answers = answers

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if request.id not in self._answers:
            raise _EndOfLog(request.id)
        return self._answers[request.id]


@functools.cache
def _log_validators() -> tuple[jsonschema.Draft202012Validator, jsonschema.Draft202012Validator]:
    """Validators of the header and of an event (``schemas/log.json``)."""
    schema = json.loads(files("sog.schemas").joinpath("log.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    return jsonschema.Draft202012Validator(defs["header"]), jsonschema.Draft202012Validator(defs["event"])


def check_log(header: dict[str, Any], events: Sequence[dict[str, Any]]) -> None:
    """Check a parsed log against ``schemas/log.json``; decisions events must hold answers.

    :raises SaveFileError: ``line N: /pointer: problem`` for the first bad line.
    """
    if header.get("format") != LOG_FORMAT:
        raise SaveFileError("line 1: not a sog log (its first line is no sog-log header)")
    if header.get("version") != LOG_VERSION:
        raise SaveFileError(f"line 1: log format version {header.get('version')!r}; this sog reads version {LOG_VERSION}")
    header_check, event_check = _log_validators()
    for number, obj, validator in [(1, header, header_check), *((i + 2, e, event_check) for i, e in enumerate(events))]:
        error = next(iter(sorted(validator.iter_errors(obj), key=lambda e: list(map(str, e.absolute_path)))), None)
        if error is not None:
            message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
            raise SaveFileError(f"line {number}: /{'/'.join(map(str, error.absolute_path))}: {message}")
        if number > 1 and obj["kind"] == "decisions":
            answers = obj["data"].get("answers")
            if not isinstance(answers, list) or not all(isinstance(a, dict) and isinstance(a.get("id"), str) and "answer" in a for a in answers):
                raise SaveFileError(f"line {number}: /data/answers: a decisions event needs a list of {{id, answer}}")


def check_packs(header: dict[str, Any], library: Library) -> None:
    """Every pack the log's header lists is loaded, at its version.

    :raises SaveFileError: naming the missing pack.
    """
    mismatch = library.pack_mismatch(header.get("packs", []))
    if mismatch is not None:
        raise SaveFileError(f"the log was played with {mismatch}")


def replay(header: dict[str, Any], events: Sequence[dict[str, Any]], *, library: Library | None = None, catalogue: Catalogue | None = None,
           observer: Callable[[Game, list[dict[str, Any]]], None] | None = None, each_step: bool = False) -> ReplayResult:
    """Re-run the game of a log and check every event.

    ``observer`` is called with the replayed game and its new events after each advance (as
    :meth:`Game.run`'s observer; with ``each_step`` at the end of every step too), before they
    are checked: the replay viewer draws the table there. An unfinished log is replayed to its last turn and no further, so the game
    returned (and the last observed table) is where the log stops.

    :raises ReplayMismatch: at the first event that differs, or if the game runs longer or
        shorter than the log.
    :raises SaveFileError: the header or an event is not valid (:func:`check_log`), or a
        pack the log was played with is not loaded.
    :raises sog.errors.ConfigError: the log's scenario or rules cannot be set up.
    """
    from sog.packs.loader import load_library
    from sog.pluginmanager import content_kinds, create_catalogue
    from sog.lineup import Lineup
    from sog.setup import new_game

    check_log(header, events)
    catalogue = catalogue or create_catalogue()
    library = library or load_library(kinds=content_kinds(catalogue))
    check_packs(header, library)
    answers = {a["id"]: a["answer"] for e in events if e["kind"] == "decisions" for a in e["data"]["answers"]}
    try:
        game = new_game(
            header["scenario"], library=library, level=header["level"], options=header["options"],
            settings=header["settings"], seed=header["seed"], blocked=header.get("blocked", []), catalogue=catalogue,
            lineup=Lineup.from_json(header.get("lineup")),
        )
    except UnknownId as exc:  # the scenario is not in the loaded packs
        raise ConfigError(str(exc)) from None
    controller = _LogController(answers)
    finished = any(e["kind"] == "game-over" for e in events)
    last_turn = None if finished or not events else events[-1]["turn"]
    watch = None if observer is None else (lambda batch: observer(game, batch))
    try:
        game.run({seat: controller for seat in game.seats()}, max_turns=last_turn, observer=watch, each_step=each_step)
    except _EndOfLog as end:
        if finished:
            raise ReplayMismatch(f"the replay asks {end.args[0]!r}, which the log never answered") from None
    produced = game.log.events if finished else game.log.events[: len(events)]
    for index, (want, got) in enumerate(zip(events, produced)):
        if dumps(want) != dumps(got):
            raise ReplayMismatch(f"event {index + 1} differs:\n  log:    {dumps(want)}\n  replay: {dumps(got)}")
    if len(produced) != len(events):
        raise ReplayMismatch(f"the log has {len(events)} events, the replay produced {len(produced)}")
    return ReplayResult(events=len(events), game=game)
