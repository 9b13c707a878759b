"""Frames of a game for the replay viewer: the table after each step and each batch of
events, with each event's line of text, its turn and step.

A log is replayed (:func:`sog.replay.replay`, which checks every event) and watched: at the
end of every step and after each advance (the events between two decision rounds) the table
is drawn. Identical pictures
are kept once; a frame names its picture by index. For a seat, the events are those
``game.events_for(seat)`` gives and the picture is the one drawn for that seat, so a running
game's replay shows a seat only what its own page showed; without a seat the log is shown
whole (the omniscient record players share once a game is over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sog.cli.narrate import narrate
from sog.game import Game
from sog.packs.library import Library
from sog.pluginmanager import Catalogue
from sog.views import ONLOOKER

__all__ = ["FORMAT", "VERSION", "frames_of_log"]

#: The ``format`` and ``version`` of the frames document.
FORMAT = "sog-replay"
VERSION = 1


#: The start of a line of the table picture holding a piece's arcs, hidden until a page shows
#: them: the viewer never does, and they are most of a picture's bytes, so frames leave them out.
HIDDEN_ARCS = '<g class="arcs" '


def _drawer(seat: str | None) -> Callable[[Game], str]:
    """The table picture as ``seat`` may see it (``None``: all of it), without the hidden
    arcs (:data:`HIDDEN_ARCS`)."""
    from sog.render.svg import table_svg

    def drawn(game: Game) -> str:
        return "".join(line for line in table_svg(game, seat=seat).splitlines(keepends=True)
                       if not (line.startswith(HIDDEN_ARCS) and 'display="none"' in line))
    return drawn


class _Frames:
    """Collects the frames while a replay runs (the observer of :func:`sog.replay.replay`)."""

    def __init__(self, seat: str | None, logged: int) -> None:
        self.seat = seat
        self.logged = logged  # the log's length: a replay never shows more
        self.draw = _drawer(seat)
        self.pictures: list[str] = []
        self._index: dict[str, int] = {}
        self.frames: list[dict[str, Any]] = []
        self.done = 0

    def picture(self, svg: str) -> int:
        if svg not in self._index:
            self._index[svg] = len(self.pictures)
            self.pictures.append(svg)
        return self._index[svg]

    def observe(self, game: Game, _batch: list[dict[str, Any]]) -> None:
        """Take every event not yet shown (the set-up's too, which comes before the first
        advance) and the table as it stands now."""
        end = min(len(game.log.events), self.logged)
        if end <= self.done and self.frames:
            return
        raw = game.log.events[self.done:end]
        shown = raw if self.seat is None else game.events_for(self.seat, self.done)[: end - self.done]
        events = []
        for event in shown:
            text = "\n".join(narrate(game, [event]))
            if text:
                events.append({"turn": event["turn"], "step": event["step"], "kind": event["kind"], "text": text})
        self.done = end
        frame = {"picture": self.picture(self.draw(game)), "turn": game.state.turn,
                 "step": game.step.name if game.step else None, "events": events}
        if self.frames and not self.frames[-1]["events"]:
            self.frames[-1] = frame  # a batch nobody reads (bookkeeping only) is no stop of its own
        else:
            self.frames.append(frame)

    def shown_pictures(self) -> list[str]:
        """The pictures some frame shows, the frames renumbered to match (a batch merged
        into the next may have left its picture unused)."""
        used = sorted({frame["picture"] for frame in self.frames})
        number = {old: new for new, old in enumerate(used)}
        for frame in self.frames:
            frame["picture"] = number[frame["picture"]]
        return [self.pictures[old] for old in used]


def frames_of_log(header: dict[str, Any], events: Sequence[dict[str, Any]], *, seat: str | None = None,
                  library: Library | None = None, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Replay a log and return its frames: ``{"format", "version", "scenario", "title",
    "level", "options", "seat", "shown", "over", "outcome", "pictures": [svg, ...],
    "frames": [{"picture", "turn", "step", "events": [{"turn", "step", "kind", "text"}]}]}``.

    ``seat``: the seat whose view is shown (redacted events, its picture; ``ONLOOKER``: the
    spectators'); ``None`` shows the log whole. ``shown`` says which: ``seat``,
    ``spectator`` or ``log``. The seed and the generator are never included.

    :raises sog.replay.ReplayMismatch: the log does not replay.
    :raises sog.errors.SaveFileError: the log is not valid, or its packs are not loaded.
    :raises sog.errors.ConfigError: its scenario or rules cannot be set up.
    """
    from sog.replay import replay

    collector = _Frames(seat, len(events))
    result = replay(header, events, library=library, catalogue=catalogue, observer=collector.observe, each_step=True)
    collector.observe(result.game, [])  # events no advance reported (a log of the set-up alone)
    game = result.game
    outcome = game.outcome
    title = next((getattr(d, "name", d.id) for d in game.content.all("scenario") if d.id == header["scenario"]), header["scenario"])
    return {
        "format": FORMAT, "version": VERSION, "scenario": header["scenario"], "title": title,
        "level": header["level"], "options": list(header["options"]),
        "seat": None if seat in (None, ONLOOKER) else seat, "shown": "log" if seat is None else "spectator" if seat == ONLOOKER else "seat",
        "over": game.over, "outcome": None if outcome is None else outcome.model_dump(mode="json"),
        "pictures": collector.shown_pictures(), "frames": collector.frames,
    }
