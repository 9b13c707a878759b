"""Fixtures for the web surface: an app on a temporary data folder, a client, game helpers."""

import warnings

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn, httpx) is not installed")

with warnings.catch_warnings():  # Starlette >= 1.x would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from sog.serve.app import create_app  # noqa: E402


@pytest.fixture
def make_app(tmp_path, library, catalogue):
    """``make_app(folder=tmp_path/"data", **kw)``: an app over a data folder (shared packs)."""

    def make(folder=None, **kwargs):
        return create_app(folder or tmp_path / "data", library=library, catalogue=catalogue, **kwargs)

    return make


@pytest.fixture
def client(make_app):
    with TestClient(make_app()) as client:
        yield client


@pytest.fixture(scope="module")
def server(tmp_path_factory, library, catalogue):
    """A real uvicorn on a free 127.0.0.1 port, in a thread, over a fresh data folder: its base URL."""
    pytest.importorskip("uvicorn")
    from serve_live import LiveServer

    with LiveServer(create_app(tmp_path_factory.mktemp("data"), library=library, catalogue=catalogue)) as live:
        yield live.url


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (skipped where either is missing)."""
    from serve_live import ARGS, CHROMIUM

    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra has it)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
