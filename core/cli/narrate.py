"""One short line per event that matters, for people watching a game.

The core's events have lines here; a game system or rule gives its own through
``sog_narrate``; any other event gets a plain generic line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sog.game import Game

__all__ = ["narrate"]


def _name(game: Game, ship_id: str | None) -> str:
    return game.state.ships[ship_id].name if ship_id in game.state.ships else str(ship_id)


_LINES: dict[str, Callable[[Game, dict[str, Any]], str]] = {
    "ship-removed": lambda g, d: f"  ** {_name(g, d['ship'])} {d['status'].replace('-', ' ')}",
    "pool-exhausted": lambda g, d: f"  pool {d['pool']} is empty: {d['missing']} counters not drawn",
}


#: Bookkeeping events people need not read (the log keeps them).
QUIET = frozenset({"game-started", "step-began", "decisions", "turn-limit"})


def _value(game: Game, value: Any) -> str:
    if isinstance(value, str) and value in game.state.ships:
        return _name(game, value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(game, v) for v in value) + "]"
    return str(value)


def _generic(game: Game, kind: str, data: dict[str, Any]) -> str:
    """A plain line for a rule's event that has no line of its own (house rules too)."""
    fields = ", ".join(f"{k} {_value(game, v)}" for k, v in data.items() if not isinstance(v, dict))
    return f"  {kind.replace('-', ' ')}: {fields}"


def narrate(game: Game, events: Iterable[dict[str, Any]]) -> Iterator[str]:
    """Lines describing ``events``; bookkeeping events give none."""
    for event in events:
        kind, data = event["kind"], event["data"]
        if kind == "turn-began":
            yield f"Turn {event['turn']}"
        elif kind == "game-over":
            yield f"Game over: {data['winner'] or 'nobody'} {'wins' if data['winner'] else 'wins: draw'} ({data['reason']})"
        elif kind in QUIET:
            continue
        elif (line := game.hook.sog_narrate(game=game, event=event)) is not None:
            if line:  # an empty line: the rule says people need not read it
                yield line
        elif kind in _LINES:
            yield _LINES[kind](game, data)
        else:
            yield _generic(game, kind, data)
