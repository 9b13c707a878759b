"""The game state machine: pending, submit, advance, run, views, events."""

import json

import jsonschema
import pytest

from sog.bots import RandomBot, make_bot
from sog.errors import GameOver, IllegalDecision, NotYourDecision, PluginError, UnknownDecision
from sog.events import dumps
from sog.setup import new_game

#: An explicit safety limit: Enemy in Sight! states no turn limit (p. 21).
TURN_LIMIT = 200


@pytest.fixture
def game():
    g = new_game("enemy-in-sight", seed=11)
    g.advance()
    return g


def _snapshot(g) -> str:
    return dumps(g.snapshot().model_dump(mode="json", by_alias=True))


def test_first_step_waits_for_every_seat_to_plan(game):
    assert game.step.name == "planning"
    seats = {r.seat for r in game.pending()}
    assert seats == {"british", "french"}
    assert all(r.kind == "plan" and r.choices for r in game.pending())


def test_illegal_answer_raises_and_changes_nothing(game):
    request = game.pending("british")[0]
    before = _snapshot(game)
    with pytest.raises(IllegalDecision):
        game.submit("british", request.id, "no-such-card")
    with pytest.raises(NotYourDecision):
        game.submit("french", request.id, request.choices[0])
    with pytest.raises(UnknownDecision):
        game.submit("british", "t1.planning.plan.nobody", request.choices[0])
    assert _snapshot(game) == before


def test_answers_wait_until_all_seats_have_answered(game):
    for request in game.pending("british"):
        game.submit("british", request.id, request.choices[0])
    game.advance()
    assert game.step.name == "planning"
    assert game.pending("british") == [] and game.pending("french")
    for request in game.pending("french"):
        game.submit("french", request.id, request.choices[0])
    game.advance()
    assert game.state.turn >= 1 and game.log.of_kind("decisions")


def test_answering_twice_is_refused(game):
    request = game.pending("british")[0]
    game.submit("british", request.id, request.choices[0])
    with pytest.raises(UnknownDecision):
        game.submit("british", request.id, request.choices[0])


def test_view_hides_other_seats_plans_ammunition_pools_and_rng(game):
    for seat in ("british", "french"):
        for request in game.pending(seat):
            game.submit(seat, request.id, request.choices[0])
    view = game.view("british")
    text = json.dumps(view)
    assert "rng" not in view and all(isinstance(n, int) for n in view["pools"].values())
    for ship in view["ships"].values():
        if ship["seat"] == "british":
            assert ship["broadsides"]["left"]["loaded"] == "ball"
        else:
            assert ship["broadsides"]["left"]["loaded"] == "hidden"
    french_cards = {game.ship(s.id).planned[0] for s in game.ships(side="french")}
    for ship in view["ships"].values():
        if ship["seat"] == "french":
            assert ship["planned"][0] in (None, "hidden")
    assert all(r["seat"] == "british" for r in view["pending"])
    assert "answers" not in view
    assert view["answered"] and all(rid.startswith("t1.planning.plan.") for rid in view["answered"])
    assert set(view["answered"]) == {r.id for r in game.state.pending if r.seat == "british"}
    assert not any(f'"{card}"' in text for card in french_cards if card)


def test_run_with_bots_reaches_a_result_and_the_game_refuses_more(game):
    outcome = game.run({s: RandomBot(i) for i, s in enumerate(game.seats())}, max_turns=TURN_LIMIT)
    assert outcome is not None and game.over
    assert game.log.events[-1]["kind"] == "game-over"
    with pytest.raises(GameOver):
        game.submit("british", "anything", None)


def test_same_seed_and_bots_give_byte_identical_logs():
    logs = []
    for _ in range(2):
        g = new_game("enemy-in-sight", seed=5)
        g.run({s: make_bot("random", 5, s) for s in g.seats()}, max_turns=TURN_LIMIT)
        logs.append(g.log.to_jsonl())
    assert logs[0] == logs[1]
    g = new_game("enemy-in-sight", seed=6)
    g.run({s: make_bot("random", 5, s) for s in g.seats()}, max_turns=TURN_LIMIT)
    assert g.log.to_jsonl() != logs[0]


def test_every_log_line_matches_the_log_schema():
    from importlib.resources import files

    schema = json.loads(files("sog.schemas").joinpath("log.json").read_text())
    g = new_game("enemy-in-sight", seed=2)
    g.run({s: make_bot("random", 2, s) for s in g.seats()}, max_turns=TURN_LIMIT)
    validator = jsonschema.Draft202012Validator(schema)
    for line in g.log.lines():
        validator.validate(json.loads(line))
    kinds = {e["kind"] for e in g.log.events}
    assert {"game-started", "turn-began", "decisions", "ship-moved", "game-over"} <= kinds
    assert kinds <= set(g.event_kinds)


def test_undeclared_event_kind_is_refused(game):
    with pytest.raises(PluginError, match="not declared"):
        game.emit("made-up-kind")


def test_turn_limit_ends_the_game_as_a_draw():
    g = new_game("enemy-in-sight", seed=3)
    g.state.max_turns = 1
    g.run({s: make_bot("random", 3, s) for s in g.seats()})
    assert g.over and g.state.turn_limit_reached
    assert g.outcome.winner is None and "turn limit" in g.outcome.reason
    assert g.log.of_kind("turn-limit")


def test_run_each_step_tells_the_observer_at_every_step_end_and_changes_no_game():
    """``Game.run(observer, each_step=True)``: the observer hears each step's events when the
    step ends (a replay draws the table there), besides each advance; the log is the same."""
    def played(each_step):
        game = new_game("enemy-in-sight", seed=5)
        batches = [[(e["turn"], e["step"]) for e in game.log.events]]  # the set-up's, before the run
        game.run({seat: make_bot("random", 5, seat) for seat in game.seats()}, max_turns=3,
                 observer=lambda events: batches.append([(e["turn"], e["step"]) for e in events]), each_step=each_step)
        return game, batches

    stepped, by_step = played(True)
    plain, by_advance = played(False)
    assert dumps(stepped.log.events) == dumps(plain.log.events)
    assert sum(by_step, []) == sum(by_advance, []) == [(e["turn"], e["step"]) for e in plain.log.events]
    assert len(by_step) > len(by_advance)
    moved = next(b for b in by_step if ("movement" in {s for _, s in b}))
    assert {s for _, s in moved} <= {"movement", "planning", None}  # the movement step ends its batch


def test_answer_open_lets_only_the_given_controllers_answer_and_says_whether_any_did():
    game = new_game("enemy-in-sight", seed=5)
    game.advance()
    assert game.answer_open({"british": make_bot("random", 5, "british")}) is True
    assert not game.pending("british") and game.pending("french")  # the French were not asked
    assert game.answer_open({"british": make_bot("random", 5, "british")}) is False  # nothing open for them now
    with pytest.raises(KeyError):
        game.answer_open({}, seats=["french"])  # a seat asked, but no controller for it
