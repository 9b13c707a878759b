"""The ``dice-movement`` rule: sailing, turning, luffing, tacking, anchoring, edges, collisions.

What: this module is the rule's plugin. It adds three steps to each side's part of the turn
(``anchoring`` 150, ``first-leg`` 300, ``second-leg`` 500; all per side, so the sides move
alternately, as the text says) and asks the decisions they need:

* ``anchoring``: announce anchoring (it takes effect next part), and at anchor stay, rig a
  spring or slip the cable;
* ``first-leg``: every free ship sails half a move at once (the least she must sail, before
  any turn), then her helm order: hold on, turn 45 degrees, luff or tack; a ship in the
  wind's eye only points (or drifts); a ship on a spring turns freely;
* ``second-leg``: how far to sail (up to the second half move, in inches), then, if she
  sailed all of it, another helm order;
* a ship stopped at the table's edge in either leg makes her helm order at once, and may
  turn there to any heading she can sail on from (:data:`.movement_table.EDGE_TURN`).

Distances and speeds are in inches (:mod:`.handling`), the table in mm; hulls move and pivot
on the foremast (:mod:`.units`, :mod:`.collision`). Batteries (rig ``none``) never move.

Why: the text's movement paragraphs (Method of movement 2-5, Movement, anchoring, collision,
the table's edge and obstacles) are one rule; the sailing and geometry it relies on are pure
functions in :mod:`.handling` and :mod:`.collision`, tested apart.

Rulings: the ``# Rulings`` section below (each a named constant with its reason), and those
of :mod:`.handling` (the wind, speeds, the tack's die), :mod:`.collision` (bow and beam,
deflection, sweeps, the edge's slide) and :mod:`.movement_table` (a ship stopped at the edge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog import hookimpl
from sog.decisions import NumberRange
from sog.geometry import Rect
from sog.hooktypes import Step

from . import handling as hd
from .collision import Hit, collision_kind, deflect, sail, swing
from .movement_table import (
    edge_turns, keep_on_table as _keep_on_table, others as _others, place as _place, pose_of as _pose,
    sweep_is_clear as _clear, turn_to as _turn_to,
)
from .state import DiceShip, wound
from .units import hull, inches, mm, rocks

if TYPE_CHECKING:  # pragma: no cover
    from sog.decisions import DecisionRequest
    from sog.game import Game

__all__ = [
    "RULE", "FORCED_FIRST_HALF", "STOP_ENDS_MOVE", "LASHED_HOLDS", "BLOCKED_AT_START", "ROCK_DELAY_PARTS",
    "COLLISION_HITS", "ANCHORING", "SPRING", "SPRING_TURNS", "TACK_BLOCKED",
]

RULE = "dice-movement"

# Rulings
FORCED_FIRST_HALF = "exactly half a move first, 0 up to another half second"
"""Ruling: a free ship sails exactly half a move in her first leg, with no decision (the least
she must sail, and no turn may come before it); she chooses 0 up to another half move in her
second leg. A 45 degree turn may follow the first half and, only if she sailed the whole
second half, the second. Each half move is half the speed of the heading it is sailed on."""

STOP_ENDS_MOVE = ("luff", "tack", "point", "drift", "collision", "rock", "edge")
"""Ruling: a luff, a tack (clean or stalled), pointing, drifting, a collision, a rock and
being stopped at the table's edge all end the ship's movement for the part (at the edge she
still makes her helm order: :data:`.movement_table.EDGE_TURN`)."""

LASHED_HOLDS = True
"""Ruling: a ship lashed to another (grappled or entangled: ``lashed`` not empty) neither
sails nor turns; she may cut herself loose in her boarding step
(:data:`.boarding.CUT_LOOSE`)."""

BLOCKED_AT_START = "no move, no hit, the helm order instead"
"""Ruling: a ship whose way is barred from the start of a run (she already touches, dead
ahead, the hull or rock she would meet) does not strike it again: she does not move, and in
her first leg she may make her helm order instead of the half move (so that a ship stopped
bow on against another's transom can turn away, her sweep clear); no hull hit."""

ROCK_DELAY_PARTS = 1
"""Ruling: a ship that runs onto a rock takes one hull hit and loses this many parts'
movement (``Handling.dead_in_water``); she is hauled off 1" astern of where she touched (as
far as that is clear), and in her first part under way again her first helm order comes
before her half move (``Handling.aground``: plain turns, no luff or tack), so she can turn
away instead of striking again. A land battery is land: running into one is the same, and
the battery takes nothing."""

COLLISION_HITS = 1
"""Ruling: a ship that runs into another stops at contact, and each takes this many hull hits
(a wreck takes none). See :mod:`.collision` for entangling and deflection."""

ANCHORING = "announced a part ahead; down at the end of the turn of anchoring"
"""Ruling: anchoring is announced in the ``anchoring`` step; the ship's next part is the turn
of anchoring: she sails as usual (the forced first half move, unless in the wind's eye) but
makes no turn after her second leg; at the end of it the anchor goes down (one of her two is
used, for good) and she swings about the tip of her bow until she faces the wind
(:func:`.collision.swing`). At anchor she does not move. Slipping the cable (the anchor is
lost) frees her at once in the ``anchoring`` step; facing the wind, she then points."""

SPRING = "rigged in a part, ready at the next"
"""Ruling: rigging a spring is chosen in the ``anchoring`` step at anchor; it is ready at the
next part's ``anchoring`` step. On a spring a ship may turn in her first leg to any heading
of :data:`SPRING_TURNS` (pivoting on her foremast, her sweep clear), and nothing else."""

SPRING_TURNS = (0, -45, 45, -90, 90, -135, 135, 180)
"""The turns open to a ship on a spring (degrees, clockwise positive)."""

TACK_BLOCKED = "stays stalled in the wind's eye"
"""Ruling: a tack whose second 45 degrees would sweep into a hull or a rock stays stalled in
the wind's eye, whatever the die (she throws again next part)."""

_BLOCKED_MM = 1e-3  # a run stopped within this of its start was blocked there
_ROCK_BACK_OFF = 1.0  # inches a ship that struck a rock is hauled off astern (ROCK_DELAY_PARTS)

_HELM_LABELS = {0: "hold her course", -45: "turn 45 degrees to port", 45: "turn 45 degrees to starboard",
                "luff": "luff: bow into the wind, stall until next part",
                "tack": "tack: turn through the wind (a 6 stalls her)"}


def _movers(game: Game) -> list[DiceShip]:
    """The active side's ships that sail (batteries never move)."""
    return [s for s in game.ships(side=game.active_side) if isinstance(s, DiceShip) and s.rig != "none"]


def _wind(game: Game) -> float:
    return float(game.state.wind.from_)


def _half(game: Game, ship: DiceShip) -> float:
    return hd.half_move(ship.rig, ship.pose.heading, _wind(game), ship.handling.jury_mast)


# --------------------------------------------------------------------------- moving


def _run(game: Game, ship: DiceShip, distance: float, direction: float | None = None, why: str = "sail") -> str:
    """Sail (or drift along ``direction``) ``distance`` inches, stopping at contact; handle
    what she meets (``BLOCKED_AT_START``) and the table's edge. Returns ``whole`` (she ran
    the whole distance), ``stopped`` (by what she met) or ``blocked`` (at the start); a ship
    stopped at the edge has ``Handling.edge_stopped`` set."""
    body = hull(game, ship)
    start = _pose(ship)
    ships = _others(game, ship)
    run = sail(start, body.width, body.length, mm(distance), ships, rocks(game), direction)
    if run.hit is not None and run.travelled < _BLOCKED_MM:
        ship.handling.stopped = True
        game.emit("ship-held", ship=ship.id, reason="blocked")
        return "blocked"
    _place(game, ship, run.pose)
    ran = round(inches(run.travelled), 6)
    ship.handling.moved += ran
    game.emit("ship-drifted" if why == "drift" else "ship-sailed", ship=ship.id, distance=ran,
              x=ship.pose.x, y=ship.pose.y, heading=ship.pose.heading)
    if run.hit is not None:
        _collide(game, ship, run.hit, ships)
    _keep_on_table(game, ship, start)
    return "whole" if run.hit is None else "stopped"


def _collide(game: Game, ship: DiceShip, hit: Hit, ships: dict[str, Rect]) -> None:
    """What a run met (``ROCK_DELAY_PARTS``, ``COLLISION_HITS``, entangling, deflection)."""
    ship.handling.stopped = True
    ship.handling.turn_due = False
    other = game.ship(str(hit.key)) if hit.kind == "ship" else None
    if other is None or (isinstance(other, DiceShip) and other.rig == "none" and other.in_play):
        wound(ship, hull=COLLISION_HITS)
        ship.handling.dead_in_water += ROCK_DELAY_PARTS
        ship.handling.aground = True
        body = hull(game, ship)
        back = sail(_pose(ship), body.width, body.length, mm(_ROCK_BACK_OFF), ships, rocks(game),
                    ship.pose.heading + 180.0)
        _place(game, ship, back.pose)
        game.emit("struck-rock", ship=ship.id, rock=hit.key if other is None else None,
                  battery=other.id if other is not None else None)
        return
    wound(ship, hull=COLLISION_HITS)
    if not other.in_play or not isinstance(other, DiceShip):
        game.emit("collision", ship=ship.id, other=other.id, result="struck")
        return
    wound(other, hull=COLLISION_HITS)
    mover = hull(game, ship)
    result = collision_kind(mover, ships[other.id])
    if result == "entangled":
        for a, b in ((ship, other), (other, ship)):
            if b.id not in a.lashed:
                a.lashed.append(b.id)
    elif result == "deflected":
        table = (game.state.table["width"], game.state.table["height"])
        rest = {k: r for k, r in ships.items() if k != other.id}
        _place(game, ship, deflect(_pose(ship), mover.width, mover.length, ships[other.id], rest, rocks(game), table))
    game.emit("collision", ship=ship.id, other=other.id, result=result, x=ship.pose.x, y=ship.pose.y)


# --------------------------------------------------------------------------- the helm


def _helm_options(game: Game, ship: DiceShip) -> list[int | str]:
    """Legal helm orders now: a spring's free turns, pointing in the wind's eye, or a turn
    after a half move (luff and tack instead of the windward turn); sweeps must be clear."""
    heading, wind = ship.pose.heading, _wind(game)
    if ship.handling.anchor == "spring":
        return [t for t in SPRING_TURNS if t == 0 or _clear(game, ship, t)]
    if ship.handling.edge_stopped:  # EDGE_TURN: any heading she can sail on from
        return list(edge_turns(game, ship, wind))
    options = hd.turn_options(heading, wind)
    legal: list[int | str] = []
    for option in options:
        if option == 0:
            legal.append(0)
        elif option == "luff":
            if _clear(game, ship, hd.windward_turn(heading, wind)):
                legal.append(option)
        elif option == "tack":
            if _clear(game, ship, 2 * hd.windward_turn(heading, wind)):
                legal.append(option)
        elif _clear(game, ship, float(option)):
            legal.append(option)
    if ship.handling.aground:  # hauling off a rock: a plain turn, no luff or tack
        legal = [o for o in legal if not isinstance(o, str)]
    return legal


def _helm_label(order: int | str) -> str:
    if order in _HELM_LABELS:
        return _HELM_LABELS[order]
    turn = int(order)
    return "turn her about (180 degrees)" if abs(turn) == 180 else \
        f"turn {abs(turn)} degrees to {'starboard' if turn > 0 else 'port'}"


def _helm_result(game: Game, ship: DiceShip, order: int | str, free: bool) -> str:
    """What a helm order leaves her on, for people: ``heading 135°, wind from the side``."""
    heading, wind = ship.pose.heading, _wind(game)
    if order == "luff":
        return f"heading {wind:.0f}°, in the wind's eye"
    if order == "tack":
        after = hd.tack_heading(wind, 1 if hd.windward_turn(heading, wind) > 0 else -1)
        return f"heading {after:.0f}° if the die allows, stopped"
    if free or hd.in_wind_eye(heading, wind):
        after = heading + float(order)
    else:
        after = hd.turn_heading(heading, float(order), wind)
    after %= 360.0
    if hd.in_wind_eye(after, wind):
        return f"heading {after:.0f}°, in the wind's eye"
    return f"heading {after:.0f}°, {hd.half_move(ship.rig, after, wind, ship.handling.jury_mast) * 2:g}\" a move"


def _helm_request(game: Game, ship: DiceShip) -> DecisionRequest:
    options = _helm_options(game, ship)
    h = ship.handling
    if h.anchor == "spring":
        prompt = f"{ship.name} rides to a spring: turn her?"
    elif h.edge_stopped:
        prompt = f"{ship.name} is stopped at the table's edge: turn her to sail on?"
    elif hd.in_wind_eye(ship.pose.heading, _wind(game)):
        prompt = f"{ship.name} is in the wind's eye: point her (or drift {hd.DRIFT_INCHES:g} in downwind)"
    else:
        prompt = f"{ship.name} has sailed her half move: helm order?"
    labels = [_helm_label(o) for o in options]
    free = h.anchor == "spring" or h.edge_stopped
    if not free and hd.in_wind_eye(ship.pose.heading, _wind(game)):
        labels[0] = "stay in the wind's eye and drift"
    labels = [f"{label} ({_helm_result(game, ship, order, free)})" for label, order in zip(labels, options)]
    return game.make_request(rule=RULE, kind="helm", seat=ship.seat, ship=ship.id, prompt=prompt,
                             choices=options, labels=labels)


def _apply_helm(game: Game, ship: DiceShip, order: int | str) -> None:
    """Carry out a helm order (luff, tack with its die, point, drift, turn)."""
    h, wind = ship.handling, _wind(game)
    h.turn_due = False
    heading = ship.pose.heading
    if h.anchor == "spring" or h.edge_stopped:  # SPRING, EDGE_TURN: a free turn, then stop
        h.stopped = True
        if order != 0:
            _turn_to(game, ship, heading + float(order))
        return
    if hd.in_wind_eye(heading, wind):  # pointing, or drifting if she does not
        h.stopped = True
        if order == 0:
            h.luffing = True
            _run(game, ship, hd.DRIFT_INCHES, hd.downwind(wind), why="drift")
        else:
            h.luffing = False
            _turn_to(game, ship, heading + float(order))
        return
    if h.aground:  # ROCK_BACK_OFF: she turns first, then sails her half move
        h.aground = False
        if order != 0:
            _turn_to(game, ship, hd.turn_heading(heading, float(order), wind))
        if _run(game, ship, _half(game, ship)) != "whole":
            h.stopped = True
        return
    if order == "luff":
        h.stopped = h.luffing = True
        _turn_to(game, ship, wind)
        game.emit("ship-luffed", ship=ship.id)
    elif order == "tack":
        h.stopped = True
        h.tack_dir = 1 if hd.windward_turn(heading, wind) > 0 else -1
        _turn_to(game, ship, wind)
        _tack_die(game, ship)
    elif order != 0:
        _turn_to(game, ship, hd.turn_heading(heading, float(order), wind))


def _tack_die(game: Game, ship: DiceShip) -> None:
    """The tack's die (``TACK_STALL``): stall in the wind's eye, or the second 45 degrees."""
    h = ship.handling
    die = game.roll(6, reason="tack", ship=ship.id)[0]
    target = hd.tack_heading(_wind(game), h.tack_dir)
    turn = h.tack_dir * hd.TURN
    if die == hd.TACK_STALL or not _clear(game, ship, turn):
        h.tacking_stalled = True
        game.emit("tack-stalled", ship=ship.id, die=die)
        return
    h.tacking_stalled = False
    h.tack_dir = 0
    _turn_to(game, ship, target)
    game.emit("ship-tacked", ship=ship.id, heading=ship.pose.heading)


# --------------------------------------------------------------------------- the steps


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [
        Step("anchoring", 150, "Announce anchoring; at anchor stay, rig a spring or slip the cable.", per_side=True),
        Step("first-leg", 300, "Sail the first half move, then a helm order.", per_side=True),
        Step("second-leg", 500, "Sail up to the second half move, then a helm order.", per_side=True),
    ]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {
        "anchoring": "Announce anchoring for next part, or at anchor: stay, rig a spring, slip the cable.",
        "helm": "After a half move: hold on, turn 45 degrees, luff or tack; in the wind's eye: point or drift; "
                "on a spring: turn freely.",
        "sail-distance": "How far to sail in the second leg (inches, up to half a move).",
    }


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "ship-sailed": "A ship sailed straight ahead (inches) to a new position.",
        "ship-drifted": "A ship left in the wind's eye drifted downwind.",
        "ship-turned": "A ship pivoted on her foremast to a new heading.",
        "ship-luffed": "A ship put her bow into the wind and stalls.",
        "ship-tacked": "A ship turned through the wind cleanly and stops.",
        "tack-stalled": "A tack stalled in the wind's eye (a 6): she throws again next part.",
        "ship-held": "A ship does not move this part (dead in the water, lashed, at anchor).",
        "anchoring": "Anchoring: announced, anchor down, spring rigging or ready, cable slipped.",
        "collision": "A ship ran into another: struck, entangled or deflected; a hull hit each.",
        "struck-rock": "A ship ran onto a rock or a land battery: a hull hit and a part's delay.",
        "table-slid": "A ship reached the table's edge: every model and rock slid by (dx, dy) mm.",
        "edge-stopped": "A ship reached the table's edge where the world could not slide: she stops there.",
    }


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name == "anchoring":
        for ship in _movers(game):
            h = ship.handling
            h.stopped, h.turn_due, h.edge_stopped, h.moved = False, False, False, 0.0
            if h.anchor == "spring-rigging":
                h.anchor = "spring"
                game.emit("anchoring", ship=ship.id, action="spring-ready")
    elif step.name == "first-leg":
        for ship in _movers(game):
            _begin_first_leg(game, ship)


