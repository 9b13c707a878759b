"""Overlapping during movement (rulebook pp. 12-14; RULES-NOTES item 6) and the two
"resolving a collision" examples.

Ships whose final bases would overlap stay where they are while the others move; then they
move one at a time (highest burden, then green before orange before red, then at random),
each sliding along its line until the first contact: a) when the card fits in front of the
ship it is put on the card and its stern follows the line (slide mode ``stern``); b) when it
does not, its bow follows the arrow (slide mode ``bow``).

Burdens: Defence and Generoux 5, Courageuse 3, Terpsichore 2.
"""

import itertools
import random

import pytest

from sog.geometry import Pose
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.tabletop import rect_of
from sog.plugins.system.content_models import deck_of

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")
TOUCH = 0.5  # mm: "stopped at first contact" means the bases end this close, not overlapping


def _setup(bench, poses, seed=1, wind=None):
    b = bench(seed)
    if wind is not None:
        b.wind(wind)
    for ship_id, pose in poses.items():
        b.put(ship_id, *pose)
    b.park(*[s for s in SHIPS if s not in poses])
    return b


def _movement_events(b, turn=1):
    return [e for e in b.game.log.events if e["turn"] == turn and e["kind"] in ("ship-moved", "collision")]


def _order(b, turn=1):
    return [e["data"]["ship"] for e in b.events("ship-moved", turn)]


def _moved(b, ship_id):
    (event,) = [e["data"] for e in b.events("ship-moved", 1) if e["data"]["ship"] == ship_id]
    return event


def _collision(b, ship_id):
    found = [e["data"] for e in b.events("collision", 1) if e["data"]["ship"] == ship_id]
    return found[0] if found else None


def _normal_end(b, ship_id, start, card, colour):
    deck = deck_of(b.game.content, b.game.ship_doc(b.ship(ship_id)).deck)
    return end_pose(Pose(*start), 90.0, deck.card(card).end("battle", colour), "bow")


def _assert_touching(b, one, other):
    a, c = rect_of(b.game, b.ship(one)), rect_of(b.game, b.ship(other))
    assert not a.overlaps(c)
    assert a.distance(c) <= TOUCH


def _assert_no_overlap(b):
    for one, other in itertools.combinations(b.game.ships(), 2):
        assert not rect_of(b.game, one).overlaps(rect_of(b.game, other)), (one.id, other.id)


# --------------------------------------------------------------------------- the two examples

EXAMPLE_1 = {"defence": (450.0, 250.0, 0.0), "courageuse": (450.0, 480.0, 180.0)}


def test_collision_example_1_first_ship_moves_normally_second_slides_its_bow_to_contact(bench):
    """Head to head: Defence (burden 5) makes her whole move; Courageuse's card no longer
    fits in front of her, so her bow follows the arrow until her base touches Defence."""
    b = _setup(bench, EXAMPLE_1)
    b.plan({"defence": "D-1", "courageuse": "A-1"})
    assert _order(b)[-2:] == ["defence", "courageuse"]
    defence = _moved(b, "defence")
    assert not defence["collided"] and _collision(b, "defence") is None
    expected = _normal_end(b, "defence", EXAMPLE_1["defence"], "D-1", "green")
    after = defence["after"]
    assert (after["x"], after["y"], after["heading"]) == pytest.approx((expected.x, expected.y, 0.0))
    assert _collision(b, "courageuse") == {
        "ship": "courageuse", "other": "defence", "mode": "bow", "fraction": pytest.approx(0.627, abs=0.01)}
    courageuse = b.ship("courageuse").pose
    # Defence's bow ends at y = 369 + 45 = 414; Courageuse's bow stops on it.
    assert (courageuse.x, courageuse.heading) == (450.0, 180.0)
    assert courageuse.y - 45.0 == pytest.approx(414.0, abs=TOUCH)
    _assert_touching(b, "courageuse", "defence")


EXAMPLE_2 = {"defence": (540.0, 470.0, 300.0), "courageuse": (450.0, 450.0, 0.0)}


