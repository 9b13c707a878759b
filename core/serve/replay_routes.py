"""The replay viewer's routes: a link's view of its game so far, and an uploaded log.

``GET /api/replay/TOKEN`` replays the game of a seat's (or the spectators') link up to now
and gives the frames as that seat saw them (:func:`sog.render.replay_frames.frames_of_log`
with the seat's redaction and pictures): a running game's replay carries no other seat's
secrets. ``POST /api/replay`` takes a log file (the omniscient record the players of a
finished game share) and gives all its frames. The pages are ``/replay`` (an upload form)
and ``/replay/TOKEN``; both run ``pages/replay.js``, the script the ``sog replay --html``
file inlines.
"""

from __future__ import annotations

import copy
import json
import logging
from collections import OrderedDict
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from sog.errors import SogError
from sog.events import parse_jsonl
from sog.serve.errors import ApiError
from sog.serve.payloads import SPECTATOR
from sog.serve.sessions import Sessions

__all__ = ["MAX_LOG", "FrameCache", "replay_routes"]

log = logging.getLogger("sog.serve")

#: The largest log file accepted for upload, bytes.
MAX_LOG = 5 * 1024 * 1024
#: Frames kept for links replayed lately (each is a game, a seat and a length of its log).
CACHED = 16


class FrameCache:
    """The frames of the last :data:`CACHED` replays of links: a reload of an unchanged game
    is not replayed again."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._frames: OrderedDict[tuple[str, str | None, int], dict[str, Any]] = OrderedDict()

    def get(self, key: tuple[str, str | None, int]) -> dict[str, Any] | None:
        frames = self._frames.get(key)
        if frames is not None:
            self._frames.move_to_end(key)
        return frames

    def put(self, key: tuple[str, str | None, int], frames: dict[str, Any]) -> None:
        self._frames[key] = frames
        while len(self._frames) > self.size:
            self._frames.popitem(last=False)


def _frames_response(request: Request, frames: dict[str, Any]) -> Response:
    """The frames as JSON (the app's GZipMiddleware compresses them for a browser that takes
    it: the pictures are most of the bytes and much alike)."""
    body = json.dumps(frames, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return Response(body, media_type="application/json", headers={"Cache-Control": "no-store"})


def _sessions(request: Request) -> Sessions:
    return request.app.state.sessions


def _cache(request: Request) -> FrameCache:
    return request.app.state.replay_frames


async def link_replay(request: Request) -> Response:
    """The frames of a link's game so far, as its seat saw them."""
    sessions = _sessions(request)
    running, seat = await sessions.linked(request.path_params["token"])
    game = running.game
    header, events = await sessions.run(running, lambda: (copy.deepcopy(game.log.header), copy.deepcopy(game.log.events)))
    key = (running.id, seat, len(events))
    frames = _cache(request).get(key)
    if frames is None:
        from sog.render.replay_frames import frames_of_log

        frames = await run_in_threadpool(lambda: frames_of_log(header, events, seat=SPECTATOR if seat is None else seat,
                                                               library=sessions.library, catalogue=sessions.catalogue))
        _cache(request).put(key, frames)
    return _frames_response(request, frames)


async def _upload(request: Request) -> bytes:
    """The request body, refused (413) beyond :data:`MAX_LOG` bytes without reading it all."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_LOG:
        raise ApiError(413, f"the log is larger than {MAX_LOG // (1024 * 1024)} MB")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_LOG:
            raise ApiError(413, f"the log is larger than {MAX_LOG // (1024 * 1024)} MB")
    return bytes(body)


def _log_of(raw: bytes) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and events of an uploaded log (JSON Lines), or of a save file (its log).

    :raises ApiError: 400 saying what is wrong with the file.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"the log is not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise ApiError(400, "the log is empty: choose a log file (sog play --log FILE writes one)")
    try:
        return parse_jsonl(text)
    except ValueError as exc:
        try:
            save = json.loads(text)
        except (ValueError, RecursionError):
            save = None
        if isinstance(save, dict) and isinstance(save.get("header"), dict) and isinstance(save.get("events"), list):
            return save["header"], save["events"]  # a save file holds its game's log
        raise ApiError(400, f"not a sog log: {exc}") from None


async def upload_replay(request: Request) -> Response:
    """The frames of an uploaded log, shown whole."""
    from sog.render.replay_frames import frames_of_log

    sessions = _sessions(request)
    header, events = _log_of(await _upload(request))

    def frames() -> dict[str, Any]:
        try:
            return frames_of_log(header, events, library=sessions.library, catalogue=sessions.catalogue)
        except SogError as exc:
            message = " ".join(line.strip() for line in str(exc).splitlines()) or type(exc).__name__
            raise ApiError(400, message if len(message) <= 600 else message[:600] + "...") from None
        except (KeyError, TypeError, ValueError) as exc:  # a log the schema lets through but the engine cannot read
            log.info("an uploaded log does not replay: %r", exc)
            raise ApiError(400, f"the log does not replay: {exc!r}") from None

    return _frames_response(request, await run_in_threadpool(frames))


replay_routes = [
    Route("/api/replay/{token}", link_replay, methods=["GET"]),
    Route("/api/replay", upload_replay, methods=["POST"]),
]
