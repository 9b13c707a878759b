"""``sog validate``, ``sog packs``, ``sog schema``: check, list and document content packs.

Content mistakes are never tracebacks: ``validate`` prints one ``file:line:col: /pointer:
message`` line per problem on stderr and exits 1; a path that does not exist is a usage
error (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, NoReturn

import click
from rich.console import Console
from rich.table import Table

from sog.packs.errors import ContentError, did_you_mean
from sog.packs.kinds import MANIFEST_SCHEMA, ContentKind
from sog.packs.library import Library, PackInfo
from sog.packs.loader import load_library
from sog.packs.playable import playable_problems
from sog.pluginmanager import Catalogue, content_kinds as declared_kinds, create_catalogue

__all__ = ["validate", "packs", "schema", "content_kinds", "pack_summary"]


def content_kinds(catalogue: Catalogue | None = None) -> Mapping[str, ContentKind]:
    """The document kinds the commands know: built-in ones and those rules declare."""
    return declared_kinds(catalogue or create_catalogue())


def _fail(error: ContentError) -> NoReturn:
    """Print every problem on stderr, one per line, and exit 1."""
    for problem in error.problems:
        click.echo(str(problem), err=True)
    raise SystemExit(1)


def pack_summary(info: PackInfo, kinds: Mapping[str, ContentKind]) -> str:
    """`starter-set 1.0.0: 8 ships, 3 counter-pools, 1 scenario`: documents by kind."""
    parts = []
    for name in [*kinds, *sorted(set(info.documents) - set(kinds))]:
        count = info.count(name)
        if count:
            plural = kinds[name].plural if name in kinds else name + "s"
            parts.append(f"{count} {name if count == 1 else plural}")
    return f"{info.name} {info.version}: {', '.join(parts) or 'no documents'}"


@click.command()
@click.argument(
    "paths", nargs=-1, required=True,
    type=click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path),
)
def validate(paths: tuple[Path, ...]) -> None:
    """Check content packs: PATH is a pack folder or a folder of packs.

    Prints one `ok` line per pack, or every problem as `file:line:col: /pointer: message`
    (exit 1). Installed packs are loaded too when a checked pack requires them. Beyond the
    format, every scenario must be playable: its rules and options resolve, its victory
    kind is decided by a rule in force, and the content it uses has what those rules read.
    """
    catalogue = create_catalogue()
    kinds = content_kinds(catalogue)
    try:
        library = load_library(paths, kinds=kinds, on_demand=True,
                               checks=[lambda lib: playable_problems(lib, catalogue)])
    except ContentError as error:
        _fail(error)
    for info in library.packs:
        click.echo(f"ok  {pack_summary(info, kinds)}")


def _load_for_listing(paths: tuple[Path, ...], builtin: bool, entry_points: bool) -> Library:
    try:
        return load_library(paths, builtin=builtin, entry_points=entry_points, kinds=content_kinds())
    except ContentError as error:
        _fail(error)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option(
    "--path", "-p", "paths", multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Also load the packs in this folder (repeatable).",
)
@click.option("--builtin/--no-builtin", default=True, help="Load the packs bundled with sog.")
@click.option("--entry-points/--no-entry-points", default=True,
              help="Load the packs installed distributions publish (entry points `sog.packs`).")
def packs(as_json: bool, paths: tuple[Path, ...], builtin: bool, entry_points: bool) -> None:
    """List the loaded content packs: name, version, origin, description."""
    library = _load_for_listing(paths, builtin, entry_points)
    if as_json:
        rows: list[dict[str, Any]] = [
            {
                "name": p.name, "version": p.version, "origin": p.origin,
                "description": p.description, "folder": p.folder, "requires": list(p.requires),
                "documents": {kind: len(ids) for kind, ids in p.documents.items()},
            }
            for p in library.packs
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    table = Table(title="sog packs")
    for column in ("name", "version", "origin", "description"):
        table.add_column(column, overflow="fold")
    for p in library.packs:
        table.add_row(p.name, p.version, p.origin, p.description)
    Console(width=max(Console().width, 120)).print(table)


@click.command()
@click.argument("kind", required=False)
def schema(kind: str | None) -> None:
    """Print the JSON Schema of a content KIND (`pack` for pack.yaml); list kinds without one."""
    kinds = content_kinds()
    schemas: dict[str, Mapping[str, Any]] = {"pack": MANIFEST_SCHEMA}
    schemas.update({name: k.schema for name, k in kinds.items()})
    if kind is None:
        click.echo("pack: the pack manifest, pack.yaml")
        for name, k in kinds.items():
            click.echo(f"{name}: {k.summary}")
        return
    if kind not in schemas:
        hint = did_you_mean(kind, schemas) or f" (kinds: {', '.join(schemas)})"
        raise click.BadParameter(f"unknown content kind {kind!r}{hint}", param_hint="KIND")
    click.echo(json.dumps(schemas[kind], indent=2))