def test_collision_example_2_first_ship_slides_its_bow_then_second_slides_its_stern(bench):
    """Defence (burden 5) comes in from the starboard bow of Courageuse: Courageuse is where
    Defence's card would go, so Defence's bow follows the arrow until it touches Courageuse.
    Then Courageuse's card fits in front of her: she is put on it and her stern follows the
    line of her hard turn to starboard until she touches Defence."""
    b = _setup(bench, EXAMPLE_2)
    b.plan({"defence": "D-1", "courageuse": "A-19"})
    events = [(e["kind"], e["data"]["ship"]) for e in _movement_events(b)][-4:]
    assert events == [("ship-moved", "defence"), ("collision", "defence"), ("ship-moved", "courageuse"), ("collision", "courageuse")]
    assert _collision(b, "defence")["mode"] == "bow" and _collision(b, "defence")["other"] == "courageuse"
    assert _collision(b, "courageuse")["mode"] == "stern" and _collision(b, "courageuse")["other"] == "defence"
    # Both stopped part-way along their lines.
    assert 0.3 < _collision(b, "defence")["fraction"] < 0.95
    assert 0.3 < _collision(b, "courageuse")["fraction"] < 0.95
    _assert_touching(b, "courageuse", "defence")
    # Courageuse did turn to starboard: she is neither where she started nor at her normal end.
    normal = _normal_end(b, "courageuse", EXAMPLE_2["courageuse"], "A-19", "green")
    assert 0.0 < b.ship("courageuse").pose.heading < normal.heading


# --------------------------------------------------------------------------- who is involved, order


def test_ships_not_involved_move_first_and_normally_then_the_overlapping_ones(bench):
    b = _setup(bench, {**EXAMPLE_1, "terpsichore": (150.0, 300.0, 0.0), "genereux": (750.0, 600.0, 180.0)})
    b.plan({"defence": "D-1", "courageuse": "A-1", "terpsichore": "B-7", "genereux": "C-9"})
    assert _order(b) == ["terpsichore", "genereux", "defence", "courageuse"]
    for ship_id, start, card in [("terpsichore", (150.0, 300.0, 0.0), "B-7"), ("genereux", (750.0, 600.0, 180.0), "C-9")]:
        after, expected = _moved(b, ship_id)["after"], _normal_end(b, ship_id, start, card, "green")
        assert (after["x"], after["y"], after["heading"]) == pytest.approx((expected.x, expected.y, expected.heading), abs=1e-3)
    _assert_no_overlap(b)


def test_highest_burden_moves_first_even_with_a_worse_attitude(bench):
    # Wind from 60: Defence (heading 0) is beating (orange), Courageuse (180) reaching (green).
    b = _setup(bench, EXAMPLE_1, wind=60.0)
    b.plan({"defence": "D-1", "courageuse": "A-1"})
    assert _moved(b, "defence")["colour"] == "orange" and _moved(b, "courageuse")["colour"] == "green"
    assert _order(b)[-2:] == ["defence", "courageuse"]


def test_equal_burden_green_moves_before_orange(bench):
    # Wind from 60: Defence (heading 0) beating, Genereux (heading 180) reaching; both burden 5.
    b = _setup(bench, {"defence": (450.0, 250.0, 0.0), "genereux": (450.0, 480.0, 180.0)}, wind=60.0)
    b.plan({"defence": "D-1", "genereux": "C-1"})
    assert (_moved(b, "genereux")["colour"], _moved(b, "defence")["colour"]) == ("green", "orange")
    assert _order(b)[-2:] == ["genereux", "defence"]
    _assert_no_overlap(b)


def test_equal_burden_orange_moves_before_red(bench):
    # Wind from the north: Genereux (heading 0) is taken aback and backs; Defence runs south onto her.
    b = _setup(bench, {"defence": (450.0, 560.0, 180.0), "genereux": (450.0, 450.0, 0.0)}, wind=0.0)
    b.plan({"defence": "D-1", "genereux": "C-27"})
    assert (_moved(b, "defence")["colour"], _moved(b, "genereux")["line"]) == ("orange", "two-sandglass")
    assert _order(b)[-2:] == ["defence", "genereux"]
    _assert_no_overlap(b)


