"""The captain: a better bot that tries every legal card with the engine's own geometry.

For a planning decision it moves its ship with each card as the rules in force would
(:class:`.captain_moves.Helm`: lines, arrow colours, veer limits, red cards, sails), and scores
the result from its seat's view only:

* fire it can bring to bear next combat (loaded sides, best arc per side, short range
  counts more),
* fire it would take from enemy broadsides that are loaded,
* staying on the table, not ramming, closing in when nothing bears, keeping room from the
  edges;
* not ending taken aback (a red card next, no choice of move), which weighs more than the
  fire a pose brings;
* not ending on a hazard of the placed terrain (a reef, a shoal, land, a dangerous coastline's
  waters: :mod:`sog.plugins.terrain.hazards`, read from the seat's view), nearly as bad as
  leaving the table;
* the look-ahead (:meth:`.captain_moves.Helm.outlook`): the best way through the next five
  moves, with the cards, veer limits and red cards the ship would have then, costs nearly as
  much as leaving play if every way leaves the table, meets a hazard or gets the ship pinned
  (taken aback against an edge), and something for each of its next three moves ending
  taken aback; a pose with only a couple of ways out is risky (cornered);
* for a side with a goal edge (public state ``ext["exit-goals"]``, ``{side: edge}``: ships that
  must leave the table there, e.g. *Force the Blockade*), leaving by that edge (the edge nearest
  the base centre) is the best move of all, and each mm nearer it counts, instead of closing in.

Fire decisions take the arc with most firepower (short range first, raking shots counted
with their extra counters).

Standard rules: the card planned now (``plan``, slot 2) is executed after the one in slot 1,
so it is tried from where the slot-1 card leaves the ship; a ship taken aback at movement
executes the red card of its card's veer class (one sandglass the first turn, two after),
and the captain moves its ship the same way when it tries cards. The veer limit is judged
at reveal, so the captain plans for slot 2 only cards within its current veer rating of the
slot-1 card (else the straight cards, what an illegal card becomes), and moves the slot-1
card as the straight card it will become if it is out of veer of the card revealed last
turn (all of it its own ship's, in its seat's view). It always reloads: ball, or
grapeshot (else chain) when an enemy is within the red band of that broadside; it fires
chain and grapeshot only in the red band (beyond it they miss), and empties guns loaded
with them when no enemy is within reach of the ruler.

Advanced rules: blue cards are tried on the line of the ship's sails (struck sails: the
backing line). Actions are planned one at a time, by priority: fire each loaded side that
an enemy could be in reach of after this turn's move, fight fires, repair a leak, reload
each empty side, pump water, bring the sails back to battle sails (or the fastest that sail
damage allows), repair other damage, then musketry when an enemy is close; then done. Sails
start at battle; a repair mends a mast, else the rudder, else a leak, else the box of normal
damage with most points. Any other decision is taken at random among the legal choices.
"""

from __future__ import annotations

import math
from typing import Any

from sog.decisions import DecisionRequest
from sog.game import SeatView
from sog.geometry import Pose
from sog.plugins.system.geometry import entry_side, line_of_sight
from sog.rng import Rng
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import (
    SIDES, arc_of, base_of, broadside_options, enemies, other_rects, pose_of, pose_state, rect_of, ruler_of,
    ship_firepower,
)
from sog.plugins.standard.raking import DIVISORS as RAKING_DIVISORS, extra_counters
from sog.plugins.system.view_table import ViewTable
from .captain_batteries import BATTERY_KINDS, battery_decision
from .captain_moves import ABACK as TAKEN_ABACK
from .captain_moves import VEER_EXT, Helm, is_straight
from .content_models import ship_deck

__all__ = ["CaptainBot", "raking_extra"]

