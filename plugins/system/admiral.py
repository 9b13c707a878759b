"""The admiral: a look-ahead bot meant to beat the captain (issue 16).

It plans each ship's card with a two-ply look-ahead over its seat's view only
(:mod:`.admiral_search`): the enemy's likely replies are predicted from its public deck, pose,
damage and loaded broadsides, and each own card is scored against them (expected and worst
fire exchange, staying on the table and out of trouble). It fires at the target where its shot
is worth most, a worn ship first (fire concentrated). At Standard and Advanced it plans the
slot-2 card from where the slot-1 card leaves the ship, the enemy moved twice by its likely
card. Every other decision is the captain's (:class:`.captain.CaptainBot`).

Think budget: ``samples`` enemy cards per enemy (a keyword argument or the class attribute),
deterministic; the bot's own generator (stream 17) only breaks ties.
"""

from __future__ import annotations

from typing import Any

from sog.decisions import DecisionRequest
from sog.game import SeatView
from sog.rng import Rng
from sog.plugins.system.tabletop import SIDES, enemies, pose_of, ship_firepower
from .admiral_eval import CLOSE_AMMUNITION, RED_BAND, Weights, wear
from .admiral_moves import Mover
from .captain import raking_extra
from .admiral_search import Budget, Prediction, best_card, predict
from .captain import CaptainBot
from .view_table import ViewTable

__all__ = ["AdmiralBot"]

#: The planning decisions the look-ahead answers.
PLAN_KINDS = ("plan", "plan-first")


class AdmiralBot(CaptainBot):
    """Two-ply look-ahead planning and concentrated fire; the captain's play elsewhere."""

    #: Enemy cards kept per enemy (the think budget).
    samples: int = 4
    weights: type[Weights] = Weights

    def __init__(self, seed: int = 0, *, samples: int | None = None) -> None:
        super().__init__(seed)
        self._own_rng = Rng(seed, stream=17)
        if samples is not None:
            self.samples = samples
        self._predicted: dict[Any, list[Prediction]] = {}
        #: Planning decisions taken (for think-time measurement).
        self.decisions = 0

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if request.kind in PLAN_KINDS and request.ship:
            self.decisions += 1
            return self._look_ahead(view, request)
        if request.kind == "fire" and request.ship:
            return self._focus_fire(view, request)
        return super().decide(view, request)

    # ------------------------------------------------------------------ planning

    def _look_ahead(self, view: SeatView, request: DecisionRequest) -> Any:
        table = ViewTable(view)
        ship = table.ship(request.ship)
        mover = Mover(table, ship)
        choices = list(request.choices)
        pose, aback = pose_of(ship), mover.aback_now()
        moves = 1
        first = ship.planned[0] if ship.planned else None
        if mover.standard and request.kind == "plan" and first is not None:
            # Slot 2 runs next turn, after slot 1: try it from where slot 1 leaves the ship.
            pose, aback = mover.move(pose, mover.executed(first), aback)
            choices = mover.veer_legal(first, choices)
            moves = 2
        predictions = self._predictions(table, ship, moves)
        return best_card(table, ship, choices, pose, aback, predictions, self._own_rng, self.weights)

    def _predictions(self, table: ViewTable, ship: Any, moves: int) -> list[Prediction]:
        """The likely replies of every enemy of ``ship`` (kept for the turn: both own ships share them)."""
        foes = enemies(table, ship)
        key = (table.state.turn, moves, tuple((f.id, f.pose.x, f.pose.y, f.pose.heading) for f in foes),
               tuple((s.id, s.pose.x, s.pose.y) for s in table.ships() if s.side == ship.side))
        if key not in self._predicted:
            budget = Budget(self.samples)
            self._predicted = {key: [predict(table, f, moves, budget, self.weights) for f in foes]}
        return self._predicted[key]

    # ------------------------------------------------------------------ fire

    def _focus_fire(self, view: SeatView, request: DecisionRequest) -> Any:
        """The shot worth most (firepower, range, raking, the target's wear), else the captain's answer."""
        table = ViewTable(view)
        ship = table.ship(request.ship)
        side = next((c["side"] for c in request.choices if isinstance(c, dict)), None)
        if side not in SIDES:
            return super().decide(view, request)
        loaded = ship.broadsides[side].loaded
        options = [c for c in request.choices if isinstance(c, dict) and c.get("target") in table.state.ships]
        if loaded in CLOSE_AMMUNITION:
            options = [o for o in options if o["band"] == RED_BAND]
        if not options:
            return super().decide(view, request)
        standard = table.state.level != "basic"

        def value(option: dict[str, Any]) -> float:
            firepower = ship_firepower(table, ship, option["arc"])
            if standard:
                firepower += raking_extra(table, ship, option, firepower)
            weight = 1.0 if option["band"] == "long" else self.weights.short_range
            target = table.ship(option["target"])
            return firepower * weight * (1.0 + self.weights.focus * wear(target)) - option["distance"] / 10000.0

        best = max(options, key=value)
        if value(best) > 0:
            return best
        return super().decide(view, request)

