"""The captain: a better bot that tries every legal card with the engine's own geometry.

For a planning decision it moves its ship with each card (as the Basic movement does: the
battle-sails line, the arrow of its attitude's colour, red cards backing), and scores the
result from its seat's view only:

* fire it can bring to bear next combat (loaded sides, best arc per side, short range
  counts more),
* fire it would take from enemy broadsides that are loaded,
* staying on the table, not ramming, not ending taken aback, closing in when nothing bears.

Fire decisions take the arc with most firepower (short range first); it never holds fire.
Any other decision is taken at random among the legal choices.
"""

from __future__ import annotations

from typing import Any

from sog.decisions import DecisionRequest
from sog.game import SeatView
from sog.geometry import Pose, end_pose
from sog.rng import Rng
from sog.state import ShipState
from sog.tabletop import SIDES, attitude_of, base_of, broadside_options, enemies, pose_of, pose_state, rect_of, ship_firepower
from sog.bots.table import ViewTable

__all__ = ["CaptainBot"]

#: Weight of a short-range (first half) attack against a long-range one.
SHORT_RANGE_WEIGHT = 1.5
#: How much the fire it would take counts against the fire it brings.
CAUTION = 0.6
OFF_TABLE = -1000.0
#: A pose from which no card keeps the ship on the table next turn is nearly as bad.
TRAPPED = -500.0
#: ... and one with only a couple of ways out is risky.
CORNERED = -15.0
RAMMING = -30.0
ABACK = -4.0


def _line_for(card: Any, attitude: str) -> tuple[str, str | None, str]:
    if card.kind == "taken-aback":
        return "two-sandglass", None, "stern"
    return "battle", ("green" if attitude == "reaching" else "orange"), "bow"


class CaptainBot:
    """Scores each legal card by what the ship could shoot and would be shot by."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, stream=11)

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if request.kind == "plan" and request.ship:
            return self._plan(view, request)
        if request.kind == "fire":
            return self._fire(view, request)
        if request.kind == "musketry":
            return next((c for c in request.choices if c is not None), None)
        return self._rng.choice(request.choices)

    # ------------------------------------------------------------------ planning

    def _plan(self, view: SeatView, request: DecisionRequest) -> Any:
        table = ViewTable(view)
        ship = table.ship(request.ship)
        deck = table.content.deck(table.ship_doc(ship).deck)
        attitude = attitude_of(table, ship)
        length = base_of(table, ship).length
        scores: dict[tuple[Any, ...], float] = {}
        best, best_score = request.choices[0], float("-inf")
        for choice in request.choices:
            card = deck.card(choice)
            line, colour, start = _line_for(card, attitude)
            end = tuple(card.end(line, colour))
            key = (end, start)
            if key not in scores:
                scores[key] = self._score(table, ship, end_pose(pose_of(ship), length, end, start))
            score = scores[key] + self._rng.random() * 0.01
            if score > best_score:
                best, best_score = choice, score
        return best

    def _score(self, table: ViewTable, ship: ShipState, pose: Pose) -> float:
        width, height = table.state.table["width"], table.state.table["height"]
        rect = rect_of(table, ship, pose)
        if not rect.inside(width, height):
            return OFF_TABLE - min(width, height)
        score = 0.0
        ways_out = self._ways_out(table, ship, pose)
        if ways_out == 0:
            score += TRAPPED
        elif ways_out < 3:
            score += CORNERED
        if any(rect.overlaps(rect_of(table, o)) for o in table.ships() if o.id != ship.id):
            score += RAMMING
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
            if attitude_of(table, moved) == "taken-aback":
                score += ABACK
        finally:
            table.state.ships[ship.id] = original
        score += offence - CAUTION * threat
        if offence == 0.0:
            foes = enemies(table, ship)
            if foes:
                score -= min(pose.distance_to(pose_of(f)) for f in foes) / 100.0
        return score

    @staticmethod
    def _ways_out(table: ViewTable, ship: ShipState, pose: Pose) -> int:
        """How many distinct normal-card moves from ``pose`` keep the ship on the table."""
        deck = table.content.deck(table.ship_doc(ship).deck)
        base = base_of(table, ship)
        width, height = table.state.table["width"], table.state.table["height"]
        attitude = attitude_of(table, ship, heading=pose.heading)
        colour = "green" if attitude == "reaching" else "orange"
        ends = {tuple(c.end("battle", colour)) for c in deck.cards if c.kind == "normal"}
        return sum(
            1 for end in ends
            if rect_of(table, ship, end_pose(pose, base.length, end, "bow")).inside(width, height)
        )

    @staticmethod
    def _best_fire(table: ViewTable, ship: ShipState, side: str, only: str | None = None) -> float:
        best = 0.0
        for option in broadside_options(table, ship, side):
            if only is not None and option["target"] != only:
                continue
            weight = 1.0 if option["band"] == "long" else SHORT_RANGE_WEIGHT
            best = max(best, ship_firepower(table, ship, option["arc"]) * weight)
        return best

    # ------------------------------------------------------------------ fire

    def _fire(self, view: SeatView, request: DecisionRequest) -> Any:
        table = ViewTable(view)
        ship = table.ship(request.ship)
        options = [c for c in request.choices if c is not None]
        if not options:
            return None

        def value(option: dict[str, Any]) -> float:
            weight = 1.0 if option["band"] == "long" else SHORT_RANGE_WEIGHT
            return ship_firepower(table, ship, option["arc"]) * weight - option["distance"] / 10000.0

        best = max(options, key=value)
        return best if value(best) > 0 else None  # no guns bear: keep the load
