"""What a seat (or a spectator) is sent, built only from ``game.view(seat)`` and
``game.events_for(seat, since)``; and how a JSON answer becomes the engine's answer.

A spectator is shown the view of :data:`SPECTATOR`, a seat name no scenario can have (seat
ids are lower-case words): every rule redacts for it what it redacts for a seat owning
nothing, so a spectator sees what every seat may see and nothing more.

Besides the view, a payload names the seats whose decisions are awaited (only which seats,
never what they are asked or answered), the outcome and a cursor into the log. The player
aids come from the same view (:mod:`sog.aids`): each ship's mat, each of the seat's own
choices' sketch, and the seat's own answers of the open round (which it may still change).
"""

from __future__ import annotations

import math
from typing import Any

from sog.aids import choice_sketch, ship_mat
from sog.cli.narrate import narrate
from sog.decisions import DecisionRequest
from sog.errors import IllegalDecision
from sog.game import Game
from sog.render.svg import MARGIN
from sog.seats import SeatView
from sog.serve.errors import ApiError
from sog.views import ONLOOKER

__all__ = ["SPECTATOR", "choice_index", "engine_answer", "seat_payload", "waiting_for"]

#: The seat whose view a spectator gets: one no scenario has, so it owns nothing.
SPECTATOR = ONLOOKER


def waiting_for(game: Game) -> list[str]:
    """The seats with an open decision, in scenario order (who, never what)."""
    asked = {r.seat for r in game.pending()}
    return [seat for seat in game.seats() if seat in asked]


def _shown(game: Game, seat_view: SeatView, request: DecisionRequest) -> dict[str, Any]:
    """One of the seat's requests for its page: each choice with its index, label, value and sketch."""
    choices = [{"index": i, "label": request.label(i), "value": c,
                "sketch": choice_sketch(game, seat_view.seat, request, i, seat_view=seat_view)}
               for i, c in enumerate(request.choices)]
    return {"id": request.id, "kind": request.kind, "ship": request.ship, "prompt": request.prompt,
            "choices": choices, "number": None if request.number is None else request.number.model_dump()}


def _requests(game: Game, seat_view: SeatView) -> list[dict[str, Any]]:
    """The seat's open requests, from its view."""
    return [_shown(game, seat_view, DecisionRequest.model_validate(data)) for data in seat_view.data["pending"]]


def _answered(game: Game, seat_view: SeatView) -> list[dict[str, Any]]:
    """The seat's own requests of the open round it has answered, not yet revealed: each with
    its choices, the current answer and its index (``None`` for a number), and whether it may
    be changed (a request with a single choice the engine answered may not)."""
    given = seat_view.data["answered"]
    shown = []
    for request in game.state.pending:
        if request.seat != seat_view.seat or request.id not in given:
            continue
        entry = _shown(game, seat_view, request)
        entry.update(answer=given[request.id], answer_index=choice_index(request, given[request.id]),
                     changeable=request.count() != 1)
        shown.append(entry)
    return shown


def _frame(view: dict[str, Any]) -> dict[str, float]:
    """How table mm map to the picture's units: ``(x + margin, height - y + margin)``."""
    return {"margin": MARGIN, "width": view["table"]["width"], "height": view["table"]["height"]}


def seat_payload(game: Game, game_id: str, seat: str | None, players: dict[str, str], since: int = 0) -> dict[str, Any]:
    """Everything the page of ``seat`` (``None``: a spectator) shows, from its view only."""
    who = SPECTATOR if seat is None else seat
    seat_view = SeatView(game, who)
    view = seat_view.data
    mats = {ship: ship_mat(game, who, ship, seat_view=seat_view) for ship in view["ships"]}
    requests = [] if seat is None else _requests(game, seat_view)
    answered = [] if seat is None else _answered(game, seat_view)
    events = game.events_for(who, since)
    for event in events:
        event["text"] = "\n".join(narrate(game, [event]))
    outcome = game.outcome
    return {
        "game": game_id,
        "seat": seat,
        "role": "spectator" if seat is None else "seat",
        "players": dict(players),
        "view": view,
        "frame": _frame(view),
        "mats": mats,
        "requests": requests,
        "answered": answered,
        "waiting_for": waiting_for(game),
        "events": events,
        "cursor": since + len(events),
        "over": game.over,
        "outcome": None if outcome is None else outcome.model_dump(mode="json"),
    }


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``, a tuple is a list, ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def choice_index(request: DecisionRequest, answer: Any) -> int | None:
    """The index of the one choice JSON-equal to ``answer``, else ``None``."""
    return next((i for i, c in enumerate(request.choices) if _same(c, answer)), None)


def engine_answer(request: DecisionRequest | None, body: dict[str, Any]) -> Any:
    """The answer to hand to ``Game.submit`` from a body with ``choice`` (an index) or
    ``answer`` (a JSON value: one of the choices, or a number of the request's range).

    A request the seat does not have (``None``) gets the value as given: the engine says why
    it refuses it.

    :raises ApiError: 400: neither or both given, a bad index.
    :raises IllegalDecision: a value that is none of the choices.
    """
    if ("choice" in body) == ("answer" in body):
        raise ApiError(400, "give either 'choice' (the index of a choice) or 'answer' (its value)")
    if "choice" in body:
        index = body["choice"]
        if isinstance(index, bool) or not isinstance(index, int):
            raise ApiError(400, "'choice' must be an integer index")
        if request is None:
            return index
        if not 0 <= index < request.count():
            raise ApiError(400, f"'choice' {index} is out of range: {request.id!r} has {request.count()} choices (0 to {request.count() - 1})")
        return request.option(index)
    answer = body["answer"]
    if request is None or request.number is not None:
        if isinstance(answer, float) and not math.isfinite(answer):
            raise ApiError(400, "'answer' must be a finite number")
        return answer
    index = choice_index(request, answer)
    if index is None:
        raise IllegalDecision(f"{answer!r} is not a legal answer to {request.id!r}; choose one of {request.describe()}")
    return request.option(index)
