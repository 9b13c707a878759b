"""Reading and writing the files people give sog: clear errors, and no half-written file.

``read_json_text`` reads a file that must be UTF-8 text (save files, logs) and says in one
line what is wrong otherwise: unreadable, binary, Latin-1, UTF-16. ``parse_json`` turns
text into JSON without the Python limits leaking out as tracebacks (integers of thousands
of digits, nesting deeper than the recursion limit). ``write_atomically`` writes a file
in the same folder under a temporary name and renames it over the target, so a crash or an
interrupt leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import codecs
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from sog.errors import SaveFileError

__all__ = ["parse_json", "read_json_text", "write_atomically"]

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"),
)


def read_json_text(path: str | Path, what: str) -> str:
    """The text of ``path``, which must be UTF-8 (a UTF-8 byte-order mark is skipped).

    :raises SaveFileError: ``<path>: cannot read ...`` or ``<path>: not a <what>: ...``.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    for bom, name in _BOMS:
        if raw.startswith(bom):
            raise SaveFileError(f"{path}: not a {what}: the file is {name} text; sog reads UTF-8 only")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise SaveFileError(f"{path}:{line}: not a {what}: byte {exc.start + 1} is not UTF-8 text "
                            "(a binary file, or text in another encoding such as Latin-1)") from None


def parse_json(text: str) -> Any:
    """``json.loads(text)``, with every failure as a :class:`ValueError` of one line.

    The message is ``<line>:<col>: <reason>`` for syntax errors, else the reason alone.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise ValueError("not usable JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise ValueError(f"not usable JSON: {str(exc).split(';')[0]}") from None


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, else what a plain ``open`` would give."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same folder.

    :raises OSError: the folder cannot be written; ``path`` is then left as it was.
    """
    target = Path(path)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.chmod(temp, _mode_for(target))
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
