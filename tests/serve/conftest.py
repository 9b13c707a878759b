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
