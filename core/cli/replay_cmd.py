"""``sog replay LOG``: re-run a log and check every event; with ``--html FILE``, also write
the replay viewer (:mod:`sog.render.replay_html`) as one self-contained file.
"""

from __future__ import annotations

from pathlib import Path

import click

from sog.cli.errors import user_errors
from sog.cli.params import OutputFile
from sog.cli.recording import RecordingError
from sog.errors import SaveFileError
from sog.events import parse_jsonl
from sog.fileio import read_json_text, write_atomically
from sog.packs.loader import load_library

__all__ = ["replay_cmd"]


@click.command("replay")
@click.argument("log", type=click.Path(exists=True, dir_okay=False))
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False), help="Load a content pack folder too.")
@click.option("--html", "html_path", type=OutputFile(),
              help="Also write the replay viewer here: one HTML file with the table at every point, stepped by event and turn.")
@user_errors
def replay_cmd(log: str, packs: tuple[str, ...], html_path: str | None) -> None:
    """Re-run the game of LOG and check that every event comes out the same."""
    from sog.render.replay_frames import frames_of_log
    from sog.render.replay_html import replay_html
    from sog.replay import ReplayMismatch, replay

    try:
        header, events = parse_jsonl(read_json_text(log, "sog log"))
    except ValueError as exc:
        raise SaveFileError(f"{log}: {exc}") from None
    library = load_library([Path(p) for p in packs])
    try:
        if html_path is None:
            count = replay(header, events, library=library).events
        else:
            frames = frames_of_log(header, events, library=library)
            count = len(events)
    except ReplayMismatch:
        raise
    except SaveFileError as exc:  # the file is at fault: name it
        raise SaveFileError(f"{log}: {exc}") from None
    click.echo(f"ok: {count} events replayed identically")
    if html_path is not None:
        try:
            write_atomically(html_path, replay_html(frames))
        except OSError as exc:
            raise RecordingError(f"cannot write {html_path}: {exc.strerror or exc}") from None
        click.echo(f"wrote {html_path}")
