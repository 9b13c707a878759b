"""Content models: helper methods and the invariants the models enforce themselves."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from pydantic import ValidationError

from packs_support import MINI, load
from sog.packs import provenance_of
from sog.packs.models import Counter, CounterPool
from sog.plugins.system.content_models import Arc, LineEnd, ManeuverCard, Ship, base_doc, deck_of, ruler_doc, ship_of

LIB = load(MINI)


def test_card_end_by_line_and_colour():
    deck = deck_of(LIB, "T")
    assert deck.card("T-1").end("full", "green") == LineEnd(0, 40, 0)
    assert deck.card("T-1").end("battle", "orange") == (0, 15, 0)
    assert deck.card("T-2").end("two-sandglass") == LineEnd(right=0, forward=-30, turn=0)
    assert deck.card("T-3").end("battle", "green").turn == 33
    assert [c.id for c in deck.of_kind("normal")] == ["T-1"]


def test_card_end_refuses_wrong_requests():
    deck = deck_of(LIB, "T")
    with pytest.raises(KeyError):
        deck.card("T-3").end("full", "green")
    with pytest.raises(ValueError):
        deck.card("T-1").end("full")
    with pytest.raises(ValueError):
        deck.card("T-2").end("one-sandglass", "green")
    with pytest.raises(KeyError):
        deck.card("T-9")


@pytest.mark.parametrize("card", [
    {"id": "X", "kind": "normal", "lines": {"full": {"green": [0, 1, 0], "orange": [0, 1, 0]}}},
    {"id": "X", "kind": "taken-aback", "veer": 1, "lines": {"full": {"green": [0, 1, 0], "orange": [0, 1, 0]}}},
    {"id": "X", "kind": "normal", "veer": 1, "lines": {"one-sandglass": [0, 1, 0]}},
    {"id": "X", "kind": "broken-mast", "lines": {"battle": {"green": [0, 1, 0], "orange": [0, 1, 0]}}},
    {"id": "X", "kind": "normal", "veer": 1, "masts": 1, "lines": {"full": {"green": [0, 1, 0], "orange": [0, 1, 0]}}},
    {"id": "X", "kind": "normal", "veer": 1, "lines": {}},
])
def test_card_shape_must_fit_its_kind(card):
    with pytest.raises(ValidationError):
        ManeuverCard.model_validate(card)


def test_pool_expands_in_document_order():
    assert LIB.pool("L").expanded() == [
        Counter(0, None), Counter(0, None), Counter(1, None), Counter(1, None), Counter(1, None),
        Counter(None, "fire"),
    ]
    assert LIB.pool("S").expanded() == [Counter(2, "crew"), Counter(2, "crew"), Counter(3, None)]


def test_symbol_only_counter_needs_a_symbol():
    with pytest.raises(ValidationError):
        CounterPool.model_validate({"kind": "counter-pool", "id": "Z", "name": "z",
                                    "counters": [{"value": None, "count": 1}],
                                    "provenance": {"default": "estimate"}})


def test_base_port_arcs_mirror_starboard():
    base = base_doc(LIB, "small")
    starboard = base.arc("starboard", "forward")
    port = base.arc("port", "forward")
    assert (starboard.dot, starboard.from_, starboard.to) == ((15, 20), 30, 70)
    assert (port.dot, port.from_, port.to) == ((-15, 20), 290, 330)
    assert port.contains(300) and not port.contains(30) and starboard.contains(30)
    with pytest.raises(KeyError):
        base.arc("port", "bow")
    with pytest.raises(ValueError):
        base.arc("left", "forward")  # type: ignore[arg-type]


def test_base_attitude_bands():
    base = base_doc(LIB, "small")
    assert [base.attitude_for(a) for a in (0, 45, 46, 100, 180)] == [
        "taken-aback", "taken-aback", "beating", "reaching", "running"]
    assert base.half_length == 30


@given(st.integers(0, 360), st.integers(0, 360), st.integers(-720, 720))
def test_mirroring_an_arc_mirrors_membership(start, end, bearing):
    """Whole degrees: exact in floating point, so membership at the edges is exact too."""
    arc = Arc(dot=(1, 2), from_=start, to=end)
    assert arc.mirrored().mirrored() == arc
    assert arc.contains(bearing) == arc.mirrored().contains(-bearing)


def test_ruler_bands():
    ruler = ruler_doc(LIB, "short")
    assert ruler.half == 50
    assert [ruler.band_at(d).name for d in (0, 19.9, 20, 49.9, 50, 100)] == [
        "red", "red", "short", "short", "long", "long"]
    assert ruler.band_at(100.1) is None
    assert ruler.pools() == ("S", "L")


def test_scenario_helpers():
    scenario = LIB.scenario("duel")
    assert scenario.side("red").seats == ("red",)
    assert [s.id for s in scenario.ships_of("blue")] == ["blue-1"]
    assert scenario.wind.from_ == 90
    assert scenario.ships[0].zone.contains(100, 50)
    assert scenario.victory.kind == "last-side-standing" and dict(scenario.victory.params) == {}


def test_ship_tracks_and_provenance():
    ship = ship_of(LIB, "cutter")
    assert ship.ship_box(0).full == 2 and ship.ship_box(1).actions is None and ship.ship_box(2) is None
    assert ship.crew_box(1).musketry == 0
    assert provenance_of(ship, "burden") == "rulebook p. 6"
    assert provenance_of(ship, "veer") == "estimate"
    assert provenance_of(LIB.scenario("duel"), "wind") == "unspecified"


def test_models_are_strict_and_serialise_back():
    data = ship_of(LIB, "cutter").model_dump(by_alias=True, exclude_none=True)
    assert Ship.model_validate(data) == ship_of(LIB, "cutter")
    with pytest.raises(ValidationError):
        Ship.model_validate({**data, "burden": "1"})
    with pytest.raises(ValidationError):
        Ship.model_validate({**data, "burden": True})
    assert base_doc(LIB, "small").model_dump(by_alias=True)["arcs"]["rear"]["from"] == 110
