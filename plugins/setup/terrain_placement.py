"""Terrain placement by the players, then the table sides drawn at random (rulebook p. 52).

Option rule ``terrain-placement``; its settings (the scenario's ``option_settings``) say what
is placed: ``reefs`` (how many of each ``terrain`` document, e.g. ``{reef-a: 3, reef-b: 3}``,
placed taking the documents in turn; by default ``DEFAULT_COUNT`` reefs, every reef document
of the loaded packs in turn, ruling ``DEFAULT_REEFS``), ``grid`` (millimetres between two
candidate centres, default ``DEFAULT_GRID``), ``draw_sides`` (default true; false with
``phases``, ruling ``FIXED_SIDES``) and ``phases``. The fixed elements (the island at the
centre) come first, from the scenario's ``setup.terrain`` (the ``terrain`` rule) or any rule
that places them at set-up.

With ``phases`` (the set-up orders of *Against the Outpost* and *Supplies are Coming*,
pp. 54-56) the step plays those phases instead of the alternating reefs: a side moves an
element of ``setup.terrain`` near a table edge, places reefs near an element, or deploys its
ships (:mod:`.setup_phases`, its constraints in :mod:`.placement_rules`). Without it
everything below is as it was.

Step ``terrain-placement`` of the first turn (before deployment): the seats alternate
(kind ``place-reef``), each choosing the centre of one reef among the legal grid points:
the whole outline on the table and at least half a ruler (``ruler.length / 2``) from every
element already placed, reef or island (the distance between outlines, shapely). Any other
answer is refused by the core (``IllegalDecision``) with the legal points. Placements go
through :func:`~sog.plugins.system.terrain_table.add_placement` (ids ``reef-1``...).

Then, with ``draw_sides``, the game's generator draws the edge of the first side (ruling
``BRITISH``) among the four and a different one for the second; if they are opposite, the
wind comes from the right of the first side's player (looking into the table); if not, from
the first side's edge or the second's, drawn at random. Each ship's set-up zone becomes the
strip within half a ruler of its side's edge, heading into the table, written to the public
``game.state.ext["setup-zones"]`` (read by the ``deployment`` rule), and each ship is put
at a default pose in it (ruling ``DEFAULT_POSES``). Event ``sides-drawn``.

State: ``game.state.ext["terrain-placement"]`` (public): ``placed`` (how many reefs),
``edges`` (side -> edge once drawn), ``done``.

Rulings:

* ``ALTERNATION``: the sides alternate in the scenario's order, the first side first; within
  a side its seats take turns.
* ``BRITISH``: "the British player" is the scenario's first side.
* ``NO_ROOM``: when no grid point is legal, placing ends with fewer reefs (event).
* ``DEFAULT_POSES``: a side's ships stand evenly spaced along its edge, in the zone's middle,
  heading into the table, until deployed (the poses used when ``deployment`` is off).
* ``REEF_HEADING``: reefs lie at heading 0 (the players choose only where).
* ``FIXED_SIDES``: a scenario with set-up phases names its sides' edges; the sides are not
  drawn unless ``draw_sides`` says so.
"""

from __future__ import annotations

from typing import Any

from shapely import box

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.hooktypes import Step

from sog.plugins.setup import setup_phases
from sog.plugins.setup.settings_check import settings_issues
from sog.plugins.system.content_terrain import TerrainPlacement
from sog.plugins.system.tabletop import ruler_of
from sog.plugins.system.terrain_table import add_placement, placed_terrain, world_polygon

NAME = "terrain-placement"
STEP = Step("terrain-placement", 2, "Before the first turn: the players place terrain, then the table sides are drawn.")
ZONES = "setup-zones"
"""The public state key of the drawn set-up zones (see :mod:`sog.plugins.setup.deployment`)."""
DEFAULT_COUNT = 6
"""How many reefs are placed without ``reefs`` settings (p. 52: six)."""
DEFAULT_GRID = 50
"""Millimetres between two candidate reef centres."""
#: The table edges: the heading that looks into the table from each, and the bearing the wind
#: comes from when it blows from that edge.
EDGES = {"south": (0.0, 180.0), "west": (90.0, 270.0), "north": (180.0, 0.0), "east": (270.0, 90.0)}
OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}
ALTERNATION = "sides in scenario order, first side first; seats of a side in turn"
"""Ruling: who places the next reef."""
BRITISH = 0
"""Index of the side whose right the wind comes from (the scenario's first side)."""
NO_ROOM = "placing ends"
"""Ruling: when no grid point is legal, placing ends with fewer reefs."""
DEFAULT_POSES = "evenly spaced along the edge, zone middle, heading into the table"
"""Ruling: where the ships stand once the sides are drawn, until deployed."""
REEF_HEADING = 0.0
"""Ruling: reefs lie at heading 0; the players choose only where."""
DEFAULT_REEFS = "every terrain document of element reef, by id"
"""Ruling: without ``reefs`` settings, six reefs, the reef documents of the loaded packs in turn."""
FIXED_SIDES = "no drawing with phases unless draw_sides is true"
"""Ruling: a scenario with set-up phases keeps its sides' edges."""