HEAD_TO_HEAD_TWINS = {"defence": (450.0, 250.0, 0.0), "genereux": (450.0, 480.0, 180.0)}


def _twins_first(bench, seed):
    b = _setup(bench, HEAD_TO_HEAD_TWINS, seed=seed)
    b.plan({"defence": "D-1", "genereux": "C-1"})
    order = _order(b)[-2:]
    assert sorted(order) == ["defence", "genereux"]
    return order[0], b


def test_equal_burden_and_attitude_order_is_random_and_repeats_with_the_seed(bench):
    firsts = {}
    for seed in range(1, 9):
        first, b = _twins_first(bench, seed)
        firsts[seed] = first
        # Whoever moves first makes the whole move; the other's bow slides to contact.
        second = "genereux" if first == "defence" else "defence"
        assert not _moved(b, first)["collided"] and _collision(b, second)["mode"] == "bow"
        _assert_touching(b, first, second)
    assert set(firsts.values()) == {"defence", "genereux"}
    for seed in (1, 2, 6):
        assert _twins_first(bench, seed)[0] == firsts[seed]


def test_sliding_ship_stops_at_the_first_contact_with_a_ship_that_has_not_moved_yet(bench):
    # Example 2 from Defence's side: Courageuse, still at her start, stops Defence's bow.
    b = _setup(bench, EXAMPLE_2)
    b.plan({"defence": "D-1", "courageuse": "A-19"})
    (after,) = [e["data"]["after"] for e in b.events("ship-moved", 1) if e["data"]["ship"] == "defence"]
    defence = rect_of(b.game, b.ship("defence"), Pose(after["x"], after["y"], after["heading"]))
    courageuse_start = rect_of(b.game, b.ship("courageuse"), Pose(*EXAMPLE_2["courageuse"]))
    assert not defence.overlaps(courageuse_start)
    assert defence.distance(courageuse_start) <= TOUCH


def test_ship_ending_on_a_ship_held_back_at_its_start_is_involved_too(bench):
    """Defence and Courageuse would overlap at the end, so they are held back; Terpsichore's
    normal move ends on Defence's start, where Defence still is. Terpsichore is held back too
    and moves last (lowest burden): by then Defence has moved on, so she completes her move."""
    b = _setup(bench, {"defence": (450.0, 250.0, 0.0), "courageuse": (450.0, 410.0, 180.0), "terpsichore": (560.0, 200.0, 270.0)})
    b.plan({"defence": "D-1", "courageuse": "A-1", "terpsichore": "B-1"})
    _assert_no_overlap(b)
    assert _order(b)[-3:] == ["defence", "courageuse", "terpsichore"]
    after, expected = _moved(b, "terpsichore")["after"], _normal_end(b, "terpsichore", (560.0, 200.0, 270.0), "B-1", "orange")
    assert (after["x"], after["y"]) == pytest.approx((expected.x, expected.y), abs=1e-3)


@pytest.mark.parametrize("seed", range(40))
def test_after_movement_no_two_bases_overlap(bench, seed):
    """Four ships crowded in the middle of the table with random cards: whatever the order and
    the collisions, every base ends clear of every other."""
    rng = random.Random(seed)
    b = bench(seed)
    placed = []
    for ship_id in SHIPS:
        while True:
            pose = (rng.uniform(330.0, 570.0), rng.uniform(330.0, 570.0), rng.choice(range(0, 360, 15)))
            rect = rect_of(b.game, b.ship(ship_id), Pose(*pose))
            if all(not rect.overlaps(other) and rect.distance(other) > 1.0 for other in placed):
                break
        placed.append(rect)
        b.put(ship_id, *pose)
    b.advance()
    b.plan({r.ship: rng.choice(r.choices) for r in b.pending("plan")})
    assert len(b.events("ship-moved", 1)) == 4
    _assert_no_overlap(b)
    # Each collision stopped the ship touching the other as the other stood at that moment.
    where = {ship_id: Pose(*pose) for ship_id, pose in zip(SHIPS, [(r.cx, r.cy, r.heading) for r in placed])}
    for event in _movement_events(b):
        data = event["data"]
        if event["kind"] == "ship-moved":
            where[data["ship"]] = Pose(data["after"]["x"], data["after"]["y"], data["after"]["heading"])
        else:
            one = rect_of(b.game, b.ship(data["ship"]), where[data["ship"]])
            other = rect_of(b.game, b.ship(data["other"]), where[data["other"]])
            assert not one.overlaps(other) and one.distance(other) <= TOUCH


