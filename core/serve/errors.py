"""The one error the web surface answers with: an HTTP status and a message for people."""

from __future__ import annotations

__all__ = ["ApiError"]


class ApiError(Exception):
    """A request the server refuses: ``status`` (4xx) and a one-line ``message``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