def _begin_first_leg(game: Game, ship: DiceShip) -> None:
    """What a ship does before her first helm order (``FORCED_FIRST_HALF``, holds, stalls)."""
    h = ship.handling
    if h.dead_in_water > 0:
        h.dead_in_water -= 1
        h.stopped = True
        game.emit("ship-held", ship=ship.id, reason="dead-in-water")
    elif ship.lashed:
        h.stopped = True
        game.emit("ship-held", ship=ship.id, reason="lashed")
    elif h.anchor in ("down", "spring-rigging"):
        h.stopped = True
        game.emit("ship-held", ship=ship.id, reason="at-anchor")
    elif h.anchor == "spring" or (hd.in_wind_eye(ship.pose.heading, _wind(game)) and not h.tacking_stalled):
        h.turn_due = True  # turns on her spring, or points
    elif h.tacking_stalled:
        h.stopped = True
        _tack_die(game, ship)
    elif h.aground:
        h.turn_due = True  # ROCK_BACK_OFF: a helm order before her half move
    else:
        ran = _run(game, ship, _half(game, ship))
        # BLOCKED_AT_START: a ship barred from the start may turn instead; EDGE_TURN: so may
        # a ship stopped at the table's edge.
        h.turn_due = ran == "blocked" or h.edge_stopped or (ran == "whole" and not h.stopped)


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    name, rnd = step.name, game.state.step_round
    if name == "anchoring" and rnd == 0:
        return [r for r in (_anchor_request(game, s) for s in _movers(game)) if r is not None]
    if (name == "first-leg" and rnd == 0) or (name == "second-leg" and rnd == 1):
        return [_helm_request(game, s) for s in _movers(game) if s.handling.turn_due]
    if name == "second-leg" and rnd == 0:
        requests = []
        for ship in _movers(game):
            half = _half(game, ship)
            if ship.handling.stopped or half <= 0.0:
                continue
            requests.append(game.make_request(
                rule=RULE, kind="sail-distance", seat=ship.seat, ship=ship.id,
                prompt=f"How far does {ship.name} sail in her second leg, in inches? (0 stays where she is; "
                       f"the whole {half:g}\" lets her turn again after it)",
                number=NumberRange(min=0, max=half, step=hd.MOVE_STEP, unit="inches")))
        return requests
    return []


