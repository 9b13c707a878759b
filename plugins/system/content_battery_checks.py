"""Checks of ``battery`` documents that a schema cannot express.

Like the other content checks (:mod:`.content_checks`), each sees a whole validated document
and reports ``(JSON pointer, message)`` issues: arc names are unique, every box of the
Battery Damage track gives the firepower of exactly the battery's arcs (checked once the arc
names are unique), and an arc has a width (:data:`EMPTY_ARC`). The tracks are never empty (the schema says so). The kind is
declared in :mod:`.content_kinds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from sog.packs.checks import Issue, duplicates

from .content_battery import Battery

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["EMPTY_ARC", "check_battery"]

EMPTY_ARC = "refused"
"""Ruling: an arc whose ``from`` equals its ``to`` (modulo 360) is refused: the log's arc is "a
colored angle" between two white lines (p. 46), so it has a width; a whole circle is written as
two arcs."""


def check_battery(battery: Battery, library: Library | None = None) -> Iterator[Issue]:
    """Arc names are unique; each box names the firepower of exactly the battery's arcs; each
    arc has a width."""
    names = list(battery.arc_names)
    repeated = list(duplicates(names, "/arcs/{}/name"))
    yield from repeated
    for index, arc in enumerate(battery.arcs):
        if arc.width == 0:
            yield f"/arcs/{index}/to", (f"arc {arc.name!r} goes from {arc.start:g} to {arc.to:g}: an arc has a width "
                                        "(clockwise from `from` to `to`; a whole circle is two arcs)")
    if repeated:
        return  # which arc a box's firepower is for is unclear until the names are unique
    arcs = set(names)
    for index, box in enumerate(battery.battery_track):
        where = f"/battery_track/{index}/firepower"
        missing = [name for name in dict.fromkeys(names) if name not in box.firepower]
        extra = [name for name in box.firepower if name not in arcs]
        if missing:
            yield where, (f"box {index + 1} gives no firepower for arc{'s' if len(missing) > 1 else ''} "
                          f"{', '.join(map(repr, missing))}: every box gives the firepower of each of the battery's arcs "
                          f"({', '.join(names)})")
        if extra:
            yield where, (f"box {index + 1} gives firepower for {', '.join(map(repr, extra))}, not an arc of the battery "
                          f"(its arcs: {', '.join(names)})")
