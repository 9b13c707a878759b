"""Basic planning (rulebook pp. 9-11; RULES-NOTES items 2-3): one secret card per ship.

The wind of Enemy in Sight! blows from the east (90). The standard base reads the angle
between heading and wind as taken aback up to 45, beating up to 80, reaching up to 150,
running beyond; on an exact border the faster colour applies.
"""

import json

import pytest

from sog.errors import IllegalDecision
from sog.plugins.system.tabletop import attitude_of
from sog.plugins.system.content_models import deck_of


def test_a_basic_turn_is_planning_movement_combat_damage_then_reloading(bench):
    b = bench()
    assert [step.name for step in b.game.steps] == ["planning", "movement", "combat", "damage", "reloading"]
    b.plan()
    seen = []
    for event in b.game.log.events:
        if event["turn"] == 1 and event["step"] not in seen:
            seen.append(event["step"])
    # far apart, nobody can shoot: combat only records the "hold fire" answers, damage and
    # reloading have nothing to do
    assert seen == ["planning", "movement", "combat"]
    assert b.game.state.turn == 2 and b.game.step.name == "planning"


def _cards(game, ship_id, kind):
    deck = deck_of(game.content, game.ship_doc(game.ship(ship_id)).deck)
    return [c.id for c in deck.of_kind(kind)]


def _plan_request(b, ship_id):
    b.advance()
    return b.request("plan", ship_id)


@pytest.mark.parametrize("ship_id", ["terpsichore", "defence", "courageuse", "genereux"])
def test_ship_not_taken_aback_is_offered_exactly_the_normal_cards_of_its_deck(bench, ship_id):
    b = bench()
    request = _plan_request(b, ship_id)  # scenario poses: headings 0 / 180 across an east wind
    assert request.choices == _cards(b.game, ship_id, "normal")
    assert request.seat == b.ship(ship_id).seat


@pytest.mark.parametrize("heading", [90.0, 60.0, 120.0, 45.5, 134.5])
def test_taken_aback_ship_is_offered_only_the_red_cards(bench, heading):
    b = bench()
    b.put("courageuse", 450, 450, heading)
    request = _plan_request(b, "courageuse")
    assert request.choices == ["A-27", "A-28", "A-29"]
    assert request.choices == _cards(b.game, "courageuse", "taken-aback")


@pytest.mark.parametrize(
    ("heading", "kind"),
    [
        (45.0, "normal"),       # exactly on the red|orange border: orange
        (45.001, "taken-aback"),
        (135.0, "normal"),      # the same border with the wind on the other side
        (134.999, "taken-aback"),
    ],
)
def test_exact_red_orange_border_counts_as_orange(bench, heading, kind):
    b = bench()
    b.put("courageuse", 450, 450, heading)
    assert _plan_request(b, "courageuse").choices == _cards(b.game, "courageuse", kind)


@pytest.mark.parametrize(
    ("heading", "attitude"),
    [
        (45.0, "beating"),      # red|orange -> orange
        (45.1, "taken-aback"),
        (10.0, "reaching"),     # orange|green (80 degrees) -> green
        (10.1, "beating"),
        (240.0, "reaching"),    # green|orange (150 degrees, running side) -> green
        (240.1, "running"),
        (180.0, "reaching"),
        (270.0, "running"),
    ],
)
def test_attitude_on_exact_borders_takes_the_faster_colour(bench, heading, attitude):
    b = bench()
    b.put("courageuse", 450, 450, heading)
    assert attitude_of(b.game, b.ship("courageuse")) == attitude


def test_every_ship_in_play_plans_once_and_the_card_is_kept_in_its_first_slot(bench):
    b = bench(probe=True)
    b.plan({"terpsichore": "B-3", "defence": "D-2", "courageuse": "A-7", "genereux": "C-5"})
    state = b.at(1, "planning")
    assert {s.id: s.planned for s in state.ships.values()} == {
        "terpsichore": ["B-3"], "defence": ["D-2"], "courageuse": ["A-7"], "genereux": ["C-5"],
    }
    assert [(e["data"]["ship"], e["data"]["card"]) for e in b.events("planned")] == [
        ("terpsichore", "B-3"), ("defence", "D-2"), ("courageuse", "A-7"), ("genereux", "C-5"),
    ]


def test_planned_cards_are_hidden_from_the_other_seat_and_shown_to_their_own(bench):
    b = bench(probe=True)
    b.plan({"defence": "D-13", "courageuse": "A-21"})
    french, british = b.view_at(1, "planning", "french"), b.view_at(1, "planning", "british")
    assert french["ships"]["defence"]["planned"] == ["hidden"]
    assert french["ships"]["courageuse"]["planned"] == ["A-21"]
    assert british["ships"]["courageuse"]["planned"] == ["hidden"]
    assert british["ships"]["defence"]["planned"] == ["D-13"]


def test_an_answer_given_but_not_yet_resolved_is_invisible_to_the_other_seat(bench):
    b = bench()
    b.advance()
    b.submit(b.request("plan", "defence"), "D-13")
    french = b.game.view("french")
    assert "D-13" not in json.dumps(french)
    assert {r["ship"] for r in french["pending"]} == {"courageuse", "genereux"}
    assert french["ships"]["defence"]["planned"] == [None]


@pytest.mark.parametrize(
    ("heading", "card"),
    [
        (180.0, "B-1"),   # another deck's card
        (180.0, "A-27"),  # a red card while reaching
        (180.0, "A-30"),  # a grey broken-mast card (Advanced rules only)
        (90.0, "A-1"),    # a normal card while taken aback
        (180.0, None),
    ],
)
def test_illegal_card_is_refused_and_changes_nothing(bench, heading, card):
    b = bench()
    b.put("courageuse", 450, 450, heading)
    b.advance()
    request = b.request("plan", "courageuse")
    before = b.dump()
    with pytest.raises(IllegalDecision):
        b.submit(request, card)
    assert b.dump() == before
    assert b.pending("plan", "courageuse") == [request]


def test_planning_waits_for_both_seats_before_anything_moves(bench):
    b = bench()
    b.advance()
    for r in b.pending("plan"):
        if r.seat == "british":
            b.submit(r, r.choices[0])
    b.advance()
    assert b.game.step.name == "planning"
    assert b.events("ship-moved") == [] and b.events("planned") == []
    assert {r.ship for r in b.game.pending()} == {"courageuse", "genereux"}
