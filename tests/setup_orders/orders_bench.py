"""Builders of the set-up order tests (a module name of its own: never import a conftest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

PACK = Path(__file__).parent / "pack"
HALF_RULER = 100.0  # the standard ruler is 200 mm long
RULER = 200.0


def requests_of(game: Any, kind: str | None = None) -> list[Any]:
    """The open requests (of ``kind``)."""
    return [r for r in game.pending() if kind is None or r.kind == kind]


def set_up(game: Any, pick: Callable[[Any], Any] = lambda r: r.choices[0], until: str | None = None) -> list[tuple[str, str]]:
    """Answer the set-up requests (``pick``) until the first turn's planning, or until a
    request of kind ``until`` is open; returns ``(kind, seat)`` of each request answered."""
    asked = []
    game.advance()
    while (open_ := [r for r in game.pending() if r.kind in ("place-element", "place-reef", "deploy")]):
        if until is not None and any(r.kind == until for r in open_):
            break
        for request in open_:
            asked.append((request.kind, request.seat))
            game.submit(request.seat, request.id, pick(request))
        game.advance()
    return asked


def kinds(game: Any, wanted: tuple[str, ...] = ("element-placed", "reef-placed", "ship-deployed")) -> list[tuple[str, str]]:
    """``(event kind, what)`` of the set-up events in log order (the element, reef or ship)."""
    out = []
    for event in game.log.events:
        if event["kind"] in wanted:
            data = event["data"]
            out.append((event["kind"], data.get("ship") or data.get("id")))
    return out
