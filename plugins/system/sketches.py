"""What a Sails of Glory choice would do (``sog_sketch_choice``), from the seat's view alone.

Every sketch reads the seat's redacted view (``seat_view.data``) and the packs, rebuilt as a
:class:`.view_table.ViewTable`, and measures with the code the rules and the bots use:

* a maneuver card: :class:`.captain_moves.Helm` moves the ship as the rules in force would
  (line of the sails, arrow colour, veer limit, red cards when taken aback) from where it
  stands now; a slot-2 card moves from where the own slot-1 card leaves it. The path is the
  base centre along the card's line (:class:`.geometry.ManeuverPath`), the pose where it
  ends; other ships' secret moves are not guessed (no collisions);
* fire, musketry, loading and the batteries' choices: :mod:`.sketches_fire`;
* the other kinds (sails, crew actions, repairs, boarding, grog, abilities, placement):
  a short text, with a pose where a ship would be deployed.

A kind no Sails of Glory rule asks gets ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sog import hookimpl
from sog.decisions import DecisionRequest
from sog.geometry import Pose
from sog.seats import SeatView
from sog.views import HIDDEN

from sog.plugins.system.geometry import ManeuverPath
from sog.plugins.system.tabletop import pose_of, rect_of
from .captain_moves import ABACK, SAIL_LINE, VEER_EXT, Helm
from .sketches_fire import FIRE_SKETCHES, Sketching, ship_name
from .state import SailsShipState

__all__ = ["PATH_POINTS", "SKETCHES", "move_sketch"]

#: Points of a card's path polyline (besides the base centre it starts from).
PATH_POINTS = 16
SYSTEM = "sails-of-glory"


@hookimpl
def sog_sketch_choice(seat_view: SeatView, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    sketcher = SKETCHES.get(request.kind)
    if sketcher is None or seat_view.data.get("system", SYSTEM) != SYSTEM:
        return None
    return sketcher(Sketching.of(seat_view), request, choice)


# --------------------------------------------------------------------------- maneuvers


def _words(end: tuple[float, ...], start: str, moved: float) -> str:
    """A card line in words (straight, sideslip, turn or backing) and how far the base centre goes."""
    right, _, turn = end
    way = "right" if (turn or right) > 0 else "left"
    if start == "stern":
        swing = f", bow turning {abs(turn):.0f}° {'right' if turn > 0 else 'left'}" if turn else ""
        return f"backs {moved:.0f} mm{swing}"
    if turn:
        return f"turns {abs(turn):.0f}° {way}, {moved:.0f} mm"
    if right:
        return f"sideslips {abs(right):.0f} mm {way}, {moved:.0f} mm"
    return f"straight ahead {moved:.0f} mm"


def _leg(helm: Helm, pose: Pose, card_id: str, previous: str | None, aback_before: bool) -> dict[str, Any]:
    """One card's move from ``pose`` as the rules in force execute it (:class:`Helm`)."""
    card = helm.deck.card(card_id)
    executed = helm.executed(card, previous)
    attitude = helm.attitude(pose)
    end, start = helm.line_end(executed, attitude, aback_before)
    after = helm.after(pose, end, start)
    path = ManeuverPath.of_move(pose, helm.length, end, start)
    points = [[round(pose.x, 1), round(pose.y, 1)]]
    for i in range(PATH_POINTS + 1):
        p = path.ship_pose(i / PATH_POINTS, helm.length, "stern")
        points.append([round(p.x, 1), round(p.y, 1)])
    first, notes = [], []
    if executed is not card:
        first.append(f"out of veer after {previous}, moves as {executed.id}")
    red = helm.standard and attitude == ABACK and card.kind != ABACK
    if red:
        first.append("taken aback, a red card runs")
    if card.kind == "normal" and not red:
        colour = "green" if attitude == "reaching" else "orange"
        sails = f", {helm.sails} sails" if helm.level == "advanced" else ""
        notes.append(f"{attitude}, {colour} arrow{sails}")
    return {"card": card, "end": end, "start": start, "after": after, "attitude": attitude,
            "points": points, "first": first, "notes": notes}


