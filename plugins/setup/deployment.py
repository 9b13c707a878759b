"""Deployment (rulebook p. 21, pp. 50-53): the players set up their own ships in their zones.

Option rule ``deployment``; its settings say how (the scenario's ``option_settings``):
``mode: in-turn`` (the sides deploy one after the other, side by side; the default,
``DEFAULT_MODE``) or ``mode: secret`` (every seat deploys at once and the ships are revealed
together); ``order`` (the sides' order in turn, e.g. ``[british, french]``; sides not named
follow in scenario order; default the scenario's order); ``zones`` (side -> a zone spec:
a strip along an edge or the disc about a point, :mod:`.setup_zones`). Without the rule each
ship keeps its scenario pose, as before.

Each ship's decision (kind ``deploy``, step ``deployment`` of the first turn) is its
position along the long axis of its set-up zone, in millimetres, from a list of legal
positions ``spacing`` mm apart (``DEFAULT_SPACING``): a number a person can type and a bot
can pick. The other coordinate and the heading are the scenario's (ruling
``DEPTH_AND_HEADING``). A position is legal when the WHOLE base lies in the zone and does not
overlap a ship already deployed (nor, ruling ``CLEAR_OF_TERRAIN``, a placed terrain element);
any other answer is refused by the core (``IllegalDecision``) with the legal positions.

The zone of a ship is, in this order: the one a set-up rule wrote in the public state
``game.state.ext["setup-zones"][ship_id]`` (``{"x": [lo, hi], "y": [lo, hi], "heading": h}``,
e.g. after drawing the table sides: :mod:`sog.plugins.setup.terrain_placement`), the zone the
``zones`` setting names for its side (a disc zone also has ``"circle": [cx, cy, r]``), the
scenario entry's ``zone`` for that ship id, the zone of the first scenario ship of its side
(a line-up's ships). A ship with no zone keeps its pose.

The set-up phases of ``terrain-placement`` (:mod:`.setup_phases`) may deploy a side earlier,
through :func:`next_to_deploy`, :func:`request_for`, :func:`deploy` and :func:`keep_pose`;
this rule's step then deploys the ships left.

State: ``game.state.ext["deployment"]``: ``deployed`` (ship ids, public), ``secret``
(ship id -> position chosen secretly; another seat's entries read ``"hidden"`` in a view
until the reveal) and ``done``.

Rulings:

* ``DEPTH_AND_HEADING``: only the position along the zone is chosen; across it the base
  centre stays at the scenario pose's depth (the zone's middle if the pose lies outside).
* ``IN_TURN_ORDER``: in turn, the sides deploy in the scenario's order, each all its ships
  (scenario order), one ship a round, so every answer is checked against the ships before it.
* ``SECRET_ROUNDS``: secretly, round k asks every seat for its k-th ship at once; a seat's
  earlier secret choices count as deployed for its own later ones.
* ``SECRET_CLASH``: at the reveal a ship whose base overlaps one revealed before it (scenario
  order; only possible when two seats share a zone) moves to the nearest free legal position.
* ``CLEAR_OF_TERRAIN``: a base may not start overlapping placed terrain; when no position is
  free of terrain, positions clear of ships only are offered; when none, the scenario pose.
"""

from __future__ import annotations

from typing import Any

from shapely import Polygon

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.geometry import Pose, Rect
from sog.hooktypes import Step
from sog.views import HIDDEN

from sog.plugins.setup.settings_check import settings_issues
from sog.plugins.setup.setup_zones import ZONE, axis_of, corners_inside, spec_issues, zone_from_spec
from sog.plugins.system.tabletop import rect_of
from sog.plugins.system.terrain_table import placed_terrain

