"""``sog ships`` and ``sog captains``: the ships, and what ships can carry, of every loaded pack.

The core lists the documents of each installed game system's ship kind and attachment kinds
(:attr:`sog.systems.GameSystem.ship_kind`, ``attachments``) with their points; the columns
beyond id, name, system, pack and points are the system's
(:attr:`sog.systems.GameSystem.describe`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from sog.cli.errors import user_errors
from sog.packs.library import Library
from sog.packs.loader import load_library
from sog.pluginmanager import content_kinds, create_catalogue
from sog.systems import GameSystem

__all__ = ["captains", "document_rows", "ships"]


def document_rows(library: Library, pairs: Iterable[tuple[GameSystem, str]]) -> list[dict[str, Any]]:
    """One row per document of each ``(system, kind)``: id, name, kind, system, pack, points
    and the system's own columns."""
    rows = []
    for system, kind in pairs:
        for doc in library.all(kind):
            row: dict[str, Any] = {"id": doc.id, "name": getattr(doc, "name", doc.id), "kind": kind,
                                   "system": system.name, "pack": library.entry(kind, doc.id).pack,
                                   "points": system.points(library, kind, doc) if system.points else None}
            if system.describe is not None:
                row.update({key: value for key, value in system.describe(library, kind, doc).items() if key not in row})
            rows.append(row)
    return rows


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "; ".join(_cell(v) if not isinstance(v, dict) else _item(v) for v in value)
    return str(value)


def _item(value: dict[str, Any]) -> str:
    """A listed item (an ability) by its name; `--json` gives all its columns."""
    return str(value.get("name", value.get("id", "")))


def _show(rows: list[dict[str, Any]], title: str) -> None:
    columns = list(dict.fromkeys(key for row in rows for key in row if key not in ("kind",)))
    table = Table(title=title)
    for column in columns:
        table.add_column(column.replace("_", " "), overflow="fold", no_wrap=column in ("id", "system"))
    for row in rows:
        table.add_row(*(_cell(row.get(column)) for column in columns))
    Console(width=max(Console().width, 160)).print(table)


_PACK = click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
_JSON = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


@click.command()
@_JSON
@_PACK
@user_errors
def ships(as_json: bool, packs: tuple[str, ...]) -> None:
    """List the ships of every loaded pack, with their points (for `sog play --fleet`)."""
    catalogue = create_catalogue()
    library = load_library(list(packs), kinds=content_kinds(catalogue))
    rows = document_rows(library, [(s, s.ship_kind) for s in catalogue.systems.values()])
    if as_json:
        click.echo(json.dumps({"ships": rows}, indent=2, sort_keys=True))
    else:
        _show(rows, "sog ships")


@click.command()
@_JSON
@_PACK
@user_errors
def captains(as_json: bool, packs: tuple[str, ...]) -> None:
    """List the captains and the other documents a ship can carry (crew cards), with their
    abilities and points (for `sog play --captain` and `--crew`)."""
    catalogue = create_catalogue()
    library = load_library(list(packs), kinds=content_kinds(catalogue))
    kinds = [(s, a.kind) for s in catalogue.systems.values() for a in s.attachments]
    by_kind = {kind: document_rows(library, [(system, kind)]) for system, kind in kinds}
    if as_json:
        click.echo(json.dumps(by_kind, indent=2, sort_keys=True))
        return
    if not by_kind:
        click.echo("no installed game system lets a ship carry anything")
    for kind, rows in by_kind.items():
        _show(rows, f"sog captains: {kind}")
