"""sog: a rules engine for the Sails of Glory naval wargame.

The core (this package) knows turns, steps, decisions, randomness, events and content; every
rule is a plugin (:mod:`sog.plugins` and third-party distributions), every ship, deck,
counter pool and scenario is data (:mod:`sog.content` packs).

Plugins mark their hook implementations with :data:`hookimpl`::

    from sog import hookimpl

    @hookimpl
    def sog_turn_steps(game): ...
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from sog.markers import hookimpl, hookspec

try:
    __version__ = version("sog")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__", "hookimpl", "hookspec"]
