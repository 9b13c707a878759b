"""The ``sog`` command line: one group, one module per family of commands.

Every command turns user errors (:class:`sog.errors.SogError`, content problems) into one
line on stderr and a non-zero exit code; usage errors exit 2 (click's convention).
"""

from __future__ import annotations

import click

from sog import __version__
from sog.cli.play_cmds import play, render, replay_cmd, resume
from sog.cli.content_cmds import packs, schema, validate
from sog.cli.rules_cmds import rules

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sog")
def main() -> None:
    """sog: play and extend the Sails of Glory naval wargame."""


main.add_command(rules)
# --- content commands (validate, packs, schema) ---
main.add_command(validate)
main.add_command(packs)
main.add_command(schema)
# --- game commands (play, replay, render) ---
main.add_command(play)
main.add_command(resume)
main.add_command(replay_cmd)
main.add_command(render)

if __name__ == "__main__":  # pragma: no cover
    main()
