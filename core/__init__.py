"""sog: a rules engine for tabletop wargames, every rule a plugin, all content data.

The core (this package) knows turns, steps, decisions, dice, counter pools, events and
content, and no game: a *game system* (:mod:`sog.systems`) brings its levels, piece state and
rules as plugins (the built-in system in :mod:`sog.plugins`, others from installed
distributions); every ship, deck, counter pool and scenario is data (:mod:`sog.content`
packs and the packs of installed distributions).

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
