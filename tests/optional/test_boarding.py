"""Boarding with the Basic and Standard rules (rulebook pp. 37-39), paragraph by paragraph.

HMS Terpsichore (burden 2, crew 220) lies at (450, 450) heading north; the Courageuse
(burden 3, crew 280) lies beside her, base against base, at (493, 450). HMS Defence
(burden 5, crew 597) and the Généreux (crew 693) are parked far away unless a test puts
them in the line too (Defence at 536, the Généreux at 579: each touches its neighbours).
"""

import pytest

from opt2_bench import SCENARIO, Bench, make  # noqa: F401  (fixtures)
from sog.bots import make_bot
from sog.plugins.optional import boarding
from sog.setup import new_game
from sog.state import PoseState

LINE = {"terpsichore": 450.0, "courageuse": 493.0, "defence": 536.0, "genereux": 579.0}


def _bench(make, level="basic", ships=("terpsichore", "courageuse"), static=True, options=("boarding",)) -> Bench:
    bench = make(level, options, static=static)
    bench.park(*(s for s in LINE if s not in ships))
    for ship in ships:
        bench.put(ship, LINE[ship], 450.0, 0.0)
    return bench


def _choose(bench, **choices):
    for ship, choice in choices.items():
        bench.script[("boarding", ship)] = choice


def _settled(bench, turn=1):
    return [(tuple(e["data"]["ships"]), e["data"]["grappled"]) for e in bench.events("grapple-settled", turn)]


def _fill_crew(bench, ship_id, leave=1):
    """Cover every crew box but the last ``leave`` with crew-loss markers."""
    track = bench.ship(ship_id).crew_track
    for box in track[: len(track) - leave]:
        box.markers.append("crew-loss")


def test_ships_in_base_contact_secretly_choose_boarding_or_blank_before_planning(make):
    bench = _bench(make)
    bench.until(1, "boarding-declaration")
    requests = bench.pending()
    assert {(r.kind, r.ship) for r in requests} == {("boarding", "terpsichore"), ("boarding", "courageuse")}
    assert all(r.choices == ["boarding", "blank"] for r in requests)
    assert [s.name for s in bench.game.steps].index("boarding-declaration") < [s.name for s in bench.game.steps].index("planning")


def test_the_chosen_counter_stays_secret_until_both_are_shown(make):
    bench = _bench(make)
    bench.until(1, "boarding-declaration")
    request = bench.request("boarding", "courageuse")
    bench.answer(request, "boarding")
    british = bench.game.view("british")
    assert "boarding" not in str(british["answered"]) and request.id not in str(british["pending"])
    assert bench.game.view("french")["answered"] == {request.id: "boarding"}
    assert not any(request.id in str(e["data"]) for e in bench.events("decisions", 1))
    bench.answer_all()
    bench.game.advance()
    [shown] = [e for e in bench.events("decisions", 1) if request.id in str(e["data"])]
    assert {a["answer"] for a in shown["data"]["answers"]} == {"boarding", "blank"}  # revealed together


def test_ships_not_in_contact_are_not_asked(make):
    bench = make("basic", ("boarding",), static=True)
    bench.until(1, "planning")
    assert bench.pending("boarding") == []


def test_both_boarding_counters_grapple_the_ships(make):
    bench = _bench(make)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    bench.play(1)
    [event] = bench.events("grapple-settled", 1)
    assert event["data"] == {"ships": ["terpsichore", "courageuse"], "tried": ["terpsichore", "courageuse"],
                             "drawn": None, "grappled": True}


def test_both_blank_counters_no_boarding(make):
    bench = _bench(make)
    bench.play(1)
    assert _settled(bench) == [(("terpsichore", "courageuse"), False)]
    assert bench.events("boarding-round") == []


def test_one_boarding_counter_shuffled_with_the_blank_decides(make):
    outcomes = set()
    for seed in range(1, 13):
        bench = make("basic", ("boarding",), seed=seed, static=True)
        bench.park("defence", "genereux")
        bench.put("terpsichore", 450.0, 450.0, 0.0)
        bench.put("courageuse", 493.0, 450.0, 0.0)
        _choose(bench, courageuse="boarding")
        bench.play(1)
        [event] = bench.events("grapple-settled", 1)
        assert event["data"]["tried"] == ["courageuse"] and event["data"]["drawn"] in ("boarding", "blank")
        assert event["data"]["grappled"] is (event["data"]["drawn"] == "boarding")
        outcomes.add(event["data"]["grappled"])
    assert outcomes == {True, False}


def test_basic_grappled_ships_plan_no_maneuver_and_do_not_move(make):
    bench = _bench(make, ships=("terpsichore", "courageuse"), static=False)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    before = {s: bench.ship(s).pose.model_copy() for s in ("terpsichore", "courageuse", "defence")}
    bench.until(1, "planning")
    assert {r.ship for r in bench.pending("plan")} == {"defence", "genereux"}  # withdrawn for the grappled pair
    bench.play(1)
    assert bench.ship("terpsichore").pose == before["terpsichore"] and bench.ship("courageuse").pose == before["courageuse"]
    assert bench.ship("defence").pose != before["defence"]


