"""Rules for Solitaire Play (rulebook pp. 48-50): which pieces the rules run by themselves.

Option rule ``solitaire``; its settings (the scenario's ``option_settings``) name the pieces:

* ``automatic``: ships and coastal batteries (their ids in the game) that the *rules* move and
  fight with, exactly as the text says (automatic movement, fire and actions), never a seat:
  no decision is asked about them, so the log shows none;
* ``anchored``: automatic ships at anchor, which never move (p. 57: "simply ships that never
  move"); an anchored ship is automatic too.

At set-up the rule writes them to the public state, ``game.state.ext["solitaire"]`` (``{"automatic":
[...], "anchored": [...]}``), which the rules of automatic play read through
:func:`is_automatic` and :func:`is_anchored` (those rules idle in a game without it). ``sog
validate`` checks that every id names a ship or battery of the scenario.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game

from sog.plugins.system.battery_checks import scenario_batteries

NAME = "solitaire"
OWNER = "solitaire"
"""The key of the automatic pieces in ``game.state.ext``."""

_IDS = {"type": "array", "maxItems": 64, "uniqueItems": True,
        "items": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"}}
SETTINGS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "automatic": {**_IDS, "description": "Ships and batteries the rules run by themselves (pp. 48-50)."},
        "anchored": {**_IDS, "description": "Automatic ships at anchor: they never move (p. 57)."},
    },
}
"""The JSON Schema of the option's settings."""

__all__ = ["NAME", "OWNER", "SETTINGS", "automatic_ids", "is_anchored", "is_automatic"]


def _own(game: Any) -> dict[str, Any]:
    ext = getattr(game.state, "ext", None) or {}
    return ext.get(OWNER) or {}


def automatic_ids(game: Any) -> tuple[str, ...]:
    """Every automatic piece (anchored ships included), ships and batteries, in settings order."""
    own = _own(game)
    return tuple(dict.fromkeys([*own.get("automatic", ()), *own.get("anchored", ())]))


def is_automatic(game: Any, piece_id: str | None) -> bool:
    """Whether the rules run this ship or battery by themselves (an anchored ship is)."""
    own = _own(game)
    if not own or piece_id is None:
        return False  # the common case, asked for every request: no solitaire play in this game
    return piece_id in own.get("automatic", ()) or piece_id in own.get("anchored", ())


def is_anchored(game: Any, ship_id: str | None) -> bool:
    """Whether this ship lies at anchor (it never moves)."""
    return ship_id is not None and ship_id in _own(game).get("anchored", ())


@hookimpl
def sog_game_setup(game: Game) -> None:
    settings = game.settings(NAME)
    game.state.ext[OWNER] = {"automatic": list(settings.get("automatic", ())), "anchored": list(settings.get("anchored", ()))}


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    """Every automatic or anchored id is a ship or battery of the scenario (anchored: a ship)."""
    if NAME not in rules.names:
        return []
    settings = rules.settings.get(NAME, {})
    ships = [s.id for s in scenario.ships]
    batteries = [b.id for _, b in scenario_batteries(scenario)]
    issues = []
    for key, known in (("automatic", ships + batteries), ("anchored", ships)):
        for index, piece in enumerate(settings.get(key, ()) or ()):
            if piece not in known:
                what = "a ship" if key == "anchored" else "a ship or battery"
                issues.append((scenario, f"/option_settings/{NAME}/{key}/{index}",
                               f"{piece!r} is not {what} of this scenario (known: {', '.join(known) or 'none'})"))
    return issues