def _fate(helm: Helm, table: Any, ship: SailsShipState, pose: Pose, aback_now: bool) -> list[str]:
    """What the end pose means: off the table, on a hazard, taken aback."""
    if not helm.on_table(pose):
        return ["leaves the table by its goal edge" if helm.leaves_by_goal(pose) else "leaves the table"]
    found = []
    if helm.terrain:
        from sog.plugins.terrain.hazards import hazards_met  # the terrain rules load after the system's

        met = hazards_met(table, rect_of(table, ship, pose))
        places: dict[str, list[str]] = {}
        for hazard in met:
            effects = places.setdefault(hazard.id.partition(":")[0], [])
            effects += [] if hazard.effect in effects else [hazard.effect]
        if places:
            found.append("hits " + ", ".join(f"{where} ({', '.join(effects)})" for where, effects in places.items()))
    if helm.attitude(pose) == ABACK:
        found.append("still taken aback" if aback_now else "ends taken aback")
    return found


def _pose_shape(ship_id: str, pose: Pose) -> dict[str, Any]:
    return {"kind": "pose", "ship": ship_id, "x": round(pose.x, 3), "y": round(pose.y, 3),
            "heading": round(pose.heading % 360.0, 3)}


def sails_at_movement(ship: SailsShipState) -> str:
    """The sails this turn's card runs on: the own sail actions planned for this turn's action
    step (before movement) applied as the sail-settings rule applies them (increase first,
    no faster than sail damage allows, no slower than struck)."""
    planned = ship.ext.get("crew-actions", {}).get("planned") or []
    sails = ship.sails
    if "increase-sails" not in planned and "decrease-sails" not in planned:
        return sails
    from sog.plugins.advanced.mat import SAILS, faster, sail_cap  # the Advanced rules load after the system's

    index = SAILS.index(sails)
    if "increase-sails" in planned and index > 0 and not faster(SAILS[index - 1], sail_cap(ship)):
        index -= 1
    if "decrease-sails" in planned and index < len(SAILS) - 1:
        index += 1
    return SAILS[index]


def move_sketch(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any] | None:
    """A maneuver card: the base centre's path and the end pose, from where the ship stands."""
    card_id = choice.get("card") if isinstance(choice, dict) else choice
    if request.ship is None or not isinstance(card_id, str):
        return None
    table = ctx.table
    ship = table.ship(request.ship)
    helm = ctx.helm(ship)
    planned_sails = sails_at_movement(ship) if helm.level == "advanced" else helm.sails
    if planned_sails != helm.sails:
        helm = Helm(table, ship.model_copy(update={"sails": planned_sails}))  # the sails the actions will set
    pose = pose_of(ship)
    previous = ship.ext.get(VEER_EXT, {}).get("revealed") if helm.standard else None
    aback_before = helm.standard and ship.ext.get(ABACK, {}).get("turns", 0) > 0
    shapes: list[dict[str, Any]] = []
    lead = ""
    first = ship.planned[0] if ship.planned else None
    if helm.standard and request.kind == "plan" and first not in (None, HIDDEN):
        slot1 = _leg(helm, pose, first, previous, aback_before)
        shapes.append({"kind": "path", "points": slot1["points"]})
        pose, aback_before, previous = slot1["after"], slot1["attitude"] == ABACK, first
        lead = f"after {first} (slot 1), "
    leg = _leg(helm, pose, card_id, previous, aback_before)
    after = leg["after"]
    shapes += [{"kind": "path", "points": leg["points"]}, _pose_shape(ship.id, after)]
    veer = f" (veer {leg['card'].veer})" if leg["card"].veer is not None else ""
    how = ", ".join([*leg["first"], _words(leg["end"], leg["start"], pose.distance_to(after))])
    parts = [f"{card_id}{veer}: {lead}{how}", *leg["notes"],
             f"ends at ({after.x:.0f}, {after.y:.0f}), heading {after.heading % 360.0:.0f}°",
             *_fate(helm, table, ship, after, leg["attitude"] == ABACK)]
    return {"text": "; ".join(parts), "shapes": shapes}


