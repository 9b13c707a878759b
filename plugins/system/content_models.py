"""The Sails of Glory content models: ship cards, maneuver decks, bases and the combat ruler.

Each model is the pydantic twin of a JSON Schema in ``schemas/`` (``ship``, ``maneuver-deck``,
``base``, ``ruler``), built by the loader once the document is valid against its schema; the
kinds are declared in :mod:`.content_kinds`, their cross-field checks are in
:mod:`.content_checks`. The shared building blocks (strict scalars, frozen documents,
provenance) are the core's, :mod:`sog.packs.fields`.

The library is generic (``library.get(kind, id)``); :func:`ship_of`, :func:`deck_of`,
:func:`base_doc`, :func:`ruler_doc` and :func:`scenario_decks` read these kinds typed. A
maneuver deck is shared by reference (a ship's ``deck`` names it, from any pack); a ship
may replace some of its cards (``deck_overrides``): the rules read a ship's deck through
:func:`ship_deck`, which applies them, never through :func:`deck_of` directly.

Geometry conventions (see content/README.md): millimetres; bearings in degrees clockwise,
relative ones from the bow; base positions ``[right, forward]`` from the base centre.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Mapping, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, Field, PlainSerializer, PrivateAttr, model_validator

from sog.packs.fields import (
    Bearing, Document, Frozen, Id, Int, Length, Name, Num, Point, ProvenanceMap, Text, freeze, thaw,
)

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library
    from sog.packs.models import Scenario

__all__ = [
    "Ship", "ShipBox", "CrewBox", "ManeuverDeck", "ManeuverCard", "LineEnd", "LinePair",
    "Base", "Arc", "Arcs", "AttitudeBand", "Ruler", "RulerBand", "ATTITUDES", "ARC_NAMES",
    "ship_of", "deck_of", "ship_deck", "deck_issue", "base_doc", "ruler_doc", "scenario_decks",
]

RATES = ("I", "II", "III", "IV", "V", "VI")
SAIL_LINES = ("full", "battle", "backing")
SANDGLASS_LINES = ("one-sandglass", "two-sandglass")
MAX_LINE = 300
"""Farthest a movement line's end lies from its start, in mm along each axis."""
ATTITUDES = ("taken-aback", "beating", "reaching", "running")
ARC_NAMES = ("forward", "central", "rear")

M = TypeVar("M", bound=BaseModel)


# --- maneuver deck --------------------------------------------------------------------

class LineEnd(NamedTuple):
    """Where the stern centre ends relative to the line's start: mm right, mm forward,
    heading change in degrees (positive to starboard)."""

    right: Annotated[Num, Field(ge=-MAX_LINE, le=MAX_LINE)]
    forward: Annotated[Num, Field(ge=-MAX_LINE, le=MAX_LINE)]
    turn: Annotated[Num, Field(ge=-180, le=180)]


class LinePair(Frozen):
    """A movement line printed twice: green (normal) and orange (alternative) ends."""

    green: LineEnd
    orange: LineEnd


Lines = Annotated[
    Mapping[str, LinePair | LineEnd], AfterValidator(freeze), PlainSerializer(thaw)
]


class ManeuverCard(Frozen):
    """A maneuver card: normal (full/battle/backing lines in green and orange),
    taken-aback (one line per sandglass count) or broken-mast (grey, 1 or 2 masts)."""

    id: Id = Field(description="Printed card number; copies get their own ids.")
    kind: Literal["normal", "taken-aback", "broken-mast"]
    veer: Int | None = Field(default=None, ge=0, le=10)
    masts: Int | None = Field(default=None, ge=1, le=2)
    lines: Lines

    @model_validator(mode="after")
    def _lines_fit_kind(self) -> "ManeuverCard":
        red = self.kind == "taken-aback"
        allowed = SANDGLASS_LINES if red else SAIL_LINES
        if self.kind != "broken-mast" and self.veer is None:
            raise ValueError(f"a {self.kind} card needs a veer")
        if (self.kind == "broken-mast") != (self.masts is not None):
            raise ValueError("masts is given on, and only on, broken-mast cards")
        if not self.lines:
            raise ValueError("a card has at least one line")
        for name, line in self.lines.items():
            if name not in allowed:
                raise ValueError(f"a {self.kind} card has no {name!r} line")
            if isinstance(line, LinePair) == red:
                raise ValueError(f"line {name!r} has the wrong shape for a {self.kind} card")
        return self

    def end(self, line: str, colour: Literal["green", "orange"] | None = None) -> LineEnd:
        """The end of `line` (in `colour` for normal and broken-mast cards).

        Raises KeyError for a line the card does not have, ValueError for a missing or
        superfluous colour.
        """
        if line not in self.lines:
            raise KeyError(f"card {self.id} has no {line!r} line (has {sorted(self.lines)})")
        value = self.lines[line]
        if isinstance(value, LinePair):
            if colour not in ("green", "orange"):
                raise ValueError(f"card {self.id}: say green or orange for line {line!r}")
            return getattr(value, colour)
        if colour is not None:
            raise ValueError(f"card {self.id} is a {self.kind} card: its lines have no colour")
        return value


