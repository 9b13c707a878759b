"""The captain's reading of movement: where a card takes its ship, and how long it can stay afloat.

:class:`Helm` holds one ship's deck, base, rules level and sails for one planning decision, read
from the seat's view only. It moves the ship as the rules in force would:

* Basic: blue cards on the battle-sails line, the arrow of the attitude's colour; a ship taken
  aback plans red cards, laid behind it (it backs, two-sandglass line);
* Standard and Advanced: a card out of the veer rating of the card revealed before it becomes a
  straight card; a ship taken aback at movement executes the red card of the card's veer class,
  the one-sandglass line in front the first turn, the two-sandglass line behind after that;
* Advanced: blue cards on the line of the ship's sails; grey (broken-mast) cards on battle sails.

:meth:`Helm.outlook` looks ahead: the best way through the next moves (as many as the costs it
is given), each keeping the whole base on the table, off the hazards of the placed terrain and
not *pinned* (taken aback against an edge), or taking it off by its side's goal edge, with the
cards, veer limits, unused-card rule and red cards the ship would have then; a way costs more
the sooner it runs out and for each move ending taken aback. The one-move check the captain had
before let ships into corners and along edges from which every way ran off the table a few
moves later.
"""

from __future__ import annotations

import math
from typing import Any

from sog.geometry import Pose
from sog.geometry.tolerance import EPS
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.geometry.wind import attitude as wind_attitude
from sog.plugins.system.tabletop import base_of, rect_of
from sog.plugins.system.view_table import ViewTable
from .content_models import ship_deck

__all__ = ["ABACK", "Helm", "Step", "is_straight", "veer_class"]

ABACK = "taken-aback"
#: The veer value of a straight card; the ship's veer modifier lives in ``ship.ext["veer"]``.
STRAIGHT_VEER = 5
VEER_EXT = "veer"
#: Advanced rules: the line of a blue card for each sail setting.
SAIL_LINE = {"full": "full", "battle": "battle", "backing": "backing", "struck": "backing"}
#: Where the sides that must leave the table by an edge find it (public state: side -> edge).
EXIT_GOALS = "exit-goals"
TERRAIN = "terrain"

#: One move: the line end, where the line starts (bow or stern) and the planned card.
Step = tuple[tuple[float, ...], str, str]


def veer_class(veer: int) -> int:
    """The red-card class of a veer value: -1 (4 or less), 0 (exactly 5), 1 (6 or more)."""
    return (veer > STRAIGHT_VEER) - (veer < STRAIGHT_VEER)


def is_straight(card: Any) -> bool:
    """A normal card of veer 5 whose every line goes straight ahead (what an illegal card becomes)."""
    if card.kind != "normal" or card.veer != STRAIGHT_VEER:
        return False
    return all(end.right == 0 and end.turn == 0 for line in card.lines.values() for end in (line.green, line.orange))


def nearest_edge(pose: Pose, width: float, height: float) -> str:
    """The table edge nearest a base centre (the edge a ship leaving the table leaves by)."""
    return min((("west", pose.x), ("east", width - pose.x), ("south", pose.y), ("north", height - pose.y)),
               key=lambda e: e[1])[0]


