"""The core's player aids (sog.aids): mat entries of every plugin joined, sketches passed on."""

from sog import hookimpl
from sog.aids import choice_sketch, ship_mat
from sog.setup import new_game
from sog.testing import RuleProvider, create_catalogue


class HouseMat:
    """A house rule adding a line to every mat and sketching every choice."""

    @hookimpl
    def sog_ship_mat(self, seat_view, ship):
        return [{"kind": "fact", "name": "house", "value": f"{seat_view.seat} reads {ship}"},
                {"kind": "nonsense"}, "not an entry"]

    @hookimpl(tryfirst=True)
    def sog_sketch_choice(self, seat_view, request, choice):
        return {"text": f"{request.id} -> {choice!r}", "shapes": [{"kind": "path", "points": [[0, 0], [1, 1]]}]}


def _game():
    catalogue = create_catalogue(extra=[RuleProvider("house-mat", HouseMat())])
    game = new_game("enemy-in-sight", level="basic", seed=1, catalogue=catalogue, add_options=["house-mat"])
    game.advance()
    return game


def test_sog_ship_mat_entries_of_every_plugin_are_joined_and_unknown_kinds_dropped():
    game = _game()
    entries = ship_mat(game, "british", "terpsichore")
    assert {"kind": "fact", "name": "house", "value": "british reads terpsichore"} in entries
    assert all(e["kind"] in ("track", "fact") for e in entries)


def test_sog_sketch_choice_first_answer_is_the_sketch():
    game = _game()
    request = game.pending("british")[0]
    sketch = choice_sketch(game, "british", request, 0)
    assert sketch == {"text": f"{request.id} -> {request.option(0)!r}", "shapes": [{"kind": "path", "points": [[0, 0], [1, 1]]}]}


def test_sog_draw_arcs_fragments_are_kept_hidden_per_piece_in_the_picture():
    """Pictures keep a piece's arcs (``sog_draw_arcs``) in a hidden group a page shows on demand."""
    from sog.render.svg import table_svg

    class Arcs:
        @hookimpl
        def sog_draw_arcs(self, game, ship):
            return [f'<circle class="house-arc" data-of="{ship.id}" r="5"/>']

    catalogue = create_catalogue(extra=[RuleProvider("house-arcs", Arcs())])
    game = new_game("enemy-in-sight", level="basic", seed=1, catalogue=catalogue, add_options=["house-arcs"])
    svg = table_svg(game)
    for ship in game.ships():
        assert f'<g class="arcs" data-ship="{ship.id}" display="none">' in svg
        assert f'data-of="{ship.id}"' in svg
