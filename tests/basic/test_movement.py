"""Basic movement (rulebook pp. 11-13; RULES-NOTES items 4-5): cards, lines, leaving the table.

Expected poses are computed from the deck data with
:func:`sog.plugins.system.geometry.end_pose`, so these tests check which card, line, colour and
side of the ship the rule uses, not the geometry.
"""

import math

import pytest

from sog.geometry import Pose
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.tabletop import rect_of
from sog.plugins.system.content_models import deck_of

WIND = 90.0  # Enemy in Sight!: from the east


def _deck(game, ship_id):
    return deck_of(game.content, game.ship_doc(game.ship(ship_id)).deck)


def _expected(game, ship_id, start_pose, card, line, colour, start):
    end = _deck(game, ship_id).card(card).end(line, colour)
    return end_pose(Pose(*start_pose), 90.0, end, start)


def _moved(b, ship_id, turn=1):
    (event,) = [e for e in b.events("ship-moved", turn) if e["data"]["ship"] == ship_id]
    return event["data"]


def _assert_pose(actual, expected):
    assert actual["x"] == pytest.approx(expected.x, abs=1e-3)
    assert actual["y"] == pytest.approx(expected.y, abs=1e-3)
    assert actual["heading"] == pytest.approx(expected.heading % 360.0, abs=1e-3)


def _alone(bench, ship_id, pose, seed=1):
    b = bench(seed)
    b.put(ship_id, *pose)
    b.park(*[s for s in ("terpsichore", "defence", "courageuse", "genereux") if s != ship_id])
    return b


@pytest.mark.parametrize(
    ("heading", "attitude", "colour"),
    [
        (180.0, "reaching", "green"),
        (160.0, "beating", "orange"),
        (260.0, "running", "orange"),
        (10.0, "reaching", "green"),    # exactly 80 degrees: orange|green border -> green
        (240.0, "reaching", "green"),   # exactly 150 degrees: green|orange border -> green
        (241.0, "running", "orange"),
        (135.0, "beating", "orange"),   # exactly 45 degrees: red|orange border -> orange
    ],
)
@pytest.mark.parametrize("card", ["A-1", "A-7", "A-16", "A-23"])
def test_normal_card_puts_the_stern_on_the_battle_line_arrow_of_the_attitude_colour(bench, heading, attitude, colour, card):
    start = (450.0, 450.0, heading)
    b = _alone(bench, "courageuse", start)
    b.plan({"courageuse": card})
    moved = _moved(b, "courageuse")
    assert (moved["card"], moved["line"], moved["colour"], moved["attitude"]) == (card, "battle", colour, attitude)
    _assert_pose(moved["after"], _expected(b.game, "courageuse", start, card, "battle", colour, "bow"))
    other = "orange" if colour == "green" else "green"
    wrong = _expected(b.game, "courageuse", start, card, "battle", other, "bow")
    assert math.dist((moved["after"]["x"], moved["after"]["y"]), (wrong.x, wrong.y)) > 5.0


@pytest.mark.parametrize(("ship_id", "card"), [("defence", "D-7"), ("terpsichore", "B-5"), ("genereux", "C-13")])
def test_every_deck_moves_by_its_own_battle_line(bench, ship_id, card):
    start = (450.0, 450.0, 0.0)  # reaching across the east wind
    b = _alone(bench, ship_id, start)
    b.plan({ship_id: card})
    _assert_pose(_moved(b, ship_id)["after"], _expected(b.game, ship_id, start, card, "battle", "green", "bow"))
    assert b.ship(ship_id).pose.model_dump() == _moved(b, ship_id)["after"]


@pytest.mark.parametrize("card", ["A-27", "A-28", "A-29"])
def test_red_card_backs_the_ship_along_the_two_sandglass_line_from_the_stern(bench, card):
    start = (450.0, 450.0, 90.0)  # bow into the wind: taken aback
    b = _alone(bench, "courageuse", start)
    b.plan({"courageuse": card})
    moved = _moved(b, "courageuse")
    assert (moved["line"], moved["colour"], moved["attitude"]) == ("two-sandglass", None, "taken-aback")
    _assert_pose(moved["after"], _expected(b.game, "courageuse", start, card, "two-sandglass", None, "stern"))
    # The ship goes astern: its centre ends behind where it started (west of it, heading east).
    assert moved["after"]["x"] < 450.0 - 10.0


