"""A Basic turn against its lean geometric floor: Enemy in Sight! with random bots.

Run: ``python benchmarks/bench_floor.py`` (with ``sog`` importable). Issue 16's aim: a Basic
turn costs at most 3 times the *floor*, the time the geometry functions alone take to answer
the geometric questions the engine answers in that turn.

1. Record: seeded games (seeds 1..N, ``--games``; random bots on both seats, ``--bot``) are
   played with the engine's Basic movement and combat rules watched: each question and the
   engine's answer are captured, with the geometric inputs the question needs:

   * each ship's move: ``end_pose`` (where its card line puts it), the overlaps of the final
     bases (``_overlapping``: which pairs, one of them moving, would overlap) and, for a ship
     held back, ``slide_until_contact`` (where it stops);
   * each broadside's targets (``tabletop.broadside_options``): the firing dots and arcs, the
     ruler, the enemy bases and the other bases in the way;
   * each ship's musketry targets (``tabletop.musketry_targets``): its base and the enemies'.

2. Engine: the same seeds are played again, unwatched, and ``Game.run`` is timed (CPU time),
   ``--repeats`` passes, the fastest kept: engine time per turn covers everything, bots,
   decisions, dice, damage and log included (``new_game`` is not timed).

3. Floor: a lean loop answers every captured question calling only the geometry functions
   (``end_pose``, ``Rect.overlaps``, ``slide_until_contact``, ``Rect.point_distance``,
   ``reach``, ``ruler_band``, ``within_distance``) on the captured inputs, and each answer is
   checked against the engine's (a difference stops the benchmark). It is timed over
   ``--repeats`` passes, the fastest kept.

It prints the questions per turn, engine ms per turn, floor ms per turn and their ratio; then
where the engine's turn goes: for each kind of question the engine's own answer (its functions
timed alone, in passes of their own, inputs' preparation included) against the floor's, and the
rest of the turn (everything but answering those questions).
Enemy in Sight! has no land, batteries or buildings, so the floor leaves them out (checked).
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any, Self

from sog.bots import bots_for, make_bot
from sog.pluginmanager import create_catalogue
from sog.plugins.basic import combat, movement
from sog.plugins.system.declaration import SYSTEM
from sog.plugins.system.geometry import (
    end_pose,
    reach,
    ruler_band,
    slide_until_contact,
    within_distance,
)
from sog.plugins.system.land_targets import land_targets
from sog.plugins.system.tabletop import (
    ARCS,
    arc_of,
    base_of,
    enemies,
    pose_of,
    rect_of,
    ruler_of,
)
from sog.plugins.system.terrain_table import land_of
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
MAX_TURNS = 200


def play(seed: int, bot: str, library, catalogue) -> tuple[float, int]:
    """Play one seeded Basic game; CPU seconds of ``Game.run`` and turns played."""
    game = new_game(SCENARIO, library=library, catalogue=catalogue, level="basic", seed=seed)
    controllers = {seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}
    start = time.process_time()
    game.run(controllers, max_turns=MAX_TURNS)
    return time.process_time() - start, game.state.turn


class Recorder:
    """Wraps the geometric questions of the Basic movement and combat rules: times the engine's
    answers and, with ``capture``, keeps each question with its inputs and answer."""

    def __init__(self, capture: bool = True) -> None:
        self.capture = capture
        self.questions: list[tuple[str, tuple[Any, ...], Any]] = []
        self.saved: list[tuple[Any, str, Any]] = []
        #: CPU seconds inside the engine's own answers, by kind of question (capture excluded).
        self.answering: dict[str, float] = {}

    def patch(self, module: Any, name: str, wrapper: Any) -> None:
        self.saved.append((module, name, getattr(module, name)))
        setattr(module, name, wrapper)

    def __enter__(self) -> Self:
        keep = self.questions.append
        answering, clock = self.answering, time.process_time

        def timed(kind: str, real: Any) -> Any:
            def call(*args: Any, **kwargs: Any) -> Any:
                start = clock()
                answer = real(*args, **kwargs)
                answering[kind] = answering.get(kind, 0.0) + clock() - start
                return answer
            return call
        real_end, real_slide = timed("move", movement.end_pose), timed("slide", movement.slide_until_contact)
        real_overlapping = timed("overlaps", movement._overlapping)
        real_broadside, real_musketry = timed("broadside", combat.broadside_options), timed("musketry", combat.musketry_targets)
        if not self.capture:  # timing only: the engine's own answers, nothing else added
            for module, name, wrapper in ((movement, "end_pose", real_end), (movement, "slide_until_contact", real_slide),
                                          (movement, "_overlapping", real_overlapping),
                                          (combat, "broadside_options", real_broadside), (combat, "musketry_targets", real_musketry)):
                self.patch(module, name, wrapper)
            return self

        def end_pose_(pose, length, end, start="bow"):
            answer = real_end(pose, length, end, start)
            keep(("move", (pose, length, end, start), answer))
            return answer

        def slide_(pose, width, length, end, start="bow", obstacles=(), mode="auto", snap=None):
            answer = real_slide(pose, width, length, end, start, obstacles, mode, snap)
            keep(("slide", (pose, width, length, end, start, tuple(obstacles), mode, snap), answer))
            return answer

        def overlapping_(ships, moves, ends):
            answer = real_overlapping(ships, moves, ends)
            keep(("overlaps", ([(s.id, moves[s.id].card is not None, ends[s.id]) for s in ships],), answer))
            return answer

        def broadside_(game, ship, side, pose=None):
            answer = real_broadside(game, ship, side, pose)
            assert pose is None and not land_of(game) and not land_targets(game) and not game.obstacles()
            base, pose, ruler = base_of(game, ship), pose_of(ship), ruler_of(game)
            dots = []
            for arc_name in ARCS:
                arc = arc_of(base, side, arc_name)
                dots.append((arc_name, pose.local_to_world(arc.dot[0], arc.dot[1]), pose.heading + arc.from_, pose.heading + arc.to))
            others = [(s.id, rect_of(game, s)) for s in game.ships() if s.id != ship.id]
            targets = [s.id for s in enemies(game, ship)]
            limit = ruler.length + math.hypot(base.width, base.length) / 2
            bands = [(b.name, b.from_, b.to) for b in ruler.bands]
            keep(("broadside", (side, pose, dots, others, targets, limit, ruler.length, bands), answer))
            return answer

        def musketry_(game, ship, pose=None):
            answer = real_musketry(game, ship, pose)
            assert pose is None and not land_of(game) and not land_targets(game)
            keep(("musketry", (rect_of(game, ship), [(t.id, rect_of(game, t)) for t in enemies(game, ship)],
                               ruler_of(game).width), answer))
            return answer

        self.patch(movement, "end_pose", end_pose_)
        self.patch(movement, "slide_until_contact", slide_)
        self.patch(movement, "_overlapping", overlapping_)
        self.patch(combat, "broadside_options", broadside_)
        self.patch(combat, "musketry_targets", musketry_)
        return self

    def __exit__(self, *exc: object) -> None:
        for module, name, real in reversed(self.saved):
            setattr(module, name, real)


# --- the lean floor: geometry functions only -------------------------------------------------

def lean_move(pose, length, end, start):
    return end_pose(pose, length, end, start)


def lean_slide(pose, width, length, end, start, obstacles, mode, snap):
    return slide_until_contact(pose, width, length, end, start, obstacles, mode, snap)


def lean_overlaps(ships):
    pairs = []
    for i, (a, a_moves, a_rect) in enumerate(ships):
        for b, b_moves, b_rect in ships[i + 1:]:
            if (a_moves or b_moves) and a_rect.overlaps(b_rect):
                pairs.append((a, b))
    return pairs


def lean_broadside(side, pose, dots, others, targets, limit, length, bands):
    found = []
    rects = dict(others)
    for target in targets:
        target_rect = rects[target]
        if target_rect.point_distance(pose.x, pose.y) > limit:
            continue
        blockers = [r for sid, r in others if sid != target]
        for arc_name, dot, start, end in dots:
            hit = reach(dot, start, end, length, target_rect, blockers)
            if hit is not None:
                found.append({"side": side, "target": target, "arc": arc_name,
                              "band": ruler_band(hit.distance, bands), "distance": round(hit.distance, 1)})
    return found


def lean_musketry(rect, targets, width):
    return [tid for tid, r in targets if within_distance(rect, r, width)]


LEAN = {"move": lean_move, "slide": lean_slide, "overlaps": lean_overlaps,
        "broadside": lean_broadside, "musketry": lean_musketry}


def floor_pass(questions) -> float:
    """CPU seconds to answer every question with the lean functions."""
    lean = LEAN
    start = time.process_time()
    for kind, args, _ in questions:
        lean[kind](*args)
    return time.process_time() - start


def floor_by_kind(questions) -> dict[str, float]:
    """CPU seconds the lean functions take for each kind of question."""
    found: dict[str, float] = {}
    for kind in dict.fromkeys(k for k, _, _ in questions):
        lean, asked = LEAN[kind], [args for k, args, _ in questions if k == kind]
        start = time.process_time()
        for args in asked:
            lean(*args)
        found[kind] = time.process_time() - start
    return found


def fastest(passes: list[dict[str, float]]) -> dict[str, float]:
    """Each kind's fastest time over the passes."""
    return {kind: min(p.get(kind, 0.0) for p in passes) for kind in passes[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games, seeds 1..N (default 50)")
    parser.add_argument("--repeats", type=int, default=3, help="passes of the engine and of the floor, the fastest of each kept (default 3)")
    parser.add_argument("--bot", choices=list(bots_for(SYSTEM)), default="random", help="the bot on both seats (default random)")
    args = parser.parse_args()

    catalogue = create_catalogue()
    library = new_game(SCENARIO, catalogue=catalogue, level="basic").content  # loads the packs once
    seeds = range(1, args.games + 1)

    with Recorder() as recorder:
        recorded_turns = sum(play(seed, args.bot, library, catalogue)[1] for seed in seeds)
    questions = recorder.questions

    engine = math.inf
    for _ in range(args.repeats):
        passed = turns = 0
        for seed in seeds:
            cpu, played = play(seed, args.bot, library, catalogue)
            passed, turns = passed + cpu, turns + played
        assert turns == recorded_turns, "the watched games differ from the unwatched ones"
        engine = min(engine, passed)

    for i, (kind, qargs, answer) in enumerate(questions):  # the floor's answers are the engine's
        mine = LEAN[kind](*qargs)
        assert mine == answer, f"question {i} ({kind}): the floor answers {mine!r}, the engine {answer!r}"
    floor = min(floor_pass(questions) for _ in range(args.repeats))
    lean_kinds = fastest([floor_by_kind(questions) for _ in range(args.repeats)])
    answering = []
    for _ in range(args.repeats):  # the engine's own answers to the same questions, timed alone
        with Recorder(capture=False) as timer:
            for seed in seeds:
                play(seed, args.bot, library, catalogue)
        answering.append(timer.answering)
    engine_kinds = fastest(answering)

    counts: dict[str, int] = {}
    for kind, _, _ in questions:
        counts[kind] = counts.get(kind, 0) + 1
    print(f"{args.bot} bots, Basic rules, {args.games} games, {turns} turns; questions per turn: "
          + ", ".join(f"{kind} {n / turns:.1f}" for kind, n in counts.items()) + f" (all {len(questions)} answers agree)")
    print(f"engine {1000 * engine / turns:.3f} ms CPU/turn, floor {1000 * floor / turns:.3f} ms CPU/turn, "
          f"ratio {engine / floor:.1f} x (aim <= 3 x: {'met' if engine <= 3 * floor else 'not met'})")
    ms = 1000 / turns
    print("where the engine's turn goes (ms CPU/turn; the engine's answers timed in passes of their own):")
    print(f"  {'question':<10} {'engine':>7} {'floor':>7} {'ratio':>6}")
    for kind in lean_kinds:
        print(f"  {kind:<10} {ms * engine_kinds[kind]:7.3f} {ms * lean_kinds[kind]:7.3f} {engine_kinds[kind] / lean_kinds[kind]:5.1f}x")
    asked, lean_sum = sum(engine_kinds.values()), sum(lean_kinds.values())
    print(f"  {'all':<10} {ms * asked:7.3f} {ms * lean_sum:7.3f} {asked / lean_sum:5.1f}x")
    rest = engine - asked
    print(f"  everything else (bots, requests, rules' bookkeeping, dice, damage, log): {ms * rest:.3f} ms/turn "
          f"= {rest / floor:.1f} floors on its own")


if __name__ == "__main__":
    main()