class ManeuverDeck(Document):
    """The maneuver cards a ship of a given deck letter draws from.

    :func:`ship_deck` gives the deck as one ship uses it (its ``deck_overrides`` applied): a
    copy with the same id whose :attr:`ship` is that ship; a deck document's is None.
    """

    kind: Literal["maneuver-deck"] = "maneuver-deck"
    name: Text
    cards: tuple[ManeuverCard, ...] = Field(min_length=1, max_length=100)
    provenance: ProvenanceMap = Field(min_length=1)
    _ship: "Ship | None" = PrivateAttr(default=None)

    @property
    def ship(self) -> "Ship | None":
        """The ship whose overrides this deck carries (None: the deck document itself)."""
        return self._ship

    def card(self, card_id: str) -> ManeuverCard:
        """The card with id `card_id` (KeyError if the deck has none)."""
        card = _card_index(self.cards)[0].get(card_id)
        if card is None:
            raise KeyError(f"deck {self.id} has no card {card_id!r}")
        return card

    def of_kind(self, kind: str) -> tuple[ManeuverCard, ...]:
        """The cards of one kind (normal, taken-aback, broken-mast), in deck order."""
        by_kind = _card_index(self.cards)[1]
        found = by_kind.get(kind)
        if found is None:
            found = by_kind[kind] = tuple(c for c in self.cards if c.kind == kind)
        return found


def _card_index(cards: tuple[ManeuverCard, ...]) -> tuple[dict[str, ManeuverCard], dict[str, tuple[ManeuverCard, ...]]]:
    """A deck's cards by id (the first of an id) and by kind, kept by the identity of its card
    tuple: cards are immutable, and every move and plan looks one up."""
    cached = _CARD_INDEX.get(id(cards))
    if cached is None or cached[0] is not cards:
        if len(_CARD_INDEX) >= 256:
            _CARD_INDEX.clear()  # decks come and go with their libraries: keep none for ever
        by_id: dict[str, ManeuverCard] = {}
        for card in cards:
            by_id.setdefault(card.id, card)
        cached = _CARD_INDEX[id(cards)] = (cards, by_id, {})
    return cached[1], cached[2]


#: Each deck's card index, by the identity of its card tuple (kept so the id stays its own).
_CARD_INDEX: dict[int, tuple[tuple[ManeuverCard, ...], dict[str, ManeuverCard], dict[str, tuple[ManeuverCard, ...]]]] = {}


# --- ship -----------------------------------------------------------------------------

class ShipBox(Frozen):
    """One box of the ship damage track: firepower by arc and crew actions shown."""

    forward: Int = Field(ge=0, le=30, description="Firepower in the forward arc.")
    full: Int = Field(ge=0, le=30, description="Firepower of a full broadside (central arc).")
    rear: Int = Field(ge=0, le=30, description="Firepower in the rear arc.")
    actions: Int | None = Field(default=None, ge=0, le=10, description="Hand symbol (crew actions).")


class CrewBox(Frozen):
    """One box of the crew damage track: musketry value and crew actions shown."""

    musketry: Int = Field(ge=0, le=30, description="Musketry value.")
    actions: Int | None = Field(default=None, ge=0, le=10, description="Hand symbol (crew actions).")


class Ship(Document):
    """A ship card: characteristics, damage tracks, and the deck and base it uses."""

    kind: Literal["ship"] = "ship"
    name: Text
    nationality: Name = Field(description="french, british, spanish, dutch, american, ...")
    year: Int = Field(ge=1500, le=1900, description="Launch or capture year.")
    refit_year: Int | None = Field(default=None, ge=1500, le=1900)
    class_name: Text
    rate: Literal[RATES] | None = None  # type: ignore[valid-type]
    card: Id | None = Field(default=None, description="The double-sided ship card it shares.")
    burden: Int = Field(ge=1, le=10)
    veer: Int = Field(ge=0, le=10)
    deck: Id = Field(description="Id of a maneuver-deck.")
    base: Id = Field(description="Id of a base.")
    guns: Int = Field(ge=0, le=200)
    crew: Int = Field(ge=1, le=2000)
    ship_track: tuple[ShipBox, ...] = Field(min_length=1, max_length=50)
    crew_track: tuple[CrewBox, ...] = Field(min_length=1, max_length=50)
    deck_overrides: tuple[ManeuverCard, ...] = Field(
        default=(), max_length=100,
        description="Cards of this ship's own, each replacing the deck's card of the same id and kind.")
    points: Int | None = Field(default=None, ge=1, le=500, description="Points value, to balance a game.")
    provenance: ProvenanceMap = Field(min_length=1)

    def ship_box(self, damage: int) -> ShipBox | None:
        """The box showing after `damage` hull points (None once the ship is sunk)."""
        return self.ship_track[damage] if 0 <= damage < len(self.ship_track) else None

    def crew_box(self, losses: int) -> CrewBox | None:
        """The box showing after `losses` crew points (None once the crew is gone)."""
        return self.crew_track[losses] if 0 <= losses < len(self.crew_track) else None


