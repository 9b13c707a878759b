"""Checks a schema cannot express, and the references each built-in kind makes.

A JSON Schema sees one value at a time; these functions see a whole validated document
(and the library) and report `(JSON pointer, message)` issues, so the author is sent to the
exact field: a ruler whose bands leave a gap, a scenario ship on an undeclared side, two
cards with one id. `*_refs` functions list the ids a document refers to; the loader checks
that each exists (and that its pack is required) uniformly for every kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, TYPE_CHECKING, Any, Iterator

from .fields import Point
from .models import Base, ManeuverDeck, PackManifest, Ruler, Scenario, Ship

if TYPE_CHECKING:  # pragma: no cover
    from .library import Library

__all__ = [
    "Ref", "Issue", "ship_refs", "ruler_refs", "scenario_refs", "check_ship", "check_deck",
    "check_base", "check_ruler", "check_scenario", "check_manifest",
]

Issue = tuple[str, str]
"""(JSON pointer inside the document, message)."""


@dataclass(frozen=True)
class Ref:
    """A reference from a document to another: where it is written, the kind and id named."""

    pointer: str
    kind: str
    id: str


def _duplicates(values: list[Any], where: str) -> Iterator[Issue]:
    """An issue at `where.format(i)` for every value equal to an earlier one."""
    first: dict[Any, int] = {}
    for i, value in enumerate(values):
        if value in first:
            yield where.format(i), f"{value!r} is repeated (first at {where.format(first[value])})"
        else:
            first[value] = i


# --- references -----------------------------------------------------------------------

def ship_refs(ship: Ship) -> Iterator[Ref]:
    """A ship names its maneuver deck and its base."""
    yield Ref("/deck", "maneuver-deck", ship.deck)
    yield Ref("/base", "base", ship.base)


def ruler_refs(ruler: Ruler) -> Iterator[Ref]:
    """A ruler names the counter pool of each band and the musketry pool."""
    for i, band in enumerate(ruler.bands):
        yield Ref(f"/bands/{i}/pool", "counter-pool", band.pool)
    yield Ref("/musketry_pool", "counter-pool", ruler.musketry_pool)


def scenario_refs(scenario: Scenario, ship_kinds: Mapping[str, str] | None = None) -> Iterator[Ref]:
    """A scenario names its ruler (if any) and the ship document of each ship in play.

    ``ship_kinds`` gives each game system's ship kind (:attr:`sog.systems.GameSystem.ship_kind`);
    the ships of a scenario whose system is not in it are taken to be ``ship`` documents.
    """
    if scenario.ruler is not None:
        yield Ref("/ruler", "ruler", scenario.ruler)
    kind = (ship_kinds or {}).get(scenario.system, "ship")
    for i, entry in enumerate(scenario.ships):
        yield Ref(f"/ships/{i}/ship", kind, entry.ship)


# --- semantic checks ------------------------------------------------------------------

def check_manifest(manifest: PackManifest) -> Iterator[Issue]:
    """A pack does not require itself, nor another pack twice."""
    for i, name in enumerate(manifest.requires):
        if name == manifest.name:
            yield f"/requires/{i}", "a pack cannot require itself"
    yield from _duplicates(list(manifest.requires), "/requires/{}")


def check_ship(ship: Ship, library: Library | None = None) -> Iterator[Issue]:
    """The refit year is not before the launch year."""
    if ship.refit_year is not None and ship.refit_year < ship.year:
        yield "/refit_year", f"refit year {ship.refit_year} is before the year {ship.year}"


def check_deck(deck: ManeuverDeck, library: Library | None = None) -> Iterator[Issue]:
    """Card ids are unique within the deck."""
    yield from _duplicates([c.id for c in deck.cards], "/cards/{}/id")


def _on_base(base: Base, point: Point) -> bool:
    return abs(point.right) <= base.width / 2 and abs(point.forward) <= base.length / 2


def check_base(base: Base, library: Library | None = None) -> Iterator[Issue]:
    """Mast and arc dots lie on the base; attitude bands increase and end at 180."""
    if not _on_base(base, base.main_mast):
        yield "/main_mast", f"the main mast {list(base.main_mast)} is off the base"
    for name in ("forward", "central", "rear"):
        arc = getattr(base.arcs, name)
        if not _on_base(base, arc.dot):
            yield f"/arcs/{name}/dot", f"the {name} arc's dot {list(arc.dot)} is off the base"
    previous = 0.0
    for i, band in enumerate(base.attitude):
        if band.upto <= previous:
            yield f"/attitude/{i}/upto", f"upto {band.upto:g} must exceed the previous {previous:g}"
        previous = max(previous, band.upto)
    if base.attitude[-1].upto != 180:
        last = len(base.attitude) - 1
        yield f"/attitude/{last}/upto", "the last attitude band must end at 180"


def check_ruler(ruler: Ruler, library: Library | None = None) -> Iterator[Issue]:
    """Bands are contiguous from 0 to the ruler's length, each longer than zero."""
    position = 0.0
    for i, band in enumerate(ruler.bands):
        if band.from_ != position:
            yield f"/bands/{i}/from", f"band {band.name!r} starts at {band.from_:g}, expected {position:g}"
        if band.to <= band.from_:
            yield f"/bands/{i}/to", f"band {band.name!r} ends at {band.to:g}, not after its start"
        position = band.to
    if position != ruler.length:
        last = len(ruler.bands) - 1
        yield f"/bands/{last}/to", f"the last band ends at {position:g}, not at the length {ruler.length:g}"
    yield from _duplicates([b.name for b in ruler.bands], "/bands/{}/name")


