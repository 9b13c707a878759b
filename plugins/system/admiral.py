"""The admiral: a look-ahead bot meant to beat the captain (issue 16). A stub for now: it plays
as the captain."""

from __future__ import annotations

from .captain import CaptainBot

__all__ = ["AdmiralBot"]


class AdmiralBot(CaptainBot):
    """Plays as :class:`CaptainBot` until its look-ahead lands."""
