"""Parameter types of the game commands: checked by click before anything runs.

A bad value is a usage error (exit 2, click's one ``Error:`` line naming the option) and
nothing has started yet: no game is played whose log or save could not be written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from sog.rng import SEED_MAX

__all__ = ["SEED_RANGE", "IdsAssignment", "OutputFile", "SeatAssignment", "RuleSetting", "assignments", "id_lists", "rule_settings"]



class _SeedRange(click.IntRange):
    """0 to 2**64 - 1, said so in errors (not as twenty digits)."""

    def _describe_range(self) -> str:
        return "0<=x<=2**64-1"


SEED_RANGE = _SeedRange(0, SEED_MAX)


class OutputFile(click.Path):
    """A file sog will write: its folder must exist and be writable, and it must not be a folder."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, writable=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = super().convert(value, param, ctx)
        folder = Path(os.fsdecode(path)).parent
        if not folder.is_dir():
            self.fail(f"the folder {click.format_filename(str(folder))!r} does not exist", param, ctx)
        if not os.access(folder, os.W_OK | os.X_OK):
            self.fail(f"the folder {click.format_filename(str(folder))!r} is not writable", param, ctx)
        return path


class SeatAssignment(click.ParamType):
    """``SEAT=NAME``: a seat and who plays it (a bot name, or ``human``)."""

    name = "seat=name"

    def __init__(self, what: str) -> None:
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        seat, sep, name = str(value).partition("=")
        if not sep or not seat.strip() or not name.strip():
            self.fail(f"{value!r} is not SEAT={self.what}", param, ctx)
        return seat.strip(), name.strip()


def assignments(values: tuple[tuple[str, str], ...], option: str) -> dict[str, str]:
    """The seats of a repeatable ``SEAT=NAME`` option; a seat given twice is a usage error."""
    chosen: dict[str, str] = {}
    for seat, name in values:
        if seat in chosen and chosen[seat] != name:
            raise click.BadParameter(f"seat {seat!r} is given twice ({chosen[seat]}, {name})", param_hint=f"'{option}'")
        chosen[seat] = name
    return chosen


class IdsAssignment(click.ParamType):
    """``KEY=ID[,ID...]`` (or ``KEY=ID`` with ``single``): e.g. a side and its ships."""

    name = "key=ids"

    def __init__(self, key: str, what: str, single: bool = False) -> None:
        self.key, self.what, self.single = key, what, single

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        key, sep, text = str(value).partition("=")
        ids = tuple(part.strip() for part in text.split(","))
        shape = f"{self.key}={self.what}" if self.single else f"{self.key}={self.what}[,{self.what}...]"
        if not sep or not key.strip() or not all(ids) or (self.single and len(ids) > 1):
            self.fail(f"{_short(value)!r} is not {shape}", param, ctx)
        return key.strip(), ids


def id_lists(values: tuple[tuple[str, tuple[str, ...]], ...], option: str) -> dict[str, tuple[str, ...]]:
    """The keys of a repeatable ``KEY=ID[,ID...]`` option; a key given twice is a usage error."""
    chosen: dict[str, tuple[str, ...]] = {}
    for key, ids in values:
        if key in chosen:
            raise click.BadParameter(f"{key!r} is given twice", param_hint=f"'{option}'")
        chosen[key] = ids
    return chosen


def rule_settings(values: tuple[tuple[str, dict[str, Any]], ...], option: str) -> dict[str, dict[str, Any]]:
    """The rule settings of a repeatable ``RULE=JSON`` option; a rule given twice with different
    settings is a usage error."""
    chosen: dict[str, dict[str, Any]] = {}
    for rule, value in values:
        if rule in chosen and chosen[rule] != value:
            raise click.BadParameter(f"the settings of {rule!r} are given twice", param_hint=f"'{option}'")
        chosen[rule] = value
    return chosen


class RuleSetting(click.ParamType):
    """``RULE=JSON``: the settings of a rule, a JSON object (checked by the rule's schema later)."""

    name = "rule=json"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        rule, sep, text = str(value).partition("=")
        if not sep or not rule.strip():
            self.fail(f"{_short(value)!r} is not RULE=JSON", param, ctx)
        try:
            settings = json.loads(text)
        except json.JSONDecodeError as exc:
            self.fail(f"{rule}: not JSON: {exc.msg} (column {exc.colno})", param, ctx)
        except RecursionError:
            self.fail(f"{rule}: the JSON is nested too deeply", param, ctx)
        except ValueError as exc:  # integers of thousands of digits
            self.fail(f"{rule}: not usable JSON: {str(exc).split(';')[0]}", param, ctx)
        if not isinstance(settings, dict):
            self.fail(f"{rule}: the settings must be a JSON object {{...}}, not {_json_kind(settings)}", param, ctx)
        return rule.strip(), settings


def _json_kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return {list: "an array", str: "a string"}.get(type(value), "a number")


def _short(value: Any, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."
