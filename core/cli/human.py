"""A person at the terminal: shown the legal choices of each decision, asked for one."""

from __future__ import annotations

from typing import Any

import click

from sog.decisions import DecisionRequest
from sog.game import SeatView

__all__ = ["HumanController"]


class HumanController:
    """Prompts for each decision; bad input is refused and asked again."""

    def decide(self, view: SeatView, request: DecisionRequest) -> Any:
        click.echo(f"\n[{view.seat}] {request.prompt}")
        for index, _ in enumerate(request.choices, start=1):
            click.echo(f"  {index:>2}. {request.label(index - 1)}")
        while True:
            text = click.prompt("choice", default="1", show_default=True).strip()
            if text.isdigit() and 1 <= int(text) <= len(request.choices):
                return request.choices[int(text) - 1]
            click.echo(f"  please type a number from 1 to {len(request.choices)}", err=True)
