"""A seat's view of the game: the state minus everything that seat may not know.

Hidden from a seat: other seats' planned cards (only whether a card is planned), the
ammunition type loaded or stored on other seats' ships (only whether a side is loaded),
the pools' contents (only how many counters remain), the random generator, and other
seats' open requests and answers (a seat sees its own answers of the open round). Rules hide their own secrets through
``sog_redact_view``.

Added for every seat: ``obstacles``, the ids of the ships out of play whose model stays on
the table (:meth:`sog.game.Game.obstacles`; public, like the models).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["HIDDEN", "seat_view"]

#: What replaces a secret value in a view.
HIDDEN = "hidden"


def seat_view(game: Game, seat: str) -> dict[str, Any]:
    """Build the redacted view of ``game`` for ``seat`` (a fresh JSON-compatible dict)."""
    state = game.state
    data = state.model_dump(mode="json", by_alias=True, exclude={"rng", "pools", "pending", "answers", "event_seq"})
    data["seat"] = seat
    data["pools"] = {pid: len(pool.bag) for pid, pool in state.pools.items()}
    data["pending"] = [r.model_dump(mode="json") for r in game.pending(seat)]
    data["answered"] = {r.id: state.answers[r.id] for r in state.pending if r.seat == seat and r.id in state.answers}
    data["step"] = game.step.name if game.step else None
    data["obstacles"] = [s.id for s in game.obstacles()]  # public: the models are on the table
    for ship in data["ships"].values():
        if ship["seat"] == seat:
            continue
        ship["planned"] = [None if card is None else HIDDEN for card in ship["planned"]]
        for side in ship["broadsides"].values():
            side["loaded"] = None if side["loaded"] is None else HIDDEN
            side["storage"] = [HIDDEN for _ in side["storage"]]
    game.hook.sog_redact_view(game=game, seat=seat, view=data)
    return data
