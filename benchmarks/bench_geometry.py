"""Micro-benchmarks of the geometry hot paths; prints microseconds per call.

Run: ``python benchmarks/bench_geometry.py`` (with ``sog`` importable). Figures are for
pure CPython on the machine at hand; the design aim is Rect.overlaps < 5 us.
"""

from __future__ import annotations

import timeit

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import end_pose, reach, slide_until_contact

W, L = 43.0, 90.0


def _us(stmt, number: int) -> float:
    best = min(timeit.repeat(stmt, number=number, repeat=5))
    return best / number * 1e6


def main() -> None:
    a = Rect.of_base(Pose(100.0, 100.0, 30.0), W, L)
    near = Rect.of_base(Pose(140.0, 120.0, 75.0), W, L)  # bounding circles meet: full SAT
    far = Rect.of_base(Pose(400.0, 400.0, 75.0), W, L)  # rejected on bounding circles
    touching = Rect.of_base(Pose(143.0, 100.0, 30.0), W, L)
    shooter = Rect.of_base(Pose(100.0, 100.0, 0.0), W, L)
    dot = shooter.world(W / 2, 0.0)
    target = Rect.of_base(Pose(230.0, 110.0, 10.0), W, L)
    blocker_half = Rect.of_base(Pose(170.0, 130.0, 0.0), 20.0, 40.0)  # hides part of it
    blocker_full = Rect.of_base(Pose(160.0, 100.0, 0.0), 40.0, 200.0)  # hides all of it
    others = [Rect.of_base(Pose(500.0 + 60 * i, 500.0, 0.0), W, L) for i in range(6)]
    pose = Pose(100.0, 100.0, 0.0)
    wall = [Rect.of_base(Pose(100.0, 200.0, 90.0), W, L)]
    line = (0.0, 43.5, 0.0)
    turn = (9.0, 23.0, 33.0)

    rows = [
        ("Rect.overlaps (near, full SAT)", lambda: a.overlaps(near), 200_000),
        ("Rect.overlaps (far, early reject)", lambda: a.overlaps(far), 200_000),
        ("Rect.overlaps (touching)", lambda: a.overlaps(touching), 200_000),
        ("Rect.distance (separated)", lambda: a.distance(far), 100_000),
        ("Rect.distance (overlapping)", lambda: a.distance(near), 100_000),
        ("Rect.of_base", lambda: Rect.of_base(pose, W, L), 100_000),
        ("reach (clear, no blockers)", lambda: reach(dot, 60.0, 120.0, 160.0, target), 20_000),
        ("reach (clear, 6 far blockers)",
         lambda: reach(dot, 60.0, 120.0, 160.0, target, others), 20_000),
        ("reach (half blocked)",
         lambda: reach(dot, 60.0, 120.0, 160.0, target, [blocker_half]), 20_000),
        ("reach (fully blocked)",
         lambda: reach(dot, 60.0, 120.0, 160.0, target, [blocker_full]), 20_000),
        ("reach (out of range, early reject)",
         lambda: reach(dot, 60.0, 120.0, 50.0, target), 100_000),
        ("end_pose", lambda: end_pose(pose, L, turn), 100_000),
        ("slide_until_contact (no obstacle near)",
         lambda: slide_until_contact(pose, W, L, line, "bow", others), 2_000),
        ("slide_until_contact (stopped by a base)",
         lambda: slide_until_contact(pose, W, L, line, "bow", wall), 2_000),
        ("slide_until_contact (turning, stopped)",
         lambda: slide_until_contact(pose, W, L, turn, "bow", wall), 2_000),
    ]
    width = max(len(name) for name, _, _ in rows)
    for name, fn, number in rows:
        print(f"{name:<{width}}  {_us(fn, number):8.2f} us")


if __name__ == "__main__":
    main()
