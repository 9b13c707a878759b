"""Choices a rule adds to another rule's request are labelled by that rule (sog_choice_label)."""

from sog import testing
from sog.setup import new_game


def test_the_no_target_shot_is_labelled_as_emptying_the_guns(library, catalogue):
    game = new_game("enemy-in-sight", level="standard", seed=1, library=library, catalogue=catalogue)
    bench = testing.Bench(game)
    bench.fallback = staticmethod(lambda r: r.choices[0])
    bench.until(1, "combat")
    request = next(r for r in game.pending() if r.kind == "fire")
    labels = dict(zip(map(str, request.choices), request.labels))
    empty = next(c for c in request.choices if isinstance(c, dict) and c.get("target") is None)
    assert labels[str(empty)] == f"fire the {empty['side']} broadside with no target (empty the guns)"
    assert labels["None"] == "hold fire"
