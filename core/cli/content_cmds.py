"""``sog validate``, ``sog packs``, ``sog schema``: check, list and document content packs.

Content mistakes are never tracebacks: ``validate`` prints one ``file:line:col: /pointer:
message`` line per problem on stderr and exits 1; a path that does not exist is a usage
error (exit 2). ``schema`` prints or exports (:mod:`sog.packs.export`) the JSON Schemas of
the content kinds, the pack manifest, the log and the save file; a bad argument is one
``error:`` line and exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, NoReturn

import click
from rich.console import Console
from rich.table import Table

from sog.cli.errors import user_errors
from sog.packs.errors import ContentError, did_you_mean
from sog.packs.export import all_schemas, export_folder_problem, write_schemas
from sog.packs.kinds import ContentKind
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


def _usage(message: str) -> NoReturn:
    """A bad argument: one `error:` line on stderr, exit 2 (nothing has been written)."""
    click.echo(f"error: {message}", err=True)
    raise SystemExit(2)


def _schemas(kinds: Mapping[str, ContentKind]) -> dict[str, dict[str, Any]]:
    """Every schema `sog schema` knows, as exported (:func:`sog.packs.export.all_schemas`)."""
    try:
        return all_schemas(kinds)
    except ValueError as exc:  # pragma: no cover - the plugin manager refuses such kinds first
        _usage(str(exc))


def _write(schemas: Mapping[str, Mapping[str, Any]], folder: Path) -> None:
    """Write `schemas` into `folder`, printing each file's path; a bad folder is a usage error."""
    problem = export_folder_problem(folder)
    if problem:
        _usage(problem)
    try:
        written = write_schemas(schemas, folder)
    except OSError as exc:
        click.echo(f"error: cannot write into {folder}: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
    for path in written:
        click.echo(str(path))


@click.command()
@click.argument("kind", required=False)
@click.option("--export", "export_dir", metavar="DIR", type=click.Path(path_type=Path),
              help="Write KIND's schema as DIR/KIND.json instead of printing it.")
@click.option("--all", "all_dir", metavar="DIR", type=click.Path(path_type=Path),
              help="Write every schema (content kinds, pack, log, save) as DIR/NAME.json.")
@user_errors
def schema(kind: str | None, export_dir: Path | None, all_dir: Path | None) -> None:
    """Print the JSON Schema of KIND: a content kind, `pack` (pack.yaml), `log` (a line of a
    game log) or `save` (a save file); list them all without KIND.

    `--export DIR` writes KIND's schema as DIR/KIND.json, `--all DIR` writes every one, for
    editors (see content/README.md): each has the `$id` https://sog.invalid/schemas/NAME.json,
    so the files refer to each other by their names. DIR is created if its folder exists;
    each file is written whole or not at all.
    """
    kinds = content_kinds()
    schemas = _schemas(kinds)
    if all_dir is not None:
        if kind is not None or export_dir is not None:
            _usage("--all DIR writes every schema: give no KIND and no --export")
        _write(schemas, all_dir)
        return
    if kind is None:
        if export_dir is not None:
            _usage("--export DIR needs a KIND (or write every schema with --all DIR)")
        click.echo("pack: the pack manifest, pack.yaml")
        for name, k in kinds.items():
            click.echo(f"{name}: {k.summary}")
        click.echo("log: a line of a game log (sog play --log)")
        click.echo("save: a save file (sog play --save)")
        return
    if kind not in schemas:
        hint = did_you_mean(kind, schemas) or f" (kinds: {', '.join(schemas)})"
        _usage(f"unknown content kind {kind!r}{hint}")
    if export_dir is not None:
        _write({kind: schemas[kind]}, export_dir)
        return
    click.echo(json.dumps(schemas[kind], indent=2))
