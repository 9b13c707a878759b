"""The routes: the lobby's JSON, a seat's state and answers, the table picture, the websocket.

A link's token names a game and a seat (or the spectators); every response for it is built
from that seat's view (:mod:`sog.serve.payloads`). Refusals are JSON ``{"error": message}``
with a 4xx status.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from sog.serve.errors import ApiError
from sog.serve.lobby import lobby_catalogue, parse_new_game
from sog.serve.payloads import seat_payload
from sog.serve.sessions import Running, Sessions, update_message

__all__ = ["MAX_BODY", "routes"]

#: The largest request body accepted, bytes.
MAX_BODY = 64 * 1024
#: The websocket close code for an unknown link.
WS_UNKNOWN_LINK = 4404


def _sessions(request: Request | WebSocket) -> Sessions:
    return request.app.state.sessions


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not valid JSON") from None


async def scenarios(request: Request) -> JSONResponse:
    sessions = _sessions(request)
    return JSONResponse(lobby_catalogue(sessions.library, sessions.catalogue))


async def create_game(request: Request) -> JSONResponse:
    sessions = _sessions(request)
    spec = parse_new_game(await _body(request), sessions.library, sessions.catalogue)
    created = await sessions.create(spec)
    return JSONResponse({
        "game": created.id,
        "players": spec.players,
        "seats": {seat: {"token": t, "url": f"/seat/{t}"} for seat, t in created.seats.items()},
        "spectator": {"token": created.spectator, "url": f"/watch/{created.spectator}"},
    }, status_code=201)


def _since(request: Request) -> int:
    raw = request.query_params.get("since", "0")
    if not raw.isdigit() or len(raw) > 12:
        raise ApiError(400, "'since' must be a non-negative integer (an event index)")
    return int(raw)


async def seat_state(request: Request) -> JSONResponse:
    sessions = _sessions(request)
    running, seat = await sessions.linked(request.path_params["token"])
    return await _seat_response(request, sessions, running, seat)


async def answer(request: Request) -> JSONResponse:
    sessions = _sessions(request)
    running, seat = await sessions.linked(request.path_params["token"])
    if seat is None:
        raise ApiError(403, "a spectator's link cannot answer")
    body = await _body(request)
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    if not isinstance(body.get("request_id"), str):
        raise ApiError(400, "'request_id' is required: the id of one of your open requests")
    extra = sorted(set(body) - {"request_id", "choice", "answer"})
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(extra)}")
    await sessions.answer(running, seat, body)
    return await _seat_response(request, sessions, running, seat)


async def _seat_response(request: Request, sessions: Sessions, running: Running, seat: str | None) -> JSONResponse:
    """What a seat's (or the spectators') link sees now, from the events after ``?since=``."""
    since = _since(request)
    payload = await sessions.run(running, lambda: seat_payload(running.game, running.id, seat, running.players, since))
    return JSONResponse(payload)


async def table_svg(request: Request) -> Response:
    from sog.render.svg import table_svg as draw

    sessions = _sessions(request)
    running, seat = await sessions.linked(request.path_params["token"])
    svg = await sessions.run(running, lambda: draw(running.game, seat))  # as the seat may see it
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def websocket(socket: WebSocket) -> None:
    """Rings on every change of the game (``{"type": "update", ...}``: public facts only)."""
    sessions = _sessions(socket)
    try:
        running, _seat = await sessions.linked(socket.path_params["token"])
    except ApiError:
        await socket.close(code=WS_UNKNOWN_LINK)
        return
    await socket.accept()
    queue = sessions.listen(running)
    pending: list[asyncio.Future[Any]] = []
    try:
        first = await sessions.run(running, lambda: update_message(running))
        await socket.send_json(first)
        receiving = asyncio.ensure_future(socket.receive_text())
        while True:
            ringing = asyncio.ensure_future(queue.get())
            pending[:] = [receiving, ringing]
            done, _ = await asyncio.wait({receiving, ringing}, return_when=asyncio.FIRST_COMPLETED)
            if ringing in done:
                await socket.send_json(ringing.result())
            else:
                ringing.cancel()
            if receiving in done:
                receiving.result()  # raises WebSocketDisconnect when the browser left
                receiving = asyncio.ensure_future(socket.receive_text())  # anything sent is ignored
    except WebSocketDisconnect:
        pass
    finally:
        for future in pending:
            future.cancel()
        sessions.unlisten(running, queue)


routes = [
    Route("/api/scenarios", scenarios, methods=["GET"]),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/seat/{token}", seat_state, methods=["GET"]),
    Route("/api/seat/{token}/answer", answer, methods=["POST"]),
    Route("/api/seat/{token}/table.svg", table_svg, methods=["GET"]),
    WebSocketRoute("/ws/{token}", websocket),
]