# --------------------------------------------------------------------------- Advanced: sails, actions, repairs

SAIL_WORDS = {"full": "full sails: the longest moves", "battle": "battle sails: the usual moves",
              "backing": "backing sails: short moves", "struck": "struck sails: the ship barely moves"}
ACTION_WORDS = {
    "increase-sails": "set more sail", "decrease-sails": "take in sail", "pump-water": "pump out water",
    "musketry": "fire muskets this combat", "extinguish-fire": "fight a fire (done at the next action step)",
    "repair-damage": "repair damage (done at the next action step)",
    "fire-left": "let the left broadside fire this combat", "fire-right": "let the right broadside fire this combat",
    "reload-left": "reload the left broadside", "reload-right": "reload the right broadside",
}
SAIL_ORDER = ("full", "battle", "backing", "struck")
REPAIR_WORDS = {"leak": "stop a leak", "rudder": "mend the rudder", "mast": "raise a jury mast"}


def _sails(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    """A sail setting, with where a straight card would take the ship on it."""
    text = SAIL_WORDS.get(choice, f"{choice} sails") + f" (blue cards on the {SAIL_LINE.get(choice, choice)} line)"
    if request.ship not in ctx.table.state.ships or choice not in SAIL_LINE:
        return {"text": text, "shapes": []}
    ship = ctx.table.ship(request.ship)
    helm = Helm(ctx.table, ship.model_copy(update={"sails": choice}))
    if helm.straight is None or helm.level != "advanced":
        return {"text": text, "shapes": []}
    leg = _leg(helm, pose_of(ship), helm.straight.id, None, False)
    moved = pose_of(ship).distance_to(leg["after"])
    return {"text": f"{text}; a straight card goes {moved:.0f} mm now",
            "shapes": [{"kind": "path", "points": leg["points"]}, _pose_shape(ship.id, leg["after"])]}


def _action(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    ship = ctx.table.ship(request.ship) if request.ship else None
    if choice is None:
        planned = len(ship.ext.get("crew-actions", {}).get("planned", [])) if ship else 0
        return {"text": f"done: no more actions this turn ({planned} planned)", "shapes": []}
    if choice not in ACTION_WORDS:
        return {"text": _label(request, choice), "shapes": []}  # another rule's action: its own label
    text = ACTION_WORDS[choice]
    if ship is not None and choice in ("increase-sails", "decrease-sails") and ship.sails in SAIL_ORDER:
        at = SAIL_ORDER.index(ship.sails) + (-1 if choice == "increase-sails" else 1)
        if 0 <= at < len(SAIL_ORDER):
            text += f": {ship.sails} to {SAIL_ORDER[at]}"
    legal = ship.ext.get("crew-actions", {}).get("legal") if ship is not None else None
    if legal is not None and choice not in legal:
        text += " (no effect now)"
    return {"text": text, "shapes": []}


def _repair(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    what = choice.get("repair") if isinstance(choice, dict) else choice
    if what == "damage":
        ship = ctx.table.ship(request.ship)
        box = ship.ship_track[choice["box"] - 1]
        drawn = " ".join(c.label() for c in box.counters) or "nothing"
        return {"text": f"repair normal damage in box {choice['box']}: {drawn} taken off", "shapes": []}
    return {"text": REPAIR_WORDS.get(what, f"repair {what}"), "shapes": []}


# --------------------------------------------------------------------------- options: boarding, grog

def _boarding(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    if choice == "boarding":
        return {"text": "Boarding counter: try to grapple the enemy in contact", "shapes": []}
    return {"text": "Blank counter: no boarding (the enemy cannot tell)", "shapes": []}


def _partner(verb: str) -> Callable[[Sketching, DecisionRequest, Any], dict[str, Any]]:
    def sketch(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
        shapes = []
        if request.ship in ctx.table.state.ships and choice in ctx.table.state.ships:
            a, b = ctx.table.ship(request.ship).pose, ctx.table.ship(choice).pose
            shapes.append({"kind": "line", "role": "ruler", "points": [[a.x, a.y], [b.x, b.y]], "label": "contact"})
        return {"text": f"{verb} {ship_name(ctx.table, choice)}", "shapes": shapes}
    return sketch


def _grog(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    if choice is True:
        return {"text": "let the men drink: one crew damage off the crew track (once per game)", "shapes": []}
    return {"text": "keep the grog for later", "shapes": []}


# --------------------------------------------------------------------------- abilities

def _card_of(ship: SailsShipState, request: DecisionRequest, key: Any = None) -> dict[str, Any] | None:
    cards = ship.ext.get("abilities", {}).get("cards", [])
    if key is not None:
        return next((c for c in cards if c.get("key") == key), None)
    parts = request.id.split(".")  # t3.<step>.ability.<ship>.<key>: the card's key is the subject's end
    return next((c for c in cards if parts[3:5] == [ship.id, str(c.get("key"))]), None)


def _ability_words(ctx: Sketching, card: dict[str, Any] | None) -> tuple[str, str]:
    if card is None:
        return "the ability", ""
    from .content_captains import ability_of

    try:
        doc = ability_of(ctx.table.content, card["ability"])
    except KeyError:
        return str(card["ability"]), ""
    return doc.name, doc.summary


def _ability(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    ship = ctx.table.ship(request.ship)
    card = _card_of(ship, request)
    name, summary = _ability_words(ctx, card)
    left = f" (uses left: {card['uses_left']} of {card['uses']})" if card else ""
    if choice is False:
        return {"text": f"keep {name} for later{left}", "shapes": []}
    how = "" if choice is True else f" ({_label(request, choice)})"
    return {"text": f"use {name}{how}{left}: {summary}".rstrip(": "), "shapes": []}


def _wound(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    name, summary = _ability_words(ctx, _card_of(ctx.table.ship(request.ship), request, choice))
    return {"text": f"discard {name}: {summary}".rstrip(": "), "shapes": []}


def _label(request: DecisionRequest, choice: Any) -> str:
    index = next((i for i, c in enumerate(request.choices) if c == choice), None)
    return str(choice) if index is None else request.label(index)


# --------------------------------------------------------------------------- set-up

def _deploy(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    """A pose where the ship would start, as the deployment rule places it along its zone."""
    from sog.plugins.setup import deployment  # the set-up rules load after the system's

    ship = ctx.table.ship(request.ship)
    zone = deployment.zone_of(ctx.game_like(), ship.id)
    if zone is None:
        return {"text": f"deploy at {_label(request, choice)}", "shapes": []}
    pose = deployment.pose_at(ctx.game_like(), ship.id, zone, choice)
    attitude = Helm(ctx.table, ship).attitude(pose)
    return {"text": f"deploy {ship.name} at ({pose.x:g}, {pose.y:g}), heading {pose.heading:g}° ({attitude})",
            "shapes": [_pose_shape(ship.id, pose)]}


def _place(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    what = request.id.split(".")[3] if request.id.count(".") >= 3 else "the element"
    return {"text": f"place {what} centred at ({choice['x']:g}, {choice['y']:g})", "shapes": []}


def _battery_actions(ctx: Sketching, request: DecisionRequest, choice: Any) -> dict[str, Any]:
    return {"text": _label(request, choice) if choice else "no actions this turn", "shapes": []}


SKETCHES: dict[str, Callable[[Sketching, DecisionRequest, Any], dict[str, Any] | None]] = {
    "plan": move_sketch, "plan-first": move_sketch,
    "sails": _sails, "action": _action, "repair": _repair,
    "boarding": _boarding, "grapple": _partner("try to grapple"),
    "boarding-target": _partner("the next boarding counter hits"),
    "grog": _grog, "ability": _ability, "wound-discard": _wound,
    "deploy": _deploy, "place-reef": _place, "place-element": _place,
    "battery-actions": _battery_actions,
    "battery-repair": lambda ctx, r, c: {"text": f"repair damage box {c} of the battery", "shapes": []},
    **FIRE_SKETCHES,
}
"""The sketch of each decision kind of the Sails of Glory rules."""