# --------------------------------------------------------------------------- stored poses

#: A collision from a random-bot game (seed 15, turn 5): Defence's bow slides to contact with
#: Courageuse, taken aback and backing. Before the fix her stop pose, rounded when stored, lay
#: 0.0003 mm inside Courageuse, and the two stayed frozen together for the rest of the game.
FROZEN_START = {"defence": (628.289, 409.326, 348.727), "courageuse": (588.231, 517.488, 109.0)}
FROZEN_CARDS = {"defence": ["D-1", "D-11", "D-6"], "courageuse": ["A-28", "A-28", "A-27"]}
#: Where the old engine stored them after that collision (0.0003 mm overlap).
FROZEN_POSES = {"defence": (622.883, 436.445, 348.727), "courageuse": (588.231, 517.488, 109.0)}


def _scripted(bench, poses, cards):
    b = bench(1, probe=True)
    b.wind(90.0)
    for ship_id, pose in poses.items():
        b.put(ship_id, *pose)
    b.park(*[s for s in SHIPS if s not in poses])
    for ship_id, plan in cards.items():
        b.script[("plan", ship_id)] = list(plan)
    return b


def _stored_overlaps(state, game):
    ships = [s for s in state.ships.values() if s.in_play]
    return [(a.id, b.id) for a, b in itertools.combinations(ships, 2)
            if rect_of(game, a).overlaps(rect_of(game, b))]


def test_a_ship_stopped_by_a_collision_is_stored_touching_never_overlapping(bench):
    b = _scripted(bench, FROZEN_START, FROZEN_CARDS)
    b.play(3)
    assert _collision(b, "defence")["other"] == "courageuse"
    (after,) = [e["data"]["after"] for e in b.events("ship-moved", 1, ship="defence")]
    stored = rect_of(b.game, b.ship("defence"), Pose(after["x"], after["y"], after["heading"]))
    start = rect_of(b.game, b.ship("courageuse"), Pose(*FROZEN_START["courageuse"]))
    assert not stored.overlaps(start) and stored.distance(start) <= TOUCH
    for turn in (1, 2, 3):
        assert _stored_overlaps(b.at(turn, "movement"), b.game) == []
        for ship_id in FROZEN_START:  # neither is frozen against the other
            (moved,) = b.events("ship-moved", turn, ship=ship_id)
            assert moved["data"]["after"] != moved["data"]["before"], (turn, ship_id)


def test_ships_touching_by_a_rounding_residue_are_not_frozen_together(bench):
    """Two ships left 0.0003 mm into each other (a save from before the fix). Defence's turn
    would push her deeper in, so she waits; Courageuse backs away from the contact (ruling
    CONTACT_RESIDUE), and the next turn Defence is free to move."""
    b = _scripted(bench, FROZEN_POSES, {"defence": ["D-11", "D-11"], "courageuse": ["A-28", "A-28"]})
    assert _stored_overlaps(b.game.state, b.game) == [("defence", "courageuse")]
    b.play(2)

    def moved(turn, ship_id):
        (event,) = b.events("ship-moved", turn, ship=ship_id)
        return event["data"]["after"] != event["data"]["before"]

    assert moved(1, "courageuse") and not moved(1, "defence")
    assert moved(2, "defence") and moved(2, "courageuse")
    assert _stored_overlaps(b.at(1, "movement"), b.game) == []
    assert _stored_overlaps(b.at(2, "movement"), b.game) == []
