"""The game log: a header and one event per change, written as JSON Lines.

Every change of a game is an event ``{"seq", "turn", "step", "kind", "data"}``. The log's
first line is a header with everything needed to replay the game (scenario, rules, options,
settings, seed, packs). Decisions are events too (kind ``decisions``), so a log alone
replays the game; see :mod:`sog.replay`. The JSON Schema is ``schemas/log.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["CORE_EVENT_KINDS", "LOG_FORMAT", "LOG_VERSION", "EventLog", "dumps", "parse_jsonl"]

LOG_FORMAT = "sog-log"
LOG_VERSION = 2

#: Event kinds the core itself emits.
CORE_EVENT_KINDS: dict[str, str] = {
    "game-started": "The game is set up: ships, wind, rules.",
    "turn-began": "A new turn starts.",
    "step-began": "A step of the turn starts.",
    "decisions": "Every answer of one decision round, in request order.",
    "pool-exhausted": "A pool ran out while counters were still to be drawn (ruling R2).",
    "dice-rolled": "Dice were rolled with the game's generator: how many, their sides, why, and the results.",
    "ship-removed": "A ship left play (surrendered, left the table, ...), or the model of a ship out of play left the table (model_only).",
    "turn-limit": "The scenario's last turn has been played.",
    "nobody-can-act": "The game can no longer change (no ship in play, or idle turns that change nothing); it ends.",
    "game-over": "The game is decided.",
}


def dumps(obj: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, so equal events give equal bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class EventLog:
    """The header and the events of one game, in order."""

    def __init__(self, header: dict[str, Any], events: Iterable[dict[str, Any]] = ()) -> None:
        self.header = dict(header, format=LOG_FORMAT, version=LOG_VERSION)
        self.events: list[dict[str, Any]] = list(events)

    def append(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def lines(self) -> Iterator[str]:
        """The log as JSON Lines (without newlines)."""
        yield dumps(self.header)
        for event in self.events:
            yield dumps(event)

    def to_jsonl(self) -> str:
        return "".join(line + "\n" for line in self.lines())

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """The events of one kind, in order."""
        return [e for e in self.events if e["kind"] == kind]


def _line_value(line: str) -> Any:
    """One line's JSON; :class:`ValueError` with a one-line reason otherwise."""
    from sog.fileio import parse_json

    try:
        return parse_json(line)
    except ValueError as exc:  # "1:COL: not JSON: ..." for a syntax error: the column is what tells
        message = str(exc)
        if message.startswith("1:"):
            column, _, rest = message[2:].partition(": ")
            message = f"{rest} (column {column})"
        raise ValueError(message) from None


def parse_jsonl(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Split a JSON Lines log into its header and events.

    :raises ValueError: one line naming the line: not JSON, not an object, cut off in the
        middle of the last line (the writer stopped), or an empty log.
    """
    header: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = _line_value(line)
        except ValueError as exc:
            if number == len(lines) and number > 1:  # the last line has no newline: cut off
                raise ValueError(f"line {number}: truncated: the log ends in the middle of a line ({exc})") from None
            if number == 1 and _is_one_json_document(text):
                raise ValueError("line 1: not JSON Lines: the file is one JSON document (a save file? use sog resume)") from None
            raise ValueError(f"line {number}: {exc}") from None
        if not isinstance(obj, dict):
            raise ValueError(f"line {number}: not a JSON object")
        if header is None:
            header = obj
        else:
            events.append(obj)
    if header is None:
        raise ValueError("the log is empty")
    return header, events


def _is_one_json_document(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True
