"""What the tests over real sockets share: a uvicorn server in a thread, Debian's Chromium,
screenshots, and the whole-word search every secrets check uses.

The ``server`` and ``browser`` fixtures (tests/serve/conftest.py) are built from these.
"""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from pathlib import Path
from typing import Any

#: Where screenshots go (git-ignored): the test artifacts of a CI run.
ARTIFACTS = Path(__file__).parent / "artifacts"
#: Debian's chromium (Playwright cannot download its own browser here).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
#: Playwright's waits, ms.
TIMEOUT = 30_000


class LiveServer:
    """uvicorn serving ``app`` in a background thread on 127.0.0.1, on a socket bound
    beforehand (so its port is known and nobody else can take it); ``url`` is its base."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        self.socket.close()


def shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """Save a screenshot of ``page`` as ``artifacts/NAME.png`` (the whole page, or the viewport)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def mentions(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` as a whole word (``B-1`` is not in ``B-12``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None
