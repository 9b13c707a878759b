"""Games on disk: one SQLite file, each game's save (the :mod:`sog.savefile` format, whose
``header`` and ``events`` are the game's log) and the digests of its links.

Every write is one transaction, so a crash leaves the previous save or the new one, never
half of either. A connection is opened per call (calls come from worker threads).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["DB_NAME", "Link", "Store"]

#: The database file inside the data folder.
DB_NAME = "games.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    events INTEGER NOT NULL,
    over INTEGER NOT NULL,
    save TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS links (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id),
    seat TEXT
);
"""

#: A link's game id and seat (``None``: the spectators' link).
Link = tuple[str, str | None]


class Store:
    """The SQLite store of a data folder (created if missing)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / DB_NAME
        with self._connection() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30)
        try:
            with db:  # one transaction: committed on success, rolled back on an error
                yield db
        finally:
            db.close()

    def create(self, game_id: str, scenario: str, save: Mapping[str, Any], links: Mapping[str, str | None]) -> None:
        """Store a new game and its links (digest -> seat, ``None`` for spectators) at once."""
        now = time.time()
        with self._connection() as db:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, scenario, now, now, len(save["events"]), int(save["state"].get("outcome") is not None),
                        json.dumps(save)))
            db.executemany("INSERT INTO links VALUES (?, ?, ?)", [(d, game_id, seat) for d, seat in links.items()])

    def save(self, game_id: str, save: Mapping[str, Any]) -> None:
        """Replace a game's save (one transaction)."""
        with self._connection() as db:
            cursor = db.execute("UPDATE games SET save = ?, updated = ?, events = ?, over = ? WHERE id = ?",
                                (json.dumps(save), time.time(), len(save["events"]),
                                 int(save["state"].get("outcome") is not None), game_id))
            if cursor.rowcount != 1:
                raise KeyError(game_id)

    def load(self, game_id: str) -> dict[str, Any] | None:
        """A game's save, or ``None``."""
        with self._connection() as db:
            row = db.execute("SELECT save FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def log_jsonl(self, game_id: str) -> str | None:
        """A game's log as JSON Lines (``sog replay`` reads it), from its save, or ``None``."""
        from sog.events import EventLog

        save = self.load(game_id)
        return None if save is None else EventLog(save["header"], save["events"]).to_jsonl()

    def link(self, digest: str) -> Link | None:
        """The game and seat of a link's digest, or ``None``."""
        with self._connection() as db:
            row = db.execute("SELECT game, seat FROM links WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1])

    def game_ids(self) -> list[str]:
        """Every stored game, oldest first."""
        with self._connection() as db:
            return [row[0] for row in db.execute("SELECT id FROM games ORDER BY created, id")]
