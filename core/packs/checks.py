"""Checks a schema cannot express, and the references the core's kinds make.

A JSON Schema sees one value at a time; these functions see a whole validated document
(and the library) and report `(JSON pointer, message)` issues, so the author is sent to the
exact field: a scenario ship on an undeclared side, two sides with one id. `*_refs`
functions list the ids a document refers to; the loader checks that each exists (and that
its pack is required) uniformly for every kind. A game system's kinds bring their own checks
(:class:`sog.packs.kinds.ContentKind`), built from the same pieces (`Ref`, `Issue`,
`duplicates`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, TYPE_CHECKING, Any, Iterator, Sequence

from .errors import did_you_mean
from .models import PackManifest, Scenario

if TYPE_CHECKING:  # pragma: no cover
    from .library import Library

__all__ = ["Ref", "Issue", "duplicates", "scenario_refs", "check_scenario", "attachment_issues", "check_attachments", "check_manifest"]

Issue = tuple[str, str]
"""(JSON pointer inside the document, message)."""


@dataclass(frozen=True)
class Ref:
    """A reference from a document to another: where it is written, the kind and id named."""

    pointer: str
    kind: str
    id: str


def duplicates(values: list[Any], where: str) -> Iterator[Issue]:
    """An issue at `where.format(i)` for every value equal to an earlier one (`where` holds
    one `{}`, e.g. `"/cards/{}/id"`)."""
    first: dict[Any, int] = {}
    for i, value in enumerate(values):
        if value in first:
            yield where.format(i), f"{value!r} is repeated (first at {where.format(first[value])})"
        else:
            first[value] = i


# --- references -----------------------------------------------------------------------

def scenario_refs(scenario: Scenario, ship_kinds: Mapping[str, str] | None = None,
                  attachments: Mapping[str, Mapping[str, int]] | None = None) -> Iterator[Ref]:
    """A scenario names its ruler (if any), the ship document of each ship in play and the
    documents each ship carries (``attach``).

    ``ship_kinds`` gives each game system's ship kind (:attr:`sog.systems.GameSystem.ship_kind`),
    ``attachments`` the kinds its ships may carry (kind to most per ship); the ships of a
    scenario whose system is not installed are not checked (the scenario's ``/system`` is
    reported instead), nor attachments of a kind the system does not have
    (:func:`check_attachments` reports those).
    """
    if scenario.ruler is not None:
        yield Ref("/ruler", "ruler", scenario.ruler)
    kind = (ship_kinds or {}).get(scenario.system)
    if kind is None:
        return
    allowed = (attachments or {}).get(scenario.system, {})
    for i, entry in enumerate(scenario.ships):
        yield Ref(f"/ships/{i}/ship", kind, entry.ship)
        for attached, ids in entry.attach.items():
            if attached in allowed:
                for j, doc_id in enumerate(ids):
                    yield Ref(f"/ships/{i}/attach/{attached}/{j}", attached, doc_id)


def attachment_issues(system: Any, library: Library, ship: str, kind: str,
                      ids: Sequence[str]) -> Iterator[tuple[int | None, str]]:
    """What is wrong with a ship (its ship document's id) carrying the documents ``ids`` of
    ``kind`` in a game of ``system`` (a :class:`sog.systems.GameSystem`): ``(None, message)``
    about the list (a kind it cannot carry, too many), then ``(j, message)`` about the j-th
    id (a document that does not fit it). Ids that are not loaded are left to the caller."""
    allowed = {a.kind: a for a in system.attachments}
    attachment = allowed.get(kind)
    if attachment is None:
        known = ", ".join(sorted(allowed)) or "none"
        yield None, f"a {system.name} ship cannot carry a {kind!r}{did_you_mean(kind, allowed)} (it can carry: {known})"
        return
    if len(ids) > attachment.most:
        yield None, f"a ship carries at most {attachment.most} {kind}, not {len(ids)}"
    if attachment.fits is None or not library.has(system.ship_kind, ship):
        return
    for j, doc_id in enumerate(ids):
        if library.has(kind, doc_id):
            why = attachment.fits(library, library.get(system.ship_kind, ship), library.get(kind, doc_id))
            if why is not None:
                yield j, why


def check_attachments(scenario: Scenario, library: Library | None = None,
                      systems: Mapping[str, Any] | None = None) -> Iterator[Issue]:
    """Each ship carries only kinds its game system lets a ship carry, no more of each than
    the system allows, and only documents that fit the ship (``systems``: the installed
    game systems by name, :class:`sog.systems.GameSystem`; :func:`attachment_issues`)."""
    system = (systems or {}).get(scenario.system)
    if system is None or library is None:
        return
    for i, entry in enumerate(scenario.ships):
        for kind, ids in entry.attach.items():
            for j, message in attachment_issues(system, library, entry.ship, kind, ids):
                yield f"/ships/{i}/attach/{kind}" + ("" if j is None else f"/{j}"), message


# --- semantic checks ------------------------------------------------------------------

def check_manifest(manifest: PackManifest) -> Iterator[Issue]:
    """A pack does not require itself, nor another pack twice."""
    for i, name in enumerate(manifest.requires):
        if name == manifest.name:
            yield f"/requires/{i}", "a pack cannot require itself"
    yield from duplicates(list(manifest.requires), "/requires/{}")


def check_scenario(scenario: Scenario, library: Library | None = None) -> Iterator[Issue]:
    """Ids are unique; each ship's side and seat are declared; every side has a ship; poses
    and zones fit the table."""
    yield from duplicates([s.id for s in scenario.sides], "/sides/{}/id")
    declared = {side.id for side in scenario.sides}
    if all(entry.side in declared for entry in scenario.ships):  # else which side is meant?
        for i, side in enumerate(scenario.sides):
            if not scenario.ships_of(side.id):
                yield f"/sides/{i}", f"side {side.id!r} has no ship: every side needs at least one"
    yield from duplicates([s.id for s in scenario.ships], "/ships/{}/id")
    yield from duplicates(list(scenario.options), "/options/{}")
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
