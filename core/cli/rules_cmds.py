"""``sog rules``: list every installed game system and its rules."""

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
    """List each game system (its levels) and its rules: name, kind, levels, summary, requirements.

    Rules of no system (they work in any game) come last.
    """
    catalogue = create_catalogue()
    rows = rule_table(catalogue)
    systems = [{"name": s.name, "title": s.title, "summary": s.summary, "levels": list(s.levels)}
               for s in catalogue.systems.values()]
    if as_json:
        click.echo(json.dumps({"systems": systems, "rules": rows, "core_event_kinds": CORE_EVENT_KINDS}, indent=2, sort_keys=True))
        return
    console = Console(width=max(Console().width, 120))
    groups = [(f"{s['title']} ({s['name']}) — levels: {', '.join(s['levels'])}", s["summary"], s["name"]) for s in systems]
    groups.append(("Rules of no system (any game)", "", None))
    for title, summary, name in groups:
        chosen = [row for row in rows if row["system"] == name]
        if not chosen and name is None:
            continue
        table = Table(title=title, caption=summary or None, show_lines=False)
        for column in ("name", "kind", "levels", "summary", "requires", "conflicts", "from"):
            table.add_column(column, overflow="fold")
        for row in chosen:
            table.add_row(
                row["name"], row["kind"], ", ".join(row["levels"]) or "all", row["summary"],
                ", ".join(row["requires"]) or "-", ", ".join(row["conflicts"]) or "-", row["origin"],
            )
        console.print(table)
