"""A Sails of Glory ship's mat as a seat may read it (``sog_ship_mat``), from the view alone.

The entries follow the mat as a player reads it: the status of a ship out of play, the ship
(hull) and crew damage tracks, the zero box, what the leftmost empty boxes show (firepower,
musketry, crew actions), the sails and the veer, each broadside, the Special Damage box,
the planned cards, the action counters, the captain and crew cards, and the reminders other
rules keep on the ship (taken aback, aground, grog, ...). Only what the view holds is shown:
Basic has no sails nor actions, an option off leaves no entry.

Another seat's secrets never appear: the view already hides them (``showing`` and the
Advanced rules redact them), and this module reads another seat's ship only as "loaded",
"card planned", "2 counters". What only the ship's seat may read (the loaded ammunition,
the storage, the planned cards and actions) carries ``"own": true``.

Rulings (the engine's reading of the mat):

* ``MARKED``: a box is taken by damage when anything lies in it (counters, full or not, and
  markers): the box the ship's values are read from is the leftmost with nothing in it.
* ``PLANNED``: another seat's ship shows "card planned" once every card slot is filled (the
  card of this turn lies face down), "no card yet" before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from sog import hookimpl
from sog.seats import SeatView
from sog.views import HIDDEN

from sog.plugins.advanced.mat import SAIL_DAMAGE_CAPS, SAILS, hand_value, sorted_actions
from .content_captains import ability_of
from .content_models import ship_deck, ship_of
from .state import SailsShipState
from .tabletop import SIDES, leftmost_empty

__all__ = ["mat_entries"]

Entry = dict[str, Any]

#: The Special Damage box's counts, in the order a player reads them.
SPECIAL = ("fire", "leak", "sail", "rudder", "masts")
#: The kinds of attached documents and the entry naming each.
HOLDERS = (("captain", "captain"), ("crew-card", "crew card"))
#: The game-wide pairings a ship's mat mentions: the rule's ``ext`` key, its list, the entry.
PAIRINGS = (("boarding", "grappled", "grappled"), ("entanglement", "pairs", "entangled"))


def _fact(name: str, value: str, own: bool = False) -> Entry:
    return {"kind": "fact", "name": name, "value": value, **({"own": True} if own else {})}


def _words(name: str) -> str:
    """An id as words: ``fire-left`` -> ``fire left``."""
    return str(name).replace("-", " ").replace("_", " ")


def _listed(items: Iterable[Any]) -> str:
    return ", ".join(_words(item) for item in items)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@hookimpl
def sog_ship_mat(seat_view: SeatView, ship: str) -> list[dict[str, Any]]:
    return mat_entries(seat_view.seat, seat_view.data, seat_view.content, ship)


def mat_entries(seat: str, data: dict[str, Any], content: Any, ship_id: str) -> list[Entry]:
    """The entries of ship ``ship_id``'s mat as ``seat`` reads it, from its view ``data`` and the
    packs ``content`` alone (an empty list for a ship the view does not hold)."""
    record = (data.get("ships") or {}).get(ship_id)
    if not isinstance(record, dict):
        return []
    try:
        ship = SailsShipState.model_validate(record)
    except ValidationError:
        return []  # not a Sails of Glory ship
    doc = ship_of(content, ship.ship) if content.has("ship", ship.ship) else None
    own = ship.seat == seat
    options = set(data.get("options") or ())
    entries: list[Entry] = []
    if not ship.in_play:
        entries.append(_fact("status", _words(ship.status)))
    entries += _tracks(ship)
    if ship.in_play:  # out of play, the log's tracks and damage still read; the guns and orders no more
        entries += _readings(ship, doc) if doc is not None else []
        entries += _sailing(ship, doc, data.get("level"))
        entries += _broadsides(ship, own, options)
    entries += _damage(ship)
    entries += _plans(ship, own, content, doc)
    if ship.in_play:
        entries += _actions(ship, own)
    entries += _cards(ship, content)
    if ship.in_play:
        entries += _reminders(ship, options, data)
    return entries


def _tracks(ship: SailsShipState) -> list[Entry]:
    """The two damage tracks (ruling ``MARKED``) and the zero box when counters lie in it."""
    entries = [{"kind": "track", "name": name, "size": len(track), "marked": sum(box.covered for box in track)}
               for name, track in (("hull", ship.ship_track), ("crew", ship.crew_track))]
    if ship.zero_box:
        entries.append(_fact("zero box", _plural(len(ship.zero_box), "counter")))
    return entries


def _readings(ship: SailsShipState, doc: Any) -> list[Entry]:
    """What the leftmost empty boxes show: firepower forward/full/rear, musketry, crew actions."""
    entries: list[Entry] = []
    hull = leftmost_empty(ship.ship_track)
    if hull is not None and hull < len(doc.ship_track):
        box = doc.ship_track[hull]
        entries.append(_fact("firepower", f"{box.forward}/{box.full}/{box.rear}"))
    crew = leftmost_empty(ship.crew_track)
    if crew is not None and crew < len(doc.crew_track):
        entries.append(_fact("musketry", str(doc.crew_track[crew].musketry)))
    if "crew-actions" in ship.ext:
        hands = min(hand_value(doc.ship_track, ship.ship_track), hand_value(doc.crew_track, ship.crew_track))
        entries.append(_fact("crew actions", str(hands)))
    return entries


def _sailing(ship: SailsShipState, doc: Any, level: Any) -> list[Entry]:
    """The sail setting (Advanced sail settings; capped by sail damage) and the veer rating
    (from the Standard rules on: the printed veer and the rules' modifier)."""
    entries: list[Entry] = []
    if "sail-settings" in ship.ext:
        damage = int(ship.ext.get("special-damage", {}).get("sail", 0) or 0)
        cap = next((c for threshold, c in SAIL_DAMAGE_CAPS if damage >= threshold), SAILS[0])
        entries.append(_fact("sails", ship.sails + ("" if cap == SAILS[0] else f" ({cap} at most)")))
    if doc is not None and level not in (None, "basic"):
        modifier = int(ship.ext.get("veer", {}).get("modifier", 0) or 0)
        entries.append(_fact("veer", f"{doc.veer + modifier}" + (f" ({modifier:+d})" if modifier else "")))
    return entries


def _broadsides(ship: SailsShipState, own: bool, options: set[str]) -> list[Entry]:
    """Each broadside: loaded (with what, for the own seat), fired this turn, being prepared;
    the own seat reads its storage box too."""
    entries: list[Entry] = []
    preparing = set(ship.ext.get("double-shot", {}).get("preparing", []))
    face_up = ship.ext.get("lacking-training", {}).get("face_up", {})
    first_spent = set(ship.ext.get("first-broadside", {}).get("fired", []))
    for side in SIDES:
        guns = ship.broadsides.get(side)
        if guns is None:
            continue
        parts = []
        if guns.loaded is not None:
            parts.append(f"loaded: {_words(guns.loaded)}" if own and guns.loaded != HIDDEN else "loaded")
        if guns.fired is not None:
            parts.append(f"fired: {_words(guns.fired)}")
        if side in preparing:
            parts.append("preparing double shot")
        if side in face_up:
            parts.append(f"reloading {_words(face_up[side])}")
        if not parts:
            parts.append("empty")
        if "first-broadside" in options and guns.loaded is not None and side not in first_spent:
            parts.append("first broadside")
        entries.append(_fact(f"{side} broadside", ", ".join(parts), own=own and guns.loaded not in (None, HIDDEN)))
        if own and guns.storage:
            entries.append(_fact(f"{side} storage", _listed(sorted(guns.storage)), own=True))
    return entries


def _damage(ship: SailsShipState) -> list[Entry]:
    """The Special Damage box (Advanced rules): the nonzero counts only."""
    box = ship.ext.get("special-damage") or {}
    parts = [f"{name} {int(box.get(name) or 0)}" for name in SPECIAL if box.get(name)]
    fixed = int(box.get("fixed_masts") or 0)
    if parts and fixed:
        parts.append(f"{fixed} beyond repair")
    return [_fact("special damage", ", ".join(parts))] if parts else []


def _card(deck: Any, card: str) -> str:
    """A planned card as the player reads it: its id and veer value."""
    try:
        veer = deck.card(card).veer if deck is not None else None
    except KeyError:
        veer = None
    return card if veer is None else f"{card} (veer {veer})"


def _plans(ship: SailsShipState, own: bool, content: Any, doc: Any) -> list[Entry]:
    """The card slots (ids and veer for the own seat; ruling ``PLANNED`` for others) and a
    card held back by struck sails."""
    entries: list[Entry] = []
    slots = ship.planned
    if own:
        deck = ship_deck(content, doc) if doc is not None and content.has("maneuver-deck", doc.deck) else None
        if any(card is not None for card in slots):
            entries.append(_fact("planned", ", ".join("empty" if c is None else _card(deck, c) for c in slots), own=True))
        elif ship.in_play:
            entries.append(_fact("planned", "no card yet", own=True))
    elif ship.in_play and slots:
        entries.append(_fact("planned", "card planned" if all(c is not None for c in slots) else "no card yet"))
    sails = ship.ext.get("sail-settings") or {}
    for key in ("waiting", "held"):
        card = sails.get(key)
        if card is not None:
            entries.append(_fact(f"card {key}", card, own=True) if own and card != HIDDEN else _fact(f"card {key}", "yes"))
    return entries


def _actions(ship: SailsShipState, own: bool) -> list[Entry]:
    """The action counters (Advanced rules): planned (which, for the own seat; how many, for
    others), revealed this turn, delayed and in progress."""
    counters = ship.ext.get("crew-actions")
    if counters is None:
        return []
    entries: list[Entry] = []
    planned = list(counters.get("planned") or [])
    if planned and own:
        entries.append(_fact("actions planned", _listed(sorted_actions(planned)), own=True))
    elif planned:
        entries.append(_fact("actions planned", _plural(len(planned), "counter")))
    for name, items in (("actions", ship.actions), ("delayed", counters.get("delayed")), ("in progress", counters.get("busy"))):
        if items:
            entries.append(_fact(name, _listed(sorted_actions(items))))
    return entries


def _name(content: Any, kind: str, doc_id: str) -> str:
    return str(content.get(kind, doc_id).name) if content.has(kind, doc_id) else doc_id


def _cards(ship: SailsShipState, content: Any) -> list[Entry]:
    """The captain and crew cards the ship carries, and each ability with the uses it has left."""
    entries: list[Entry] = []
    record = ship.ext.get("abilities") or {}
    captain = record.get("captain") or {}
    for kind, label in HOLDERS:
        for holder in ship.attached.get(kind, []):
            status = captain.get("status") if kind == "captain" and captain.get("id") == holder else None
            entries.append(_fact(label, _name(content, kind, holder) + (f", {status}" if status not in (None, "well") else "")))
    for card in record.get("cards", []):
        name = _name(content, "ability", card.get("ability", card.get("key", "?")))
        left = int(card.get("uses_left", 0) or 0)
        entries.append(_fact("ability", f"{name}: " + ("used" if card.get("state") == "discarded" or not left
                                                       else _plural(left, "use") + " left")))
    if not record:
        for kind, _ in HOLDERS:
            for holder in ship.attached.get(kind, []):
                if content.has(kind, holder):
                    abilities = [ability_of(content, a).name for a in content.get(kind, holder).abilities
                                 if content.has("ability", a)]
                    entries += [_fact("ability", str(a)) for a in abilities]
    return entries


def _reminders(ship: SailsShipState, options: set[str], data: dict[str, Any]) -> list[Entry]:
    """What other rules keep on the ship and a player reads beside the mat."""
    entries: list[Entry] = []
    aback = ship.ext.get("taken-aback") or {}
    if aback.get("reminder") is not None:
        entries.append(_fact("taken aback", _plural(max(int(aback.get("turns") or 1), 1), "turn")))
    aground = ship.ext.get("aground")
    if aground:
        entries.append(_fact("aground", _listed(aground.get("on") or ["yes"])))
    if "grog" in options:
        used = (ship.ext.get("grog") or {}).get("used")
        entries.append(_fact("grog", "ready" if used is None else f"drunk in turn {used}"))
    water = int((ship.ext.get("sinking-ships") or {}).get("received", 0) or 0)
    if water:
        entries.append(_fact("water taken", str(water)))
    repairs = ship.ext.get("repairs") or {}
    spent = [what for key, what in (("normal_used", "normal damage"), ("mast_used", "mast")) if repairs.get(key)]
    if spent:
        entries.append(_fact("repairs used", ", ".join(spent)))
    if repairs.get("working"):
        entries.append(_fact("repairing", _words(repairs["working"])))
    ships = data.get("ships") or {}
    for rule, key, label in PAIRINGS:
        others = [other for pair in ((data.get("ext") or {}).get(rule) or {}).get(key, [])
                  if ship.id in pair for other in pair if other != ship.id]
        if others:
            entries.append(_fact(label, ", ".join(str((ships.get(o) or {}).get("name", o)) for o in others)))
    return entries