def check_scenario(scenario: Scenario, library: Library | None = None) -> Iterator[Issue]:
    """Ids are unique; each ship's side and seat are declared; every side has a ship; poses
    and zones fit the table."""
    yield from _duplicates([s.id for s in scenario.sides], "/sides/{}/id")
    declared = {side.id for side in scenario.sides}
    if all(entry.side in declared for entry in scenario.ships):  # else which side is meant?
        for i, side in enumerate(scenario.sides):
            if not scenario.ships_of(side.id):
                yield f"/sides/{i}", f"side {side.id!r} has no ship: every side needs at least one"
    yield from _duplicates([s.id for s in scenario.ships], "/ships/{}/id")
    yield from _duplicates(list(scenario.options), "/options/{}")
    seats = [(i, j, seat) for i, side in enumerate(scenario.sides) for j, seat in enumerate(side.seats)]
    owner: dict[str, int] = {}
    for i, j, seat in seats:
        if seat in owner:
            yield f"/sides/{i}/seats/{j}", f"seat {seat!r} already belongs to /sides/{owner[seat]}"
        else:
            owner[seat] = i
    sides = {side.id: side for side in scenario.sides}
    width, height = scenario.table.width, scenario.table.height
    for i, entry in enumerate(scenario.ships):
        where = f"/ships/{i}"
        side = sides.get(entry.side)
        if side is None:
            yield f"{where}/side", f"side {entry.side!r} is not declared in /sides (declared: {sorted(sides)})"
        elif entry.seat not in side.seats:
            yield f"{where}/seat", f"seat {entry.seat!r} is not a seat of side {side.id!r} (seats: {list(side.seats)})"
        x, y = entry.pose.x, entry.pose.y
        if not (0 <= x <= width and 0 <= y <= height):
            yield f"{where}/pose", f"pose ({x:g}, {y:g}) is off the {width:g}x{height:g} table"
        zone = entry.zone
        if zone is None:
            continue
        for axis, limit in (("x", width), ("y", height)):
            low, high = getattr(zone, axis)
            if low > high or low < 0 or high > limit:
                yield (f"{where}/zone/{axis}",
                       f"zone {axis} [{low:g}, {high:g}] must be ordered and within [0, {limit:g}]")
        if not zone.contains(x, y):
            yield f"{where}/pose", f"pose ({x:g}, {y:g}) is outside the ship's set-up zone"
