"""The automatic maneuver deck (rulebook pp. 48-49): which cards it holds and which go back.

Pure functions over maneuver cards and card ids, used by :mod:`.movement` (the rule that draws
and discards) and tested on their own:

* :func:`automatic_cards`: the cards an automatic ship plays with, in deck order — the
  normal (blue) cards whose veer lies within ``VEER_RANGE``; red taken-aback and grey
  broken-mast cards never belong to it;
* :func:`maneuver_class`: a card as the reshuffle rules see it — a straight, a sideslip or a
  turn, and to which side (ruling R17);
* :func:`returns`: the groups of cards the discard pile gives back to the deck.

Rulings:

* ``SIDESLIP_SIDE``: a sideslip goes to the side of the lateral offset of its lines (the
  ``right`` value of their ends, positive to starboard); a straight has none and no turn on
  any line (as the Standard veer rule reads it).
* ``TURN_SIDE``: a turn (veer other than 5) turns to starboard above 5 and to port below 5
  (the printed decks: D-7 is a 6 to starboard, D-9 a 4 to port).
* ``PAIR_CHOICE``: when more than one card could complete a pair, the one discarded first
  goes back; sideslip pairs are looked for before turn pairs; each pair takes every straight
  of the pile with it, and the search goes on until no pair is left (in play a new card can
  complete one pair at most).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

__all__ = [
    "PAIR_CHOICE", "SIDESLIP_SIDE", "STRAIGHT", "SIDESLIP", "TURN", "TURN_SIDE", "TURN_TOTAL", "VEER_RANGE",
    "Maneuver", "automatic_cards", "maneuver_class", "returns",
]

#: The veer values an automatic deck keeps (both included): "between 3 and 7" (p. 48).
VEER_RANGE = (3, 7)
#: The card kind an automatic deck keeps: blue (normal) cards only.
NORMAL = "normal"
#: The veer of straights and sideslips.
MIDDLE_VEER = 5
#: What the veer values of a right and a left turn must total to go back (ruling R17).
TURN_TOTAL = 10
STRAIGHT, SIDESLIP, TURN = "straight", "sideslip", "turn"
#: Ruling: a sideslip's side is the side of its lines' lateral offset.
SIDESLIP_SIDE = "lateral offset of the lines"
#: Ruling: a turn's side is starboard (right) above veer 5, port (left) below.
TURN_SIDE = "veer above 5 right, below 5 left"
#: Ruling: the card discarded first completes a pair; sideslips before turns; repeat until none.
PAIR_CHOICE = "earliest discarded"


class Maneuver(NamedTuple):
    """A card as the reshuffle rules see it."""

    kind: str  # straight, sideslip or turn
    side: str | None  # "right", "left", or None for a straight
    veer: int


def automatic_cards(deck: Any) -> list[str]:
    """Ids of the cards of ``deck`` an automatic ship plays with, in deck order."""
    low, high = VEER_RANGE
    return [c.id for c in deck.cards if c.kind == NORMAL and c.veer is not None and low <= c.veer <= high]


def _ends(card: Any) -> list[Any]:
    return [end for line in card.lines.values() for end in (line.green, line.orange)]


def maneuver_class(card: Any) -> Maneuver:
    """Straight, sideslip or turn, and its side (rulings ``SIDESLIP_SIDE``, ``TURN_SIDE``)."""
    veer = int(card.veer)
    if veer != MIDDLE_VEER:
        return Maneuver(TURN, "right" if veer > MIDDLE_VEER else "left", veer)
    ends = _ends(card)
    offset = next((end.right for end in ends if end.right != 0), 0)
    if offset == 0 and all(end.turn == 0 for end in ends):
        return Maneuver(STRAIGHT, None, veer)
    return Maneuver(SIDESLIP, "right" if offset > 0 else "left", veer)


def _sideslip_pair(pile: Sequence[str], of: Callable[[str], Maneuver]) -> list[str] | None:
    right = next((c for c in pile if of(c).kind == SIDESLIP and of(c).side == "right"), None)
    left = next((c for c in pile if of(c).kind == SIDESLIP and of(c).side == "left"), None)
    return [right, left] if right is not None and left is not None else None


def _turn_pair(pile: Sequence[str], of: Callable[[str], Maneuver]) -> list[str] | None:
    """The first pair (by the later card's place, then the earlier's) of a right and a left
    turn whose veer values total ``TURN_TOTAL``."""
    for j, later in enumerate(pile):
        b = of(later)
        if b.kind != TURN:
            continue
        for earlier in pile[:j]:
            a = of(earlier)
            if a.kind == TURN and a.side != b.side and a.veer + b.veer == TURN_TOTAL:
                return [earlier, later]
    return None


def returns(pile: Iterable[str], of: Callable[[str], Maneuver]) -> list[tuple[str, list[str]]]:
    """What the discard pile gives back: ``(reason, cards)`` groups, cards in pile order.

    ``reason`` is ``"sideslips"`` (a right and a left sideslip) or ``"turns"`` (a right and a
    left turn totalling 10); each group holds its pair and every straight then in the pile.
    Third sideslips and other turns stay (ruling ``PAIR_CHOICE``). ``of`` classifies a card id.
    """
    left = list(pile)
    groups: list[tuple[str, list[str]]] = []
    while True:
        reason, pair = "sideslips", _sideslip_pair(left, of)
        if pair is None:
            reason, pair = "turns", _turn_pair(left, of)
        if pair is None:
            return groups
        back = [c for c in left if c in pair or of(c).kind == STRAIGHT]
        groups.append((reason, back))
        left = [c for c in left if c not in back]