#: Weight of a short-range (first half) attack against a long-range one.
SHORT_RANGE_WEIGHT = 1.5
#: How much the fire it would take counts against the fire it brings.
CAUTION = 0.6
OFF_TABLE = -1000.0
#: A pose from which no card keeps the ship in play next turn is nearly as bad ...
TRAPPED = -500.0
#: ... and so, a little less, is one from which every way leaves play after 1, 2, ... more moves
#: (the look-ahead: as many moves as there are entries).
DOOMED = (TRAPPED, -450.0, -400.0, -350.0, -300.0)
#: ... and one with only a couple of ways out is risky.
CORNERED = -15.0
RAMMING = -30.0
#: Ending on a hazard of the terrain (reef, shoal, land, dangerous waters): damage, aground.
HAZARD = -400.0
#: Ending taken aback: a red card next (backing, or the one-sandglass line), no choice of move;
#: worth more than any fire the pose brings, less than leaving play.
ABACK = -40.0
#: ... and on the best way of the look-ahead, the next moves ending taken aback.
ABACK_AHEAD = (-30.0, -20.0, -10.0)
#: Nearer a table edge than this (mm, base centre), each mm counts against the pose: room to turn
#: away whatever the wind, a collision or a move held back does to the plan.
EDGE_MARGIN = 200.0
EDGE_PULL = 0.5
#: Ammunition that hits only in the ruler's red band (Standard rules).
CLOSE_AMMUNITION = ("chain", "grapeshot")
#: The ruler band of the red/purple part.
RED_BAND = "red"
#: Load preferences: with an enemy in the red band of the broadside, and otherwise.
LOAD_CLOSE = ("grapeshot", "chain", "ball")
LOAD_DEFAULT = ("ball", "grapeshot", "chain")
#: Extra counters of a raking shot: one per this many, by the side entered (rulebook p. 25).
#: Advanced rules: the sail settings, and those the captain keeps.
SAILS = ("full", "battle", "backing", "struck")
KEEP_SAILS = "battle"
#: Sail damage caps (2 or more: battle at most; 4 or more: backing at most).
SAIL_CAPS = ((4, "backing"), (2, "battle"))
#: What a repair mends first.
REPAIR_PREFERENCE = ("mast", "rudder", "leak")
#: The once-per-game repair of normal damage waits until this many boxes hold counters.
NORMAL_REPAIR_FROM = 3
#: How far beyond its reach (mm) an enemy may be at planning and still be worth a fire action.
FIRE_MARGIN = 60.0
#: Leaving the table by the goal edge, and what each mm nearer that edge is worth.
EXIT_GOAL = 1000.0
GOAL_PULL = 0.1


def _revealed(helm: Helm) -> str | None:
    """The card revealed at the last movement (the veer rule's reference), if any."""
    return helm.ship.ext.get(VEER_EXT, {}).get("revealed") if helm.standard else None


def _veer_legal(helm: Helm, first: str, choices: list[Any]) -> list[Any]:
    """The slot-2 choices that will pass the veer limit after ``first`` (else the straight ones)."""
    legal = [c for c in choices if helm.within_veer(first, helm.deck.card(c))]
    return legal or [c for c in choices if is_straight(helm.deck.card(c))] or list(choices)


