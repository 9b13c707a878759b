"""The plain line of an event no rule narrates says its simple fields and leaves nested data
(a whole track, a mapping) to the log and the pictures."""

from sog.cli.narrate import narrate
from sog.setup import new_game


def test_a_generic_line_names_simple_fields_ships_by_name_and_skips_nested_data():
    game = new_game("enemy-in-sight", seed=1)
    event = {"turn": 1, "step": "actions", "kind": "house-repaired",
             "data": {"ship": "terpsichore", "box": 1, "counters": ["A4", "A2"],
                      "ship_track": [["A2+crew", "A1"], [], []], "detail": {"x": 1}}}
    assert list(narrate(game, [event])) == ["  house repaired: ship HMS Terpsichore, box 1, counters [A4, A2]"]
