"""Label placement (sog.render.labels): labels never overlap, and stay at their first choice
when nothing is in the way."""

from itertools import combinations

from sog.render.labels import Box, place_labels, text_width


def _ship(x, y, size=12.0):
    return Box(x, y, x + size, y + size)


def test_six_ships_packed_within_40_mm_get_labels_no_two_of_which_overlap():
    anchors = [_ship(100 + 14 * (i % 3), 100 + 14 * (i // 3)) for i in range(6)]  # all within 40 x 26 mm
    labels = [(a, text_width(f"HMS Ship {i} 270°", 12), 26.0) for i, a in enumerate(anchors)]
    placed = place_labels(labels, obstacles=anchors)
    for one, other in combinations(placed, 2):
        assert not one.box.overlaps(other.box), (one, other)
    assert not any(p.box.overlaps(a) for p in placed for a in anchors)  # nor any ship: there is room further out
    assert [(round(p.box.width, 6), p.box.height) for p in placed] == [(round(w, 6), h) for _, w, h in labels]


def test_far_apart_labels_all_keep_their_first_choice_above_their_piece_without_a_leader():
    anchors = [_ship(100 + 300 * i, 400) for i in range(4)]
    placed = place_labels([(a, 80.0, 20.0) for a in anchors], obstacles=anchors)
    assert [p.choice for p in placed] == [0, 0, 0, 0]
    assert not any(p.leader for p in placed)
    for anchor, p in zip(anchors, placed):
        assert p.box.y1 <= anchor.y0 and p.box.centre[0] == anchor.centre[0]  # centred above


def test_a_label_avoids_an_obstacle_in_its_first_place_and_keeps_inside_the_bounds():
    anchor = _ship(100, 100)
    first = place_labels([(anchor, 40.0, 10.0)])[0].box
    moved = place_labels([(anchor, 40.0, 10.0)], obstacles=[first])[0]
    assert moved.choice > 0 and not moved.box.overlaps(first)
    bounded = place_labels([(anchor, 40.0, 10.0)], bounds=Box(0, 105, 300, 300))[0]
    assert bounded.box.inside(Box(0, 105, 300, 300))


def test_text_width_is_six_tenths_of_the_font_size_per_character():
    assert text_width("abcde", 10) == 30.0


def test_a_label_never_overlaps_a_fixed_label_even_where_it_would_rather_be():
    anchor = _ship(100, 100)
    first = place_labels([(anchor, 40.0, 10.0)])[0].box
    moved = place_labels([(anchor, 40.0, 10.0)], bounds=Box(0, 0, 300, 300), fixed=[Box(0, 0, 300, 99)])[0]
    assert moved.box.y0 >= 99 and not moved.box.overlaps(first)
