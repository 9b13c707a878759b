"""Captains, crew cards and their abilities: the content models (USS Constitution pack, `003_…`).

Each model is the pydantic twin of a JSON Schema in ``schemas/`` (``ability``, ``captain``,
``crew-card``); the kinds are declared in :mod:`.content_kinds`.

An **ability** is data naming an *effect* that a rule implements (hook
``sog_ability_effects``, see :mod:`.hookspecs`), with the effect's parameters, how often it
may be used (once or twice per game), the rules level it needs (the star-bursts of the
card), whether it carries the captain icon (a tricorn: a wound of the captain affects it),
when it may be used (its *timing*) and its points value. A **captain** and a **crew card**
carry abilities; a scenario (or ``sog play --captain`` / ``--crew``) attaches them to a
ship (:attr:`sog.packs.models.ScenarioShip.attach`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from sog.packs.fields import Document, FrozenJson, Id, Int, Name, ProvenanceMap, Text

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["TIMINGS", "Ability", "Captain", "CrewCard", "ability_of", "captain_of", "crew_card_of", "abilities_of"]

TIMINGS: tuple[str, ...] = ("before-movement", "before-combat", "after-fire", "before-reloading", "end-of-turn")
"""When in a turn an ability may be used, in turn order: after planning (before the ships
move), after movement (before targets are chosen), after the attacks are drawn (before
their damage is placed), before reloading, and at the end of the turn."""


class Ability(Document):
    """An ability card: an effect a rule implements, with its parameters and limits."""

    kind: Literal["ability"] = "ability"
    name: Text
    summary: Text = Field(description="What the ability does, in words, for the players.")
    effect: Id = Field(description="Name of the effect a rule implements (sog_ability_effects).")
    params: FrozenJson = Field(default_factory=dict, max_length=32, description="The effect's parameters.")
    uses: Literal[1, 2] = Field(description="Uses per game: 1 (discarded when used) or 2 (turned sideways, then discarded).")
    level: Name = Field(description="The rules level it needs: basic, standard (two star-bursts) or advanced (three).")
    captain_icon: bool = Field(description="Whether the card shows the captain icon (a wounded captain loses it).")
    timing: Literal[TIMINGS] = Field(description="When in the turn the ability may be used.")  # type: ignore[valid-type]
    points: Int = Field(ge=0, le=500)
    provenance: ProvenanceMap = Field(min_length=1)


class Captain(Document):
    """A captain card: the captain's name and the abilities it brings to its ship."""

    kind: Literal["captain"] = "captain"
    name: Text
    printed_name: Text | None = Field(default=None, description="The name as the source prints it, when it differs.")
    nationality: Name
    ships: tuple[Id, ...] = Field(default=(), max_length=100, description="Ships it may command (empty: any of its nationality).")
    abilities: tuple[Id, ...] = Field(min_length=1, max_length=16)
    points: Int = Field(ge=0, le=500, description="The captain's own points, its abilities' not included.")
    provenance: ProvenanceMap = Field(min_length=1)


class CrewCard(Document):
    """An optional crew card of a ship: abilities of the crew, not of the captain."""

    kind: Literal["crew-card"] = "crew-card"
    name: Text
    ships: tuple[Id, ...] = Field(default=(), max_length=100, description="Ships that may carry it (empty: any).")
    abilities: tuple[Id, ...] = Field(min_length=1, max_length=16)
    points: Int = Field(ge=0, le=500, description="The card's own points, its abilities' not included.")
    provenance: ProvenanceMap = Field(min_length=1)


def ability_of(library: Library, id: str) -> Ability:
    """The ability document `id`."""
    doc = library.get("ability", id)
    assert isinstance(doc, Ability)
    return doc


def captain_of(library: Library, id: str) -> Captain:
    """The captain document `id`."""
    doc = library.get("captain", id)
    assert isinstance(doc, Captain)
    return doc


def crew_card_of(library: Library, id: str) -> CrewCard:
    """The crew-card document `id`."""
    doc = library.get("crew-card", id)
    assert isinstance(doc, CrewCard)
    return doc


def abilities_of(library: Library, holder: Captain | CrewCard) -> tuple[Ability, ...]:
    """The abilities a captain or crew card carries, in its order (unloaded ids left out)."""
    return tuple(ability_of(library, a) for a in holder.abilities if library.has("ability", a))