NAME = "deployment"
STEP = Step("deployment", 4, "Before the first turn: the players deploy their ships in their set-up zones.")
ZONES = "setup-zones"
"""The public state key (``game.state.ext``) of zones a set-up rule drew for the ships."""
MODES = ("in-turn", "secret")
DEFAULT_MODE = "in-turn"
"""Ruling: without a ``mode`` setting the sides deploy in turn."""
DEFAULT_SPACING = 10
"""Millimetres between two legal positions along a zone."""
DEPTH_AND_HEADING = "scenario"
"""Ruling: only the position along the zone is chosen; the depth and the heading are the scenario's."""
IN_TURN_ORDER = "sides in scenario order, all ships of a side, one a round"
"""Ruling: in turn, each side deploys all its ships, the sides in the scenario's order, one ship a round."""
SECRET_ROUNDS = "round k: every seat's k-th ship at once"
"""Ruling: secretly, every seat deploys its k-th ship in round k; its earlier choices count for it."""
SECRET_CLASH = "nearest free legal position"
"""Ruling: at the reveal, a ship overlapping one revealed before it moves to the nearest free legal position."""
CLEAR_OF_TERRAIN = True
"""Ruling: a base may not start on placed terrain (unless no position is clear of it)."""

SETTINGS = {
    "type": "object",
    "properties": {
        "mode": {"enum": list(MODES), "description": "in-turn: side by side; secret: all at once, revealed together."},
        "spacing": {"type": "number", "exclusiveMinimum": 0, "maximum": 100,
                    "description": "Millimetres between two legal positions along a zone (default 10)."},
        "order": {"type": "array", "maxItems": 16, "uniqueItems": True,
                  "items": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
                  "description": "The sides' order in turn (default the scenario's); sides not named follow."},
        "zones": {"type": "object", "maxProperties": 16,
                  "propertyNames": {"pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
                  "additionalProperties": ZONE,
                  "description": "Side -> its ships' set-up zone, instead of the scenario's."},
    },
    "additionalProperties": False,
}


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {"deploy": "Where a ship starts: its position along its set-up zone (mm)."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "ship-deployed": "A ship was deployed in its set-up zone (in turn): ship, pose.",
        "ships-deployed": "The secretly deployed ships were revealed together: their poses, and any moved by a clash.",
    }


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    """The sides the ``order`` and ``zones`` settings name are the scenario's."""
    if NAME not in rules.names:
        return []
    issues = settings_issues(scenario, rules, NAME, SETTINGS)
    if issues:
        return issues
    settings = rules.settings.get(NAME, {})
    where = f"/option_settings/{NAME}"
    sides = {s.id for s in scenario.sides}
    issues += [(scenario, f"{where}/order/{i}", f"no side {side!r} in the scenario (sides: {', '.join(sorted(sides))})")
              for i, side in enumerate(settings.get("order", ())) if side not in sides]
    issues += [(scenario, ptr, message) for ptr, message in spec_issues(scenario, settings.get("zones", {}), f"{where}/zones")]
    return issues


def _own(game: Game) -> dict[str, Any]:
    return game.state.ext.setdefault(NAME, {"deployed": [], "secret": {}, "done": False})


def zone_of(game: Game, ship_id: str) -> dict[str, Any] | None:
    """The ship's set-up zone ``{"x": [lo, hi], "y": [lo, hi], "heading": h}``, or ``None``."""
    drawn = game.state.ext.get(ZONES, {}).get(ship_id)
    if drawn is not None:
        return dict(drawn)
    ship = game.state.ships[ship_id]
    spec = game.settings(NAME).get("zones", {}).get(ship.side)
    if spec is not None:
        return zone_from_spec(game, spec, ship.pose.heading)
    scenario = game.content.scenario(game.state.scenario)
    entry = next((e for e in scenario.ships if e.id == ship_id), None)
    if entry is None or entry.zone is None:
        entry = next((e for e in scenario.ships if e.side == ship.side and e.zone is not None), None)
    if entry is None or entry.zone is None:
        return None
    return {"x": list(entry.zone.x), "y": list(entry.zone.y), "heading": ship.pose.heading}


def _axis(zone: dict[str, Any]) -> str:
    return axis_of(zone)


def pose_at(game: Game, ship_id: str, zone: dict[str, Any], position: float) -> Pose:
    """Where a ship deployed at ``position`` along its zone stands (also the sketch of a deployment choice)."""
    ship = game.state.ships[ship_id]
    axis = _axis(zone)
    across = "y" if axis == "x" else "x"
    depth = getattr(ship.pose, across)
    if not zone[across][0] <= depth <= zone[across][1]:
        depth = (zone[across][0] + zone[across][1]) / 2
    xy = {axis: position, across: depth}
    return Pose(xy["x"], xy["y"], zone.get("heading", ship.pose.heading))


def _inside(rect: Rect, zone: dict[str, Any]) -> bool:
    return corners_inside(rect.corners, zone)


def _taken(game: Game, ship_id: str) -> list[Rect]:
    """The bases a new position of ``ship_id`` must not overlap: ships deployed, and its seat's secret choices."""
    own = _own(game)
    seat = game.state.ships[ship_id].seat
    rects = [rect_of(game, game.state.ships[s]) for s in own["deployed"] if s != ship_id]
    for other, position in own["secret"].items():
        if other != ship_id and game.state.ships[other].seat == seat:
            zone = zone_of(game, other)
            if zone is not None:
                rects.append(rect_of(game, game.state.ships[other], pose_at(game, other, zone, position)))
    return rects


def positions(game: Game, ship_id: str, taken: list[Rect] | None = None) -> list[float]:
    """The legal positions of ``ship_id`` along its zone (ruling ``CLEAR_OF_TERRAIN``)."""
    zone = zone_of(game, ship_id)
    if zone is None:
        return []
    taken = _taken(game, ship_id) if taken is None else taken
    spacing = game.settings(NAME).get("spacing", DEFAULT_SPACING)
    low, high = zone[_axis(zone)]
    ship = game.state.ships[ship_id]
    terrain = [t.polygon for t in placed_terrain(game)] if CLEAR_OF_TERRAIN else []
    clear, free = [], []
    count = int((high - low) // spacing) + 1
    for k in range(count):
        position = low + k * spacing
        position = int(position) if float(position).is_integer() else round(position, 6)
        rect = rect_of(game, ship, pose_at(game, ship_id, zone, position))
        if not _inside(rect, zone) or any(rect.overlaps(o) for o in taken):
            continue
        free.append(position)
        if not any(Polygon(rect.corners).intersects(t) for t in terrain):
            clear.append(position)
    return clear or free


def _order(game: Game) -> list[str]:
    """Ships to deploy, in deployment order (ruling ``IN_TURN_ORDER``; the ``order`` setting)."""
    ships = [s for s in game.state.ships.values() if zone_of(game, s.id) is not None]
    named = [side for side in game.settings(NAME).get("order", ()) if side in game.state.sides]
    sides = named + [side for side in game.state.sides if side not in named]
    return [s.id for side in sides for s in ships if s.side == side]


def next_to_deploy(game: Game, side: str) -> str | None:
    """The next ship of ``side`` to deploy (scenario order), or ``None`` when all are."""
    own = _own(game)
    return next((s for s in _order(game) if game.state.ships[s].side == side
                 and s not in own["deployed"] and s not in own["secret"]), None)


def request_for(game: Game, ship_id: str) -> Any:
    """The ``deploy`` request of a ship (in turn), or ``None`` when no position is legal."""
    return _request(game, ship_id)


def deploy(game: Game, ship_id: str, position: float) -> None:
    """Deploy a ship at a position along its zone, at once (event ``ship-deployed``)."""
    game.emit("ship-deployed", ship=ship_id, pose=_place(game, ship_id, position))


def keep_pose(game: Game, ship_id: str) -> None:
    """Count a ship with no legal position as deployed where it stands (ruling ``CLEAR_OF_TERRAIN``)."""
    _own(game)["deployed"].append(ship_id)


def _place(game: Game, ship_id: str, position: float) -> dict[str, float]:
    """Put the ship at ``position`` along its zone; the event's pose is the chosen one (a
    position may be a whole number), the state's is floats, as a saved game reloads it (so a
    game resumed after deployment logs what the uninterrupted one logs)."""
    ship = game.state.ships[ship_id]
    pose = pose_at(game, ship_id, zone_of(game, ship_id) or {}, position)
    ship.pose.x, ship.pose.y, ship.pose.heading = float(pose.x), float(pose.y), float(pose.heading)
    _own(game)["deployed"].append(ship_id)
    return {"x": pose.x, "y": pose.y, "heading": pose.heading}


def _request(game: Game, ship_id: str) -> Any:
    ship = game.state.ships[ship_id]
    zone = zone_of(game, ship_id) or {}
    axis = _axis(zone)
    legal = positions(game, ship_id)
    if not legal:
        return None
    labels = []
    for p in legal:
        pose = pose_at(game, ship_id, zone, p)
        labels.append(f"{axis} {p:g} mm (at {pose.x:g}, {pose.y:g}, heading {pose.heading:g})")
    return game.make_request(
        rule=NAME, kind="deploy", seat=ship.seat, ship=ship_id, choices=legal, labels=labels,
        prompt=f"Deploy {ship.name}: its base centre's {axis} along the set-up zone "
               f"{zone[axis][0]:g}-{zone[axis][1]:g} mm{_disc_words(zone)} (the whole base inside, clear of deployed ships)")


def _disc_words(zone: dict[str, Any]) -> str:
    """How a prompt names a disc zone (nothing for a rectangle)."""
    if "circle" not in zone:
        return ""
    cx, cy, r = zone["circle"]
    return f", within {r:g} mm of ({cx:g}, {cy:g})"


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[Any]:
    if step.name != STEP.name:
        return []
    own = _own(game)
    if own["done"]:
        return []
    order = [s for s in _order(game) if s not in own["deployed"] and s not in own["secret"]]
    if game.settings(NAME).get("mode", DEFAULT_MODE) == "in-turn":
        while order:
            request = _request(game, order[0])
            if request is not None:
                return [request]
            own["deployed"].append(order.pop(0))  # nowhere legal: it keeps its pose (ruling CLEAR_OF_TERRAIN)
        return []
    requests, seats = [], set()
    for ship_id in order:
        seat = game.state.ships[ship_id].seat
        if seat in seats:
            continue
        request = _request(game, ship_id)
        if request is None:
            own["deployed"].append(ship_id)  # nowhere legal: it keeps its pose (ruling CLEAR_OF_TERRAIN)
            continue
        seats.add(seat)
        requests.append(request)
    return requests


@hookimpl
@acts_at(STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[Any, Any]]) -> None:
    if step.name != STEP.name:
        return
    own = _own(game)
    for request, answer in answers:
        if request.kind != "deploy":
            continue
        if game.settings(NAME).get("mode", DEFAULT_MODE) == "in-turn":
            game.emit("ship-deployed", ship=request.ship, pose=_place(game, request.ship, answer))
        else:
            own["secret"][request.ship] = answer


@hookimpl
@acts_at(STEP)
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != STEP.name or _own(game)["done"]:
        return
    own = _own(game)
    own["done"] = True
    if not own["secret"]:
        return
    poses, moved = {}, []
    for ship_id in [s for s in game.state.ships if s in own["secret"]]:
        chosen = own["secret"][ship_id]
        taken = [rect_of(game, game.state.ships[s]) for s in own["deployed"]]
        zone = zone_of(game, ship_id) or {}
        rect = rect_of(game, game.state.ships[ship_id], pose_at(game, ship_id, zone, chosen))
        if any(rect.overlaps(o) for o in taken):
            legal = positions(game, ship_id, taken)
            if legal:
                chosen = min(legal, key=lambda p: (abs(p - chosen), p))
                moved.append(ship_id)
        poses[ship_id] = _place(game, ship_id, chosen)
    own["secret"] = {}
    game.emit("ships-deployed", poses=poses, moved=moved)


def _at(pose: dict[str, float]) -> str:
    return f"({pose['x']:g}, {pose['y']:g}) heading {pose['heading']:g}"


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    data = event["data"]
    if event["kind"] == "ship-deployed":
        return f"  {game.ship(data['ship']).name} deploys at {_at(data['pose'])}"
    if event["kind"] == "ships-deployed":
        placed = "; ".join(f"{game.ship(s).name} at {_at(p)}" + (" (moved: clash)" if s in data["moved"] else "")
                           for s, p in data["poses"].items())
        return f"  the ships are revealed: {placed}"
    return None


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    secret = view.get("ext", {}).get(NAME, {}).get("secret")
    if not secret:
        return
    for ship_id in secret:
        if game.state.ships[ship_id].seat != seat:
            secret[ship_id] = HIDDEN
