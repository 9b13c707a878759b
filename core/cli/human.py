"""A person at the terminal: shown the legal choices of each decision, asked for one.

Only a number from 1 to the number of choices, in ASCII digits, is an answer; anything
else (``x``, ``٣``, ``²``, a number of thousands of digits) is refused and asked again. A
decision with a number range (a distance, a number of men) takes a number in the range
instead, in ASCII digits with at most one decimal point.
When the input ends (Ctrl-D, or a closed stdin) the controller raises :class:`EndOfInput`;
Ctrl-C at the prompt raises :class:`KeyboardInterrupt`; the command then saves the game.

The controller sees only its seat's view; what the command adds to a prompt (the short
state of the seat's ships, what each choice would do, passing the terminal between two
people) comes through :class:`PromptAids`, which the command builds where it knows the game.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any, Protocol

import click

from sog.decisions import DecisionRequest, NumberRange
from sog.game import SeatView

__all__ = ["ChoiceNumber", "EndOfInput", "HumanController", "PromptAids", "RangeNumber", "clear_screen",
           "press_enter", "wrapped"]


class EndOfInput(Exception):
    """The person's input ended before they answered (Ctrl-D or stdin closed)."""


class ChoiceNumber(click.ParamType):
    """A choice's number, 1 to ``count``, typed in ASCII digits."""

    name = "number"

    def __init__(self, count: int) -> None:
        self.count = count

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        # str.isdigit() alone accepts '٣' and '²'; int() would take the first and choke on the second.
        if text.isascii() and text.isdigit() and len(text) <= len(str(self.count)) and 1 <= int(text) <= self.count:
            return int(text)
        self.fail(f"please type a number from 1 to {self.count}", param, ctx)


class RangeNumber(click.ParamType):
    """A number of a request's :class:`~sog.decisions.NumberRange`, typed in ASCII."""

    name = "number"

    def __init__(self, number: NumberRange) -> None:
        self.number = number

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | float:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and self.number.contains(value):
            return value
        text = str(value).strip()
        whole, _, fraction = text.partition(".")
        if text.isascii() and len(text) <= 24 and whole.lstrip("-").isdigit() and (not fraction or fraction.isdigit()):
            number: int | float = float(text) if fraction else int(text)
            if self.number.contains(number):
                return number
        self.fail(f"please type a number from {self.number.describe()}", param, ctx)


def _ask(text: str, **options: Any) -> Any:
    """``click.prompt``, its end of input raised as :class:`EndOfInput` and Ctrl-C as :class:`KeyboardInterrupt`."""
    try:
        return click.prompt(text, **options)
    except click.Abort as abort:
        # click turns both Ctrl-D (EOFError) and Ctrl-C (KeyboardInterrupt) into Abort.
        click.echo()  # end the prompt's line
        if isinstance(abort.__context__, EOFError):
            raise EndOfInput() from None
        raise KeyboardInterrupt() from None


def press_enter(text: str) -> None:
    """Print ``text`` and wait for a line (any line: Enter); the input's end raises :class:`EndOfInput`."""
    _ask(text, default="", show_default=False, prompt_suffix=" ")


def clear_screen() -> None:
    """Clear the terminal and its scroll-back, so the next person cannot read what was there.

    When stdout is no terminal (a file, a pipe, a test) a separator line stands for it.
    """
    if sys.stdout.isatty():
        click.clear()
        click.echo("\033[3J", nl=False)  # the scroll-back too (xterm's "erase saved lines")
    else:
        click.echo("\n" + "=" * min(_width(), 72))


def _width() -> int:
    return max(40, shutil.get_terminal_size().columns - 1)


def wrapped(line: str, hanging: int = 4) -> str:
    """``line`` wrapped to the terminal's width, keeping its indent; later lines indented ``hanging`` more.

    A choice line's later lines start under its label (``hanging`` counts from the indent).
    """
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    wrapper = textwrap.TextWrapper(width=_width(), initial_indent=indent, subsequent_indent=" " * (len(indent) + hanging),
                                   break_on_hyphens=False, break_long_words=False)
    return wrapper.fill(body) or line


def _unlabelled(note: str, label: str) -> str:
    """``note`` without the choice's name it may start with (the line shows the label already):
    the label itself, or a head before ``": "`` whose first word is the label's (``B-1 (veer 5): ...``
    after ``B-1 (normal veer 5)``); empty when the note says no more than the label."""
    if note.startswith(label):
        return note[len(label):].lstrip(" :;,—-")
    head, colon, rest = note.partition(": ")
    if colon and head.split()[:1] == label.split()[:1]:
        return rest
    return note


class PromptAids(Protocol):
    """What the command adds to a person's prompts (it knows the game; the controller, one seat's view)."""

    def hand_over(self, seat: str) -> None:
        """Just before each prompt of ``seat``: pass the terminal to it when another seat had it, and
        tell it what it has not read yet. May raise :class:`EndOfInput` or :class:`KeyboardInterrupt`."""

    def ship_lines(self, view: SeatView) -> list[str]:
        """The short state of the seat's own ships and of the others it sees, a line each (indented)."""

    def choice_notes(self, view: SeatView, request: DecisionRequest) -> list[str | None]:
        """What each choice of ``request`` would do, ``None`` where nothing is known."""


class HumanController:
    """Prompts for each decision; bad input is refused and asked again.

    ``before_prompt`` is called just before each prompt, when the game is between two
    answers (the command keeps a snapshot there, so an interrupt loses no earlier answer).
    ``aids`` (optional) adds the hand-over, the short state of the seat's ships before the
    first prompt of each decision round, and a note after each choice's label.
    """

    def __init__(self, before_prompt: Callable[[], None] | None = None, aids: PromptAids | None = None) -> None:
        self._before_prompt = before_prompt
        self._aids = aids
        self._round: SeatView | None = None  # the view of the round last prompted: a new one is a new round

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if self._before_prompt is not None:
            self._before_prompt()
        if self._aids is not None:
            self._aids.hand_over(view.seat)
            if view is not self._round:
                for line in self._aids.ship_lines(view):
                    click.echo(wrapped(line))
        self._round = view
        click.echo()
        click.echo(wrapped(f"[{view.seat}] {request.prompt}"))
        if request.number is not None:
            return _ask(f"number ({request.number.describe()})", default=str(request.number.min),
                        show_default=True, type=RangeNumber(request.number))
        notes = self._aids.choice_notes(view, request) if self._aids is not None else []
        for index in range(len(request.choices)):
            note = notes[index] if index < len(notes) else None
            mark, label = f"  {index + 1:>2}. ", request.label(index)
            note = _unlabelled(note or "", label)
            hanging = len(mark.strip(" ")) + 1  # the label's column, from the number's
            click.echo(wrapped(mark + label + (f" — {note}" if note else ""), hanging=hanging))
        number = _ask("choice", default="1", show_default=True, type=ChoiceNumber(len(request.choices)))
        return request.choices[number - 1]
