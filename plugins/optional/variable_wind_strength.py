"""Variable wind strength (rulebook pp. 42-43): the wind may drop to low or rise to high.

Only with the Advanced rules and Variable Wind Direction (``requires``); ruling R7 puts it at
the Advanced level.

* Start: medium, unless the scenario (or the players) chooses another strength with the
  setting ``start``. The strength is public: ``game.state.wind.strength``.
* Effect on movement (a blue card's line; red and grey cards ignore the sails, as in the
  sail-settings rule, which runs before this one in the movement pipeline):

  - low: each setting counts one step slower: full sails run the battle line, battle the
    backing line, and backing counts as struck sails (see ``LOW_BACKING``);
  - medium: ships move normally;
  - high: each setting counts one step faster: backing runs the battle line, battle the
    full line; full sails stay on the full line, but every move of a ship at full sails
    draws the randomizer (ruling R8: an E counter, back at once): a crew symbol means one
    sail damage, with all its effects (rulebook p. 33), a "0" means nothing.
  - struck sails stay struck at every strength.

* Change: at the beginning of every planning step one strength change counter is drawn from
  a cup of five (1 increase, 1 decrease, 3 unchanged):

  - a change with the gauge empty: the counter is laid on the wind gauge (*pending*); the
    strength does not change yet;
  - the opposite change while one is on the gauge: they *cancel*; the strength stays and
    both go back into the cup;
  - unchanged with the gauge empty: it goes back into the cup; nothing happens;
  - unchanged while a change is on the gauge: the pending change is *applied* (one step,
    never beyond low or high), and both counters go back into the cup.

  A new strength applies at once, to this turn's movement.

The cup and gauge are public: ``game.state.ext["variable-wind-strength"]`` holds ``cup``
(counter names), ``gauge`` (a counter name or ``None``) and ``stacked`` (the next draws,
forced by tests through :func:`stack`).

Rulings (named constants below): ``LOW_BACKING``, ``STRUCK_UNCHANGED``, ``HIGH_WIND_DRAW``,
``MOVES``, ``DRAW_TIME``, ``SAME_AS_GAUGE``, ``DRAW_ORDER``.
"""

from __future__ import annotations

import dataclasses
import sys

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.advanced.mat import SURRENDER_MASTS, apply_symbol, broken_masts
from sog.plugins.optional import cup
from sog.plugins.optional.levels import ADVANCED_ONLY
from sog.plugins.optional.shared import randomizer
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.content_models import ship_deck

NAME = "variable-wind-strength"
PLANNING = "planning"
MOVEMENT = "movement"
UP, DOWN, BLANK = "increase", "decrease", "unchanged"
#: The wind strength change counters of the Starter Set (rulebook p. 60).
CUP = {UP: 1, DOWN: 1, BLANK: 3}
#: The strength track of the wind gauge, left to right.
STRENGTHS = ("low", "medium", "high")
#: The strength at the start of a game unless the setting ``start`` says otherwise (p. 42).
DEFAULT_START = "medium"
#: Steps along the strength track for each change counter.
SHIFT = {UP: 1, DOWN: -1}
#: Sail settings from fastest to slowest (as on the ship mat) and the line of each.
SAILS = ("full", "battle", "backing", "struck")
#: Steps along ``SAILS`` (towards slower) at each strength.
SAIL_STEP = {"low": 1, "medium": 0, "high": -1}
STRUCK, FULL = "struck", "full"
#: Ruling: in low wind a ship with backing sails "is considered to have struck sails": its
#: revealed blue card is discarded and the ship stays where it is; it still plans as usual
#: (the wind, not the crew, struck its sails). ``"held"`` is the only reading implemented.
LOW_BACKING = "held"
#: Ruling: a ship whose sails are really struck is not shifted at any strength (the text says
#: so for high wind; low wind has no slower setting): its planned cards keep the backing line.
STRUCK_UNCHANGED = True
#: Ruling (R8): the high-wind draw is the randomizer: an E counter, returned at once; a crew
#: symbol gives one sail damage, a "0" nothing (the sentence is cut after "If the counter is a").
HIGH_WIND_DRAW = "randomizer"
#: Ruling: "each time it moves" is each executed card of a ship at full sails in high wind,
#: whatever its kind (blue, red or grey) and even if it stops at once at first contact; a
#: ship that does not execute a card (held, entangled, waiting) does not draw.
MOVES = "each ship-moved event"
#: Ruling: the high-wind draws are made at the end of the movement step, once every ship has
#: moved, in scenario order (so sail damage cannot change a move already revealed).
DRAW_TIME = "end of movement"
#: Ruling: a change counter drawn while the same change is on the gauge (impossible with the
#: Starter cup of one each) goes back into the cup; the pending change stays.
SAME_AS_GAUGE = "back into the cup"
#: Ruling: at the beginning of planning the direction counter is drawn before the strength
#: counter (the order of the rulebook's sections).
DRAW_ORDER = ("variable-wind-direction", NAME)

SETTINGS = {
    "type": "object",
    "properties": {"start": {"enum": list(STRENGTHS), "description": "The strength of the wind at the start."}},
    "additionalProperties": False,
}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "wind-strength-start": "The wind's strength at the start of the game.",
        "wind-strength-counter": "A wind strength change counter was drawn: counter, result (pending, cancelled, "
                                 "applied, unchanged), the gauge after it, the strength.",
        "wind-strength-changed": "The wind's strength changed one step: before, after, direction.",
        "wind-strength-held": "Low wind: a ship with backing sails counts as struck; its revealed card is discarded.",
        "high-wind-draw": "High wind: a ship that moved at full sails drew the randomizer; sail damage or not.",
        "sails-changed": "A ship's sail setting changed (set-up, action, sail damage), or an action had no effect.",
    }


