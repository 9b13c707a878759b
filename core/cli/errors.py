"""Turning user errors into one line and an exit code, never a traceback."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from sog.errors import SogError

__all__ = ["silence_stdout", "user_errors"]

F = TypeVar("F", bound=Callable[..., Any])


def user_errors(func: F) -> F:
    """Decorate a click command: a :class:`SogError` prints ``error: ...`` and exits 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except SogError as exc:
            for line in str(exc).splitlines() or [type(exc).__name__]:
                click.echo(f"error: {line}", err=True)
            raise SystemExit(1) from None

    return wrapper  # type: ignore[return-value]


def silence_stdout() -> None:
    """Point stdout at the null device so that exiting does not fail again on its buffer."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture stdout): nothing to flush at exit
