"""The Advanced ship mat, shared by the Advanced rules: action counters, special damage, tracks.

This is not a rule: it is the bookkeeping of the parts of the ship mat that several Advanced
rules read and change, kept in one place so that each rule module stays about its own rule.

* **Action counters** (``ship.ext["crew-actions"]``): each ship has one counter of every
  action of its ``set`` (the standard ones, given by the crew-actions rule at set-up, and
  those optional rules add with :func:`give_counters`). A counter is in the unused box unless
  it is ``planned`` (face down, secret, this turn's planning), ``delayed`` (face up in the
  planned action box: a delayed action waiting for the next action phase, where it still
  takes one of the ship's crew actions) or ``busy`` (moved to the Special Damage box while
  its work is in progress, until the end of the turn). ``ship.actions`` lists the counters
  revealed this turn; the rule giving an action's effect judges it when the effect is due
  and calls :func:`reject` when it cannot take effect.
* **Special Damage box** (``ship.ext["special-damage"]``): the counts of fire on board,
  leak, sail damage and rudder markers and of broken masts (``masts``; ``fixed_masts`` of
  them, from the sixth sail damage, cannot be repaired).
* **Tracks**: fire and water damage markers fill a ship-track box alone; removing a box's
  contents shifts the later boxes left so that no box is left empty.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sog.plugins.system.state import Box, SailsShipState

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

# --------------------------------------------------------------------------- action names

INCREASE_SAILS = "increase-sails"
DECREASE_SAILS = "decrease-sails"
PUMP_WATER = "pump-water"
FIRE_LEFT = "fire-left"
FIRE_RIGHT = "fire-right"
MUSKETRY = "musketry"
RELOAD_LEFT = "reload-left"
RELOAD_RIGHT = "reload-right"
EXTINGUISH_FIRE = "extinguish-fire"
REPAIR_DAMAGE = "repair-damage"
#: The standard action counters (the full set every ship takes at set-up, p. 28), in the order
#: they are listed and resolved; actions of other rules (grog, boarding, ...) follow in
#: alphabetical order.
ACTION_ORDER = (INCREASE_SAILS, DECREASE_SAILS, PUMP_WATER, FIRE_LEFT, FIRE_RIGHT, MUSKETRY,
                RELOAD_LEFT, RELOAD_RIGHT, EXTINGUISH_FIRE, REPAIR_DAMAGE)
#: Text for people.
ACTION_LABELS = {
    INCREASE_SAILS: "increase sails", DECREASE_SAILS: "decrease sails", PUMP_WATER: "pump water",
    FIRE_LEFT: "fire the left broadside", FIRE_RIGHT: "fire the right broadside", MUSKETRY: "musketry fire",
    RELOAD_LEFT: "reload the left broadside", RELOAD_RIGHT: "reload the right broadside",
    EXTINGUISH_FIRE: "extinguish fire (delayed)", REPAIR_DAMAGE: "repair damage (delayed)",
    # Actions of optional rules (they offer them through sog_available_actions).
    "boarding": "prepare boarding parties", "extinguish-fire-enemy": "extinguish fire on the enemy",
    "grog": "let the men drink",
}
#: Ruling: the ship mat holds one counter of each action (the "full set" of p. 28), so an
#: action is planned at most this many times a turn.
COUNTERS_PER_ACTION = 1
#: Ruling R6: the two tracks' hand values combine by taking the smaller.
TRACKS_COMBINE = min
#: The rule that runs the action step; it declares ``action-illegal``, which others emit too.
ACTIONS_RULE = "crew-actions"
ILLEGAL_EVENT = {"action-illegal": "A revealed action was illegal when its effect was due (p. 29: it may be planned, "
                                    "as a bluff or by mistake): no effect; its counter returns to the unused box."}

# --------------------------------------------------------------------------- sails and damage

#: Sail settings from left (fastest) to right, as on the ship mat.
SAILS = ("full", "battle", "backing", "struck")
SPECIAL_RULE = "special-damage"
#: Markers that fill a ship-track box alone (fire and water damage).
FIRE_DAMAGE = "fire-damage"
WATER_DAMAGE = "water-damage"
HULL_MARKERS = (FIRE_DAMAGE, WATER_DAMAGE)
#: The counts kept in the Special Damage box.
SPECIAL_KEYS = ("fire", "leak", "sail", "rudder", "masts", "fixed_masts")
#: Ruling: sail damage caps the sails from above (2 or more: battle at most; 4 or more:
#: backing at most); lower settings, struck sails included, stay allowed.
SAIL_DAMAGE_CAPS = ((4, "backing"), (2, "battle"))


def order_key(action: str) -> tuple[int, str]:
    """Sort key of an action: the standard order, then others by name."""
    return (ACTION_ORDER.index(action), "") if action in ACTION_ORDER else (len(ACTION_ORDER), action)


def sorted_actions(actions: Iterable[str]) -> list[str]:
    """Actions in listing and resolution order."""
    return sorted(actions, key=order_key)


def counters(ship: SailsShipState) -> dict[str, Any]:
    """The ship's action-counter bookkeeping (created empty on first use)."""
    own = ship.ext.get(ACTIONS_RULE)
    if own is not None and "planned" in own and "delayed" in own and "busy" in own:
        return own  # the usual case: every list is there
    own = ship.ext.setdefault(ACTIONS_RULE, {})
    for key in ("planned", "delayed", "busy"):
        own.setdefault(key, [])
    return own


