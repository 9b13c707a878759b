"""Saving a game in progress and loading it to continue exactly where it stopped.

A save file is one JSON object: format, version, the log header (the game's configuration),
the state (RNG position included), the events so far, optionally who played each seat (with
each bot's generator state), and a SHA-256 checksum of the rest, so a file edited by hand is
refused instead of continuing a corrupted game. A file edited *and* re-checksummed must
still be a position a game can reach (:mod:`sog.save_checks`). Files are written
atomically. Its JSON Schema is ``schemas/save.json``.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError
from referencing import Registry, Resource

from sog.errors import SaveFileError
from sog.events import dumps
from sog.fileio import parse_json, read_json_text, write_atomically
from sog.game import Game
from sog.packs.errors import UnknownId
from sog.packs.library import Library
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue
from sog.rules import resolve_rules

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "SavedGame", "dump_game", "load_game", "load_saved", "read_save", "save_data",
    "save_game", "write_save",
]

SAVE_FORMAT = "sog-save"
SAVE_VERSION = 2


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(dumps(body).encode()).hexdigest()


def save_data(header: dict[str, Any], state: dict[str, Any], events: list[dict[str, Any]],
              seats: dict[str, Any] | None = None) -> dict[str, Any]:
    """A save-file object from its parts (``state`` as JSON data), checksum included.

    ``seats`` (optional) says who played each seat and the state of each bot's own
    generator, so ``sog resume`` continues with the same bots exactly where they were.
    """
    body: dict[str, Any] = {"header": header, "state": state, "events": events}
    if seats is not None:
        body["seats"] = seats
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **body, "checksum": _checksum(body)}


def dump_game(game: Game, *, seats: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save-file object of ``game`` (see :func:`save_data` for ``seats``)."""
    return save_data(game.log.header, game.snapshot().model_dump(mode="json", by_alias=True), game.log.events, seats)


def write_save(data: dict[str, Any], path: str | Path) -> None:
    """Write a save-file object to ``path`` atomically (the old file stays until the new one is whole).

    :raises OSError: the file cannot be written.
    """
    # Not sort_keys: the order of ships, sides and pools is part of the state (scenario order).
    write_atomically(path, json.dumps(data, indent=1) + "\n")


def save_game(game: Game, path: str | Path, *, seats: dict[str, Any] | None = None) -> None:
    """Write ``game`` to ``path`` as JSON, atomically."""
    write_save(dump_game(game, seats=seats), path)


def _schema_file(name: str) -> dict[str, Any]:
    return json.loads(files("sog.schemas").joinpath(name).read_text(encoding="utf-8"))


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    """The save-file validator, with ``log.json`` resolvable for its ``$ref``."""
    log = _schema_file("log.json")
    save = _schema_file("save.json")
    registry = Registry().with_resources([(log["$id"], Resource.from_contents(log)), (save["$id"], Resource.from_contents(save))])
    return jsonschema.Draft202012Validator(save, registry=registry)


@dataclass(frozen=True)
class SavedGame:
    """A loaded save: the game, and who played each seat (empty for saves without it)."""

    game: Game
    seats: dict[str, Any]


def read_save(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    """The checked JSON of a save file: readable, a save of this version, valid, checksum right.

    :raises SaveFileError: one line saying what is wrong, starting with the file name.
    """
    where = str(source) if not isinstance(source, dict) else "save data"
    if isinstance(source, dict):
        data: Any = source
    else:
        text = read_json_text(source, "sog save file")
        try:
            data = parse_json(text)
        except ValueError as exc:
            raise SaveFileError(f"{where}:{exc}" if str(exc)[:1].isdigit() else f"{where}: {exc}") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"{where}: not a sog save file (a JSON {_json_type(data)}, not an object)")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{where}: not a sog save file")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(f"{where}: save format version {data.get('version')!r}; this sog reads version {SAVE_VERSION}")
    try:
        errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    except RecursionError:
        raise SaveFileError(f"{where}: not a usable save file: nested too deeply") from None
    if errors:
        err = errors[0]
        message = err.message if len(err.message) <= 200 else err.message[:200] + "..."
        raise SaveFileError(f"{where}: /{'/'.join(map(str, err.absolute_path))}: {message}")
    body = {k: data[k] for k in ("header", "state", "events", "seats") if k in data}
    if _checksum(body) != data["checksum"]:
        raise SaveFileError(f"{where}: checksum mismatch: the file was changed after it was saved")
    return data


def _json_type(value: Any) -> str:
    return {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")


def load_saved(source: str | Path | dict[str, Any], *, library: Library | None = None,
               catalogue: Catalogue | None = None) -> SavedGame:
    """Load a save file: the game, ready to continue, and its seats.

    :raises SaveFileError: unreadable, not a save file, another format version, edited by
        hand (checksum), invalid or inconsistent state (:func:`sog.save_checks.check_save`),
        or the packs or rules it needs are missing.
    """
    from sog.packs.loader import load_library
    from sog.save_checks import check_save
    from sog.setup import build_game

    where = str(source) if not isinstance(source, dict) else "save data"
    data = read_save(source)
    header = data["header"]
    catalogue = catalogue or create_catalogue()
    name = data["state"].get("system") if isinstance(data["state"], dict) else None
    system = catalogue.systems.get(name) if isinstance(name, str) else None
    if system is None:
        raise SaveFileError(f"{where}: /state/system: game system {name!r} is not installed here "
                            f"(installed: {', '.join(catalogue.systems) or 'none'})")
    try:
        state = system.state_model.model_validate(data["state"])
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SaveFileError(f"{where}: /state/{'/'.join(map(str, first['loc']))}: {first['msg']}") from None
    library = library or load_library(kinds=content_kinds(catalogue))
    mismatch = library.pack_mismatch(header.get("packs", []))
    if mismatch is not None:
        raise SaveFileError(f"{where}: needs {mismatch}")
    try:
        selection = resolve_rules(catalogue.rules, system, header["level"], header["options"], header["settings"], header.get("blocked", []))
    except Exception as exc:
        raise SaveFileError(f"{where}: its rules cannot be set up here: {exc}") from None
    try:
        game = build_game(state, library, selection, header, data["events"], system=system)
    except KeyError as exc:  # a pool or document the packs lack (UnknownId)
        raise SaveFileError(f"{where}: inconsistent save: {exc if isinstance(exc, UnknownId) else exc.args[0]}") from None
    game.refresh_idle_rules()
    seats = data.get("seats", {})
    check_save(game, seats, where=where)
    return SavedGame(game, seats)


def load_game(source: str | Path | dict[str, Any], *, library: Library | None = None, catalogue: Catalogue | None = None) -> Game:
    """Load a saved game, ready to continue (see :func:`load_saved`).

    :raises SaveFileError: see :func:`load_saved`.
    """
    return load_saved(source, library=library, catalogue=catalogue).game
