"""A save edited and then re-checksummed is still checked: one test per consistency check."""

import copy

import pytest

from sog.bots import make_bot
from sog.errors import SaveFileError
from sog.save_checks import save_problems
from sog.savefile import dump_game, load_game, load_saved, save_data
from sog.setup import new_game


@pytest.fixture(scope="module")
def pristine():
    """A save made while requests are open (turn 3 began), with its seats' bots."""
    game = new_game("enemy-in-sight", seed=4)
    game.run({s: make_bot("random", 4, s) for s in game.seats()}, max_turns=2)
    game.advance()
    assert game.pending() and not game.over
    seats = {s: {"controller": "random", "rng": {"state": 5, "inc": 15}} for s in game.seats()}
    return copy.deepcopy(dump_game(game, seats=seats))


@pytest.fixture
def data(pristine):
    return copy.deepcopy(pristine)


def resealed(data):
    """The edited save with its checksum computed again, as a careful forger would."""
    return save_data(data["header"], data["state"], data["events"], data.get("seats"))


def refused(data, match):
    with pytest.raises(SaveFileError, match=match) as info:
        load_game(resealed(data))
    assert "\n" not in str(info.value) and "inconsistent save" in str(info.value)


def test_an_untouched_save_passes_every_check(data):
    saved = load_saved(resealed(data))
    assert save_problems(saved.game, saved.seats) == []


# --- the header describes the state's game

def test_a_header_that_differs_from_the_state_is_refused(data):
    data["header"]["seed"] = 5
    refused(data, "/header/seed: 5 differs from the state's 4")


# --- generator states within range

def test_a_generator_state_beyond_64_bits_is_refused(data):
    data["state"]["rng"]["state"] = 2**64
    refused(data, "/state/rng/state: 18446744073709551616 is not a 64-bit generator state")


def test_an_even_generator_increment_is_refused(data):
    data["state"]["rng"]["inc"] = 108
    refused(data, "/state/rng/inc: 108 is not an odd 64-bit increment")


def test_a_bot_generator_with_an_even_increment_is_refused(data):
    data["seats"]["french"]["rng"]["inc"] = 2
    refused(data, "/seats/french/rng/inc: 2 is not an odd")


def test_a_seed_out_of_range_is_refused(data):
    data["state"]["seed"] = data["header"]["seed"] = -1
    with pytest.raises(SaveFileError, match="seed"):
        load_game(resealed(data))


# --- ships, sides and seats are the scenario's

def test_a_ship_of_a_seat_the_scenario_lacks_is_refused(data):
    data["state"]["ships"]["courageuse"]["seat"] = "spanish"
    refused(data, "/state/ships/courageuse/seat: 'spanish' is not a seat of side 'french'")


def test_a_ship_of_a_side_the_scenario_lacks_is_refused(data):
    data["state"]["ships"]["courageuse"]["side"] = "spanish"
    refused(data, "/state/ships/courageuse/side: 'spanish' is not a side of the scenario")


def test_sides_other_than_the_scenario_s_are_refused(data):
    data["state"]["sides"]["french"] = ["french", "spanish"]
    refused(data, "/state/sides: .* are not the scenario's sides and seats")


def test_saved_seats_the_game_lacks_are_refused(data):
    data["seats"]["spanish"] = {"controller": "random"}
    refused(data, "/seats/spanish: not a seat of this game")


# --- counter pools

def test_a_counter_the_pool_lacks_is_refused(data):
    data["state"]["pools"]["A"]["bag"].append(999)
    refused(data, "/state/pools/A/bag: counter 999 is not one of the pool's")


def test_a_counter_twice_in_its_cup_is_refused(data):
    bag = data["state"]["pools"]["A"]["bag"]
    bag.append(bag[0])
    refused(data, "/state/pools/A/bag: a counter is in the cup twice")


def test_a_stacked_counter_outside_the_cup_is_refused(data):
    pool = data["state"]["pools"]["A"]
    pool["stacked"] = [next(i for i in range(1000) if i not in pool["bag"])]
    refused(data, "/state/pools/A/stacked")


