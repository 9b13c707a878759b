"""Time to react (pp. 22-24): two planned cards, slot 1 revealed this turn, slot 2 planned for the next."""

from sog.setup import new_game

SHIPS = ("terpsichore", "defence", "courageuse", "genereux")


def test_each_ship_mat_has_two_empty_slots_at_standard_and_one_at_basic(std_bench, library, catalogue):
    bench = std_bench()
    assert all(bench.ship(s).planned == [None, None] for s in SHIPS)
    basic = new_game("enemy-in-sight", level="basic", library=library, catalogue=catalogue)
    assert all(s.planned == [None] for s in basic.ships())
    assert "basic-planning" not in bench.game.rules.names and "time-to-react" in bench.game.rules.names
    assert "time-to-react" not in basic.rules.names


def test_turn_one_asks_slot_one_first_then_slot_two_without_the_card_in_slot_one(std_bench):
    bench = std_bench()
    bench.until(1, "planning")
    first = bench.pending()
    assert {r.kind for r in first} == {"plan-first"} and {r.ship for r in first} == set(SHIPS)
    normal = [c.id for c in bench.deck("genereux").of_kind("normal")]
    assert bench.request("plan-first", "genereux").choices == normal
    bench.script[("plan-first", "genereux")] = "C-15"
    bench.answer_all()
    bench.game.advance()
    second = bench.pending()
    assert {r.kind for r in second} == {"plan"} and {r.ship for r in second} == set(SHIPS)
    slot_two = bench.request("plan", "genereux").choices
    assert "C-15" not in slot_two and {"C-16", "C-17", "C-18"} <= set(slot_two)
    assert bench.ship("genereux").planned == ["C-15", None]


def test_slot_one_is_executed_then_slot_two_moves_up_and_later_turns_plan_slot_two_only(std_bench):
    bench = std_bench()
    bench.script[("plan-first", "genereux")] = "C-7"
    bench.script[("plan", "genereux")] = ["C-11", "C-8"]
    bench.until(1, "combat")
    moved = bench.events("ship-moved", 1, ship="genereux")
    assert [e["data"]["card"] for e in moved] == ["C-7"]
    assert bench.ship("genereux").planned == ["C-11", None]
    bench.until(2, "planning")
    assert {r.kind for r in bench.pending()} == {"plan"}
    assert "C-11" not in bench.request("plan", "genereux").choices
    bench.until(2, "combat")
    assert [e["data"]["card"] for e in bench.events("ship-moved", 2, ship="genereux")] == ["C-11"]
    assert bench.ship("genereux").planned == ["C-8", None]
    planned = [(e["turn"], e["data"]["slot"], e["data"]["card"]) for e in bench.events("planned", ship="genereux")]
    assert planned == [(1, 1, "C-7"), (1, 2, "C-11"), (2, 2, "C-8")]


def test_only_blue_cards_are_planned_even_for_a_ship_facing_the_wind(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 90.0)  # the wind blows from 90: taken aback
    bench.until(1, "planning")
    normal = {c.id for c in bench.deck("genereux").of_kind("normal")}
    assert set(bench.request("plan-first", "genereux").choices) == normal
    bench.answer_all()
    bench.game.advance()
    assert set(bench.request("plan", "genereux").choices) < normal
