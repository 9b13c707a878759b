"""The Starlette app: the API routes, the pages, JSON errors, the sessions of one data folder."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib.resources import files
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sog.errors import ConfigError, GameOver, IllegalDecision
from sog.packs.library import Library
from sog.pluginmanager import Catalogue
from sog.serve.api import routes
from sog.serve.errors import ApiError
from sog.serve.replay_routes import FrameCache, replay_routes
from sog.serve.sessions import BOT_PACE, MAX_LOADED, Sessions
from sog.serve.store import Store

__all__ = ["PAGES", "create_app"]

log = logging.getLogger("sog.serve")

#: Responses from this many bytes are sent gzipped to a browser that takes it (replay frames,
#: pictures: much alike, so they shrink tenfold or more).
GZIP_FROM = 1024
#: The folder of the static pages (package data).
PAGES = Path(str(files("sog.serve").joinpath("pages")))


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """A route serving the static page ``name`` (the page reads its token from its address)."""

    async def page(request: Request) -> Response:
        return FileResponse(PAGES / name, headers={"Cache-Control": "no-store"})
    return page


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)


async def _refused(request: Request, exc: Exception) -> Response:
    """The engine refused an answer (nothing changed) or a game's configuration."""
    status = 409 if isinstance(exc, GameOver) else 400
    return JSONResponse({"error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__}, status_code=status)


async def _internal(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "internal error"}, status_code=500)


def create_app(data: str | Path, *, library: Library | None = None, catalogue: Catalogue | None = None,
               bot_pace: float = BOT_PACE, max_loaded: int = MAX_LOADED) -> Starlette:
    """The app serving the games stored in the folder ``data`` (created if missing)."""
    from sog.packs.loader import load_library
    from sog.pluginmanager import content_kinds, create_catalogue

    catalogue = catalogue or create_catalogue()
    library = library or load_library(kinds=content_kinds(catalogue))
    sessions = Sessions(Store(data), library, catalogue, bot_pace=bot_pace, max_loaded=max_loaded)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await sessions.close()

    app = Starlette(
        routes=[
            *routes,
            *replay_routes,
            Route("/", _page("lobby.html")),
            Route("/replay", _page("replay.html")),
            Route("/replay/{token}", _page("replay.html")),
            Route("/hotseat", _page("hotseat.html")),
            Route("/seat/{token}", _page("table.html")),
            Route("/watch/{token}", _page("table.html")),
            Mount("/static", StaticFiles(directory=PAGES), name="static"),
        ],
        exception_handlers={ApiError: _api_error, HTTPException: _http_error, IllegalDecision: _refused,
                            GameOver: _refused, ConfigError: _refused, Exception: _internal},
        middleware=[Middleware(GZipMiddleware, minimum_size=GZIP_FROM)],
        lifespan=lifespan,
    )
    app.state.sessions = sessions
    app.state.replay_frames = FrameCache()
    return app
