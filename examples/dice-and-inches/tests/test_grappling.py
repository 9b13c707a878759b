"""Grapple counting and cutting (dice_and_inches.grappling), as the text gives them."""

from __future__ import annotations

from types import SimpleNamespace

from dice_and_inches.grappling import (
    INCH,
    grapples_cut,
    grapples_held,
    grapples_thrown,
    lash,
    unlash,
    within_reach,
)
from sog.state import PoseState


def test_each_five_or_six_is_a_grapple() -> None:
    assert grapples_thrown([1, 2, 3, 4, 5, 6]) == 2
    assert grapples_thrown([5, 5, 6]) == 3
    assert grapples_thrown([4, 4, 1]) == 0


def test_a_grapple_is_cut_only_on_a_six() -> None:
    assert grapples_cut(3, [5, 5, 5, 5]) == 0
    assert grapples_cut(3, [6, 1, 6]) == 2


def test_sixes_beyond_the_grapples_are_wasted() -> None:
    assert grapples_cut(1, [6, 6, 6]) == 1
    assert grapples_held(1, [6, 6, 6]) == 0


def test_grapples_not_cut_still_hold() -> None:
    assert grapples_held(3, [6, 2]) == 2
    assert grapples_held(2, []) == 2  # accepted: nobody cuts


class _Game:
    """The little of a game :func:`within_reach` reads: ship documents."""

    def ship_doc(self, ship):  # noqa: ANN001, ANN201
        return {"length": 4.0, "beam": 1.0}


def _ship(x: float, y: float, heading: float = 0.0, battery: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(pose=PoseState(x=x, y=y, heading=heading), battery=battery)


def test_grapples_reach_an_enemy_within_one_inch_edge_to_edge() -> None:
    game = _Game()
    a = _ship(0.0, 0.0)
    # beams 1 inch each: centres 2 inches apart leave 1 inch between the hulls
    assert within_reach(game, a, _ship(2.0 * INCH, 0.0))
    assert not within_reach(game, a, _ship(2.0 * INCH + 1.0, 0.0))


def test_ships_in_contact_are_within_reach() -> None:
    game = _Game()
    assert within_reach(game, _ship(0.0, 0.0), _ship(1.0 * INCH, 0.0))  # side by side, touching
    assert within_reach(game, _ship(0.0, 0.0), _ship(0.5 * INCH, 0.0))  # overlapping after a collision


def test_land_batteries_are_never_grappled() -> None:
    game = _Game()
    assert not within_reach(game, _ship(0.0, 0.0), _ship(1.0 * INCH, 0.0, battery="small"))


def test_lashing_lists_each_ship_in_the_other() -> None:
    a, b, c = (SimpleNamespace(id=n, lashed=[]) for n in "abc")
    lash(a, b)
    lash(a, b)
    lash(c, a)
    assert a.lashed == ["b", "c"] and b.lashed == ["a"] and c.lashed == ["a"]
    unlash([a, b, c], "a")
    assert b.lashed == [] and c.lashed == []