def test_standard_grappled_ships_discard_their_card_but_plan_the_next(make):
    bench = _bench(make, "standard", static=False)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    before = bench.ship("courageuse").pose.model_copy()
    bench.until(1, "planning")
    bench.answer_all()  # slot 1 (plan-first)
    bench.game.advance()
    assert {r.ship for r in bench.pending("plan")} >= {"terpsichore", "courageuse"}  # next turn's card
    bench.play(1)
    held = {e["data"]["ship"]: e["data"]["card"] for e in bench.events("grappled-held", 1)}
    assert set(held) == {"terpsichore", "courageuse"}
    assert bench.ship("courageuse").pose == before
    assert [e["data"]["card"] for e in bench.events("card-revealed", 1, ship="courageuse")] == [held["courageuse"]]  # revealed, discarded


def test_rulebook_example_courageuse_burden_3_boards_terpsichore_burden_2(make):
    bench = _bench(make)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    bench.stack("E", [(0, None)] * 5)
    bench.play(1)
    rounds = [[(d["ship"], d["target"]) for d in e["data"]["draws"]] for e in bench.events("boarding-round", 1)]
    assert rounds == [
        [("terpsichore", "courageuse"), ("courageuse", "terpsichore")],
        [("terpsichore", "courageuse"), ("courageuse", "terpsichore")],
        [("courageuse", "terpsichore")],  # the higher burden's remaining counter comes last
    ]
    assert all(d["counter"] == "E0" for e in bench.events("boarding-round", 1) for d in e["data"]["draws"])
    steps = [s.name for s in bench.game.steps]
    assert steps.index("damage") < steps.index("boarding") < steps.index("reloading")


def test_the_boarding_stops_as_soon_as_one_ship_surrenders(make):
    bench = _bench(make)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    _fill_crew(bench, "terpsichore")
    bench.stack("E", [(0, None), (None, "crew")])  # Terpsichore's counter, then the Courageuse's
    bench.play(1)
    assert len(bench.events("boarding-round", 1)) == 1
    [removed] = bench.events("ship-removed", 1)
    assert removed["data"] == {"ship": "terpsichore", "status": "surrendered", "cause": "boarding"}
    assert bench.ship("courageuse").in_play


def test_ruling_r10_two_ships_never_eliminate_each_other(make):
    for seed in (1, 2, 3, 4):
        bench = make("basic", ("boarding",), seed=seed, static=True)
        bench.park("defence", "genereux")
        bench.put("terpsichore", 450.0, 450.0, 0.0)
        bench.put("courageuse", 493.0, 450.0, 0.0)
        _choose(bench, terpsichore="boarding", courageuse="boarding")
        _fill_crew(bench, "terpsichore")
        _fill_crew(bench, "courageuse")
        in_cup = bench.game.pools.remaining("E")
        bench.stack("E", [(None, "crew"), (None, "crew")])
        bench.play(1)
        [removed] = bench.events("ship-removed", 1)
        [spared] = bench.events("boarding-spared", 1)
        assert {removed["data"]["ship"], spared["data"]["ship"]} == {"terpsichore", "courageuse"}
        survivor = bench.ship(spared["data"]["ship"])
        assert survivor.in_play and not survivor.crew_track[-1].covered
        assert bench.game.pools.remaining("E") == in_cup  # every counter is back in the cup
        assert len(bench.events("boarding-round", 1)) == 1


def test_no_boarding_when_a_ship_surrendered_to_fire(make):
    bench = _bench(make)
    _choose(bench, terpsichore="boarding", courageuse="boarding")
    _fill_crew(bench, "terpsichore")
    bench.script[("musketry", "courageuse")] = {"target": "terpsichore"}
    bench.stack("E", [(None, "crew"), (None, "crew")])  # the Courageuse's musketry
    bench.play(1)
    assert [e["data"]["ship"] for e in bench.events("ship-removed", 1)] == ["terpsichore"]
    assert bench.events("boarding-round") == []


def test_the_choice_is_made_again_every_turn(make):
    bench = _bench(make)
    _choose(bench, terpsichore=["boarding", "blank"], courageuse="boarding")
    bench.stack("E", [(0, None)] * 5)
    bench.play(2)
    assert _settled(bench, 1) == [(("terpsichore", "courageuse"), True)]
    assert len(bench.events("grapple-settled", 2)) == 1
    assert bench.events("grapple-settled", 2)[0]["data"]["tried"] == ["courageuse"]