def counter_set(ship: SailsShipState) -> list[str]:
    """The action counters the ship has (its full set), in order."""
    return list(counters(ship).get("set", []))


def give_counters(ship: SailsShipState, actions: Iterable[str]) -> None:
    """Add action counters to the ship's set (at set-up: the standard set, an optional rule's own)."""
    own = counters(ship)
    own["set"] = sorted_actions(set(own.get("set", [])) | set(actions))


def take_counter(ship: SailsShipState, action: str) -> None:
    """Take a spent counter out of the ship's set for good (a once-a-game counter, e.g. grog)."""
    own = counters(ship)
    own["set"] = [a for a in own.get("set", []) if a != action]


def in_use(ship: SailsShipState) -> set[str]:
    """Counters out of the unused box for the coming planning: delayed or busy."""
    own = counters(ship)
    return set(own["delayed"]) | set(own["busy"])


def delay(ship: SailsShipState, action: str) -> None:
    """Leave a revealed counter face up in the planned action box until the next action phase."""
    own = counters(ship)
    if action not in own["delayed"]:
        own["delayed"].append(action)


def start(ship: SailsShipState, action: str) -> None:
    """Move a delayed counter to the Special Damage box: its work is in progress."""
    own = counters(ship)
    if action in own["delayed"]:
        own["delayed"].remove(action)
    if action not in own["busy"]:
        own["busy"].append(action)


def release(ship: SailsShipState, action: str) -> None:
    """Return a counter to the unused box (from wherever it lies)."""
    own = counters(ship)
    for key in ("delayed", "busy"):
        if action in own[key]:
            own[key].remove(action)


def reject(game: Game, ship: SailsShipState, action: str, reason: str) -> None:
    """An illegal action: no effect, its counter returns to the unused box, and the log says why."""
    if action in ship.actions:
        ship.actions.remove(action)
    release(ship, action)
    game.emit("action-illegal", ship=ship.id, action=action, reason=reason)


def special(ship: SailsShipState) -> dict[str, int]:
    """The Special Damage box's counts (created at zero on first use)."""
    own = ship.ext.setdefault(SPECIAL_RULE, {})
    for key in SPECIAL_KEYS:
        own.setdefault(key, 0)
    return own


def sail_cap(ship: SailsShipState) -> str:
    """The fastest sail setting the ship's sail damage allows (ruling ``SAIL_DAMAGE_CAPS``)."""
    damage = int(ship.ext.get(SPECIAL_RULE, {}).get("sail", 0))
    return next((cap for threshold, cap in SAIL_DAMAGE_CAPS if damage >= threshold), SAILS[0])


def faster(a: str, b: str) -> bool:
    """Is sail setting ``a`` faster (further left) than ``b``?"""
    return SAILS.index(a) < SAILS.index(b)


