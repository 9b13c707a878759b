"""Game systems: a named set of rules with its own levels, piece state and content.

A *game system* is what a scenario is played with. It owns its rules (each
:class:`~sog.rules.Rule` names its system), its levels (from the simplest; a system may have
only one), the model of the state its pieces carry, the content kind its scenarios' ships
refer to, the hooks its rules talk through, its bots and an always-on plugin of its own
declarations. Systems are declared by providers through the ``sog_systems`` hook, like
rules, so a distribution can add a whole game; the core names none of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import jsonschema
from pydantic import Field, create_model

from sog.decisions import DecisionRequest
from sog.state import GameState, ShipState

__all__ = ["Attachment", "GameSystem", "Observer", "state_model"]

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_ANY_SETUP: Mapping[str, Any] = {"type": "object", "maxProperties": 0}


@dataclass(frozen=True)
class Attachment:
    """A content kind a scenario's ship may carry (``attach:``), e.g. a captain.

    :ivar kind: the content kind of the attached documents.
    :ivar most: how many documents of the kind one ship may carry.
    :ivar rule: the rule that plays them: a game with an attached document needs it in force.
    :ivar summary: one line for people (`sog play --help`, errors).
    :ivar fits: why a ship cannot carry a document, or ``None`` when it can
        (``fits(library, ship_document, document)``; e.g. a captain of another nation).
    """

    kind: str
    most: int = 1
    rule: str | None = None
    summary: str = ""
    fits: Callable[[Any, Any, Any], str | None] | None = None


@dataclass(frozen=True)
class Observer:
    """How a system turns one seat's view into a vector of numbers, for learning agents
    (:mod:`sog.env`). Both functions read only the view (:meth:`sog.game.Game.view`), never
    the game, so the vector holds nothing the seat may not know.

    :ivar size: the vector's length in a game, from a view of it and the seat
        (``size(view, seat)``); the same for every view of that game and seat (the pieces of
        a game are fixed: a piece out of play keeps its place in the vector).
    :ivar encode: the vector (``encode(view, seat)``), ``size(view, seat)`` numbers, each
        from -1 to 1.
    """

    size: Callable[[Mapping[str, Any], str], int]
    encode: Callable[[Mapping[str, Any], str], Sequence[float]]


@dataclass(frozen=True)
class GameSystem:
    """A game system's declaration, returned by the ``sog_systems`` hook.

    :ivar name: unique, lower-case with dashes; scenarios name it in ``system:``.
    :ivar title: the system's name for people.
    :ivar summary: one line for ``sog rules``.
    :ivar levels: the rule levels, simplest first (a scenario's ``rules:`` is one of them).
    :ivar ship_kind: the content kind of the documents a scenario's ships refer to.
    :ivar ship_model: the state of one piece: :class:`sog.state.ShipState` or a subclass
        with the system's own typed fields (saved, replayed and validated with the state).
    :ivar plugin: hook implementations on in every game of the system (its own
        declarations: view redaction, drawing, narration), registered before the rules.
    :ivar hookspecs: modules or classes of the system's own hook specifications, through
        which its rules talk to each other (added to the game's plugin manager).
    :ivar bots: bot factories by name (each takes a seed), besides the core's ``random``.
    :ivar scenario_schema: JSON Schema (draft 2020-12) of a scenario's ``setup:`` mapping,
        the system-specific set-up data (by default it must be empty).
    :ivar bench_defaults: for tests: the answers a scripted :class:`sog.testing.Bench`
        gives, by request kind, to what its script does not answer (when the bench has no
        ``defaults`` of its own); a kind without one is an error unless the bench has a
        ``fallback``.
    :ivar bench_side_of: for tests: which side of its piece a request is about (a bench
        scripts such requests by ``(kind, ship, side)``), or ``None`` when the system's
        requests are never about a side.
    :ivar attachments: the content kinds a ship may carry (:class:`Attachment`).
    :ivar points: the points value of a document of the ship kind or of an attachment
        kind, what it carries included (``points(library, kind, document)``, ``None`` when
        it has none); fleets are priced with it (``sog play --points-limit``).
    :ivar describe: the system's columns for a document of the ship kind or an attachment
        kind in `sog ships` and `sog captains` (``describe(library, kind, document)``,
        JSON-compatible values).
    :ivar observer: how a seat's view becomes a vector of numbers (:class:`Observer`), for
        the reinforcement-learning environment :mod:`sog.env`; ``None``: the system's games
        cannot be played there.
    """

    name: str
    title: str
    summary: str
    levels: tuple[str, ...]
    ship_kind: str
    ship_model: type[ShipState] = ShipState
    plugin: object | None = None
    hookspecs: tuple[object, ...] = ()
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    scenario_schema: Mapping[str, Any] = field(default_factory=lambda: dict(_ANY_SETUP))
    bench_defaults: Mapping[str, Callable[[DecisionRequest], Any]] = field(default_factory=dict)
    bench_side_of: Callable[[DecisionRequest], str | None] | None = None
    attachments: tuple[Attachment, ...] = ()
    points: Callable[[Any, str, Any], int | None] | None = None
    describe: Callable[[Any, str, Any], Mapping[str, Any]] | None = None
    observer: Observer | None = None

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"game system name {self.name!r} is not lower-case-dashed")
        if not self.levels or len(set(self.levels)) != len(self.levels) or not all(_NAME.match(lv) for lv in self.levels):
            raise ValueError(f"game system {self.name!r}: levels must be distinct lower-case-dashed names, got {self.levels}")
        if not (isinstance(self.ship_model, type) and issubclass(self.ship_model, ShipState)):
            raise ValueError(f"game system {self.name!r}: ship_model must be a subclass of sog.state.ShipState")
        jsonschema.Draft202012Validator.check_schema(dict(self.scenario_schema))
        kinds = [a.kind for a in self.attachments]
        if len(set(kinds)) != len(kinds) or any(a.most < 1 for a in self.attachments):
            raise ValueError(f"game system {self.name!r}: attachments must be distinct kinds, each allowing at least one")

    def attachment(self, kind: str) -> Attachment | None:
        """The attachment of content kind ``kind``, or ``None`` if ships cannot carry it."""
        return next((a for a in self.attachments if a.kind == kind), None)

    @property
    def default_level(self) -> str:
        """The simplest level."""
        return self.levels[0]

    @property
    def state_model(self) -> type[GameState]:
        """The model of a whole game's state in this system (its ships are ``ship_model``)."""
        return state_model(self.ship_model)


@lru_cache(maxsize=None)
def state_model(ship_model: type[ShipState]) -> type[GameState]:
    """:class:`GameState` whose ``ships`` are ``ship_model`` (the class itself for the base)."""
    if ship_model is ShipState:
        return GameState
    return create_model(  # type: ignore[call-overload, no-any-return]
        f"{ship_model.__name__}GameState",
        __base__=GameState,
        __module__=ship_model.__module__,
        ships=(dict[str, ship_model], Field(...)),  # type: ignore[valid-type]
    )
