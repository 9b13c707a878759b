"""The ability cards a ship carries, as they lie at the table: shared by the captains' rules.

This is not a rule: it is the bookkeeping of the cards that the ``abilities`` rule deals at
set-up and turns when a seat uses one, and that the ``captain-wounds`` rule turns or
discards when the captain is hit, kept in one place (like :mod:`sog.plugins.advanced.mat`)
so that each rule module stays about its own rule.

``ship.ext["abilities"]`` (the abilities rule's namespace, public like the cards):

* ``captain``: ``{"id": captain document, "status": "well" | "wounded" | "dead"}``, only
  for a ship carrying a captain;
* ``cards``: one entry per ability in play, captain's first, then each crew card's, in the
  order of their documents: ``{"key", "ability", "source", "holder", "uses", "uses_left",
  "state"}`` — ``key`` is unique on the ship (the ability id, numbered when a ship carries
  an ability twice), ``source`` is ``"captain"`` or ``"crew-card"``, ``holder`` the id of
  the card that carries it, ``state`` ``"ready"`` (unused), ``"sideways"`` (a
  twice-per-game ability used once) or ``"discarded"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog.plugins.system.content_captains import Ability, ability_of

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game
    from sog.state import ShipState

__all__ = [
    "CAPTAIN", "CREW_CARD", "DEAD", "DISCARDED", "OWNER", "READY", "SIDEWAYS", "WELL", "WOUNDED",
    "carries_anything", "cards_of", "captain_of_ship", "document", "lose_use", "discard", "set_status", "spend_use", "state_for",
]

#: The rule whose ``ext`` namespace holds the cards.
OWNER = "abilities"
#: Where an ability comes from (the kinds of the attached documents).
CAPTAIN, CREW_CARD = "captain", "crew-card"
#: The states of a card.
READY, SIDEWAYS, DISCARDED = "ready", "sideways", "discarded"
#: The states of a captain.
WELL, WOUNDED, DEAD = "well", "wounded", "dead"


def carries_anything(game: Game) -> bool:
    """Does any ship of the game carry a captain or a crew card? (Attached at set-up: the
    captain rules are idle in a game where none does, ``sog_rule_idle``.)"""
    return any(ship.attached.get(CAPTAIN) or ship.attached.get(CREW_CARD) for ship in game.state.ships.values())


def state_for(uses: int, uses_left: int) -> str:
    """A card's state from its uses per game and the uses it has left."""
    if uses_left <= 0:
        return DISCARDED
    return READY if uses_left == uses else SIDEWAYS


def cards_of(ship: ShipState) -> list[dict[str, Any]]:
    """The ship's ability cards (empty when it carries none)."""
    return ship.ext.get(OWNER, {}).get("cards", [])


def captain_of_ship(ship: ShipState) -> dict[str, Any] | None:
    """``{"id", "status"}`` of the ship's captain, or ``None`` when it carries none."""
    return ship.ext.get(OWNER, {}).get("captain")


def document(game: Game, card: dict[str, Any]) -> Ability:
    """The ability document of a card."""
    return ability_of(game.content, card["ability"])


def spend_use(card: dict[str, Any]) -> str:
    """Take one use off a card (unused: sideways or discarded; sideways: discarded); its new state."""
    card["uses_left"] = max(card["uses_left"] - 1, 0)
    card["state"] = state_for(card["uses"], card["uses_left"])
    return card["state"]


def lose_use(game: Game, ship: ShipState, card: dict[str, Any], reason: str) -> None:
    """A card loses one use without its effect (``ability-lost`` says so)."""
    spend_use(card)
    game.emit("ability-lost", ship=ship.id, ability=card["ability"], state=card["state"],
              uses_left=card["uses_left"], reason=reason)


def discard(game: Game, ship: ShipState, card: dict[str, Any], reason: str) -> None:
    """Discard a card without its effect (``ability-lost`` says so); nothing if it is discarded."""
    if card["state"] == DISCARDED:
        return
    card["uses_left"], card["state"] = 0, DISCARDED
    game.emit("ability-lost", ship=ship.id, ability=card["ability"], state=DISCARDED, uses_left=0, reason=reason)


def set_status(ship: ShipState, status: str) -> None:
    """Set the captain's status (well, wounded, dead)."""
    captain = captain_of_ship(ship)
    if captain is not None:
        captain["status"] = status
