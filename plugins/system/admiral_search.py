"""The admiral's two-ply look-ahead: each own card against the enemy's likely replies.

Each enemy near enough to matter is given a few likely cards (its whole deck is public content):
every card it may plan is scored from its own side, as a one-move captain would score it (its
fire on our ships where they stand, ours on it, staying on the table), and the ``samples`` best
are kept with softmax weights. Each own card is then scored by the safety of where it ends plus,
per enemy, the weighted fire exchange with that enemy at each of its likely poses: the expected
result blended with the worst one. The think budget is ``samples`` (enemy cards per enemy) and is
deterministic; ties are broken by the bot's own seeded generator.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sog.geometry import Pose
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import SIDES, enemies, pose_of, ruler_of
from .admiral_eval import Weights, fire_exchange, fire_value, goal_edge, placed, safety
from .admiral_moves import Mover
from .view_table import ViewTable

__all__ = ["Budget", "Prediction", "best_card", "card_score", "predict"]

#: How much the fire taken counts against the fire brought: ours (measured best near 1.3 against
#: the captain), and the enemy's in its model (a captain's).
CAUTION = 1.3
ENEMY_CAUTION = 0.6
#: Softmax temperature of the enemy model (score units: weighted firepower).
TEMPERATURE = 1.0
#: Share of the worst enemy reply in an own card's score (the rest is the expected reply).
WORST_SHARE = 0.3
#: Beyond this (mm, plus the ruler and the moves) an enemy cannot exchange fire this turn.
MOVE_REACH = 80.0


@dataclass(frozen=True)
class Budget:
    """The think budget: enemy cards kept per enemy (deterministic, not a clock)."""

    samples: int = 4


@dataclass(frozen=True)
class Prediction:
    """An enemy's likely poses after its move(s), with weights summing to 1."""

    ship: str
    poses: tuple[tuple[Pose, float], ...]

    def mean(self) -> Pose:
        x = sum(p.x * w for p, w in self.poses)
        y = sum(p.y * w for p, w in self.poses)
        return Pose(x, y, self.poses[0][0].heading)


def _moves(mover: Mover, pose: Pose, card: Any, times: int, aback: bool) -> Pose:
    for _ in range(times):
        pose, aback = mover.move(pose, card, aback)
    return pose


def _near(table: ViewTable, a: Pose, b: Pose, moves: int) -> bool:
    return a.distance_to(b) <= ruler_of(table).length + 2 * MOVE_REACH * moves + 120.0


def predict(table: ViewTable, enemy: SailsShipState, moves: int, budget: Budget,
            weights: type[Weights] = Weights) -> Prediction:
    """The enemy's ``budget.samples`` likeliest poses after ``moves`` of one card, by a one-move model of it."""
    mover = Mover(table, enemy)
    start = pose_of(enemy)
    targets = enemies(table, enemy)
    others = {s.id: pose_of(s) for s in table.ships() if s.id != enemy.id}
    scored: dict[tuple[float, float, float], tuple[Pose, float]] = {}
    for card in mover.plausible(start):
        pose = _moves(mover, start, card, moves, mover.aback_now())
        key = (round(pose.x, 1), round(pose.y, 1), round(pose.heading, 1))
        if key in scored:
            continue
        score = safety(table, enemy, pose, mover, others, weights)
        if score > weights.off_table / 2:
            near = [t for t in targets if _near(table, pose, pose_of(t), 0)]
            with placed(table, {enemy.id: pose}) as moved:
                shooter = moved[enemy.id]
                offence = sum(fire_value(table, shooter, side, None, weights) for side in SIDES)
                threat = sum(fire_value(table, t, side, enemy.id, weights) for t in near for side in SIDES)
            score += offence - ENEMY_CAUTION * threat
            if offence == 0.0 and targets and goal_edge(table, enemy) is None:
                score -= min(pose.distance_to(pose_of(t)) for t in targets) / 100.0
        scored[key] = (pose, score)
    ranked = sorted(scored.values(), key=lambda ps: -ps[1])[: max(1, budget.samples)]
    top = ranked[0][1]
    raw = [math.exp((s - top) / TEMPERATURE) for _, s in ranked]
    total = sum(raw)
    return Prediction(enemy.id, tuple((p, r / total) for (p, _), r in zip(ranked, raw)))


def card_score(table: ViewTable, ship: SailsShipState, pose: Pose, predictions: list[Prediction],
               mover: Mover, weights: type[Weights] = Weights) -> float:
    """What ending at ``pose`` is worth against the enemies' predicted replies."""
    expected = {p.ship: p.mean() for p in predictions}
    others = {s.id: pose_of(s) for s in table.ships() if s.id != ship.id}
    others.update(expected)
    score = safety(table, ship, pose, mover, others, weights)
    if score <= weights.off_table / 2:
        return score
    side_best = dict.fromkeys(SIDES, 0.0)
    threat = 0.0
    for prediction in predictions:
        if not _near(table, pose, prediction.mean(), 1):
            continue
        sides_exp = dict.fromkeys(SIDES, 0.0)
        taken_exp, taken_worst = 0.0, 0.0
        for enemy_pose, w in prediction.poses:
            with placed(table, {ship.id: pose, prediction.ship: enemy_pose}):
                mine, theirs = fire_exchange(table, ship.id, prediction.ship)
            for side in SIDES:
                sides_exp[side] += w * mine[side]
            taken_exp += w * theirs
            taken_worst = max(taken_worst, theirs)
        for side in SIDES:
            side_best[side] = max(side_best[side], sides_exp[side])
        threat += (1.0 - WORST_SHARE) * taken_exp + WORST_SHARE * taken_worst
    offence = sum(side_best.values())
    score += offence - CAUTION * threat
    if offence == 0.0 and predictions and goal_edge(table, ship) is None:
        score -= min(pose.distance_to(p.mean()) for p in predictions) / 100.0
    return score


def best_card(table: ViewTable, ship: SailsShipState, choices: list[Any], start: Pose, aback: bool,
              predictions: list[Prediction], rng: Any, weights: type[Weights] = Weights) -> Any:
    """The choice whose move from ``start`` scores best against ``predictions``."""
    mover = Mover(table, ship)
    cache: dict[tuple[float, float, float], float] = {}
    best, best_score = choices[0], -math.inf
    for choice in choices:
        pose, _ = mover.move(start, mover.deck.card(choice), aback)
        key = (round(pose.x, 3), round(pose.y, 3), round(pose.heading, 3))
        if key not in cache:
            cache[key] = card_score(table, ship, pose, predictions, mover, weights)
        score = cache[key] + rng.random() * 0.01
        if score > best_score:
            best, best_score = choice, score
    return best

