"""One short line per event that matters, for people watching a game; the prompts' player aids.

The core's events have lines here; a game system or rule gives its own through
``sog_narrate``; any other event gets a plain generic line. :func:`ship_state` and
:func:`choice_notes` put the player aids (:mod:`sog.aids`) of one seat's view into words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sog.aids import choice_sketch, ship_mat
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.seats import SeatView

__all__ = ["choice_notes", "narrate", "ship_state"]


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


def _flat(value: Any) -> bool:
    """A value a plain line can say: not a mapping, nor a list holding lists or mappings (a
    whole track of boxes is left to the log and the pictures)."""
    if isinstance(value, dict):
        return False
    return not isinstance(value, list) or not any(isinstance(v, (list, dict)) for v in value)


def _generic(game: Game, kind: str, data: dict[str, Any]) -> str:
    """A plain line for a rule's event that has no line of its own (house rules too): its
    simple fields."""
    fields = ", ".join(f"{k} {_value(game, v)}" for k, v in data.items() if _flat(v))
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


def _words(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value)
    return str(value)


def _pose(ship: dict[str, Any]) -> str:
    pose = ship.get("pose")
    try:
        return f" at ({float(pose['x']):.0f}, {float(pose['y']):.0f}) heading {float(pose['heading']):.0f}°"
    except (TypeError, KeyError, ValueError):  # a view that hides where a piece is
        return ""


def ship_state(game: Game, view: SeatView) -> list[str]:
    """The short state of ``view``'s seat's ships in play, then of the others it sees.

    An own ship takes a line (name, position, heading, tracks) and a line of its mat's facts,
    its secret ones too (the seat's own); another seat's ship one line, with its tracks only.
    Built from the seat's view and its mat entries (:func:`sog.aids.ship_mat`) alone.
    """
    own: list[str] = []
    others: list[str] = []
    for ship_id, ship in (view.data.get("ships") or {}).items():
        if not isinstance(ship, dict) or ship.get("status", "in-play") != "in-play":
            continue
        mine = ship.get("seat") == view.seat
        entries = [e for e in ship_mat(game, view.seat, ship_id, seat_view=view) if mine or not e.get("own")]
        tracks = " ".join(f"{e.get('name')} {e.get('marked')}/{e.get('size')}" for e in entries if e["kind"] == "track")
        name = str(ship.get("name", ship_id)) + ("" if mine else f" ({ship.get('side', ship.get('seat'))})")
        line = f"  {name}{_pose(ship)}" + (f": {tracks}" if tracks else "")
        if not mine:
            others.append(line)
            continue
        own.append(line)
        facts = "; ".join(f"{e.get('name')} {_words(e.get('value'))}" for e in entries if e["kind"] == "fact")
        if facts:
            own.append(f"    {facts}")
    lines = ([f"{view.seat}, your ships:", *own] if own else []) + (["other ships:", *others] if others else [])
    return ["", *lines] if lines else []


def choice_notes(game: Game, view: SeatView, request: DecisionRequest) -> list[str | None]:
    """What each choice of ``view``'s seat's open ``request`` would do (its sketch's text), or ``None``."""
    notes: list[str | None] = []
    for index in range(len(request.choices)):
        sketch = choice_sketch(game, view.seat, request, index, seat_view=view)
        notes.append(sketch["text"] or None if sketch else None)
    return notes
