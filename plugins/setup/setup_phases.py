"""The set-up orders of a scenario as data: who places what, in which order (rulebook pp. 53-56).

The ``terrain-placement`` rule's setting ``phases`` (:mod:`.terrain_placement`) is a list of
phases played one after the other in its step, before the ``deployment`` step; each names
what it does (``do``) and the side whose seats do it:

* ``{do: move-terrain, side, element, edge, within, margin, apart}``: the side moves the
  element ``element`` of the scenario's ``setup.terrain`` (its record's centre; the heading
  stays, ruling ``MOVE_HEADING``): the outline within ``within`` of the table edge ``edge``,
  at least ``margin`` from the two edges next to it, at least ``apart`` from every other
  element (default: not touching). Decision kind ``place-element``, event ``element-placed``.
* ``{do: place-reefs, side, reefs, near, within, apart, margin}``: the side places the reefs
  (``{document: count}``, taken in turn as ``terrain-placement``'s ``reefs``), each within
  ``within`` of the element ``near``, at least ``apart`` (default half a ruler) from every
  other element and at least ``margin`` (default half a ruler) from every table edge.
  Decision kind ``place-reef`` and event ``reef-placed``, as in *In Shallow Waters* (ids
  ``reef-1``... across the phases).
* ``{do: deploy, side}``: the side's ships deploy now, one at a time in scenario order, as
  the ``deployment`` rule deploys them in turn (its zones and its decision kind ``deploy``);
  the ``deployment`` step later deploys only the ships left.

Lengths are millimetres or ``half-ruler``, ``ruler``, ``ruler-width``
(:mod:`.placement_rules`). Centres are the grid points of ``terrain-placement``'s ``grid``.
State: ``game.state.ext["terrain-placement"]`` gains ``phase`` (index of the phase under
way) and ``count`` (what it placed so far).

Rulings:

* ``PHASE_SEATS``: within a phase the side's seats take turns, its first seat first.
* ``MOVE_HEADING``: a moved element keeps the scenario's heading (the players choose where).
* ``NO_ROOM_TO_MOVE``: an element with no legal centre stays where the scenario put it
  (event ``element-not-moved``); reefs with no room end the phase (``reef-placement-ended``).
* ``PHASE_DEFAULTS``: a reef phase's ``apart`` and ``margin`` default to half a ruler (the
  text of pp. 54-56), a moved element's ``apart`` to 0 (not touching).
"""

from __future__ import annotations

from typing import Any

from sog.game import Game

from sog.plugins.setup import deployment
from sog.plugins.setup.placement_rules import EDGES, LENGTH, Constraints, legal_centres, length_of, move_placement, problem
from sog.plugins.system.content_terrain import TerrainPlacement
from sog.plugins.system.terrain_table import add_placement, placements

__all__ = ["PHASE", "check_phases", "phase_requests", "resolve", "sequence"]

KINDS = ("move-terrain", "place-reefs", "deploy")
PHASE_SEATS = "the side's seats in turn, first seat first"
"""Ruling: who of a side places in a phase."""
MOVE_HEADING = "the scenario's"
"""Ruling: a moved element keeps its heading."""
NO_ROOM_TO_MOVE = "stays where the scenario put it"
"""Ruling: an element with no legal centre is not moved."""
PHASE_DEFAULTS = {"reefs": {"apart": "half-ruler", "margin": "half-ruler"}, "move": {"apart": 0}}
"""Ruling: the default distances of the phases (module docstring)."""
REEF_HEADING = 0.0
"""Reefs lie at heading 0 (as :data:`sog.plugins.setup.terrain_placement.REEF_HEADING`)."""

