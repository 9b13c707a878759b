"""``sog serve``: play in the browser (needs the ``web`` extra: Starlette and uvicorn)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from sog.cli.errors import user_errors

__all__ = ["DATA_ENV", "default_data", "serve"]

#: The environment variable naming the data folder when ``--data`` is not given.
DATA_ENV = "SOG_DATA"


def default_data() -> Path:
    """``$SOG_DATA``, else ``$XDG_DATA_HOME/sog``, else ``~/.local/share/sog``."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sog"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--data", "data", type=click.Path(file_okay=False), metavar="DIR",
              help=f"The folder of the games' database (default: ${DATA_ENV}, else ~/.local/share/sog).")
@user_errors
def serve(host: str, port: int, data: str | None) -> None:
    """Serve the lobby and the games in the browser: one secret link per seat, games saved in SQLite."""
    try:
        import uvicorn

        from sog.serve.app import create_app
    except ImportError as exc:
        raise click.ClickException(f"sog serve needs the web extra ({exc.name} is missing): pip install 'sog[web]'") from None
    folder = Path(data) if data else default_data()
    try:
        app = create_app(folder)
    except OSError as exc:
        raise click.ClickException(f"cannot use the data folder {folder}: {exc.strerror or exc}") from None
    click.echo(f"sog serve: games in {folder}; open http://{host}:{port}/")
    uvicorn.run(app, host=host, port=port, log_level="info")
