"""A seat's view of the game: the state minus everything that seat may not know.

Hidden from a seat by the core: the pools' contents (only how many counters remain), the
random generator and the seed it was made from (with them a seat could foresee every draw),
dice a test stacked, and other seats' open requests and answers (a seat sees its own answers
of the open round). A game system hides what its pieces keep secret (planned cards, loaded
ammunition, ...) and rules hide their own secrets, both through ``sog_redact_view``.

The log is omniscient; :func:`seat_events` gives the events as one seat may see them:
other seats' answers in ``decisions`` events are hidden, and rules hide the secret parts
of their own events through ``sog_redact_event``.

Added for every seat: ``obstacles``, the ids of the ships out of play whose model stays on
the table (:meth:`sog.game.Game.obstacles`; public, like the models).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["HIDDEN", "ONLOOKER", "hide_from_others", "seat_events", "seat_view"]

#: What replaces a secret value in a view.
HIDDEN = "hidden"
#: A seat no scenario can have (seat ids are lower-case words), so it owns nothing: its view
#: is what every seat may see (spectators, public pictures).
ONLOOKER = "*spectator*"


def seat_view(game: Game, seat: str) -> dict[str, Any]:
    """Build the redacted view of ``game`` for ``seat`` (a fresh JSON-compatible dict)."""
    state = game.state
    data = state.model_dump(mode="json", by_alias=True, exclude={"seed", "rng", "pools", "pending", "answers", "event_seq", "idle_state", "stacked_dice"})
    data["seat"] = seat
    data["pools"] = {pid: len(pool.bag) for pid, pool in state.pools.items()}
    data["pending"] = [r.model_dump(mode="json") for r in game.pending(seat)]
    data["answered"] = {r.id: state.answers[r.id] for r in state.pending if r.seat == seat and r.id in state.answers}
    data["step"] = game.step.name if game.step else None
    data["obstacles"] = [s.id for s in game.obstacles()]  # public: the models are on the table
    data["side_playing"] = game.active_side
    game.hook.sog_redact_view(game=game, seat=seat, view=data)
    return data


def seat_events(game: Game, seat: str, events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` as ``seat`` may see them (fresh copies; the log is not changed)."""
    shown: list[dict[str, Any]] = []
    for event in events:
        event = copy.deepcopy(event)
        if event["kind"] == "decisions":
            for answer in event["data"]["answers"]:
                if answer["seat"] != seat:
                    answer["answer"] = HIDDEN
        game.hook.sog_redact_event(game=game, seat=seat, event=event)
        shown.append(event)
    return shown


def hide_from_others(game: Game, seat: str, event: dict[str, Any], kinds: Iterable[str], *fields: str) -> None:
    """For ``sog_redact_event``: hide ``fields`` of an event of ``kinds`` about another seat's ship.

    The event's ship is ``event["data"]["ship"]``; a field that is absent or ``None`` stays.
    """
    data = event["data"]
    if event["kind"] not in kinds or data.get("ship") not in game.state.ships:
        return
    if game.state.ships[data["ship"]].seat == seat:
        return
    for name in fields:
        if data.get(name) is not None:
            data[name] = HIDDEN
