"""Saving a game in progress and loading it to continue exactly where it stopped.

A save file is one JSON object: format, version, the log header (the game's configuration),
the state (RNG position included), the events so far, and a SHA-256 checksum of the rest,
so a file edited by hand is refused instead of continuing a corrupted game. Its JSON Schema
is ``schemas/save.json``.
"""

from __future__ import annotations

import hashlib
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError
from referencing import Registry, Resource

from sog.errors import SaveFileError
from sog.events import dumps
from sog.game import Game
from sog.packs.library import Library
from sog.pluginmanager import Catalogue, create_catalogue
from sog.rules import resolve_rules
from sog.state import GameState

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "dump_game", "load_game", "save_game"]

SAVE_FORMAT = "sog-save"
SAVE_VERSION = 1


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(dumps(body).encode()).hexdigest()


def dump_game(game: Game) -> dict[str, Any]:
    """The save-file object of ``game``."""
    body = {
        "header": game.log.header,
        "state": game.snapshot().model_dump(mode="json", by_alias=True),
        "events": game.log.events,
    }
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **body, "checksum": _checksum(body)}


def save_game(game: Game, path: str | Path) -> None:
    """Write ``game`` to ``path`` as JSON."""
    # Not sort_keys: the order of ships, sides and pools is part of the state (scenario order).
    Path(path).write_text(json.dumps(dump_game(game), indent=1) + "\n", encoding="utf-8")


def _schema_file(name: str) -> dict[str, Any]:
    return json.loads(files("sog.schemas").joinpath(name).read_text(encoding="utf-8"))


def _validator() -> jsonschema.Draft202012Validator:
    """The save-file validator, with ``log.json`` resolvable for its ``$ref``."""
    log = _schema_file("log.json")
    save = _schema_file("save.json")
    registry = Registry().with_resources([(log["$id"], Resource.from_contents(log)), (save["$id"], Resource.from_contents(save))])
    return jsonschema.Draft202012Validator(save, registry=registry)


def load_game(source: str | Path | dict[str, Any], *, library: Library | None = None, catalogue: Catalogue | None = None) -> Game:
    """Load a saved game, ready to continue.

    :raises SaveFileError: unreadable, not a save file, another format version, edited by
        hand (checksum), invalid state, or the packs or rules it needs are missing.
    """
    from sog.packs.loader import load_library
    from sog.setup import build_game

    where = str(source) if not isinstance(source, dict) else "save data"
    if isinstance(source, dict):
        data = source
    else:
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise SaveFileError(f"{where}: cannot read: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{where}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{where}: not a sog save file")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(f"{where}: save format version {data.get('version')!r}; this sog reads version {SAVE_VERSION}")
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        raise SaveFileError(f"{where}: /{'/'.join(map(str, err.absolute_path))}: {err.message}")
    body = {k: data[k] for k in ("header", "state", "events")}
    if _checksum(body) != data["checksum"]:
        raise SaveFileError(f"{where}: checksum mismatch: the file was changed after it was saved")
    try:
        state = GameState.model_validate(data["state"])
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SaveFileError(f"{where}: /state/{'/'.join(map(str, first['loc']))}: {first['msg']}") from None
    header = data["header"]
    library = library or load_library()
    have = {p.name: p.version for p in library.packs}
    for pack in header.get("packs", []):
        if have.get(pack["name"]) != pack["version"]:
            raise SaveFileError(f"{where}: needs pack {pack['name']} {pack['version']}, loaded: {have.get(pack['name'], 'none')}")
    catalogue = catalogue or create_catalogue()
    try:
        selection = resolve_rules(catalogue.rules, header["level"], header["options"], header["settings"], header.get("blocked", []))
    except Exception as exc:
        raise SaveFileError(f"{where}: its rules cannot be set up here: {exc}") from None
    return build_game(state, library, selection, header, data["events"])