class Helm:
    """One ship's moves under the rules in force, for one planning decision (seat's view)."""

    def __init__(self, table: ViewTable, ship: SailsShipState, kinds: tuple[str, ...] | None = None,
                 lost: tuple[float, ...] = (-500.0,), aback: tuple[float, ...] = ()) -> None:
        self.table, self.ship = table, ship
        self.deck = ship_deck(table.content, table.ship_doc(ship))
        base = base_of(table, ship)
        self.length, self.width = base.length, base.width
        self.table_w, self.table_h = table.state.table["width"], table.state.table["height"]
        self.level = table.state.level
        self.standard = self.level != "basic"
        self.sails = ship.sails if self.level == "advanced" else "battle"
        self.rating = int(table.ship_doc(ship).veer) + int(ship.ext.get(VEER_EXT, {}).get("modifier", 0))
        self.goal = (getattr(table.state, "ext", {}) or {}).get(EXIT_GOALS, {}).get(ship.side)
        self.terrain = bool((getattr(table.state, "ext", {}) or {}).get(TERRAIN))
        # the kinds the ship plans when not taken aback (a Basic ship taken aback plans red cards now only)
        self.kinds = tuple(k for k in kinds or () if k != ABACK) or ("normal",)
        self.straight = next((c for c in self.deck.cards if is_straight(c)), None)
        self.reds = {veer_class(c.veer): c for c in reversed(self.deck.of_kind(ABACK)) if c.veer is not None}
        self._plannable = [c for c in self.deck.cards if c.kind in self.kinds]
        self.reach = self._reach()
        self._wind, self._sectors = table.state.wind.from_, [(x.upto, x.attitude) for x in base.attitude]
        #: :meth:`outlook`: the cost of leaving play after 0, 1, ... more moves, and of the 1st, 2nd, ...
        #: move ending taken aback.
        self.lost, self.depth, self.aback = lost, len(lost), aback
        self._memo: dict[tuple[Any, ...], float] = {}
        self._step_memo: dict[tuple[Any, ...], list[Step]] = {}

    # ------------------------------------------------------------------ one move

    def attitude(self, pose: Pose) -> str:
        return wind_attitude(pose.heading, self._wind, self._sectors)

    def line_end(self, card: Any, attitude: str, aback_before: bool) -> tuple[tuple[float, ...], str]:
        """``(line end, start)`` of the move ``card`` gives with this attitude at movement."""
        if card.kind == ABACK:
            return tuple(card.end("two-sandglass")), "stern"
        if self.standard and attitude == ABACK and card.kind != ABACK:
            # a grey card taken aback becomes a red card drawn at random: the "exactly 5" one stands for it
            red = self.reds.get(veer_class(card.veer if card.veer is not None else STRAIGHT_VEER))
            if red is not None:
                line, start = ("two-sandglass", "stern") if aback_before else ("one-sandglass", "bow")
                return tuple(red.end(line)), start
        line = SAIL_LINE[self.sails] if card.kind == "normal" else "battle"
        return tuple(card.end(line, "green" if attitude == "reaching" else "orange")), "bow"

    def after(self, pose: Pose, end: tuple[float, ...], start: str) -> Pose:
        return end_pose(pose, self.length, end, start)

    def within_veer(self, previous: str | None, card: Any) -> bool:
        """Will ``card`` pass the veer limit when revealed after the card ``previous``?"""
        if not self.standard or previous is None or card.kind != "normal" or card.veer is None or is_straight(card):
            return True
        before = self.deck.card(previous).veer
        return before is None or abs(card.veer - before) <= self.rating

    def executed(self, card: Any, previous: str | None) -> Any:
        """The card that runs: itself, or the straight card when out of veer (Standard)."""
        return card if self.within_veer(previous, card) or self.straight is None else self.straight

    # ------------------------------------------------------------------ staying afloat

    def on_table(self, pose: Pose) -> bool:
        """Is the whole base at ``pose`` on the table (the movement rule's test, done fast)?"""
        a = math.radians(pose.heading)
        fx, fy = abs(math.sin(a)), abs(math.cos(a))
        hx = 0.5 * (self.length * fx + self.width * fy)
        hy = 0.5 * (self.length * fy + self.width * fx)
        return (pose.x - hx >= -EPS and pose.y - hy >= -EPS and pose.x + hx <= self.table_w + EPS
                and pose.y + hy <= self.table_h + EPS)

    def leaves_by_goal(self, pose: Pose) -> bool:
        return self.goal is not None and nearest_edge(pose, self.table_w, self.table_h) == self.goal

    def safe(self, pose: Pose) -> bool:
        """Does a move ending at ``pose`` keep the ship in play: on the table, off the hazards
        of the placed terrain (or off the table by its side's goal edge)?"""
        if not self.on_table(pose):
            return self.leaves_by_goal(pose)
        return not (self.terrain and self.on_hazard(pose))

    def pinned(self, pose: Pose) -> bool:
        """Taken aback with the base centre within a base length of an edge: the red cards' turns
        would swing the base across that edge, so it backs along it, head to wind, until it leaves."""
        return self._gap(pose) < self.length and self.attitude(pose) == ABACK

    def on_hazard(self, pose: Pose) -> bool:
        from sog.plugins.terrain.hazards import hazards_met  # the terrain rules' package loads after the system's

        return bool(hazards_met(self.table, rect_of(self.table, self.ship, pose)))

    def steps(self, pose: Pose, previous: str | None, aback_before: bool) -> list[Step]:
        """The distinct moves the ship could make next from ``pose`` after the card ``previous``
        (``aback_before``: taken aback at the movement before). Standard: that card lies in
        slot 1 when the next is planned, so it is not one of them."""
        return self._steps(self.attitude(pose), previous, aback_before)

    def _steps(self, attitude: str, previous: str | None, aback_before: bool) -> list[Step]:
        key = (attitude, previous, aback_before)
        found = self._step_memo.get(key)
        if found is None:
            if not self.standard and attitude == ABACK:
                cards = self.deck.of_kind(ABACK)  # Basic: a ship taken aback plans red cards
            else:
                cards = [c for c in self._plannable if c.id != previous] if self.standard else self._plannable
            unique: dict[tuple[Any, ...], Step] = {}
            for card in cards:
                end, start = self.line_end(self.executed(card, previous), attitude, aback_before)
                unique.setdefault((end, start, card.veer if self.standard else None), (end, start, card.id))
            found = self._step_memo[key] = list(unique.values())
        return found

    def ways_out(self, pose: Pose, previous: str | None, aback_before: bool) -> int:
        """How many distinct next moves from ``pose`` keep the ship in play."""
        ends = {(end, start) for end, start, _ in self.steps(pose, previous, aback_before)}
        return sum(1 for end, start in ends if self.safe(self.after(pose, end, start)))

    def outlook(self, pose: Pose, previous: str | None, aback_before: bool) -> float:
        """What the best way through the next ``len(lost)`` moves from ``pose`` costs (0 or less):
        ``lost[h]`` if it leaves play after ``h`` more moves, plus ``aback[i]`` if its ``i``-th
        move ends taken aback (a depth-first search, the moves leading farthest from the edges
        first, stopping at a way that costs nothing)."""
        return self._search(pose, previous, aback_before, 0)

    def _search(self, pose: Pose, previous: str | None, aback_before: bool, done: int) -> float:
        if done >= self.depth:
            return 0.0
        aback_now = self.attitude(pose) == ABACK
        if not aback_now and self._open_water(pose, self.depth - done):
            return 0.0  # it stays in play, and a straight card keeps it off the wind
        key = (round(pose.x), round(pose.y), round(pose.heading), previous, aback_before, done)
        found = self._memo.get(key)
        if found is not None:
            return found
        weight = self.aback[done] if done < len(self.aback) else 0.0
        options = []
        for end, start, card in self.steps(pose, previous, aback_before):
            after = self.after(pose, end, start)
            if self.safe(after):
                if not self.on_table(after):  # left by the goal edge: the best way out
                    self._memo[key] = 0.0
                    return 0.0
                if not self.pinned(after):
                    options.append((self._gap(after), after, card))
        best = self.lost[done]
        for _, after, card in sorted(options, key=lambda o: -o[0]):
            value = weight if weight and self.attitude(after) == ABACK else 0.0
            if value > best:
                value += self._search(after, card, aback_now and self.standard, done + 1)
                best = max(best, value)
                if best >= 0.0:
                    break
        self._memo[key] = best
        return best

    def _gap(self, pose: Pose) -> float:
        """How far the base centre is from the nearest table edge (mm)."""
        return min(pose.x, pose.y, self.table_w - pose.x, self.table_h - pose.y)

    def _open_water(self, pose: Pose, depth: int) -> bool:
        """No move of ``depth`` cards could reach an edge from here (and no terrain to meet)."""
        if self.terrain:
            return False
        return self._gap(pose) - 0.5 * math.hypot(self.length, self.width) > depth * self.reach

    def _reach(self) -> float:
        """The farthest a base centre can get in one move of this deck (a bound)."""
        far = 0.0
        for card in self.deck.cards:
            for line in card.lines.values():
                for end in ((line.green, line.orange) if hasattr(line, "green") else (line,)):
                    far = max(far, math.hypot(end.right, end.forward))
        return far + self.length
