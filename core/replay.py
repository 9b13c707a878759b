"""Replaying a log: the same configuration and decisions must give the same events.

A log's header names the scenario, rules, options, settings and seed; its ``decisions``
events hold every answer. Replaying builds a new game from the header, answers each
request from the log, and compares each produced event with the logged one, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sog.decisions import DecisionRequest
from sog.errors import SaveFileError
from sog.events import LOG_FORMAT, LOG_VERSION, dumps
from sog.game import Game, SeatView
from sog.packs.library import Library
from sog.pluginmanager import Catalogue

__all__ = ["ReplayMismatch", "ReplayResult", "replay"]


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


def replay(header: dict[str, Any], events: Sequence[dict[str, Any]], *, library: Library | None = None, catalogue: Catalogue | None = None) -> ReplayResult:
    """Re-run the game of a log and check every event.

    :raises ReplayMismatch: at the first event that differs, or if the game runs longer or
        shorter than the log.
    :raises SaveFileError: the header is not a sog log header.
    """
    from sog.setup import new_game

    if header.get("format") != LOG_FORMAT or header.get("version") != LOG_VERSION:
        raise SaveFileError(f"not a {LOG_FORMAT} version {LOG_VERSION} log")
    answers = {a["id"]: a["answer"] for e in events if e["kind"] == "decisions" for a in e["data"]["answers"]}
    game = new_game(
        header["scenario"], library=library, level=header["level"], options=header["options"],
        settings=header["settings"], seed=header["seed"], blocked=header.get("blocked", []), catalogue=catalogue,
    )
    controller = _LogController(answers)
    finished = any(e["kind"] == "game-over" for e in events)
    try:
        game.run({seat: controller for seat in game.seats()})
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
