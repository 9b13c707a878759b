"""What ``sog simulate`` prints and writes: the summary, per-side tables of ships, a comparison,
the JSON document and the CSV rows of a run (or of two runs compared).

Formatting only: the figures come from :mod:`sog.simulate_stats`, the games from
:mod:`sog.simulate`. Ship figures are whatever the game system reports
(``sog_ship_statistics``), shown as columns in the order they first appear.
"""

from __future__ import annotations

import csv
import io
import shlex
import shutil
from collections.abc import Sequence
from typing import Any

import click

from sog.simulate import SEED_DERIVATION, GameResult, GameSpec
from sog.simulate_stats import IN_PLAY

__all__ = ["csv_text", "header_document", "print_comparison", "print_summary", "replay_command", "run_document", "spec_json"]


def replay_command(spec: GameSpec, seed: int) -> str:
    """The ``sog play`` command that plays one game of the run again."""
    parts = ["sog play", spec.scenario, f"--seed {seed}"]
    parts += [f"--rules {spec.level}"] if spec.level else []
    parts += [f"--option {name}" for name in spec.options]
    parts += [f"--no {name}" for name in spec.blocked]
    parts += ["--setting " + shlex.quote(f"{rule}={_json(value)}") for rule, value in spec.settings.items()]
    parts += [f"--fleet {side}={','.join(ships)}" for side, ships in spec.lineup.fleets.items()]
    option_of = {"captain": "--captain", "crew-card": "--crew"}
    parts += [f"{option_of.get(kind, '--' + kind)} {ship}={','.join(ids)}"
              for ship, kinds in spec.lineup.attach.items() for kind, ids in kinds.items()]
    parts += [f"--points-limit {spec.points_limit}"] if spec.points_limit is not None else []
    parts += [f"--pack {shlex.quote(pack)}" for pack in spec.packs]
    parts += [f"--bots {seat}={bot}" for seat, bot in spec.bots.items()]
    parts += [f"--max-turns {spec.max_turns}"] if spec.max_turns else []
    return " ".join(parts)


def _json(value: Any) -> str:
    import json

    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def print_summary(summary: dict[str, Any], wanted: int, title: str = "") -> None:
    """The summary on stdout: a few lines, then a table of ships per side."""
    n = summary["games"]
    click.echo(f"{title}games: {n}" + ("" if n == wanted else f" of {wanted}"))
    for side, entry in summary["sides"].items():
        low, high = entry["ci95"]
        click.echo(f"  {side}: {entry['wins']} wins, {_percent(entry['rate'])} (95% CI {_percent(low)} - {_percent(high)})")
    click.echo(f"  draws: {summary['draws']}" + (f", unfinished (turn limit): {summary['unfinished']}" if summary["unfinished"] else ""))
    turns = summary["turns"]
    if turns["mean"] is not None:
        click.echo(f"turns: mean {turns['mean']:.1f}, median {turns['median']:g}, min {turns['min']}, max {turns['max']}")
    click.echo("how games ended:")
    for reason, count in summary["reasons"].items():
        click.echo(f"  {count:>6}  {reason}")
    _ship_tables(summary.get("ships", {}))


def _ship_tables(ships: dict[str, dict[str, Any]]) -> None:
    """A rich table per side: each ship's survival with its interval, how it left, mean figures."""
    from rich.console import Console
    from rich.table import Table

    figures = list(dict.fromkeys(name for entry in ships.values() for name in entry["mean"]))
    console = Console(width=max(shutil.get_terminal_size((160, 24)).columns, 160), highlight=False, soft_wrap=False)
    for side in dict.fromkeys(entry["side"] for entry in ships.values()):
        table = Table(title=f"{side}: ships (figures are means per game)", title_justify="left")
        table.add_column("ship", no_wrap=True)
        table.add_column("in play at the end", justify="right", no_wrap=True)
        table.add_column("95% CI", justify="right", no_wrap=True)
        table.add_column("how it left", no_wrap=True)
        for name in figures:
            table.add_column(name.replace("_", " "), justify="right", no_wrap=True)
        for ship_id, entry in ships.items():
            if entry["side"] != side:
                continue
            low, high = entry["ci95"]
            left = "\n".join(f"{status} {count}" for status, count in entry["statuses"].items() if status != IN_PLAY) or "-"
            table.add_row(ship_id, f"{entry['survived']}/{entry['games']} {_percent(entry['survival'])}",
                          f"{_percent(low)} - {_percent(high)}", left,
                          *(f"{entry['mean'].get(name, 0.0):.2f}" for name in figures))
        with console.capture() as captured:
            console.print(table)
        click.echo(captured.get(), nl=False)


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def print_comparison(difference: dict[str, Any]) -> None:
    """The difference of each side's win rate (and of draws), run B minus run A, paired by seed."""
    click.echo(f"comparison, B - A over {difference['games']} games with the same seeds "
               "(percentage points, paired 95% CI, Newcombe):")
    for name, entry in [*difference["sides"].items(), ("draws", difference["draws"])]:
        low, high = entry["ci95"]
        click.echo(f"  {name}: A {_percent(entry['rate_a'])}, B {_percent(entry['rate_b'])}, "
                   f"difference {_points(entry['difference'])} (95% CI {_points(low)} to {_points(high)})")


def spec_json(spec: GameSpec) -> dict[str, Any]:
    """A run's spec as the JSON output states it."""
    return {"scenario": spec.scenario, "rules": spec.level, "options": list(spec.options), "packs": list(spec.packs),
            "bots": dict(spec.bots), "max_turns": spec.max_turns, "settings": {k: dict(v) for k, v in spec.settings.items()},
            "no": list(spec.blocked), "lineup": spec.lineup.to_json(), "points_limit": spec.points_limit}


def run_document(spec: GameSpec, results: Sequence[GameResult], summary: dict[str, Any]) -> dict[str, Any]:
    """One run: its spec, every game (with each ship's end) and the summary."""
    return {**spec_json(spec), "games": [r.as_dict() for r in results], "summary": summary}


def header_document(base_seed: int, wanted: int, interrupted: bool) -> dict[str, Any]:
    """What every JSON output states: the base seed, how seeds derive, the games asked for."""
    return {"seed": base_seed, "seed_derivation": SEED_DERIVATION, "games_requested": wanted, "interrupted": interrupted}


def csv_text(runs: Sequence[tuple[str | None, Sequence[GameResult]]]) -> str:
    """A row per game: index, seed, winner, turns, reason, then per ship its status and figures
    (``SHIP.status``, ``SHIP.FIGURE``); with two runs, a first column names the run."""
    ships: dict[str, list[str]] = {}
    for _, results in runs:
        for result in results:
            for ship in result.ships:
                names = ships.setdefault(ship.id, [])
                names.extend(name for name in ship.figures if name not in names)
    labelled = any(label is not None for label, _ in runs)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    ship_columns = [f"{ship}.{name}" for ship, names in ships.items() for name in ("status", *names)]
    writer.writerow((["run"] if labelled else []) + ["index", "seed", "winner", "turns", "reason"] + ship_columns)
    for label, results in runs:
        for r in results:
            cells: dict[str, Any] = {}
            for ship in r.ships:
                cells[f"{ship.id}.status"] = ship.status
                cells.update({f"{ship.id}.{name}": f"{value:g}" for name, value in ship.figures.items()})
            writer.writerow(([label] if labelled else []) + [r.index, r.seed, r.winner or "", r.turns, r.reason]
                            + [cells.get(column, "") for column in ship_columns])
    return buffer.getvalue()