_ANCHOR_CHOICES = {
    "none": (["sail", "announce"], ["sail on", "announce anchoring (anchors next part)"]),
    "down": (["stay", "spring", "slip"], ["stay at anchor", "rig a spring (ready next part)", "slip the cable (anchor lost)"]),
    "spring-rigging": (["stay", "slip"], ["stay at anchor", "slip the cable (anchor lost)"]),
    "spring": (["stay", "slip"], ["stay at anchor", "slip the cable (anchor lost)"]),
}


def _anchor_request(game: Game, ship: DiceShip) -> DecisionRequest | None:
    h = ship.handling
    if h.anchor == "announced" or (h.anchor == "none" and h.anchors <= 0):
        return None
    choices, labels = _ANCHOR_CHOICES[h.anchor]
    return game.make_request(rule=RULE, kind="anchoring", seat=ship.seat, ship=ship.id,
                             prompt=f"{ship.name}: anchoring?", choices=choices, labels=labels)


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    mine = [(r, a) for r, a in answers if r.rule == RULE]
    if step.name == "second-leg" and any(r.kind == "sail-distance" for r, _ in mine):
        for request, distance in mine:
            ship = game.ship(request.ship)
            half = _half(game, ship)
            whole = _run(game, ship, float(distance)) == "whole" if distance > 0 else True
            h = ship.handling
            sailed_on = whole and not h.stopped and float(distance) >= half - 1e-9
            h.turn_due = (sailed_on or h.edge_stopped) and not _anchoring_now(game, ship)  # EDGE_TURN
        return
    for request, answer in mine:
        ship = game.ship(request.ship)
        if request.kind == "anchoring":
            _apply_anchoring(game, ship, answer)
        elif request.kind == "helm":
            _apply_helm(game, ship, answer)


