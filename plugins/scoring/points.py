"""Victory in points (rulebook pp. 54-56: *Against the Outpost*, *Supplies are Coming*), as
scenario data: the victory kind ``victory-points``, its params checked against :data:`PARAMS`.

* ``awards``: ``{side, points, for, class}``: ``side`` scores ``points`` for each enemy ship
  (of ``class``: ``frigate``, ``ship-of-the-line`` or ``any``) that ``surrendered``,
  ``exited`` the table or ran ``aground``; without ``side``, each side scores for its enemies.
* ``conditions``: ``{id, side, points, max, test, label}``: at the end of each turn in which
  ``test`` holds (a predicate named by data, :mod:`.predicates`), ``side`` scores ``points``,
  up to ``max`` in all.
* ``if_never``: ``{condition, side, points}``: ``side`` scores ``points`` at the end of the
  game when ``condition`` scored nothing.
* ``free_exit``: ``{condition, side, edge}`` or ``{test, side, edge}``: once ``condition``
  reached its ``max`` (or while ``test`` holds, a predicate as a condition's, e.g. a building
  surrendered), the ships of ``side`` leaving by ``edge`` (``north``, ``south``, ``east``,
  ``west``, ``any``) give no points to the enemy.
* ``final``: ``{side, points, label, test}``: tested once, at the end of the game; when
  ``test`` holds, ``side`` scores ``points`` (a line of the final score; e.g. 8 points when a
  building surrendered, -4 when it is undamaged).
* ``end``: ``{aground: true}``: the game also ends when every ship of a side is out of play
  or aground; ``only_if: [{side, test}]``: for that side, ships all aground (some still in
  play) end it only once ``test`` holds too (*Against the Outpost*: the French aground end the
  game once the outpost has surrendered). It always ends when a side has no ship in play, at the scenario's
  ``max_turns``, or when nobody can act. The side with most points wins; a tie is a draw.

Each score is an event ``points-scored`` as it happens; at the end an event ``score`` gives
each side's lines and total (narrated line by line). The running score is public state,
``game.state.ext["victory-points"]``.

Rulings:

* ``SURRENDER_STATUSES``: a ship sunk or blown up counts as surrendered.
* ``ONE_FATE``: a ship scores for its fate: surrendered and exited when it leaves play (the
  ``ship-removed`` event), aground only at the end of the game for a ship still in play and
  aground (a ship that ran aground and then surrendered scores as surrendered, once).
* ``EXIT_EDGE``: the edge a ship left by is the table edge nearest its base centre.
* ``TURN_POINTS``: a condition is tested at the end of each turn, after every step.
* ``FINAL_POINTS``: a ``final`` line is tested once, when the game ends (whatever ends it),
  after the awards for ships aground and ``if_never``.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Outcome
from sog.packs.fields import thaw

from sog.plugins.setup.aground_victory import aground, of_the_line

from .checks import narrate, params_issues
from .predicates import ID, POSES, PREDICATES, poses_key

NAME = "victory-points"
KIND = "victory-points"
SURRENDER_STATUSES = ("surrendered", "sunk", "exploded")
"""Ruling: the statuses that count as surrendered."""
EXITED = "left-table"
"""The status of a ship that left the table (the movement rule)."""
ONE_FATE = "removal scores at once, aground at the end for ships still in play"
"""Ruling: when each fate scores (see the module docstring)."""
EXIT_EDGE = "nearest edge to the base centre"
"""Ruling: the edge a ship left by."""
TURN_POINTS = "end of turn"
"""Ruling: when the conditions are tested."""
FINAL_POINTS = "once, when the game ends"
"""Ruling: when the ``final`` lines are tested."""
FATES = ("surrendered", "exited", "aground")
CLASSES = ("frigate", "ship-of-the-line", "any")
EDGES = ("north", "south", "east", "west", "any")
FATE_WORDS = {"surrendered": "surrendered", "exited": "exited the table", "aground": "ran aground"}

_SIDE = {**ID, "description": "A side of the scenario."}
_TEST = {"type": "object", "additionalProperties": False, "required": ["predicate"],
         "description": "A predicate named by data (predicates.PREDICATES) and its params.",
         "properties": {"predicate": {"enum": sorted(PREDICATES)}, "params": {"type": "object"}}}
PARAMS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "awards": {"type": "array", "maxItems": 32, "items": {
            "type": "object", "additionalProperties": False, "required": ["points", "for"],
            "properties": {"side": {**_SIDE, "description": "Who scores (absent: each side, for its enemies)."},
                           "points": {"type": "integer"},
                           "for": {"enum": list(FATES), "description": "What befell the enemy ship."},
                           "class": {"enum": list(CLASSES), "description": "Which enemy ships (default any)."}}}},
        "conditions": {"type": "array", "maxItems": 16, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "side", "points", "test"],
            "properties": {"id": ID, "side": _SIDE, "points": {"type": "integer", "description": "Points a turn."},
                           "max": {"type": "integer", "minimum": 0}, "label": {"type": "string", "maxLength": 200},
                           "test": _TEST}}},
        "if_never": {"type": "array", "maxItems": 16, "items": {
            "type": "object", "additionalProperties": False, "required": ["condition", "side", "points"],
            "properties": {"condition": ID, "side": _SIDE, "points": {"type": "integer"}}}},
        "free_exit": {"type": "array", "maxItems": 16, "items": {
            "type": "object", "additionalProperties": False, "required": ["side", "edge"],
            "properties": {"condition": {**ID, "description": "A condition that reached its max (or give test)."},
                           "test": {**_TEST, "description": "A predicate that holds when the ship leaves (or give condition)."},
                           "side": _SIDE, "edge": {"enum": list(EDGES)}}}},
        "final": {"type": "array", "maxItems": 16, "items": {
            "type": "object", "additionalProperties": False, "required": ["side", "points", "test"],
            "properties": {"side": _SIDE, "points": {"type": "integer", "description": "Points if test holds at the end."},
                           "label": {"type": "string", "maxLength": 200}, "test": _TEST}}},
        "end": {"type": "object", "additionalProperties": False,
                "properties": {"aground": {"type": "boolean", "description": "A side all out of play or aground ends the game."},
                               "only_if": {"type": "array", "maxItems": 8, "items": {
                                   "type": "object", "additionalProperties": False, "required": ["side", "test"],
                                   "properties": {"side": _SIDE, "test": {
                                       **_TEST, "description": "This side's ships all aground (some still in play) end the "
                                                               "game only once this holds too."}}}}}},
    },
}
"""The JSON Schema of the params of the ``victory-points`` kind."""


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {KIND: "Points from the scenario's data: enemy ships surrendered, exited or aground, turns a condition held; "
                  "most points win, a tie is a draw."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "points-scored": "A side scored: side, points, label, and the ship or the condition it scored for.",
        "exit-without-penalty": "A ship left the table by an edge its side may leave by freely: ship, edge, condition.",
        "score": "The final score: each side's lines (points, label) and total.",
    }


def params_of(game: Game) -> dict[str, Any] | None:
    """The scenario's params of this kind (``None`` when its victory is of another kind)."""
    victory = game.content.scenario(game.state.scenario).victory
    return thaw(victory.params) if victory.kind == KIND else None