def _own(game: Game) -> dict:
    return game.state.ext.setdefault(NAME, {})


def fresh_cup() -> list[str]:
    """Every strength change counter, sorted."""
    return sorted(name for name, count in CUP.items() for _ in range(count))


def strength(game: Game) -> str:
    """The wind's current strength (medium when no strength was ever set)."""
    return game.state.wind.strength or DEFAULT_START


def stack(game: Game, counters: list[str]) -> None:
    """Force the next draws (for tests reproducing a case); each must be in the cup.

    :raises PluginError: a counter that is not in the cup (or already stacked).
    """
    cup.stack(_own(game), counters, "wind strength")


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Fill the cup, clear the gauge and set the starting strength."""
    _own(game).update(cup=fresh_cup(), gauge=None, stacked=[])
    game.state.wind.strength = game.settings(NAME).get("start", DEFAULT_START)
    game.emit("wind-strength-start", strength=game.state.wind.strength)


def shifted(current: str, change: str) -> str:
    """The strength one step up or down the track, stopping at low and high."""
    index = STRENGTHS.index(current) + SHIFT[change]
    return STRENGTHS[min(max(index, 0), len(STRENGTHS) - 1)]


def change(game: Game) -> None:
    """Draw one strength change counter and follow p. 43 (the beginning of a planning step)."""
    own = _own(game)
    drawn = cup.draw(game, _own(game))
    gauge = own["gauge"]
    before = strength(game)
    if drawn == BLANK and gauge is None:
        result = "unchanged"
        cup.back(_own(game), drawn)
    elif drawn == BLANK:
        result = "applied"
        own["gauge"] = None
        game.state.wind.strength = shifted(before, gauge)
        cup.back(_own(game), gauge, drawn)
    elif gauge is None:
        result = "pending"
        own["gauge"] = drawn
    elif gauge != drawn:
        result = "cancelled"
        own["gauge"] = None
        cup.back(_own(game), gauge, drawn)
    else:  # SAME_AS_GAUGE
        result = "pending"
        cup.back(_own(game), drawn)
    after = strength(game)
    game.emit("wind-strength-counter", counter=drawn, result=result, gauge=own["gauge"], strength=after)
    if after != before:
        game.emit("wind-strength-changed", before=before, after=after, direction=gauge)


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    """At the beginning of planning; after the direction counter (``DRAW_ORDER``: that rule
    runs ``tryfirst``, this one in the normal order)."""
    if step.name == PLANNING:
        change(game)


def effective_sails(sails: str, wind: str) -> str:
    """The setting a ship's sails count as in this wind (``struck``: no line to run)."""
    if sails == STRUCK and STRUCK_UNCHANGED:
        return STRUCK
    index = SAILS.index(sails) + SAIL_STEP[wind]
    return SAILS[min(max(index, 0), len(SAILS) - 1)]


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """Shift a blue card's line one step with the wind; low wind holds a ship at backing sails."""
    wind = strength(game)
    if move.card is None or SAIL_STEP[wind] == 0 or ship.sails == STRUCK:
        return None
    if ship_deck(game.content, game.ship_doc(ship)).card(move.card).kind != "normal":
        return None
    counts_as = effective_sails(ship.sails, wind)
    if counts_as == STRUCK:  # LOW_BACKING
        game.emit("wind-strength-held", ship=ship.id, card=move.card, sails=ship.sails, strength=wind)
        return dataclasses.replace(move, card=None, line=None, colour=None)
    return None if counts_as == move.line else dataclasses.replace(move, line=counts_as)


def _moved_this_step(game: Game) -> set[str]:
    """Ships that executed a card in the current movement step (``MOVES``), from the log."""
    turn, moved = game.state.turn, set()
    for event in reversed(game.log.events):
        if event["turn"] != turn or event["step"] != MOVEMENT:
            break
        if event["kind"] == "ship-moved":
            moved.add(event["data"]["ship"])
    return moved


def high_wind_draws(game: Game) -> None:
    """Each ship that moved at full sails in high wind draws the randomizer (``HIGH_WIND_DRAW``)."""
    if strength(game) != "high":
        return
    moved = _moved_this_step(game)
    for ship in game.ships():
        if ship.id not in moved or ship.sails != FULL:
            continue
        damaged, counter = randomizer(game)
        effect = apply_symbol(game, ship, "sail") if damaged else None
        game.emit("high-wind-draw", ship=ship.id, counter=counter, sail_damage=damaged, effect=effect)
        if ship.in_play and broken_masts(ship) >= SURRENDER_MASTS:
            game.remove_ship(ship.id, "surrendered", cause="third broken mast")


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    """After every ship has moved (``DRAW_TIME``)."""
    if step.name == MOVEMENT:
        high_wind_draws(game)


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict) -> None:
    """Draws forced by tests are nobody's knowledge."""
    view.get("ext", {}).get(NAME, {}).pop("stacked", None)


RULE = sails_rule(NAME, "Low, medium or high wind shifts every blue card's line a step; full sails in high wind risk sail "
            "damage; strength counters drawn each planning step.", ADVANCED_ONLY, sys.modules[__name__],
            kind="option", requires=("variable-wind-direction",), settings_schema=SETTINGS, pages="rulebook pp. 42-43")
