"""Checks of the Sails of Glory content kinds that a schema cannot express, and their references.

Like the core's checks (:mod:`sog.packs.checks`), each sees a whole validated document and
reports ``(JSON pointer, message)`` issues: a ruler whose bands leave a gap, a mast off its
base, two cards with one id. ``*_refs`` list the ids a document names; the loader checks that
each exists. The kinds they belong to are declared in :mod:`.content_kinds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from sog.packs.checks import Issue, Ref, duplicates
from sog.packs.errors import did_you_mean
from sog.packs.fields import Point

from .content_models import Base, ManeuverDeck, Ruler, Ship, deck_of

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["ship_refs", "ruler_refs", "check_ship", "check_deck", "check_base", "check_ruler"]


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


# --- semantic checks ------------------------------------------------------------------

def check_ship(ship: Ship, library: Library | None = None) -> Iterator[Issue]:
    """The refit year is not before the launch year; each of the ``deck_overrides``
    replaces a different card of the ship's deck, one of the same kind."""
    if ship.refit_year is not None and ship.refit_year < ship.year:
        yield "/refit_year", f"refit year {ship.refit_year} is before the year {ship.year}"
    yield from duplicates([c.id for c in ship.deck_overrides], "/deck_overrides/{}/id")
    if ship.deck_overrides and library is not None and library.has("maneuver-deck", ship.deck):
        yield from _check_overrides(ship, deck_of(library, ship.deck))


def _card_list(ids: list[str], most: int = 6) -> str:
    shown = ids if len(ids) <= most else [*ids[:most - 1], "...", ids[-1]]
    return ", ".join(shown)


def _check_overrides(ship: Ship, deck: ManeuverDeck) -> Iterator[Issue]:
    cards = {card.id: card for card in deck.cards}
    ids = list(cards)
    for i, card in enumerate(ship.deck_overrides):
        original = cards.get(card.id)
        if original is None:
            yield (f"/deck_overrides/{i}/id",
                   f"deck {deck.id!r} has no card {card.id!r} to override{did_you_mean(card.id, ids)}: "
                   f"an override replaces a card of the ship's deck ({len(ids)} cards: {_card_list(ids)})")
        elif original.kind != card.kind:
            yield (f"/deck_overrides/{i}/kind",
                   f"card {card.id!r} of deck {deck.id!r} is a {original.kind} card: its override must be "
                   f"one too, not a {card.kind} card")


def check_deck(deck: ManeuverDeck, library: Library | None = None) -> Iterator[Issue]:
    """Card ids are unique within the deck."""
    yield from duplicates([c.id for c in deck.cards], "/cards/{}/id")


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
    yield from duplicates([b.name for b in ruler.bands], "/bands/{}/name")