class CaptainBot:
    """Scores each legal card by what the ship could shoot and would be shot by."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, stream=11)

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if request.kind in ("plan", "plan-first") and request.ship:
            return self._plan(view, request)
        if request.kind == "fire":
            return self._fire(view, request)
        if request.kind == "load" and request.ship:
            return self._load(view, request)
        if request.kind == "musketry":
            return next((c for c in request.choices if c is not None), None)
        if request.kind == "action" and request.ship:
            return self._action(view, request)
        if request.kind == "sails" and KEEP_SAILS in request.choices:
            return KEEP_SAILS
        if request.kind == "repair" and request.ship:
            return self._repair(view, request)
        if request.kind in BATTERY_KINDS:
            return battery_decision(view, request)
        if request.kind == "ability":
            # The rules offer a card only when its effect can tell now; an unused card is worth nothing.
            return next((c for c in request.choices if c is not False), False)
        return self._rng.choice(request.choices)

    # ------------------------------------------------------------------ planning

    def _plan(self, view: SeatView, request: DecisionRequest) -> Any:
        table = ViewTable(view)
        ship = table.ship(request.ship)
        deck = ship_deck(table.content, table.ship_doc(ship))
        helm = Helm(table, ship, tuple(sorted({deck.card(c).kind for c in request.choices})), DOOMED, ABACK_AHEAD)
        aback_before = helm.standard and ship.ext.get(TAKEN_ABACK, {}).get("turns", 0) > 0
        pose, previous = pose_of(ship), _revealed(helm)
        first = ship.planned[0] if ship.planned else None
        choices = request.choices
        if helm.standard and request.kind == "plan" and first is not None:
            # Slot 2: this card is executed next turn, after the card in slot 1.
            now = helm.attitude(pose)
            end, start = helm.line_end(helm.executed(deck.card(first), previous), now, aback_before)
            pose, aback_before, previous = helm.after(pose, end, start), now == TAKEN_ABACK, first
            choices = _veer_legal(helm, first, choices)
        attitude = helm.attitude(pose)
        scores: dict[tuple[Any, ...], float] = {}
        best, best_score = choices[0], float("-inf")
        for choice in choices:
            card = deck.card(choice)
            end, start = helm.line_end(helm.executed(card, previous), attitude, aback_before)
            key = (end, start, card.veer)
            if key not in scores:
                after = helm.after(pose, end, start)
                scores[key] = self._score(table, ship, after, helm=helm, previous=choice,
                                          aback_before=attitude == TAKEN_ABACK and helm.standard)
            score = scores[key] + self._rng.random() * 0.01
            if score > best_score:
                best, best_score = choice, score
        return best

    def _score(self, table: ViewTable, ship: SailsShipState, pose: Pose, helm: Helm | None = None,
               previous: str | None = None, aback_before: bool = False) -> float:
        """What ending a move at ``pose`` is worth (``previous``: the card that took
        it there; ``aback_before``: taken aback when it began)."""
        helm = helm or Helm(table, ship, lost=DOOMED, aback=ABACK_AHEAD)
        width, height = table.state.table["width"], table.state.table["height"]
        rect = rect_of(table, ship, pose)
        goal = helm.goal
        if not rect.inside(width, height):
            if helm.leaves_by_goal(pose):
                return EXIT_GOAL
            return OFF_TABLE - min(width, height)
        score = 0.0
        if goal is not None:
            score -= GOAL_PULL * _edge_gap(pose, goal, width, height)
        score += DOOMED[1] if helm.pinned(pose) else helm.outlook(pose, previous, aback_before)
        score -= EDGE_PULL * max(0.0, EDGE_MARGIN - _edge_room(pose, width, height))
        if 0 < helm.ways_out(pose, previous, aback_before) < 3:
            score += CORNERED
        if any(rect.overlaps(rect_of(table, o)) for o in table.ships() if o.id != ship.id):
            score += RAMMING
        if helm.terrain and helm.on_hazard(pose):
            score += HAZARD
        if helm.attitude(pose) == TAKEN_ABACK:
            score += ABACK
        original = table.state.ships[ship.id]
        moved = original.model_copy(update={"pose": pose_state(pose)})
        table.state.ships[ship.id] = moved
        try:
            offence = sum(self._best_fire(table, moved, side) for side in SIDES if moved.broadsides[side].loaded is not None)
            threat = 0.0
            for enemy in enemies(table, moved):
                for side in SIDES:
                    if enemy.broadsides[side].loaded is not None:
                        threat += self._best_fire(table, enemy, side, only=moved.id)
        finally:
            table.state.ships[ship.id] = original
        score += offence - CAUTION * threat
        if offence == 0.0 and goal is None:
            foes = enemies(table, ship)
            if foes:
                score -= min(pose.distance_to(pose_of(f)) for f in foes) / 100.0
        return score

    @staticmethod
    def _best_fire(table: ViewTable, ship: SailsShipState, side: str, only: str | None = None) -> float:
        best = 0.0
        close_only = ship.broadsides[side].loaded in CLOSE_AMMUNITION
        for option in broadside_options(table, ship, side):
            if only is not None and option["target"] != only:
                continue
            if close_only and option["band"] != RED_BAND:
                continue
            weight = 1.0 if option["band"] == "long" else SHORT_RANGE_WEIGHT
            best = max(best, ship_firepower(table, ship, option["arc"]) * weight)
        return best

    # ------------------------------------------------------------------ fire

    def _fire(self, view: SeatView, request: DecisionRequest) -> Any:
        table = ViewTable(view)
        ship = table.ship(request.ship)
        side = next((c["side"] for c in request.choices if isinstance(c, dict)), None)
        loaded = ship.broadsides[side].loaded if side in SIDES else None
        options = [c for c in request.choices if c is not None and c.get("target") is not None]
        if loaded in CLOSE_AMMUNITION:
            options = [o for o in options if o["band"] == RED_BAND]  # beyond it they miss
        standard = table.state.level != "basic"

        def value(option: dict[str, Any]) -> float:
            weight = 1.0 if option["band"] == "long" else SHORT_RANGE_WEIGHT
            firepower = ship_firepower(table, ship, option["arc"])
            if standard:
                firepower += raking_extra(table, ship, option, firepower)
            return firepower * weight - option["distance"] / 10000.0

        if options:
            best = max(options, key=value)
            if value(best) > 0:
                return best
        empty = next((c for c in request.choices if isinstance(c, dict) and c.get("target") is None), None)
        if empty is not None and loaded in CLOSE_AMMUNITION and not any(
            broadside_options(table, ship, s) for s in SIDES
        ):
            return empty  # nobody within reach: empty the guns to load ball later
        return None  # no guns bear: keep the load

    # ------------------------------------------------------------------ loading

    def _load(self, view: SeatView, request: DecisionRequest) -> Any:
        """Ball, or grapeshot (else chain) when an enemy is within the red band of that side; never "leave empty"."""
        table = ViewTable(view)
        ship = table.ship(request.ship)
        side = request.choices[0]["side"]
        by_type = {c["ammunition"]: c for c in request.choices}
        close = any(o["band"] == RED_BAND for o in broadside_options(table, ship, side))
        for wanted in LOAD_CLOSE if close else LOAD_DEFAULT:
            if wanted in by_type:
                return by_type[wanted]
        return next((c for c in request.choices if c["ammunition"] is not None), request.choices[0])

    # ------------------------------------------------------------------ Advanced: actions

    def _action(self, view: SeatView, request: DecisionRequest) -> Any:
        """The most wanted action still offered, or ``None`` (done)."""
        table = ViewTable(view)
        ship = table.ship(request.ship)
        legal = ship.ext.get("crew-actions", {}).get("legal")  # every counter is offered; plan only those with effect
        offered = {c for c in request.choices if c is not None and (legal is None or c in legal)}
        for action in self._wanted(table, ship, offered):
            if action in offered:
                return action
        return None

    def _wanted(self, table: ViewTable, ship: SailsShipState, offered: set[str]) -> list[str]:
        """Actions by priority (only those worth planning now)."""
        wanted: list[str] = []
        pose = self._after_move(table, ship)
        for side in SIDES:
            if f"fire-{side}" in offered and self._could_bear(table, ship, side, pose):
                wanted.append(f"fire-{side}")
        wanted.append("extinguish-fire")
        urgent = bool(ship.ext.get("special-damage", {}).get("leak", 0))
        if urgent:
            wanted.append("repair-damage")
        wanted += [f"reload-{side}" for side in SIDES]
        wanted.append("pump-water")
        target = KEEP_SAILS if SAILS.index(_sail_cap(ship)) <= SAILS.index(KEEP_SAILS) else _sail_cap(ship)
        if SAILS.index(ship.sails) > SAILS.index(target):
            wanted.append("increase-sails")
        elif SAILS.index(ship.sails) < SAILS.index(target):
            wanted.append("decrease-sails")
        if not urgent and _repairable(ship):
            wanted.append("repair-damage")
        reach = ruler_of(table).width + base_of(table, ship).length + FIRE_MARGIN
        if any(pose.distance_to(pose_of(e)) <= reach for e in enemies(table, ship)):
            wanted.append("musketry")
        return wanted

    @staticmethod
    def _after_move(table: ViewTable, ship: SailsShipState) -> Pose:
        """Where this turn's card (slot 1, if known) takes the ship, on its sails' line."""
        pose = pose_of(ship)
        card_id = ship.planned[0] if ship.planned else None
        restart = ship.ext.get("sail-settings", {})
        if card_id is None or (restart.get("restart") and restart.get("waiting") == card_id):
            return pose  # no card, or a single card waiting for the second (struck sails set again)
        helm = Helm(table, ship)
        aback_before = ship.ext.get(TAKEN_ABACK, {}).get("turns", 0) > 0
        card = helm.executed(helm.deck.card(card_id), _revealed(helm))
        end, start = helm.line_end(card, helm.attitude(pose), aback_before)
        return helm.after(pose, end, start)

    @staticmethod
    def _could_bear(table: ViewTable, ship: SailsShipState, side: str, pose: Pose) -> bool:
        """Could an enemy be in reach of ``side`` this combat (after both sides move)?"""
        if broadside_options(table, ship, side, pose=pose) or broadside_options(table, ship, side):
            return True
        reach = ruler_of(table).length + FIRE_MARGIN
        for enemy in enemies(table, ship):
            there = pose_of(enemy)
            if pose.distance_to(there) <= reach:
                bearing = (math.degrees(math.atan2(there.x - pose.x, there.y - pose.y)) - pose.heading) % 360.0
                if (side == "right") == (0.0 < bearing < 180.0):
                    return True
        return False

    @staticmethod
    def _repair(view: SeatView, request: DecisionRequest) -> Any:
        """A mast, else the rudder, else a leak, else the normal-damage box with most points."""
        for wanted in REPAIR_PREFERENCE:
            for choice in request.choices:
                if choice.get("repair") == wanted:
                    return choice
        track = ViewTable(view).ship(request.ship).ship_track
        boxes = [c for c in request.choices if c.get("repair") == "damage"]
        return max(boxes, key=lambda c: sum(x.value or 0 for x in track[c["box"] - 1].counters), default=request.choices[0])


def _edge_gap(pose: Pose, edge: str, width: float, height: float) -> float:
    """How far a base centre is from a table edge (mm)."""
    return {"west": pose.x, "east": width - pose.x, "south": pose.y, "north": height - pose.y}[edge]


def _edge_room(pose: Pose, width: float, height: float) -> float:
    """How far a base centre is from the nearest table edge (mm)."""
    return min(pose.x, pose.y, width - pose.x, height - pose.y)


def _sail_cap(ship: SailsShipState) -> str:
    """The fastest sails the ship's sail damage allows."""
    damage = int(ship.ext.get("special-damage", {}).get("sail", 0))
    return next((cap for threshold, cap in SAIL_CAPS if damage >= threshold), SAILS[0])