def _apply_anchoring(game: Game, ship: DiceShip, answer: str) -> None:
    h = ship.handling
    if answer == "announce":
        h.anchor, h.announced_turn = "announced", game.state.turn
    elif answer == "spring":
        h.anchor = "spring-rigging"
    elif answer == "slip":
        h.anchor = "none"
    else:
        return
    game.emit("anchoring", ship=ship.id, action={"announce": "announced", "spring": "spring-rigging",
                                                   "slip": "cable-slipped"}[answer], anchors=h.anchors)


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != "second-leg":
        return
    for ship in _movers(game):
        h = ship.handling
        h.turn_due = False
        if _anchoring_now(game, ship):
            _drop_anchor(game, ship)


def _anchoring_now(game: Game, ship: DiceShip) -> bool:
    """Is this part her turn of anchoring (announced in an earlier part)?"""
    h = ship.handling
    return h.anchor == "announced" and h.announced_turn is not None and game.state.turn > h.announced_turn


def _drop_anchor(game: Game, ship: DiceShip) -> None:
    """``ANCHORING``: the anchor goes down and she swings stern downwind to face the wind."""
    h = ship.handling
    h.anchors -= 1
    h.anchor, h.announced_turn = "down", None
    h.luffing = h.tacking_stalled = False
    body = hull(game, ship)
    start = _pose(ship)
    _place(game, ship, swing(start, body.width, body.length, _wind(game), _others(game, ship), rocks(game)))
    game.emit("anchoring", ship=ship.id, action="anchor-down", anchors=h.anchors, heading=ship.pose.heading)
    _keep_on_table(game, ship, start)