def own(game: Game) -> dict[str, Any]:
    """The public state: ``lines`` (side, points, label, ship or condition), ``held`` (points
    and turns per condition), ``poses`` (at the turn's beginning)."""
    return game.state.ext.setdefault(NAME, {"lines": [], "held": {}, POSES: {}})


def ship_class(game: Game, ship: Any) -> str:
    """``ship-of-the-line`` or ``frigate`` (the aground victory's reading of a ship's class)."""
    return "ship-of-the-line" if of_the_line(game, ship) else "frigate"


def _score(game: Game, side: str, points: int, label: str, **about: Any) -> None:
    own(game)["lines"].append({"side": side, "points": points, "label": label, **about})
    game.emit("points-scored", side=side, points=points, label=label, **about)


def award(game: Game, params: dict[str, Any], ship: Any, fate: str) -> None:
    """Every award line for ``ship``'s ``fate``."""
    cls = ship_class(game, ship)
    for line in params.get("awards", []):
        if line["for"] != fate or line.get("class", "any") not in ("any", cls):
            continue
        scorers = [line["side"]] if "side" in line else list(game.state.sides)
        for side in scorers:
            if side != ship.side:
                words = f"{ship.name} {FATE_WORDS[fate]}, {cls.replace('-', ' ')}"
                _score(game, side, int(line["points"]), words, ship=ship.id, fate=fate)


def exit_edge(game: Game, ship: Any) -> str:
    """The table edge nearest the ship's base centre (ruling ``EXIT_EDGE``)."""
    width, height = game.state.table["width"], game.state.table["height"]
    x, y = ship.pose.x, ship.pose.y
    return min((("west", x), ("east", width - x), ("south", y), ("north", height - y)), key=lambda e: e[1])[0]


def reached_max(game: Game, params: dict[str, Any], condition: str) -> bool:
    """Whether the condition has scored its ``max``."""
    found = next((c for c in params.get("conditions", []) if c["id"] == condition), None)
    if found is None or "max" not in found:
        return False
    return own(game)["held"].get(condition, {}).get("points", 0) >= found["max"]


def predicate_holds(game: Game, test: dict[str, Any]) -> bool:
    """Whether a ``{predicate, params}`` test holds now."""
    return PREDICATES[test["predicate"]].holds(game, test.get("params", {}), own(game))


def predicate_label(game: Game, test: dict[str, Any]) -> str:
    """The words of a ``{predicate, params}`` test."""
    return PREDICATES[test["predicate"]].label(game, test.get("params", {}))


def free_exit(game: Game, params: dict[str, Any], ship: Any) -> str | None:
    """What lets ``ship`` leave the table without penalty now, if anything: the condition's id
    that reached its max, or the words of the test that holds."""
    edge = exit_edge(game, ship)
    for line in params.get("free_exit", []):
        if line["side"] != ship.side or line["edge"] not in ("any", edge):
            continue
        if "condition" in line and reached_max(game, params, line["condition"]):
            return line["condition"]
        if "test" in line and predicate_holds(game, line["test"]):
            return predicate_label(game, line["test"])
    return None


