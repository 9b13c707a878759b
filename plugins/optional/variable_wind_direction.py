"""Variable wind direction (rulebook pp. 41-42): the wind may veer or back 45° during a battle.

* Start: the wind blows from the scenario's direction, or, with the setting
  ``random_start``, from one of the eight compass points drawn with the game's generator
  (the eight wind direction counters).
* Change: at the beginning of every planning step one direction change counter is drawn from
  a cup of ten (3 clockwise, 3 counter-clockwise, 4 unchanged):

  - unchanged: it goes back into the cup; nothing changes;
  - a change with the gauge empty: the counter is laid on the wind gauge; the wind does not
    change yet;
  - a change with a counter on the gauge: the same direction turns the wind 45° that way;
    opposite directions cancel. Either way both counters go back into the cup.

  The wind thus turns only after two changes in the same direction. A new wind applies at
  once: to this turn's planning and movement.

The cup, the gauge and the wind are public: ``game.state.ext["variable-wind-direction"]``
holds ``cup`` (counter names), ``gauge`` (a counter name or ``None``) and ``stacked`` (the
next draws, forced by tests through :func:`stack`).

Rulings:

* ``START_DIRECTIONS``: a random start is one of the eight compass points, each equally likely.
* ``CANCELLED_GO_BACK``: two opposite counters go back into the cup (the text's example says
  "discarded"; its rule says both are reshuffled, which keeps the cup at ten).
* ``CLOCKWISE``: clockwise is seen from above with north up: West turns to North-West.
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.optional import cup
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.system import sails_rule

NAME = "variable-wind-direction"
PLANNING = "planning"
CW, CCW, BLANK = "clockwise", "counter-clockwise", "unchanged"
#: The direction change counters of the Starter Set (rulebook p. 58).
CUP = {CW: 3, CCW: 3, BLANK: 4}
#: Ruling: clockwise adds 45° to the compass direction the wind blows from.
CLOCKWISE = 45.0
#: Degrees the wind turns for each change direction.
TURN = {CW: CLOCKWISE, CCW: -CLOCKWISE}
#: Ruling: a random start is one of these directions the wind blows from, equally likely.
START_DIRECTIONS = (0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0)
#: Ruling: two opposite counters go back into the cup (``False``: they leave the game).
CANCELLED_GO_BACK = True

SETTINGS = {
    "type": "object",
    "properties": {"random_start": {"type": "boolean", "description": "Draw the starting wind direction at random."}},
    "additionalProperties": False,
}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "wind-start": "The starting wind direction was drawn at random.",
        "wind-counter": "A wind direction change counter was drawn: the counter, the gauge after it, the wind.",
        "wind-changed": "The wind turned 45 degrees: from, to, direction.",
    }


def _own(game: Game) -> dict:
    return game.state.ext.setdefault(NAME, {})


def fresh_cup() -> list[str]:
    """Every direction change counter, sorted."""
    return sorted(name for name, count in CUP.items() for _ in range(count))


def stack(game: Game, counters: list[str]) -> None:
    """Force the next draws (for tests reproducing an example); each must be in the cup.

    :raises PluginError: a counter that is not in the cup (or already stacked).
    """
    cup.stack(_own(game), counters, "wind")


@hookimpl
def sog_game_setup(game: Game) -> None:
    own = _own(game)
    own.update(cup=fresh_cup(), gauge=None, stacked=[])
    if game.settings(NAME).get("random_start"):
        game.state.wind.from_ = START_DIRECTIONS[game.rng.randbelow(len(START_DIRECTIONS))]
        game.emit("wind-start", wind=game.state.wind.from_)


def change(game: Game) -> None:
    """Draw one change counter and apply it (the beginning of a planning step)."""
    own = _own(game)
    drawn = cup.draw(game, _own(game))
    gauge = own["gauge"]
    before = game.state.wind.from_
    if drawn == BLANK:
        cup.back(_own(game), drawn)
    elif gauge is None:
        own["gauge"] = drawn
    else:
        own["gauge"] = None
        if gauge == drawn:
            game.state.wind.from_ = (before + TURN[drawn]) % 360.0
            cup.back(_own(game), gauge, drawn)
        elif CANCELLED_GO_BACK:
            cup.back(_own(game), gauge, drawn)
    game.emit("wind-counter", counter=drawn, gauge=own["gauge"], wind=game.state.wind.from_)
    if game.state.wind.from_ != before:
        game.emit("wind-changed", before=before, after=game.state.wind.from_, direction=drawn)


@hookimpl(tryfirst=True)
def sog_step_begin(game: Game, step: Step) -> None:
    """At the beginning of planning, before any other rule's work (attitudes use the new wind)."""
    if step.name == PLANNING:
        change(game)



@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict) -> None:
    """Draws forced by tests are nobody's knowledge."""
    view.get("ext", {}).get(NAME, {}).pop("stacked", None)

RULE = sails_rule(NAME, "Each planning step draws a wind change counter; two changes the same way turn the wind 45 degrees.",
            ALL_LEVELS, sys.modules[__name__], kind="option", settings_schema=SETTINGS, pages="rulebook pp. 41-42")