def hand_value(printed: Iterable[Any], boxes: list[Box]) -> int:
    """The crew actions a track shows: the leftmost hand symbol not covered by damage.

    Ruling (R6): a box may or may not show a hand symbol (``actions``); the value read is the
    one of the first uncovered box that shows one, and 0 when none is left.
    """
    for doc_box, box in zip(printed, boxes):
        if not box.covered and doc_box.actions is not None:
            return int(doc_box.actions)
    return 0


def crew_actions(game: Game, ship: SailsShipState) -> int:
    """The ship's crew actions: the smaller of the two tracks' hand values (ruling R6)."""
    doc = game.ship_doc(ship)
    return TRACKS_COMBINE(hand_value(doc.ship_track, ship.ship_track), hand_value(doc.crew_track, ship.crew_track))


def shift_out(track: list[Box], index: int) -> Box:
    """Take box ``index`` out of the track and shift the later boxes left; return it.

    An empty box is added at the right end, so the track keeps its length and no box is
    left empty between covered ones.
    """
    removed = track.pop(index)
    track.append(Box())
    return removed


def place_hull_marker(track: list[Box], marker: str) -> int | None:
    """Put a fire or water damage marker alone in the leftmost empty box, which is then full.

    Ruling: "an empty box" is the leftmost one. Returns its index, or ``None`` if no box is
    empty (the track is already covered).
    """
    for index, box in enumerate(track):
        if not box.covered:
            box.markers.append(marker)
            box.full = True
            return index
    return None


# --------------------------------------------------------------------------- special-damage symbols
# The effect of each damage symbol (rulebook pp. 30-33), shared by the special-damage rule
# and the optional rules that deal special damage (aiming high, wind strength, ...).

#: Ruling: which markers are placed first at the start of a turn.
MARKER_ORDER = (("fire", FIRE_DAMAGE), ("leak", WATER_DAMAGE))
#: A ship with this many broken masts surrenders.
SURRENDER_MASTS = 3
#: Sail damage: from this many, no full sails / only backing / a broken mast (once).
SAIL_NO_FULL, SAIL_BACKING_ONLY, SAIL_MAST = 2, 4, 6
#: Ruling: at most this many damaged-rudder markers; further rudder hits break masts.
RUDDER_LIMIT = 1
VEER = "veer"


def broken_masts(ship: SailsShipState) -> int:
    """Broken masts (repairable or not)."""
    return int(ship.ext.get(SPECIAL_RULE, {}).get("masts", 0))


def _break_mast(ship: SailsShipState, fixed: bool) -> str:
    box = special(ship)
    box["masts"] += 1
    box["fixed_masts"] += int(fixed)
    return "broken mast (cannot be repaired)" if fixed else "broken mast"


def _cap_sails(game: Game, ship: SailsShipState) -> None:
    cap = sail_cap(ship)
    if faster(ship.sails, cap):
        before, ship.sails = ship.sails, cap
        game.emit("sails-changed", ship=ship.id, before=before, after=cap, reason="sail damage")


def apply_symbol(game: Game, ship: SailsShipState, symbol: str) -> str:
    """Give one special-damage symbol its effect; return what happened, for the log."""
    box = special(ship)
    if symbol in ("fire", "leak"):
        box[symbol] += 1
        return "fire on board" if symbol == "fire" else "leak"
    if symbol == "mast":
        return _break_mast(ship, fixed=False)
    if symbol == "rudder":
        if box["rudder"] >= RUDDER_LIMIT:
            return _break_mast(ship, fixed=False)
        box["rudder"] += 1
        veer = ship.ext.setdefault(VEER, {})
        veer["modifier"] = int(veer.get("modifier", 0)) - 1
        return "damaged rudder: veer -1"
    box["sail"] += 1
    if box["sail"] == SAIL_MAST:
        return _break_mast(ship, fixed=True)
    _cap_sails(game, ship)
    if box["sail"] in (SAIL_NO_FULL, SAIL_BACKING_ONLY):
        return f"sail damage {box['sail']}: sails at most {sail_cap(ship)}"
    return f"sail damage {box['sail']}"
