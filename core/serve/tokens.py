"""Seat links: unguessable tokens, stored only as their SHA-256 digests.

A token is ``secrets.token_urlsafe(32)`` (256 random bits). The store keeps its digest, so a
copy of the database gives no working link; a request's token is looked up by its digest
(an index lookup of a hash reveals nothing about the token through timing).
"""

from __future__ import annotations

import hashlib
import re
import secrets

__all__ = ["TOKEN_BYTES", "new_token", "token_digest", "well_formed"]

#: Random bytes in a token.
TOKEN_BYTES = 32
_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,128}$")


def new_token() -> str:
    """A fresh unguessable token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """The hex SHA-256 digest the store keeps of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def well_formed(token: str) -> bool:
    """Whether ``token`` could be one of ours (anything else is refused before the store)."""
    return bool(_SHAPE.match(token))