SETTINGS = {
    "type": "object",
    "properties": {
        "reefs": {"type": "object", "maxProperties": 32,
                  "propertyNames": {"pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
                  "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 32},
                  "description": "How many reefs of each terrain document are placed (default: 6, the reef documents in turn)."},
        "grid": {"type": "number", "minimum": 5, "maximum": 300,
                 "description": "Millimetres between two candidate centres (default 50)."},
        "draw_sides": {"type": "boolean", "description": "Draw the sides' table edges and the wind after placing "
                                                      "(default true; false with phases)."},
        "phases": {"type": "array", "minItems": 1, "maxItems": 32, "items": setup_phases.PHASE,
                   "description": "The set-up orders: phases played in order instead of the alternating reefs "
                                  "(move-terrain, place-reefs, deploy; see the rule's documentation)."},
    },
    "additionalProperties": False,
}


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {"place-reef": "Where a reef goes: the centre of its outline, at least half a ruler from other reefs and islands.",
            "place-element": "Where an element of the scenario goes (a set-up phase): the centre of its outline, "
                             "near the table edge the scenario names."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "reef-placed": "A player placed a reef: seat, id, element, x, y.",
        "reef-placement-ended": "No legal place was left for another reef: how many were placed.",
        "sides-drawn": "The table edges of the sides were drawn at random, and the wind from them: edges, wind.",
        "element-placed": "A player placed an element of the scenario (a set-up phase): seat, id, element, x, y.",
        "element-not-moved": "No legal place was found for an element of the scenario: it stays at id, x, y.",
    }


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    """The reefs the settings name are terrain documents; the scenario has two sides."""
    if NAME not in rules.names:
        return []
    issues = settings_issues(scenario, rules, NAME, SETTINGS)
    if issues:
        return issues
    settings = rules.settings.get(NAME, {})
    phases = settings.get("phases")
    if phases:
        issues += [(scenario, ptr, message) for ptr, message in
                   setup_phases.check_phases(library, scenario, rules, phases, f"/option_settings/{NAME}/phases")]
    named = settings.get("reefs") or {}
    known = {doc.id: doc.element for doc in library.all("terrain")}
    for element in named:
        if known.get(element) is None:
            issues.append((scenario, f"/option_settings/{NAME}/reefs/{element}", f"no terrain document {element!r}"))
    if not phases and not named and "reef" not in known.values():
        issues.append((scenario, "/options", f"{NAME} places reefs, but no pack loaded has a reef terrain document"))
    if _draws_sides(settings) and len(scenario.sides) != 2:
        issues.append((scenario, "/sides", f"{NAME} draws the table edges of exactly two sides"))
    return issues


def _draws_sides(settings: Any) -> bool:
    """Whether the sides are drawn (ruling ``FIXED_SIDES``)."""
    return bool(settings.get("draw_sides", not settings.get("phases")))


def _own(game: Game) -> dict[str, Any]:
    return game.state.ext.setdefault(NAME, {"placed": 0, "edges": {}, "done": False})


def min_distance(game: Game) -> float:
    """Half a ruler: the least distance between a new reef and any other reef or island."""
    return ruler_of(game).length / 2


def seat_to_place(game: Game, index: int) -> str:
    """The seat that places the ``index``-th reef (0 first; ruling ``ALTERNATION``)."""
    sides = list(game.state.sides)
    seats = game.state.sides[sides[index % len(sides)]]
    return seats[(index // len(sides)) % len(seats)]


def reef_problem(game: Game, element: str, x: float, y: float) -> str | None:
    """Why a reef ``element`` centred at ``(x, y)`` may not be placed, or ``None`` if it may."""
    outline = world_polygon(game.content.get("terrain", element), x, y, REEF_HEADING)
    table = box(0, 0, game.state.table["width"], game.state.table["height"])
    if not table.covers(outline):
        return f"the reef at ({x:g}, {y:g}) would lie partly off the table"
    limit = min_distance(game)
    for other in placed_terrain(game):
        gap = outline.distance(other.polygon)
        if gap < limit - 1e-6:
            return f"the reef at ({x:g}, {y:g}) would be {gap:.0f} mm from {other.id}, less than half a ruler ({limit:g} mm)"
    return None


def legal_points(game: Game, element: str) -> list[dict[str, float]]:
    """The grid points where ``element`` may be placed, row by row from the bottom left."""
    grid = game.settings(NAME).get("grid", DEFAULT_GRID)
    width, height = game.state.table["width"], game.state.table["height"]
    points = []
    y = grid
    while y < height:
        x = grid
        while x < width:
            if reef_problem(game, element, x, y) is None:
                points.append({"x": x, "y": y})
            x += grid
        y += grid
    return points


def reef_sequence(game: Game) -> list[str]:
    """The terrain document of each reef to place, in placing order (ruling ``DEFAULT_REEFS``)."""
    named = dict(game.settings(NAME).get("reefs") or {})
    if not named:
        docs = sorted(doc.id for doc in game.content.all("terrain") if getattr(doc, "element", None) == "reef")
        return [docs[k % len(docs)] for k in range(DEFAULT_COUNT)] if docs else []
    order: list[str] = []
    while any(named.values()):
        for element in list(named):
            if named[element]:
                order.append(element)
                named[element] -= 1
    return order


def _next_element(game: Game) -> str | None:
    sequence = reef_sequence(game)
    placed = _own(game)["placed"]
    return sequence[placed] if placed < len(sequence) else None


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[Any]:
    if step.name != STEP.name or _own(game)["done"]:
        return []
    phases = game.settings(NAME).get("phases")
    if phases:
        return setup_phases.phase_requests(game, list(phases), game.settings(NAME).get("grid", DEFAULT_GRID))
    element = _next_element(game)
    if element is None:
        return []
    points = legal_points(game, element)
    own = _own(game)
    if not points:
        game.emit("reef-placement-ended", placed=own["placed"])
        own["placed"] = len(reef_sequence(game))
        return []
    return [game.make_request(
        rule=NAME, kind="place-reef", seat=seat_to_place(game, own["placed"]), subject=f"reef-{own['placed'] + 1}",
        choices=points, labels=[f"({p['x']:g}, {p['y']:g})" for p in points],
        prompt=f"Place reef {own['placed'] + 1} ({element}): its centre, at least half a ruler "
               f"({min_distance(game):g} mm) from every other reef and island, wholly on the table")]


@hookimpl
@acts_at(STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[Any, Any]]) -> None:
    if step.name != STEP.name:
        return
    phases = game.settings(NAME).get("phases")
    if phases:
        setup_phases.resolve(game, list(phases), answers)
        return
    for request, answer in answers:
        if request.kind != "place-reef":
            continue
        own = _own(game)
        element = _next_element(game)
        assert element is not None
        reef_id = f"reef-{own['placed'] + 1}"
        add_placement(game, TerrainPlacement(id=reef_id, element=element, x=answer["x"], y=answer["y"], heading=REEF_HEADING))
        own["placed"] += 1
        game.emit("reef-placed", seat=request.seat, id=reef_id, element=element, x=answer["x"], y=answer["y"])


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    own = _own(game)
    if step.name != STEP.name or own["done"]:
        return
    own["done"] = True
    if _draws_sides(game.settings(NAME)):
        draw_sides(game)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    data = event["data"]
    if event["kind"] == "reef-placed":
        return f"  {data['seat']} places {data['id']} ({data['element']}) at ({data['x']:g}, {data['y']:g})"
    if event["kind"] == "reef-placement-ended":
        return f"  no room for another reef: {data['placed']} placed"
    if event["kind"] == "element-placed":
        return f"  {data['seat']} places {data['id']} ({data['element']}) at ({data['x']:g}, {data['y']:g})"
    if event["kind"] == "element-not-moved":
        return f"  no legal place for {data['id']}: it stays at ({data['x']:g}, {data['y']:g})"
    if event["kind"] == "sides-drawn":
        edges = ", ".join(f"{side} on the {edge} edge" for side, edge in data["edges"].items())
        return f"  sides drawn: {edges}; the wind blows from {data['wind']:g} degrees"
    return None


def wind_from(game: Game, first: str, second: str) -> float:
    """The wind for the drawn edges (uses the generator only when they are not opposite)."""
    if OPPOSITE[first] == second:
        return (EDGES[first][0] + 90.0) % 360.0
    return EDGES[game.rng.choice([first, second])][1]


def zone_along(game: Game, edge: str) -> dict[str, Any]:
    """The strip within half a ruler of ``edge``, with the heading into the table."""
    width, height = game.state.table["width"], game.state.table["height"]
    half = ruler_of(game).length / 2
    x, y = {"south": ([0, width], [0, half]), "north": ([0, width], [height - half, height]),
            "west": ([0, half], [0, height]), "east": ([width - half, width], [0, height])}[edge]
    return {"x": x, "y": y, "heading": EDGES[edge][0]}


def draw_sides(game: Game) -> None:
    """Draw the sides' edges and the wind; set the zones and default poses."""
    sides = list(game.state.sides)
    edges = list(EDGES)
    first = game.rng.choice(edges)
    second = game.rng.choice([e for e in edges if e != first])
    drawn = {sides[BRITISH]: first, next(s for k, s in enumerate(sides) if k != BRITISH): second}
    game.state.wind.from_ = wind_from(game, first, second)
    zones = game.state.ext.setdefault(ZONES, {})
    for side, edge in drawn.items():
        zone = zone_along(game, edge)
        ships = game.ships(in_play=False, side=side)
        along = "x" if edge in ("south", "north") else "y"
        across = "y" if along == "x" else "x"
        length = zone[along][1]
        for k, ship in enumerate(ships):
            zones[ship.id] = dict(zone)
            setattr(ship.pose, along, round(length * (k + 1) / (len(ships) + 1), 3))
            setattr(ship.pose, across, (zone[across][0] + zone[across][1]) / 2)
            ship.pose.heading = zone["heading"]
    _own(game)["edges"] = drawn
    game.emit("sides-drawn", edges=drawn, wind=game.state.wind.from_)


__all__ = ["NAME", "draw_sides", "legal_points", "reef_problem", "seat_to_place", "wind_from", "zone_along"]