_ID = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"}
_KEYS = {
    "move-terrain": ["do", "side", "element", "edge", "within", "margin", "apart"],
    "place-reefs": ["do", "side", "reefs", "near", "within", "apart", "margin"],
    "deploy": ["do", "side"],
}
PHASE: dict[str, Any] = {
    "type": "object",
    "required": ["do", "side"],
    "properties": {
        "do": {"enum": list(KINDS), "description": "move-terrain, place-reefs or deploy."},
        "side": {**_ID, "description": "The side whose seats do it."},
        "element": {**_ID, "description": "move-terrain: the id of a placement of setup.terrain."},
        "edge": {"enum": list(EDGES), "description": "move-terrain: the table edge the outline lies near."},
        "within": {**LENGTH, "description": "How near the edge (move-terrain) or the element near (place-reefs) the outline lies."},
        "margin": {**LENGTH, "description": "move-terrain: least distance from the edges next to edge; "
                                            "place-reefs: from every table edge (default half a ruler)."},
        "apart": {**LENGTH, "description": "Least distance from every other element placed (reefs: default half a ruler)."},
        "reefs": {"type": "object", "minProperties": 1, "maxProperties": 16,
                  "propertyNames": {"pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
                  "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 16},
                  "description": "place-reefs: how many reefs of each terrain document."},
        "near": {**_ID, "description": "place-reefs: the id of the placement the reefs lie near."},
    },
    "allOf": [
        {"if": {"properties": {"do": {"const": kind}}, "required": ["do"]},
         "then": {"propertyNames": {"enum": keys},
                  "required": {"move-terrain": ["element", "edge", "within"], "place-reefs": ["reefs", "near", "within"],
                               "deploy": []}[kind]}}
        for kind, keys in _KEYS.items()
    ],
}
"""The JSON Schema of one phase."""


def _own(game: Game) -> dict[str, Any]:
    own = game.state.ext["terrain-placement"]
    own.setdefault("phase", 0)
    own.setdefault("count", 0)
    return own


def _seat(game: Game, side: str, index: int) -> str:
    seats = game.state.sides[side]
    return seats[index % len(seats)]


def sequence(reefs: dict[str, int]) -> list[str]:
    """The documents of a reef phase in placing order (each document in turn)."""
    named = dict(reefs)
    order: list[str] = []
    while any(named.values()):
        for element in list(named):
            if named[element]:
                order.append(element)
                named[element] -= 1
    return order


def constraints(game: Game, phase: dict[str, Any]) -> Constraints:
    """The constraints of a move-terrain or place-reefs phase, in millimetres."""
    if phase["do"] == "move-terrain":
        margin = phase.get("margin")
        return Constraints(edge=phase["edge"], within=length_of(game, phase["within"]),
                           margin=None if margin is None else length_of(game, margin),
                           apart=length_of(game, phase.get("apart", PHASE_DEFAULTS["move"]["apart"])))
    return Constraints(near=phase["near"], near_within=length_of(game, phase["within"]),
                       apart=length_of(game, phase.get("apart", PHASE_DEFAULTS["reefs"]["apart"])),
                       sides=length_of(game, phase.get("margin", PHASE_DEFAULTS["reefs"]["margin"])))


def _record(game: Game, placement_id: str) -> dict[str, Any] | None:
    return next((r for r in placements(game) if r["id"] == placement_id), None)


def _words(game: Game, phase: dict[str, Any]) -> str:
    rules = constraints(game, phase)
    if phase["do"] == "move-terrain":
        words = f"within {rules.within:g} mm of the {rules.edge} edge"
        if rules.margin:
            words += f", at least {rules.margin:g} mm from the edges next to it"
        return words
    return (f"within {rules.near_within:g} mm of {rules.near}, at least {rules.apart:g} mm from every other element "
            f"and {rules.sides:g} mm from the table edges")


def _move_request(game: Game, phase: dict[str, Any], grid: float) -> Any:
    own = _own(game)
    record = _record(game, phase["element"])
    if own["count"] or record is None:
        return None
    points = legal_centres(game, record["element"], record.get("heading", 0.0), constraints(game, phase), grid,
                           moving=record["id"])
    if not points:
        game.emit("element-not-moved", id=record["id"], x=record["x"], y=record["y"])
        own["count"] = 1
        return None
    return game.make_request(
        rule="terrain-placement", kind="place-element", seat=_seat(game, phase["side"], 0), subject=record["id"],
        choices=points, labels=[f"({p['x']:g}, {p['y']:g})" for p in points],
        prompt=f"Place {record['id']} ({record['element']}): its centre, so that its outline lies {_words(game, phase)}, "
               f"wholly on the table")


def _reef_request(game: Game, phase: dict[str, Any], grid: float) -> Any:
    own = _own(game)
    order = sequence(phase["reefs"])
    if own["count"] >= len(order):
        return None
    element = order[own["count"]]
    points = legal_centres(game, element, REEF_HEADING, constraints(game, phase), grid)
    if not points:
        game.emit("reef-placement-ended", placed=own["placed"])
        own["count"] = len(order)
        return None
    number = own["placed"] + 1
    return game.make_request(
        rule="terrain-placement", kind="place-reef", seat=_seat(game, phase["side"], own["count"]), subject=f"reef-{number}",
        choices=points, labels=[f"({p['x']:g}, {p['y']:g})" for p in points],
        prompt=f"Place reef {number} ({element}): its centre, so that its outline lies {_words(game, phase)}, "
               f"wholly on the table")


def _deploy_request(game: Game, phase: dict[str, Any]) -> Any:
    while (ship_id := deployment.next_to_deploy(game, phase["side"])) is not None:
        request = deployment.request_for(game, ship_id)
        if request is not None:
            return request
        deployment.keep_pose(game, ship_id)
    return None


def phase_requests(game: Game, phases: list[dict[str, Any]], grid: float) -> list[Any]:
    """The next request of the phase under way (moving on past finished phases), or ``[]``
    when every phase is done."""
    own = _own(game)
    while own["phase"] < len(phases):
        phase = phases[own["phase"]]
        if phase["do"] == "move-terrain":
            request = _move_request(game, phase, grid)
        elif phase["do"] == "place-reefs":
            request = _reef_request(game, phase, grid)
        else:
            request = _deploy_request(game, phase)
        if request is not None:
            return [request]
        own["phase"] += 1
        own["count"] = 0
    return []


def resolve(game: Game, phases: list[dict[str, Any]], answers: list[tuple[Any, Any]]) -> None:
    """Carry out the answers of the phase under way."""
    own = _own(game)
    phase = phases[own["phase"]]
    for request, answer in answers:
        if request.kind == "place-element":
            record = move_placement(game, phase["element"], answer["x"], answer["y"])
            own["count"] += 1
            game.emit("element-placed", seat=request.seat, id=record["id"], element=record["element"],
                      x=answer["x"], y=answer["y"])
        elif request.kind == "place-reef":
            element = sequence(phase["reefs"])[own["count"]]
            reef_id = f"reef-{own['placed'] + 1}"
            add_placement(game, TerrainPlacement(id=reef_id, element=element, x=answer["x"], y=answer["y"], heading=REEF_HEADING))
            own["placed"] += 1
            own["count"] += 1
            game.emit("reef-placed", seat=request.seat, id=reef_id, element=element, x=answer["x"], y=answer["y"])
        elif request.kind == "deploy":
            deployment.deploy(game, request.ship, answer)


def check_phases(library: Any, scenario: Any, rules: Any, phases: list[dict[str, Any]], where: str) -> list[tuple[str, str]]:
    """``(pointer, message)`` issues of the phases against the scenario: sides, elements and
    documents named, the deployment rule for deploy phases, every element moved once."""
    issues: list[tuple[str, str]] = []
    sides = {s.id for s in scenario.sides}
    placed = [t.get("id") for t in (scenario.setup or {}).get("terrain", ()) or ()]
    docs = {doc.id: doc.element for doc in library.all("terrain")}
    moved: set[str] = set()
    reefs = 0
    for i, phase in enumerate(phases):
        at = f"{where}/{i}"
        if phase.get("side") not in sides:
            issues.append((f"{at}/side", f"no side {phase.get('side')!r} in the scenario (sides: {', '.join(sorted(sides))})"))
        kind = phase.get("do")
        if kind == "move-terrain":
            element = phase.get("element")
            if element not in placed:
                issues.append((f"{at}/element", f"no placement {element!r} in /setup/terrain"))
            elif element in moved:
                issues.append((f"{at}/element", f"{element!r} is moved by an earlier phase"))
            moved.add(element)
        elif kind == "place-reefs":
            for doc in phase.get("reefs", {}):
                if docs.get(doc) is None:
                    issues.append((f"{at}/reefs/{doc}", f"no terrain document {doc!r}"))
                elif docs[doc] != "reef":
                    issues.append((f"{at}/reefs/{doc}", f"terrain document {doc!r} is not a reef (its element: {docs[doc]})"))
            near = phase.get("near")
            earlier = {f"reef-{n}" for n in range(1, reefs + 1)}
            if near not in placed and near not in earlier:
                issues.append((f"{at}/near", f"no placement {near!r} in /setup/terrain (nor a reef placed before)"))
            reefs += sum(phase.get("reefs", {}).values())
        elif kind == "deploy" and deployment.NAME not in rules.names:
            issues.append((f"{at}/do", f"a deploy phase needs the {deployment.NAME} option"))
    return issues