def test_card_is_revealed_then_the_planned_slot_is_emptied(bench):
    b = _alone(bench, "courageuse", (450.0, 450.0, 180.0))
    b.plan({"courageuse": "A-9"})
    revealed = [e["data"] for e in b.events("card-revealed", 1)]
    assert {"ship": "courageuse", "card": "A-9"} in revealed
    assert len(revealed) == 4
    assert all(s.planned == [None] for s in b.game.ships())
    first_move = min(e["seq"] for e in b.events("ship-moved", 1))
    assert max(e["seq"] for e in b.events("card-revealed", 1)) < first_move


def test_two_ships_passing_through_each_other_both_complete_their_moves(bench):
    """Head to head, 5 mm apart: their paths cross but the final bases do not overlap."""
    b = bench()
    b.put("defence", 450.0, 300.0, 0.0)
    b.put("courageuse", 450.0, 395.0, 180.0)
    b.park("terpsichore", "genereux")
    b.plan({"defence": "D-1", "courageuse": "A-1"})
    _assert_pose(_moved(b, "defence")["after"], _expected(b.game, "defence", (450, 300, 0), "D-1", "battle", "green", "bow"))
    _assert_pose(_moved(b, "courageuse")["after"], _expected(b.game, "courageuse", (450, 395, 180), "A-1", "battle", "green", "bow"))
    assert b.ship("defence").pose.y > b.ship("courageuse").pose.y  # they swapped places
    assert not _moved(b, "defence")["collided"] and not _moved(b, "courageuse")["collided"]
    assert b.events("collision") == []


def test_ship_ending_where_another_started_does_not_collide_with_it(bench):
    """Genereux sails west across Defence's track and ends where Defence started; Defence has
    sailed on north meanwhile, so the final bases do not overlap and both complete their moves."""
    b = bench()
    b.put("defence", 450.0, 330.0, 0.0)
    b.put("genereux", 560.0, 360.0, 270.0)
    b.park("terpsichore", "courageuse")
    b.plan({"defence": "D-1", "genereux": "C-1"})
    assert b.events("collision") == []
    genereux = _moved(b, "genereux")["after"]
    _assert_pose(_moved(b, "defence")["after"], _expected(b.game, "defence", (450, 330, 0), "D-1", "battle", "green", "bow"))
    _assert_pose(genereux, _expected(b.game, "genereux", (560, 360, 270), "C-1", "battle", "orange", "bow"))
    start_of_defence = rect_of(b.game, b.ship("defence"), Pose(450.0, 330.0, 0.0))
    assert rect_of(b.game, b.ship("genereux")).overlaps(start_of_defence)


def test_ship_ending_flush_with_the_table_edge_stays_in_play(bench):
    # Reaching north with A-1 green: the centre moves 90 + 33.5 mm; the bow ends on y = 900.
    b = _alone(bench, "courageuse", (450.0, 900.0 - 45.0 - 123.5, 0.0))
    b.plan({"courageuse": "A-1"})
    assert _moved(b, "courageuse")["after"]["y"] == pytest.approx(855.0)
    assert b.ship("courageuse").status == "in-play"


@pytest.mark.parametrize(
    ("pose", "card"),
    [
        ((450.0, 900.0 - 45.0 - 123.5 + 0.5, 0.0), "A-1"),  # the bow ends 0.5 mm over the north edge
        ((25.0, 450.0, 0.0), "A-5"),                         # a sideslip to port puts the beam over the west edge
    ],
)
def test_ship_with_any_part_of_its_base_off_the_table_is_eliminated(bench, pose, card):
    b = _alone(bench, "courageuse", pose)
    assert rect_of(b.game, b.ship("courageuse")).inside(900.0, 900.0)
    b.plan({"courageuse": card})
    assert b.ship("courageuse").status == "left-table"
    assert [e["data"] for e in b.events("ship-removed", 1)] == [{"ship": "courageuse", "status": "left-table"}]
    assert not rect_of(b.game, b.ship("courageuse")).inside(900.0, 900.0)
    assert b.game.ships(side="french") == [b.ship("genereux")]


def test_ship_leaving_the_table_counts_as_surrendered_and_its_counters_go_back(bench):
    b = bench()
    b.keep("courageuse", "terpsichore")
    b.put("terpsichore", 450.0, 450.0, 0.0)
    b.put("courageuse", 450.0, 820.0, 0.0)  # the only French ship sails off the north edge
    drawn = b.game.draw("B", 3)
    b.ship("courageuse").ship_track[0].counters.extend(drawn[:2])
    b.ship("courageuse").zero_box.append(drawn[2])
    assert b.game.pools.remaining("B") == 87
    b.plan({"courageuse": "A-1", "terpsichore": "B-1"})
    assert b.ship("courageuse").status == "left-table"
    assert b.game.pools.remaining("B") == 90
    assert b.game.over and b.game.outcome.winner == "british"
    assert b.events("game-over")[0]["step"] == "movement"
