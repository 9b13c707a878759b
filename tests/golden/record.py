"""Record the golden logs again: ``python tests/golden/record.py``.

Run it by hand ONLY when a rule change is intended (a game is meant to play differently): the
golden logs exist to show that speed work changes no game, and re-recording them after an
accidental change would hide it. Say in the commit why the logs changed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from golden_games import GAMES, LOGS, log_text  # noqa: E402


def main() -> None:
    LOGS.mkdir(exist_ok=True)
    for golden in GAMES:
        start = time.perf_counter()
        text = log_text(golden)
        golden.path.write_text(text, encoding="utf-8", newline="\n")
        print(f"{golden.name}: {text.count(chr(10))} lines, {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