# --- base -----------------------------------------------------------------------------

class Arc(Frozen):
    """A firing arc: the dot it is measured from and its bearings, clockwise from `from`."""

    dot: Point = Field(description="[right, forward] of the arc's dot, mm from the centre.")
    from_: Bearing = Field(alias="from", description="First relative bearing (from the bow).")
    to: Bearing = Field(description="Last relative bearing, clockwise from `from`.")

    def contains(self, bearing: float) -> bool:
        """Whether a relative bearing (degrees, any value) lies in the arc, ends included."""
        span = (self.to - self.from_) % 360
        if span == 0 and self.to != self.from_:
            span = 360.0
        return (bearing - self.from_) % 360 <= span

    def mirrored(self) -> "Arc":
        """The same arc on the other side: dot right → -right, bearings b → 360 - b."""
        return Arc(
            dot=Point(-self.dot.right, self.dot.forward),
            from_=360 - self.to,
            to=360 - self.from_,
        )


class Arcs(Frozen):
    """The three starboard firing arcs of a base."""

    forward: Arc
    central: Arc
    rear: Arc


class AttitudeBand(Frozen):
    """Sailing attitude for angles to the wind's origin up to `upto` degrees."""

    upto: Num = Field(gt=0, le=180)
    attitude: Literal[ATTITUDES]  # type: ignore[valid-type]


class Base(Document):
    """A ship base: size, main mast, starboard firing arcs and attitude to the wind."""

    kind: Literal["base"] = "base"
    name: Text | None = None
    width: Length = Field(le=500, description="Beam, mm.")
    length: Length = Field(le=500, description="Length, mm.")
    main_mast: Point
    arcs: Arcs = Field(description="Starboard arcs; port ones are their mirror image.")
    attitude: tuple[AttitudeBand, ...] = Field(min_length=1, max_length=16)
    provenance: ProvenanceMap = Field(min_length=1)

    def arc(self, side: Literal["port", "starboard"], name: str) -> Arc:
        """Arc `name` on `side`; the port arcs mirror the starboard definitions."""
        if side not in ("port", "starboard"):
            raise ValueError(f"side must be 'port' or 'starboard', not {side!r}")
        if name not in ARC_NAMES:
            raise KeyError(f"base {self.id} has no arc {name!r} (has {list(ARC_NAMES)})")
        arc: Arc = getattr(self.arcs, name)
        return arc if side == "starboard" else arc.mirrored()

    def attitude_for(self, angle: float) -> str:
        """The attitude for an angle (0..180) between the heading and the wind's origin."""
        for band in self.attitude:
            if angle <= band.upto:
                return band.attitude
        return self.attitude[-1].attitude

    @property
    def half_length(self) -> float:
        """Half the base length: distance from the centre to bow or stern."""
        return self.length / 2


# --- ruler ----------------------------------------------------------------------------

class RulerBand(Frozen):
    """A stretch of the ruler, measured from the gun end, and the pool it draws from."""

    name: Id
    from_: Num = Field(alias="from", ge=0)
    to: Num = Field(gt=0)
    range: Literal["short", "long"]
    pool: Id = Field(description="Id of the counter-pool drawn at this distance.")
    automatic_pool: Id | None = Field(
        default=None,
        description="Id of the counter-pool an automatic ship or battery draws at this distance with the Standard "
                    "or Advanced rules (solitaire play, p. 49: it chooses no ammunition); absent: `pool`.")


class Ruler(Document):
    """The combat ruler: range bands and the musketry pool."""

    kind: Literal["ruler"] = "ruler"
    name: Text | None = None
    length: Length = Field(le=2000)
    width: Length = Field(le=500)
    bands: tuple[RulerBand, ...] = Field(min_length=1, max_length=20)
    musketry_pool: Id = Field(description="Id of the counter-pool for musketry.")
    provenance: ProvenanceMap = Field(min_length=1)

    @property
    def half(self) -> float:
        """Half the ruler's length (musketry reach)."""
        return self.length / 2

    def band_at(self, distance: float) -> RulerBand | None:
        """The band a distance falls in (the last band includes its end); None beyond."""
        for band in self.bands:
            if band.from_ <= distance < band.to:
                return band
        last = self.bands[-1]
        return last if distance == last.to else None

    def pools(self) -> tuple[str, ...]:
        """Every counter-pool id the ruler refers to, bands first, without repeats."""
        ids = [b.pool for b in self.bands] + [self.musketry_pool] + [b.automatic_pool for b in self.bands if b.automatic_pool]
        return tuple(dict.fromkeys(ids))