def test_a_pool_the_packs_lack_is_refused(data):
    data["state"]["pools"]["Z"] = {"id": "Z", "bag": [0]}
    refused(data, "'Z'")


# --- open requests fit the step

def test_a_request_for_a_seat_the_game_lacks_is_refused(data):
    data["state"]["pending"][0]["seat"] = "spanish"
    refused(data, "/state/pending/0/seat: 'spanish' is not a seat of this game")


def test_an_answer_to_no_open_request_is_refused(data):
    data["state"]["answers"]["t9.nowhere.plan"] = "x"
    refused(data, "/state/answers/t9.nowhere.plan: answers no open request")


def test_an_illegal_answer_is_refused(data):
    request = data["state"]["pending"][0]
    data["state"]["answers"][request["id"]] = "no such card"
    refused(data, f"/state/answers/{request['id']}: \"no such card\" is not an answer the request allows")


def test_a_step_index_beyond_the_steps_is_refused(data):
    data["state"]["step_index"] = 99
    refused(data, "/state/step_index: 99 is not a step of the turn")


def test_requests_open_between_turns_are_refused(data):
    data["state"]["step_index"] = -1
    refused(data, "/state/pending: requests are open between turns")


def test_two_requests_with_one_id_are_refused(data):
    data["state"]["pending"].append(copy.deepcopy(data["state"]["pending"][0]))
    refused(data, "/state/pending: two requests share an id")


# --- the outcome agrees with the log

def test_an_outcome_without_its_game_over_event_is_refused(data):
    data["state"]["outcome"] = {"winner": "british", "reason": "edited"}
    data["state"]["pending"], data["state"]["answers"] = [], {}
    refused(data, "/state/outcome: the game is over but the log does not end with one game-over event")


def test_a_game_over_event_without_an_outcome_is_refused(data):
    seq = len(data["events"]) + 1
    data["events"].append({"seq": seq, "turn": data["state"]["turn"], "step": None, "kind": "game-over",
                           "data": {"winner": None, "reason": "edited"}})
    data["state"]["event_seq"] = seq
    refused(data, f"/state/outcome: missing, but event {seq} is game-over")


def test_a_winner_that_is_no_side_is_refused(data):
    seq = len(data["events"]) + 1
    data["events"].append({"seq": seq, "turn": data["state"]["turn"], "step": None, "kind": "game-over",
                           "data": {"winner": "spain", "reason": "edited"}})
    data["state"].update(event_seq=seq, outcome={"winner": "spain", "reason": "edited"}, pending=[], answers={})
    refused(data, "/state/outcome/winner: 'spain' is not a side")


# --- turn and event numbers agree with the events

def test_an_event_counter_that_disagrees_with_the_events_is_refused(data):
    data["state"]["event_seq"] += 1
    refused(data, "/state/event_seq: .* but the save holds")


def test_a_turn_that_disagrees_with_the_turn_began_events_is_refused(data):
    data["state"]["turn"] += 1
    refused(data, "/state/turn: 4, but the log has 3 turn-began events")


def test_events_out_of_sequence_are_refused(data):
    data["events"][5]["seq"] = 99
    refused(data, "/events/5/seq: 99, expected 6")


def test_an_event_of_a_later_turn_is_refused(data):
    data["events"][3]["turn"] = 2
    refused(data, "/events/3/turn: 2, but 1 turns had begun")


def test_an_event_of_an_unknown_step_is_refused(data):
    index = next(i for i, e in enumerate(data["events"]) if e["step"])
    data["events"][index]["step"] = "teatime"
    refused(data, f"/events/{index}/step: 'teatime' is not a step")


def test_a_log_without_its_game_started_event_is_refused(data):
    data["events"][0]["kind"] = "turn-limit"
    data["state"]["turn_limit_reached"] = True
    refused(data, "/events: the log does not hold one game-started event before the first turn")
