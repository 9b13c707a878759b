"""The ``sog`` command line: one group, one module per family of commands.

Every command turns user errors (:class:`sog.errors.SogError`, content problems) into one
line on stderr and a non-zero exit code; usage errors exit 2 (click's convention). Output
that cannot be written is one line too (``error: cannot write the output: ...``, exit 1),
and a closed stdout (``sog ... | head``) ends quietly with exit 1, like other Unix tools.
"""

from __future__ import annotations

import errno
import sys
from typing import Any

import click

from sog import __version__
from sog.cli.play_cmds import play, render, resume
from sog.cli.replay_cmd import replay_cmd
from sog.cli.content_cmds import packs, schema, validate
from sog.cli.errors import silence_stdout
from sog.cli.rules_cmds import rules
from sog.cli.scenarios_cmd import scenarios
from sog.cli.fleet_cmds import captains, ships
from sog.cli.match_cmd import match
from sog.cli.simulate_cmd import simulate
from sog.cli.serve_cmd import serve

__all__ = ["main"]


class SogGroup(click.Group):
    """The ``sog`` group: a full or failing stdout is one error line, a closed one ends quietly."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:  # click already ends quietly on a closed stdout (EPIPE)
            if not _from_stdout(exc):
                raise
            click.echo(f"error: cannot write the output: {exc.strerror or exc}", err=True)
            silence_stdout()
            raise SystemExit(1) from None


#: Errors of writing a stream (full disk, device gone), as opposed to opening a named file.
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, errno.ENXIO, getattr(errno, "EDQUOT", errno.ENOSPC)})


def _from_stdout(exc: OSError) -> bool:
    """Did ``exc`` come from writing stdout? The commands name the files they fail on."""
    if exc.filename is not None:
        return False
    if exc.errno in _WRITE_ERRORS:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


@click.group(cls=SogGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sog")
def main() -> None:
    """sog: play and extend tabletop naval wargames (every installed game system)."""


main.add_command(rules)
main.add_command(scenarios)
main.add_command(ships)
main.add_command(captains)
# --- content commands (validate, packs, schema) ---
main.add_command(validate)
main.add_command(packs)
main.add_command(schema)
# --- game commands (play, replay, render) ---
main.add_command(play)
main.add_command(resume)
main.add_command(replay_cmd)
main.add_command(render)
main.add_command(match)
main.add_command(simulate)
# --- playing surfaces ---
main.add_command(serve)

if __name__ == "__main__":  # pragma: no cover
    main()
