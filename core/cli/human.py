"""A person at the terminal: shown the legal choices of each decision, asked for one.

Only a number from 1 to the number of choices, in ASCII digits, is an answer; anything
else (``x``, ``٣``, ``²``, a number of thousands of digits) is refused and asked again. A
decision with a number range (a distance, a number of men) takes a number in the range
instead, in ASCII digits with at most one decimal point.
When the input ends (Ctrl-D, or a closed stdin) the controller raises :class:`EndOfInput`;
Ctrl-C at the prompt raises :class:`KeyboardInterrupt`; the command then saves the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from sog.decisions import DecisionRequest, NumberRange
from sog.game import SeatView

__all__ = ["ChoiceNumber", "EndOfInput", "HumanController", "RangeNumber"]


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


class HumanController:
    """Prompts for each decision; bad input is refused and asked again.

    ``before_prompt`` is called just before each prompt, when the game is between two
    answers (the command keeps a snapshot there, so an interrupt loses no earlier answer).
    """

    def __init__(self, before_prompt: Callable[[], None] | None = None) -> None:
        self._before_prompt = before_prompt

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        if self._before_prompt is not None:
            self._before_prompt()
        click.echo(f"\n[{view.seat}] {request.prompt}")
        if request.number is None:
            for index, _ in enumerate(request.choices, start=1):
                click.echo(f"  {index:>2}. {request.label(index - 1)}")
        try:
            if request.number is not None:
                return click.prompt(f"number ({request.number.describe()})", default=str(request.number.min),
                                    show_default=True, type=RangeNumber(request.number))
            number = click.prompt("choice", default="1", show_default=True, type=ChoiceNumber(len(request.choices)))
        except click.Abort as abort:
            # click turns both Ctrl-D (EOFError) and Ctrl-C (KeyboardInterrupt) into Abort.
            click.echo()  # end the prompt's line
            if isinstance(abort.__context__, EOFError):
                raise EndOfInput() from None
            raise KeyboardInterrupt() from None
        return request.choices[number - 1]
