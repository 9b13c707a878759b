"""``sog rules``: list every available rule plugin."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from sog.cli.errors import user_errors
from sog.events import CORE_EVENT_KINDS
from sog.pluginmanager import create_catalogue, rule_table

__all__ = ["rules"]


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@user_errors
def rules(as_json: bool) -> None:
    """List the rules: name, kind, levels, summary, requirements."""
    catalogue = create_catalogue()
    rows = rule_table(catalogue)
    if as_json:
        click.echo(json.dumps({"rules": rows, "core_event_kinds": CORE_EVENT_KINDS}, indent=2, sort_keys=True))
        return
    table = Table(title="sog rules", show_lines=False)
    for column in ("name", "kind", "levels", "summary", "requires", "conflicts", "from"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(
            row["name"], row["kind"], ", ".join(row["levels"]), row["summary"],
            ", ".join(row["requires"]) or "-", ", ".join(row["conflicts"]) or "-", row["origin"],
        )
    Console(width=max(Console().width, 120)).print(table)
