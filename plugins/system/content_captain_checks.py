"""Checks of the ability, captain and crew-card kinds that a schema cannot express, and their references.

Like :mod:`.content_checks`, each check sees a whole validated document and reports
``(JSON pointer, message)`` issues; ``*_refs`` list the ids a document names (its abilities
and ships), which the loader resolves. What an ability's ``effect`` and ``params`` mean is
the rule's that implements the effect: the rule checks them (hook ``sog_check_library``).

Rulings made here (content/README.md, *captain* and *crew-card*):

- an ability's ``level`` is one of the system's levels (:data:`sog.plugins.system.LEVELS`);
- a card lists an ability once, and a ship once;
- a captain commands only ships of its nationality;
- a crew card's abilities do not show the captain icon: a crew card is not the captain, so
  a wound of the captain (``003``, *Captain Wounds*) cannot touch them. A captain's
  abilities may lack the icon: the rule text says a wound affects "the abilities marked
  with the captain icon", so an unmarked one on a captain's card is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from sog.packs.checks import Issue, Ref, duplicates
from sog.packs.errors import did_you_mean

from . import LEVELS
from .content_captains import Ability, Captain, CrewCard

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["SHIP_KIND", "holder_refs", "check_ability", "check_captain", "check_crew_card", "captain_fits", "crew_card_fits"]

SHIP_KIND = "ship"
"""The kind of the documents a card's ``ships`` name."""


# --- references -----------------------------------------------------------------------

def holder_refs(holder: Captain | CrewCard) -> Iterator[Ref]:
    """A captain or a crew card names its abilities and its ships."""
    for i, ability in enumerate(holder.abilities):
        yield Ref(f"/abilities/{i}", "ability", ability)
    for i, ship in enumerate(holder.ships):
        yield Ref(f"/ships/{i}", SHIP_KIND, ship)


# --- semantic checks ------------------------------------------------------------------

def check_ability(ability: Ability, library: Library | None = None) -> Iterator[Issue]:
    """The level is one of the Sails of Glory levels."""
    if ability.level not in LEVELS:
        yield ("/level", f"unknown rules level {ability.level!r}{did_you_mean(ability.level, LEVELS)}: "
                         f"an ability needs one of {', '.join(LEVELS)}")


def _lists_once(holder: Captain | CrewCard) -> Iterator[Issue]:
    yield from duplicates(list(holder.abilities), "/abilities/{}")
    yield from duplicates(list(holder.ships), "/ships/{}")


def check_captain(captain: Captain, library: Library | None = None) -> Iterator[Issue]:
    """Abilities and ships are listed once; each ship has the captain's nationality."""
    yield from _lists_once(captain)
    if library is None:
        return
    for i, ship_id in enumerate(captain.ships):
        if not library.has(SHIP_KIND, ship_id):
            continue  # reported by the references
        nationality = getattr(library.get(SHIP_KIND, ship_id), "nationality", None)
        if nationality != captain.nationality:
            yield (f"/ships/{i}", f"ship {ship_id!r} is {nationality}, not {captain.nationality} like the captain: "
                                  "a captain commands ships of its own nationality")


def check_crew_card(card: CrewCard, library: Library | None = None) -> Iterator[Issue]:
    """Abilities and ships are listed once; no ability shows the captain icon."""
    yield from _lists_once(card)
    if library is None:
        return
    for i, ability_id in enumerate(card.abilities):
        if not library.has("ability", ability_id):
            continue  # reported by the references
        ability = library.get("ability", ability_id)
        if getattr(ability, "captain_icon", False):
            yield (f"/abilities/{i}", f"ability {ability_id!r} shows the captain icon: a crew card is not the captain, "
                                      "its abilities must not (a wound of the captain would take them)")


# --- which ship may carry a card (sog.systems.Attachment.fits) ----------------------------

def captain_fits(library: Library, ship: Any, captain: Captain) -> str | None:
    """Why ``ship`` cannot have ``captain`` in command: not one of the captain's ``ships``,
    or (when the captain names none) a ship of another nationality; ``None`` if it can."""
    if captain.ships:
        if ship.id not in captain.ships:
            return f"captain {captain.id!r} commands only {', '.join(captain.ships)}"
        return None
    if ship.nationality != captain.nationality:
        return f"captain {captain.id!r} is {captain.nationality}, the ship {ship.id!r} is {ship.nationality}"
    return None


def crew_card_fits(library: Library, ship: Any, card: CrewCard) -> str | None:
    """Why ``ship`` cannot carry the crew card: not one of the card's ``ships``; ``None`` if it can."""
    if card.ships and ship.id not in card.ships:
        return f"crew card {card.id!r} is for {', '.join(card.ships)} only"
    return None