def test_multiple_one_counter_then_a_declared_target_and_a_randomizer_for_one_sided_grapples(make):
    bench = _bench(make, ships=("terpsichore", "courageuse", "defence"))
    _choose(bench, terpsichore="boarding", courageuse="boarding", defence="blank")
    bench.stack("E", [(None, "crew"), (0, None)])  # randomizers: Terpsichore-Courageuse, Defence-Courageuse
    bench.until(1, "boarding-declaration")
    assert {r.ship for r in bench.pending("boarding")} == {"terpsichore", "courageuse", "defence"}
    bench.answer_all()
    bench.game.advance()
    request = bench.request("grapple", "courageuse")
    assert request.choices == ["terpsichore", "defence"]
    bench.answer(request, "defence")
    bench.game.advance()
    settled = {tuple(e["data"]["ships"]): e["data"] for e in bench.events("grapple-settled", 1)}
    assert settled[("terpsichore", "courageuse")] == {"ships": ["terpsichore", "courageuse"], "tried": ["terpsichore"],
                                                      "drawn": "E:crew", "grappled": True}
    assert settled[("defence", "courageuse")]["drawn"] == "E0" and not settled[("defence", "courageuse")]["grappled"]


def test_multiple_grapple_declarations_start_with_the_lowest_crew(make):
    bench = _bench(make, ships=("terpsichore", "courageuse", "defence", "genereux"))
    _choose(bench, terpsichore="blank", courageuse="boarding", defence="boarding", genereux="blank")
    bench.until(1, "boarding-declaration")
    bench.answer_all()
    bench.game.advance()
    assert [r.ship for r in bench.pending()] == ["courageuse"]  # crew 280 before Defence's 597
    bench.answer(bench.request("grapple", "courageuse"), "defence")
    bench.game.advance()
    assert [r.ship for r in bench.pending()] == ["defence"]
    bench.answer(bench.request("grapple", "defence"), "courageuse")
    bench.game.advance()
    settled = {tuple(e["data"]["ships"]): e["data"]["grappled"] for e in bench.events("grapple-settled", 1)}
    assert settled[("defence", "courageuse")] is True


def test_declaration_order_lowest_crew_then_more_crew_losses_then_random(make):
    game = _bench(make).game
    assert boarding.declaration_order(game, ["defence", "courageuse", "terpsichore"]) == ["terpsichore", "courageuse", "defence"]
    terpsichore = game.ship("terpsichore")
    game._docs[terpsichore.ship] = game.ship_doc(terpsichore).model_copy(update={"crew": 280})  # equal crews
    orders = {tuple(boarding.declaration_order(game, ["courageuse", "terpsichore"])) for _ in range(20)}
    assert orders == {("courageuse", "terpsichore"), ("terpsichore", "courageuse")}  # a tie: at random
    game.ship("courageuse").crew_track[0].markers.append("crew-loss")
    assert boarding.declaration_order(game, ["terpsichore", "courageuse"]) == ["courageuse", "terpsichore"]


def test_a_ship_grappled_with_several_enemies_declares_a_target_before_each_counter(make):
    bench = _bench(make, ships=("terpsichore", "courageuse", "defence"))
    _choose(bench, terpsichore="boarding", courageuse="boarding", defence="boarding")
    bench.script[("grapple", "courageuse")] = "terpsichore"
    bench.script[("boarding-target", "courageuse")] = ["defence", "terpsichore", "defence"]
    bench.stack("E", [(None, "crew")] + [(0, None)] * 10)  # Defence's one-sided grapple succeeds; then zeros
    bench.play(1)
    assert all(p for _, p in _settled(bench))
    targets = [e["data"]["target"] for e in bench.events("boarding-target", 1)]
    assert targets == ["defence", "terpsichore", "defence"]
    rounds = [{d["ship"]: d["target"] for d in e["data"]["draws"]} for e in bench.events("boarding-round", 1)]
    assert [r.get("courageuse") for r in rounds] == ["defence", "terpsichore", "defence", None, None]
    assert [len(r) for r in rounds] == [3, 3, 2, 1, 1]  # burdens 2, 3 and 5
    assert all(r.get("defence") == "courageuse" for r in rounds)


def _contact_game(library, catalogue, level, seed):  # noqa: F811
    game = new_game(SCENARIO, level=level, seed=seed, library=library, catalogue=catalogue, options=["boarding"])
    for ship, x in LINE.items():
        game.ship(ship).pose = PoseState(x=x, y=450.0, heading=0.0)
    game.run({seat: make_bot("random", seed, seat) for seat in game.seats()}, max_turns=8)
    return game


@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_starting_in_base_contact_play_on_and_repeat_exactly(library, catalogue, level, seed):  # noqa: F811
    game = _contact_game(library, catalogue, level, seed)
    assert game.log.of_kind("grapple-settled")
    assert game.over or game.state.turn == 8
    assert _contact_game(library, catalogue, level, seed).log.to_jsonl() == game.log.to_jsonl()
