"""One short line per event that matters, for people watching a game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sog.game import Game

__all__ = ["narrate"]


def _name(game: Game, ship_id: str | None) -> str:
    return game.state.ships[ship_id].name if ship_id in game.state.ships else str(ship_id)


def _pose(p: dict[str, Any]) -> str:
    return f"({p['x']:.0f},{p['y']:.0f}) {p['heading']:.0f}°"


def _moved(game: Game, d: dict[str, Any]) -> str:
    how = f"{d['card']} {d['line']}" + (f"/{d['colour']}" if d.get("colour") else "")
    bump = ", collided" if d.get("collided") else ""
    return f"  {_name(game, d['ship'])} [{d['attitude']}] moves {how}: {_pose(d['before'])} -> {_pose(d['after'])}{bump}"


def _attack(game: Game, d: dict[str, Any]) -> str:
    if d["kind"] == "musketry":
        where = "musketry"
    else:
        where = f"{d['side']} {d['arc']} arc, {d['band']} range"
        if d.get("ammunition") and d["ammunition"] != "ball":
            where += f", {d['ammunition']}"
    mods = f" +{'+'.join(d['modifiers'])}" if d.get("modifiers") else ""
    drawn = " ".join(d["counters"]) or "nothing"
    return f"  {_name(game, d['attacker'])} fires at {_name(game, d['target'])} ({where}): {len(d['counters'])} {d['pool']} counters{mods}: {drawn}"


def _damage(game: Game, d: dict[str, Any]) -> str:
    hull = sum(1 for box in d["ship_track"] if box)
    crew = sum(1 for box in d["crew_track"] if box)
    return f"  {_name(game, d['ship'])} damage: hull boxes {hull}/{len(d['ship_track'])}, crew boxes {crew}/{len(d['crew_track'])}"


_LINES: dict[str, Callable[[Game, dict[str, Any]], str]] = {
    "ship-moved": _moved,
    "attack": _attack,
    "damage-applied": _damage,
    "ship-removed": lambda g, d: f"  ** {_name(g, d['ship'])} {d['status'].replace('-', ' ')}",
    "collision": lambda g, d: f"  {_name(g, d['ship'])} stops against {_name(g, d['other'])}",
    "pool-exhausted": lambda g, d: f"  pool {d['pool']} is empty: {d['missing']} counters not drawn",
    "card-replaced": lambda g, d: f"  {_name(g, d['ship'])}: card {d['card']} replaced by {d['by']} ({d['reason']})",
    "guns-emptied": lambda g, d: f"  {_name(g, d['ship'])} fires its {d['side']} {d['ammunition']} into the sea to empty the guns",
    "friendly-collision": lambda g, d: f"  {_name(g, d['ship'])} collides with friends ({', '.join(_name(g, o) for o in d['others'])}): {' '.join(d['counters'])}",
}


#: Bookkeeping events people need not read (the log keeps them).
QUIET = frozenset({
    "game-started", "step-began", "decisions", "planned", "card-revealed", "reloaded", "stored",
    "turn-limit", "actions-planned", "action-counters",
})


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
        elif kind in _LINES:
            yield _LINES[kind](game, data)
        elif kind not in QUIET:
            yield _generic(game, kind, data)