# --- reading the library ----------------------------------------------------------------

def _typed(library: Library, kind: str, id: str, model: type[M]) -> M:
    doc = library.get(kind, id)
    assert isinstance(doc, model), f"{kind} {id} is a {type(doc).__name__}"
    return doc


def ship_of(library: Library, id: str) -> Ship:
    """The ship document `id`."""
    return _typed(library, "ship", id, Ship)


def deck_of(library: Library, id: str) -> ManeuverDeck:
    """The maneuver-deck document `id` (a ship's deck as it plays: :func:`ship_deck`)."""
    return _typed(library, "maneuver-deck", id, ManeuverDeck)


_SHIP_DECKS: dict[tuple[int, int], tuple[Ship, ManeuverDeck, ManeuverDeck]] = {}
_SHIP_DECKS_MAX = 256
"""Decks with overrides already built, by the ids of the ship and deck documents (kept
with them, so that an id is not reused while its entry lives); emptied when full."""


def ship_deck(library: Library, ship: Ship) -> ManeuverDeck:
    """The maneuver deck `ship` plays with: its deck document with each card of the ship's
    ``deck_overrides`` in place of the deck's card of the same id, in the deck's order.

    Without overrides it is the deck document itself; with some, a copy with the same id
    whose :attr:`ManeuverDeck.ship` is `ship` (built once per ship and deck). The deck
    document is never changed: other ships of the deck keep its cards.
    """
    deck = deck_of(library, ship.deck)
    if not ship.deck_overrides:
        return deck
    key = (id(ship), id(deck))
    cached = _SHIP_DECKS.get(key)
    if cached is not None and cached[0] is ship and cached[1] is deck:
        return cached[2]
    replaced = {card.id: card for card in ship.deck_overrides}
    played = deck.model_copy(update={"cards": tuple(replaced.get(card.id, card) for card in deck.cards)})
    played._ship = ship
    if len(_SHIP_DECKS) >= _SHIP_DECKS_MAX:
        _SHIP_DECKS.clear()
    _SHIP_DECKS[key] = (ship, deck, played)
    return played


def deck_issue(deck: ManeuverDeck, pointer: str, message: str) -> tuple[Document, str, str]:
    """``(document, pointer, message)`` of a content issue about `deck` (a ``sog_check_content``
    item), placed where the faulty data is written.

    For a deck as a ship plays it (:func:`ship_deck`), a card the ship overrides
    (``/cards/N/...``) is the ship's ``/deck_overrides/M/...``, and an issue about the whole
    deck (any other pointer) is put at the ship's ``/deck_overrides`` too, saying so: the
    overrides may be its cause. Everything else stays in the deck document.
    """
    ship = deck.ship
    if ship is None:
        return deck, pointer, message
    parts = pointer.split("/")
    if len(parts) >= 3 and parts[1] == "cards" and parts[2].isdigit() and int(parts[2]) < len(deck.cards):
        card_id = deck.cards[int(parts[2])].id
        index = next((i for i, card in enumerate(ship.deck_overrides) if card.id == card_id), None)
        if index is None:
            return deck, pointer, message
        return ship, "/".join(["", "deck_overrides", str(index), *parts[3:]]), message
    return ship, "/deck_overrides", f"{message} (deck {deck.id!r} as ship {ship.id!r} plays it, with its overrides)"


def base_doc(library: Library, id: str) -> Base:
    """The base document `id`."""
    return _typed(library, "base", id, Base)


def ruler_doc(library: Library, id: str) -> Ruler:
    """The ruler document `id`."""
    return _typed(library, "ruler", id, Ruler)


def scenario_decks(library: Library, scenario: Scenario) -> tuple[ManeuverDeck, ...]:
    """The maneuver decks of the scenario's ships as they play them (:func:`ship_deck`), in
    ship order, each once: a deck document once for all the ships using it as it is, a
    deck with overrides once per ship document (those whose ship or deck is not loaded are
    left out). Report an issue about one with :func:`deck_issue`."""
    found: dict[tuple[str, str | None], ManeuverDeck] = {}
    for placed in scenario.ships:
        if not library.has("ship", placed.ship):
            continue
        ship = ship_of(library, placed.ship)
        key = (ship.deck, ship.id if ship.deck_overrides else None)
        if key not in found and library.has("maneuver-deck", ship.deck):
            found[key] = ship_deck(library, ship)
    return tuple(found.values())
