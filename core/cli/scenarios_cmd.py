"""``sog scenarios``: every installed scenario, with its game system, rules, sides and ships."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from sog.cli.errors import user_errors
from sog.packs.library import Library
from sog.packs.loader import load_library

__all__ = ["scenario_rows", "scenarios"]


def scenario_rows(library: Library) -> list[dict[str, Any]]:
    """One row per scenario: id, name, pack, system, level, options, turn limit, sides with their ships."""
    rows = []
    for scenario in library.all("scenario"):
        entry = library.entry("scenario", scenario.id)
        rows.append({
            "id": scenario.id,
            "name": scenario.name,
            "pack": entry.pack,
            "system": scenario.system,
            "rules": scenario.rules,
            "options": list(scenario.options),
            "max_turns": scenario.max_turns,
            "sides": [{"id": side.id, "name": side.name, "seats": list(side.seats),
                       "ships": [{"id": s.id, "ship": s.ship} for s in scenario.ships_of(side.id)]}
                      for side in scenario.sides],
        })
    return rows


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@user_errors
def scenarios(as_json: bool, packs: tuple[str, ...]) -> None:
    """List the scenarios of every loaded pack: system, rules level, sides and their ships."""
    rows = scenario_rows(load_library(list(packs)))
    if as_json:
        click.echo(json.dumps({"scenarios": rows}, indent=2, sort_keys=True))
        return
    table = Table(title="sog scenarios")
    for column in ("id", "name", "system", "rules", "sides and ships", "pack"):
        table.add_column(column, overflow="fold")
    for row in rows:
        sides = "; ".join(f"{side['id']}: {', '.join(s['id'] for s in side['ships'])}" for side in row["sides"])
        rules = row["rules"] + (f" + {', '.join(row['options'])}" if row["options"] else "")
        table.add_row(row["id"], row["name"], row["system"], rules, sides, row["pack"])
    Console(width=max(Console().width, 120)).print(table)
