"""The exceptions sog raises for bad input.

Every error a user can cause (a broken content file, an unknown rule option, an illegal
decision, a damaged save file) is a subclass of :class:`SogError`, so the command line can
print it as one line and exit non-zero instead of showing a traceback.
"""

from __future__ import annotations

__all__ = [
    "SogError",
    "ConfigError",
    "PluginError",
    "IllegalDecision",
    "UnknownDecision",
    "NotYourDecision",
    "SaveFileError",
    "GameOver",
]


class SogError(Exception):
    """Base class of all errors caused by user input or content."""


class ConfigError(SogError, ValueError):
    """A game configuration (rules level, options, option settings) cannot be resolved."""


class PluginError(SogError):
    """A plugin is broken: it failed to import, declares a bad rule, or raised in a hook.

    The message names the plugin.
    """


class IllegalDecision(SogError, ValueError):
    """An answer is not among the legal choices of its decision. Nothing was changed."""


class UnknownDecision(IllegalDecision):
    """An answer names a decision that is not pending. Nothing was changed."""


class NotYourDecision(IllegalDecision):
    """A seat answered a decision that belongs to another seat. Nothing was changed."""


class SaveFileError(SogError, ValueError):
    """A save file or game log cannot be loaded: wrong format, wrong version, or edited."""


class GameOver(SogError):
    """The game has ended; it accepts no more decisions."""
