"""The lobby: what can be played (scenarios, their systems' levels, options and bots) and
the checked request for a new game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from sog.bots import bots_for, default_bot
from sog.lineup import Lineup
from sog.packs.library import Library
from sog.pluginmanager import Catalogue
from sog.rng import SEED_MAX
from sog.serve.errors import ApiError

__all__ = ["HUMAN", "NewGame", "lobby_catalogue", "parse_new_game"]

#: A seat played by a person through its link.
HUMAN = "human"


@dataclass(frozen=True)
class NewGame:
    """A checked request for a game: the scenario and its rules, and who plays each seat."""

    scenario: str
    level: str | None
    options: list[str]
    blocked: list[str]
    settings: dict[str, dict[str, Any]]
    seed: int
    players: dict[str, str] = field(default_factory=dict)
    lineup: Lineup = field(default_factory=Lineup)
    points_limit: int | None = None


def _documents(library: Library, kind: str) -> list[dict[str, str]]:
    return [{"id": d.id, "name": getattr(d, "name", d.id)} for d in library.all(kind)]


def lobby_catalogue(library: Library, catalogue: Catalogue) -> dict[str, Any]:
    """Scenarios (sides, seats, default level and options) and systems (levels, optional rules,
    bots, the ships and what they may carry)."""
    scenarios = []
    for doc in library.all("scenario"):
        scenarios.append({
            "id": doc.id, "name": doc.name, "system": doc.system, "level": doc.rules, "options": list(doc.options),
            "max_turns": doc.max_turns,
            "sides": [{"id": side.id, "name": side.name, "seats": list(side.seats),
                       "ships": [s.id for s in doc.ships_of(side.id)]} for side in doc.sides],
        })
    systems = []
    for system in catalogue.systems.values():
        options = [{"name": rule.name, "summary": rule.summary, "levels": list(rule.levels), "requires": list(rule.requires),
                    "settings_schema": dict(rule.settings_schema)}
                   for rule in catalogue.rules_of(system.name).values() if rule.kind == "option"]
        systems.append({"name": system.name, "title": system.title, "levels": list(system.levels),
                        "bots": list(bots_for(system)), "default_bot": default_bot(system), "options": options,
                        "ship_kind": system.ship_kind, "ships": _documents(library, system.ship_kind),
                        "attachments": [{"kind": a.kind, "most": a.most, "summary": a.summary, "documents": _documents(library, a.kind)}
                                        for a in system.attachments]})
    return {"scenarios": scenarios, "systems": systems, "human": HUMAN}


def _strings(body: dict[str, Any], key: str) -> list[str]:
    value = body.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ApiError(400, f"{key!r} must be a list of names")
    return list(value)


def parse_new_game(body: Any, library: Library, catalogue: Catalogue) -> NewGame:
    """Check a ``POST /api/games`` body: ``scenario``, optional ``level``, ``options`` (added to
    the scenario's), ``blocked``, ``settings`` (rule -> object), ``seed`` and ``seats``
    (seat -> ``human`` or a bot; a seat left out is played by a person).

    :raises ApiError: 400 with what is wrong (the rules themselves are checked by the engine).
    """
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    unknown = sorted(set(body) - {"scenario", "level", "options", "blocked", "settings", "seed", "seats", "fleets", "attach",
                                  "points_limit"})
    if unknown:
        raise ApiError(400, f"unknown field(s): {', '.join(unknown)}")
    name = body.get("scenario")
    if not isinstance(name, str):
        raise ApiError(400, "'scenario' is required: the id of a scenario (GET /api/scenarios)")
    doc = next((s for s in library.all("scenario") if s.id == name), None)
    if doc is None:
        known = ", ".join(s.id for s in library.all("scenario"))
        raise ApiError(400, f"unknown scenario {name!r}; scenarios: {known}")
    level = body.get("level")
    if level is not None and not isinstance(level, str):
        raise ApiError(400, "'level' must be a rules level name")
    settings = body.get("settings", {})
    if not isinstance(settings, dict) or not all(isinstance(v, dict) for v in settings.values()):
        raise ApiError(400, "'settings' must map rule names to objects")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(SEED_MAX + 1)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise ApiError(400, "'seed' must be an integer from 0 to 2**64 - 1")
    seats = body.get("seats", {})
    if not isinstance(seats, dict):
        raise ApiError(400, "'seats' must map seats to 'human' or a bot name")
    known_seats = [seat for side in doc.sides for seat in side.seats]
    system = catalogue.systems.get(doc.system)
    bots = bots_for(system)
    players: dict[str, str] = {}
    for seat, player in seats.items():
        if seat not in known_seats:
            raise ApiError(400, f"unknown seat {seat!r}; the seats of {name}: {', '.join(known_seats)}")
        if player != HUMAN and player not in bots:
            raise ApiError(400, f"seat {seat!r}: unknown player {player!r}; choose {HUMAN!r} or a bot: {', '.join(bots)}")
        players[seat] = player
    players = {seat: players.get(seat, HUMAN) for seat in known_seats}
    limit = body.get("points_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ApiError(400, "'points_limit' must be a non-negative integer")
    return NewGame(scenario=name, level=level, options=_strings(body, "options"), blocked=_strings(body, "blocked"),
                   settings={k: dict(v) for k, v in settings.items()}, seed=seed, players=players,
                   lineup=_lineup(body), points_limit=limit)


def _ids(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ApiError(400, f"{where} must be a non-empty list of ids")
    return tuple(value)


def _lineup(body: dict[str, Any]) -> Lineup:
    """``fleets`` (side -> ship ids) and ``attach`` (ship -> kind -> ids), checked for shape
    (the engine checks the ids)."""
    fleets, attach = body.get("fleets", {}), body.get("attach", {})
    if not isinstance(fleets, dict) or not isinstance(attach, dict) or not all(isinstance(v, dict) for v in attach.values()):
        raise ApiError(400, "'fleets' must map sides to ship ids, 'attach' ships to {kind: ids}")
    return Lineup(fleets={side: _ids(ids, f"'fleets' of {side!r}") for side, ids in fleets.items()},
                  attach={ship: {kind: _ids(ids, f"'attach' of {ship!r}, {kind!r}") for kind, ids in kinds.items()}
                          for ship, kinds in attach.items()})
