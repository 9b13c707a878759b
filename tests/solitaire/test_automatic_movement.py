"""Automatic movement (rulebook pp. 48-49): the automatic deck, its draws, the reshuffle rules,
the p. 49 example, anchored ships, no decision about an automatic ship, hidden deck order."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from solitaire_bench import (
    AUTOMATIC, DECK_D_AUTOMATIC, LEVELS, Bench, about, alone_at_sea, bot_game, deck_of, drawn, logged_ids, make,
)
from sog.events import dumps
from sog.plugins.solitaire import deck as cards
from sog.plugins.solitaire import movement
from sog.plugins.system.content_models import ship_deck
from sog.replay import replay
from sog.savefile import dump_game, load_game
from sog.setup import new_game
from sog.views import HIDDEN


def deck_d(game):
    return ship_deck(game.content, game.ship_doc(game.ship(AUTOMATIC)))


def movement_ids(game):
    """The logged request ids of the movement kinds (``t1.planning.plan.defence``)."""
    return [i for i in logged_ids(game) if i.split(".")[2] in movement.MOVEMENT_KINDS]


def classify(game):
    deck = deck_d(game)
    return lambda card_id: cards.maneuver_class(deck.card(card_id))


# --------------------------------------------------------------------------- the rule and its deck


def test_the_rule_is_core_at_every_level_and_registered(catalogue):
    rule = catalogue.rules[movement.NAME]
    assert rule.kind == "core" and set(rule.levels) == set(LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_the_automatic_deck_holds_the_blue_cards_of_veer_3_to_7_shuffled(level):
    game = make(level)
    record = deck_of(game)
    assert sorted(record["deck"]) == sorted(DECK_D_AUTOMATIC) and record["discard"] == [] and record["stacked"] == []
    assert record["deck"] != list(DECK_D_AUTOMATIC)  # shuffled (seed 1 gives another order)
    deck = deck_d(game)
    kept = [deck.card(c) for c in record["deck"]]
    assert all(c.kind == "normal" and 3 <= c.veer <= 7 for c in kept)
    left_out = {c.id for c in deck.cards} - set(record["deck"])
    assert {deck.card(c).kind for c in left_out} == {"normal", "taken-aback", "broken-mast"}
    assert all(deck.card(c).kind != "normal" or deck.card(c).veer in (2, 8) for c in left_out)


def test_the_shuffle_is_the_game_generators():
    orders = {tuple(deck_of(make(seed=seed))["deck"]) for seed in (1, 2, 3)}
    assert len(orders) == 3
    assert deck_of(make(seed=2))["deck"] == deck_of(make(seed=2))["deck"]


def test_cards_of_deck_d_are_classed_as_the_p49_example_reads_them():
    game = make()
    of = classify(game)
    assert of("D-1") == (cards.STRAIGHT, None, 5) and of("D-2").kind == cards.STRAIGHT
    assert of("D-3") == (cards.SIDESLIP, "right", 5) and of("D-5") == (cards.SIDESLIP, "left", 5)
    assert of("D-7") == (cards.TURN, "right", 6) and of("D-9") == (cards.TURN, "left", 4)
    assert of("D-11") == (cards.TURN, "right", 7) and of("D-13") == (cards.TURN, "left", 3)


# --------------------------------------------------------------------------- the reshuffle rules


def test_a_right_and_a_left_sideslip_go_back_with_every_straight():
    of = classify(make())
    assert cards.returns(["D-1", "D-3", "D-11", "D-2", "D-5"], of) == [("sideslips", ["D-1", "D-3", "D-2", "D-5"])]


def test_one_sideslip_or_two_of_one_side_stay():
    of = classify(make())
    assert cards.returns(["D-1", "D-3"], of) == []
    assert cards.returns(["D-3", "D-4", "D-2"], of) == []


def test_a_third_sideslip_and_the_turns_stay_when_two_sideslips_go_back():
    of = classify(make())
    assert cards.returns(["D-3", "D-4", "D-7", "D-5"], of) == [("sideslips", ["D-3", "D-5"])]


@pytest.mark.parametrize("right, left", [("D-7", "D-9"), ("D-11", "D-13"), ("D-8", "D-10"), ("D-12", "D-14")])
def test_a_right_and_a_left_turn_totalling_10_go_back_with_every_straight(right, left):
    of = classify(make())
    assert cards.returns(["D-2", left, "D-5", right], of) == [("turns", ["D-2", left, right])]


def test_turns_not_totalling_10_and_two_turns_of_one_side_stay():
    of = classify(make())
    assert cards.returns(["D-11", "D-9"], of) == []  # 7 + 4
    assert cards.returns(["D-7", "D-13"], of) == []  # 6 + 3
    assert cards.returns(["D-7", "D-8", "D-11"], of) == []  # all to the right
    assert cards.returns(["D-9", "D-14", "D-1"], of) == []  # all to the left


def test_the_sideslips_and_other_turns_stay_when_two_turns_go_back():
    of = classify(make())
    assert cards.returns(["D-1", "D-3", "D-11", "D-7", "D-9"], of) == [("turns", ["D-1", "D-7", "D-9"])]


def test_the_card_discarded_first_completes_a_pair():
    of = classify(make())
    assert cards.returns(["D-7", "D-8", "D-9"], of) == [("turns", ["D-7", "D-9"])]


# --------------------------------------------------------------------------- the p. 49 example


@pytest.mark.parametrize("level", LEVELS)
def test_the_p49_example_hms_defence(level):
    game = make(level)
    bench = alone_at_sea(game)
    movement.stack(game, AUTOMATIC, ["D-1", "D-3", "D-11", "D-7", "D-9"])
    bench.play(4)
    assert drawn(game) == ["D-1", "D-3", "D-11", "D-7"]
    assert deck_of(game)["discard"] == ["D-1", "D-3", "D-11", "D-7"]
    assert bench.events("automatic-reshuffle") == []
    bench.play(5)
    # 2) the 6 and the 4 (totalling 10) go back with the straight 5; the 7 and the sideslip stay
    (event,) = bench.events("automatic-reshuffle")
    assert event["turn"] == 5 and event["data"]["cards"] == ["D-1", "D-7", "D-9"] and event["data"]["reason"] == "turns"
    assert sorted(deck_of(game)["discard"]) == sorted(["D-11", "D-3"])
    assert sorted(deck_of(game)["deck"]) == sorted(set(DECK_D_AUTOMATIC) - {"D-11", "D-3"})
    # 3) a left sideslip next turn: both sideslips go back, the 7 stays
    movement.stack(game, AUTOMATIC, ["D-5"])
    bench.play(6)
    (event,) = bench.events("automatic-reshuffle", turn=6)
    assert event["data"]["cards"] == ["D-3", "D-5"] and event["data"]["reason"] == "sideslips"
    assert deck_of(game)["discard"] == ["D-11"]
    assert len(deck_of(game)["deck"]) == len(DECK_D_AUTOMATIC) - 1
    moved = [e["data"]["card"] for e in bench.events("ship-moved", ship=AUTOMATIC)]
    assert moved == ["D-1", "D-3", "D-11", "D-7", "D-9", "D-5"]


def test_returned_cards_are_shuffled_into_the_deck_by_the_game_generator():
    appended = []
    for seed in (1, 2, 3):
        game = make(seed=seed)
        bench = alone_at_sea(game)
        movement.stack(game, AUTOMATIC, ["D-1", "D-3", "D-11", "D-7"])
        bench.play(4)
        before = [c for c in deck_of(game)["deck"] if c != "D-9"]
        movement.stack(game, AUTOMATIC, ["D-9"])
        bench.play(5)
        after = deck_of(game)["deck"]
        assert sorted(after) == sorted(before + ["D-1", "D-7", "D-9"])
        appended.append(after == before + ["D-1", "D-7", "D-9"])
    assert not any(appended)


def test_an_empty_deck_takes_the_whole_discard_pile_shuffled():
    game = make()
    bench = alone_at_sea(game)
    record = deck_of(game)
    record["deck"], record["discard"] = [], ["D-3", "D-4", "D-11", "D-12"]
    bench.play(1)
    (event,) = bench.events("automatic-reshuffle")
    assert event["data"]["reason"] == "empty deck" and event["data"]["cards"] == ["D-3", "D-4", "D-11", "D-12"]
    assert len(drawn(game)) == 1 and drawn(game)[0] in ("D-3", "D-4", "D-11", "D-12")
    assert sorted(record["deck"] + record["discard"]) == ["D-11", "D-12", "D-3", "D-4"]


# --------------------------------------------------------------------------- executing the card


@pytest.mark.parametrize("level", LEVELS)
def test_the_drawn_card_is_executed_as_planned_and_nothing_is_planned_ahead(level):
    game = make(level)
    bench = alone_at_sea(game)
    movement.stack(game, AUTOMATIC, ["D-11", "D-1"])
    bench.play(1)
    (card,) = bench.events("automatic-card")
    assert card["step"] == "movement" and card["data"] == {"ship": AUTOMATIC, "card": "D-11", "deck": 13}
    (moved,) = bench.events("ship-moved", ship=AUTOMATIC)
    assert moved["data"]["card"] == "D-11" and moved["data"]["line"] == "battle"
    assert [e["data"]["card"] for e in bench.events("card-revealed", ship=AUTOMATIC)] == ["D-11"]
    assert all(card is None for card in game.ship(AUTOMATIC).planned)
    assert bench.events("planned", ship=AUTOMATIC) == []


def test_basic_taken_aback_runs_the_red_card_of_the_drawn_cards_veer_and_discards_the_drawn_card():
    game = make("basic")
    bench = alone_at_sea(game)
    bench.put(AUTOMATIC, 450.0, 450.0, 90.0)  # bow into the wind (from the east)
    movement.stack(game, AUTOMATIC, ["D-13"])
    bench.play(1)
    (card,) = bench.events("automatic-card")
    assert card["data"]["card"] == "D-13" and card["data"]["taken_aback"] == "D-20"  # a 3: the "4 or less" red card
    (moved,) = bench.events("ship-moved", ship=AUTOMATIC)
    assert moved["data"]["card"] == "D-20" and moved["data"]["line"] == "two-sandglass"
    assert deck_of(game)["discard"] == ["D-13"]


@pytest.mark.parametrize("level", ["standard", "advanced"])
def test_standard_taken_aback_is_the_taken_aback_rules(level):
    game = make(level)
    bench = alone_at_sea(game)
    bench.put(AUTOMATIC, 450.0, 450.0, 90.0)
    movement.stack(game, AUTOMATIC, ["D-11"])
    bench.play(1)
    (replaced,) = bench.events("card-replaced", ship=AUTOMATIC)
    assert replaced["data"]["card"] == "D-11" and replaced["data"]["by"] == "D-21" and replaced["data"]["reason"] == "taken-aback"
    assert "taken_aback" not in bench.events("automatic-card")[0]["data"]
    assert deck_of(game)["discard"] == ["D-11"]


def test_the_veer_limit_judges_the_drawn_card_and_it_is_discarded_all_the_same():
    game = make("standard")
    bench = alone_at_sea(game)
    game.ship(AUTOMATIC).ext.setdefault("veer", {})["modifier"] = -4  # a veer rating of 1
    movement.stack(game, AUTOMATIC, ["D-11", "D-13"])  # a 7, then a 3: 4 more than the rating allows
    bench.play(2)
    (replaced,) = bench.events("card-replaced", ship=AUTOMATIC)
    assert replaced["turn"] == 2 and replaced["data"]["card"] == "D-13" and replaced["data"]["reason"] == "veer"
    assert bench.events("ship-moved", turn=2, ship=AUTOMATIC)[0]["data"]["card"] == replaced["data"]["by"]
    (back,) = bench.events("automatic-reshuffle")  # the 3 was discarded: with the 7 it totals 10
    assert back["turn"] == 2 and back["data"]["cards"] == ["D-11", "D-13"] and deck_of(game)["discard"] == []


def test_advanced_automatic_ships_sail_with_battle_sails():
    game = make("advanced")
    assert game.ship(AUTOMATIC).sails == movement.SAILS == "battle"
    asked = bot_game(game, turns=1)
    assert not [r for r in about(AUTOMATIC, asked) if r.kind == "sails"] and any(r.kind == "sails" for r in asked)


# --------------------------------------------------------------------------- no decision about it


#: The rules of automatic play that withdraw the other requests about an automatic ship.
OTHER_AUTOMATIC_RULES = ("automatic-fire", "automatic-actions")


@pytest.mark.parametrize("bot", ["captain", "random"])
@pytest.mark.parametrize("level", LEVELS)
def test_an_automatic_ship_is_never_asked_anything(level, bot, catalogue):
    game = make(level, seed=4)
    asked = bot_game(game, bot=bot, turns=6)
    logged = [i for i in logged_ids(game) if AUTOMATIC in i.split(".")]
    assert asked and [r for r in about(AUTOMATIC, asked) if r.kind in movement.MOVEMENT_KINDS] == []
    assert not [i for i in movement_ids(game) if AUTOMATIC in i.split(".")]
    if all(name in catalogue.rules for name in OTHER_AUTOMATIC_RULES):  # with them: nothing at all
        assert about(AUTOMATIC, asked) == [] and logged == []
    turns = [e["turn"] for e in game.log.of_kind("automatic-card")]
    assert turns and turns == list(range(1, len(turns) + 1))  # one card a movement while in play
    assert [i for i in logged_ids(game) if "terpsichore" in i.split(".")]  # its friend is asked as usual


def test_every_automatic_ship_draws_its_own_deck():
    game = make("standard", automatic=("defence", "genereux"), seed=2)
    bot_game(game, turns=3)
    assert set(movement._records(game)) == {"defence", "genereux"}
    assert not [i for i in movement_ids(game) if {"defence", "genereux"} & set(i.split("."))]
    assert all(c.startswith("D-") for c in drawn(game, "defence"))
    assert all(not c.startswith("D-") for c in drawn(game, "genereux"))


@pytest.mark.parametrize("level", LEVELS)
def test_over_a_long_game_only_the_automatic_cards_are_drawn_and_none_is_lost(level):
    game = make(level, anchored=("courageuse",), seed=21)  # the enemy lies at anchor in its corner
    bench = alone_at_sea(game)
    turns = 0
    while turns < 20 and game.ship(AUTOMATIC).in_play and not game.over:
        turns += 1
        bench.play(turns)
        record = deck_of(game)
        assert sorted(record["deck"] + record["discard"]) == sorted(DECK_D_AUTOMATIC)
    assert set(drawn(game)) <= set(DECK_D_AUTOMATIC) and len(drawn(game)) == turns >= 5


def test_a_surrendered_automatic_ship_draws_nothing_and_does_not_drift():
    game = make("standard", options=("surrendered-ships",))
    bench = alone_at_sea(game)
    bench.play(1)
    start = game.ship(AUTOMATIC).pose.model_dump()
    game.remove_ship(AUTOMATIC, "surrendered")
    bench.play(3)
    assert len(drawn(game)) == 1 and game.ship(AUTOMATIC).pose.model_dump() == start
    assert AUTOMATIC in game.state.ext["surrendered-ships"]["wrecks"] and not bench.events("drifting")


# --------------------------------------------------------------------------- anchored ships


@pytest.mark.parametrize("level", LEVELS)
def test_anchored_ships_never_move(level):
    game = make(level, automatic=(), anchored=(AUTOMATIC,), seed=3)
    start = game.ship(AUTOMATIC).pose.model_dump()
    asked = bot_game(game, turns=5)
    assert game.state.turn == 5 and not [r for r in about(AUTOMATIC, asked) if r.kind in movement.MOVEMENT_KINDS]
    assert game.ship(AUTOMATIC).pose.model_dump() == start
    assert [e for e in game.log.events if e["kind"] in ("ship-moved", "card-revealed", "automatic-card")
            and e["data"].get("ship") == AUTOMATIC] == []
    assert movement.OWNER not in game.state.ext and not [i for i in movement_ids(game) if AUTOMATIC in i.split(".")]


# --------------------------------------------------------------------------- idle, determinism, views


def test_idle_without_automatic_ships(library, catalogue):
    for game in (new_game("enemy-in-sight", seed=9, library=library, catalogue=catalogue),
                 make(automatic=(), seed=9, library=library, catalogue=catalogue)):
        bot_game(game, turns=3)
        assert movement.OWNER not in game.state.ext
        assert not game.log.of_kind("automatic-card") and not game.log.of_kind("automatic-reshuffle")
    with_rule = new_game("enemy-in-sight", level="standard", seed=9, library=library, catalogue=catalogue)
    without = new_game("enemy-in-sight", level="standard", seed=9, library=library, catalogue=catalogue,
                       blocked=[movement.NAME])
    bot_game(with_rule, turns=3)
    bot_game(without, turns=3)
    assert dumps(with_rule.log.events) == dumps(without.log.events)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_log_and_the_log_replays(level, library):
    logs = []
    for _ in range(2):
        game = make(level, seed=11, library=library)
        bot_game(game, turns=5)
        logs.append(dumps(game.log.events))
    assert logs[0] == logs[1]
    assert replay(game.log.header, game.log.events, library=library).events == len(game.log.events)
    assert game.log.of_kind("automatic-card")


def test_a_saved_game_resumes_with_its_automatic_deck(library):
    whole = make("standard", seed=12, library=library)
    Bench(whole).play(6)
    part = make("standard", seed=12, library=library)
    Bench(part).play(3)
    resumed = load_game(dump_game(part), library=library)
    assert deck_of(resumed) == deck_of(part) and drawn(resumed) == drawn(part)
    Bench(resumed).play(6)
    assert len(drawn(resumed)) == 6
    assert dumps(resumed.log.events) == dumps(whole.log.events)


def test_the_content_check_wants_cards_to_draw(library, monkeypatch):
    scenario = library.get("scenario", "enemy-in-sight")
    rules = SimpleNamespace(names={"solitaire"}, settings={"solitaire": {"automatic": ["defence"], "anchored": []}})
    assert movement.sog_check_content(library, scenario, rules) == []
    anchored = SimpleNamespace(names={"solitaire"}, settings={"solitaire": {"automatic": ["defence"], "anchored": ["defence"]}})
    monkeypatch.setattr(cards, "automatic_cards", lambda deck: [])
    assert movement.sog_check_content(library, scenario, anchored) == []
    ((doc, pointer, message),) = movement.sog_check_content(library, scenario, rules)
    assert doc.id == "D" and pointer == "/cards" and "veer 3 to 7" in message and "'defence'" in message
    assert movement.sog_check_content(library, scenario, SimpleNamespace(names=set(), settings={})) == []


def test_no_view_reveals_the_deck_order():
    game = make("standard")
    movement.stack(game, AUTOMATIC, ["D-2"])
    bench = alone_at_sea(game)
    for turn in (0, 2):
        bench.play(turn) if turn else None
        record = deck_of(game)
        views = {seat: game.view(seat) for seat in game.seats()}
        events = {seat: game.events_for(seat) for seat in game.seats()}
        for seat, view in views.items():
            shown = view["ext"][movement.OWNER]["ships"][AUTOMATIC]
            assert shown == {"deck": [HIDDEN] * len(record["deck"]), "discard": record["discard"]}
        record["deck"].reverse()  # another order: nobody's view or events change
        assert {seat: game.view(seat) for seat in game.seats()} == views
        assert {seat: game.events_for(seat) for seat in game.seats()} == events
        record["deck"].reverse()


def test_the_events_are_narrated():
    game = make()
    bench = alone_at_sea(game)
    movement.stack(game, AUTOMATIC, ["D-3", "D-5"])
    bench.play(2)
    lines = [game.hook.sog_narrate(game=game, event=e) for e in game.log.events
             if e["kind"] in ("automatic-card", "automatic-reshuffle")]
    assert lines == ["  HMS Defence turns over D-3 (veer 5) from its automatic deck",
                     "  HMS Defence turns over D-5 (veer 5) from its automatic deck",
                     "  HMS Defence: D-3, D-5 back into the automatic deck (a right and a left sideslip), shuffled: 14 cards"]
