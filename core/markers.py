"""The pluggy markers of sog: ``hookimpl`` for plugins, ``hookspec`` for the core.

Kept in their own module so that :mod:`sog.hookspecs` and every plugin can import them
without importing the game machinery.
"""

from __future__ import annotations

import pluggy

__all__ = ["PROJECT_NAME", "hookimpl", "hookspec"]

PROJECT_NAME = "sog"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