def _repairable(ship: SailsShipState) -> bool:
    """Is there something a repair-damage action could mend next turn?"""
    box = ship.ext.get("special-damage", {})
    own = ship.ext.get("repairs", {})
    if box.get("leak", 0) or box.get("rudder", 0):
        return True
    if box.get("masts", 0) - box.get("fixed_masts", 0) > 0 and not own.get("mast_used"):
        return True
    return not own.get("normal_used") and sum(1 for b in ship.ship_track if b.counters) >= NORMAL_REPAIR_FROM


def raking_extra(table: ViewTable, ship: SailsShipState, option: dict[str, Any], firepower: int) -> int:
    """Extra counters if a fire option is a raking shot (central arc into the bow or stern, the
    raking line clear of other ships), as the Standard raking rule counts them, from a view."""
    if option["arc"] != "central" or option["target"] not in table.state.ships:
        return 0
    target = table.ship(option["target"])
    arc = arc_of(base_of(table, ship), option["side"], "central")
    dot = pose_of(ship).local_to_world(arc.dot[0], arc.dot[1])
    mast = pose_of(target).local_to_world(*base_of(table, target).main_mast)
    side = entry_side(rect_of(table, target), dot, mast)
    if side not in RAKING_DIVISORS:
        return 0
    blockers = [rect for _, rect in other_rects(table, (ship.id, target.id))]  # the raking line is a line of sight
    return extra_counters(side, firepower) if line_of_sight(dot, mast, blockers) else 0