@hookimpl
def sog_ship_removed(game: Game, ship: Any, reason: str) -> None:
    params = params_of(game)
    if params is None:
        return
    if reason in SURRENDER_STATUSES:
        award(game, params, ship, "surrendered")
    elif reason == EXITED:
        condition = free_exit(game, params, ship)
        if condition is not None:
            game.emit("exit-without-penalty", ship=ship.id, edge=exit_edge(game, ship), condition=condition)
        else:
            award(game, params, ship, "exited")


@hookimpl
def sog_turn_begin(game: Game) -> None:
    if params_of(game) is None:
        return
    own(game)[POSES] = {s.id: poses_key(s) for s in game.ships()}


def condition_label(game: Game, condition: dict[str, Any]) -> str:
    """The condition's label, else its predicate's."""
    if "label" in condition:
        return condition["label"]
    return predicate_label(game, condition["test"])


@hookimpl
def sog_turn_end(game: Game) -> None:
    params = params_of(game)
    if params is None or game.over:
        return
    state = own(game)
    for condition in params.get("conditions", []):
        held = state["held"].setdefault(condition["id"], {"points": 0, "turns": 0})
        room = condition["max"] - held["points"] if "max" in condition else None
        if room is not None and room <= 0:
            continue
        test = condition["test"]
        if not PREDICATES[test["predicate"]].holds(game, test.get("params", {}), state):
            continue
        points = int(condition["points"]) if room is None else min(int(condition["points"]), room)
        held["points"] += points
        held["turns"] += 1
        _score(game, condition["side"], points, condition_label(game, condition), condition=condition["id"])


def game_ends(game: Game, params: dict[str, Any]) -> bool:
    """Whether the game ends now (module docstring)."""
    if game.state.turn_limit_reached:
        return True
    if game.log.events and game.log.events[-1]["kind"] == "nobody-can-act":
        return True
    end = params.get("end", {})
    with_aground = end.get("aground", False)
    needs = {line["side"]: line["test"] for line in end.get("only_if", [])}
    for side in game.state.sides:
        in_play = game.ships(side=side)
        if not in_play:
            return True
        left = [s for s in in_play if not (with_aground and aground(s))]
        if not left and (side not in needs or predicate_holds(game, needs[side])):
            return True
    return False


def score_lines(game: Game) -> dict[str, dict[str, Any]]:
    """Each side's lines (conditions merged into one line each, with their turns) and total."""
    out: dict[str, dict[str, Any]] = {side: {"lines": [], "total": 0} for side in game.state.sides}
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    held = own(game)["held"]
    for line in own(game)["lines"]:
        side = out.setdefault(line["side"], {"lines": [], "total": 0})
        side["total"] += line["points"]
        if "condition" in line:
            key = (line["side"], line["condition"])
            if key in merged:
                merged[key]["points"] += line["points"]
                continue
            turns = held.get(line["condition"], {}).get("turns", 1)
            merged[key] = {"points": line["points"], "label": line["label"], "turns": turns}
            side["lines"].append(merged[key])
        else:
            side["lines"].append({"points": line["points"], "label": line["label"]})
    return out


def finish(game: Game, params: dict[str, Any]) -> Outcome:
    """Score what counts at the end (aground, ``if_never``, ``final``), emit ``score``, name the winner."""
    for ship in game.ships():
        if aground(ship):
            award(game, params, ship, "aground")
    held = own(game)["held"]
    for line in params.get("if_never", []):
        if held.get(line["condition"], {}).get("points", 0) == 0:
            condition = next((c for c in params.get("conditions", []) if c["id"] == line["condition"]), None)
            label = f"never: {condition_label(game, condition) if condition else line['condition']}"
            _score(game, line["side"], int(line["points"]), label, never=line["condition"])
    for index, line in enumerate(params.get("final", [])):
        if predicate_holds(game, line["test"]):
            _score(game, line["side"], int(line["points"]), line.get("label") or predicate_label(game, line["test"]), final=index)
    sides = score_lines(game)
    game.emit("score", sides=sides)
    totals = {side: data["total"] for side, data in sides.items()}
    best = max(totals.values())
    leaders = [side for side, total in totals.items() if total == best]
    told = ", ".join(f"{side} {total}" for side, total in totals.items())
    if len(leaders) == 1:
        return Outcome(winner=leaders[0], reason=f"most points: {told}")
    return Outcome(winner=None, reason=f"a draw on points: {told}")


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    params = params_of(game)
    if params is None or not game_ends(game, params):
        return None
    return finish(game, params)


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """The victory params of a scenario of this kind (:func:`.checks.params_issues`)."""
    if scenario.victory.kind != KIND:
        return []
    return [(scenario, ptr, message) for ptr, message in params_issues(library, scenario, PARAMS)]


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    return narrate(game, event)
