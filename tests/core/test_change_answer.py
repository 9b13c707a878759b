"""Changing one's mind before the reveal: ``Game.withdraw`` takes back an answer of the open round.

Secret planning stays secret and simultaneous: a withdrawn answer never reaches the log or
another seat, the round resolves with the final answers, and the log replays as any other.
"""

from __future__ import annotations

from typing import Any

import pytest

from sog import testing
from sog.events import dumps
from sog.markers import hookimpl
from sog.errors import GameOver, IllegalDecision, NotYourDecision, UnknownDecision
from sog.pluginmanager import create_catalogue
from sog.replay import replay
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
PLAN = "t1.planning.plan.terpsichore"


def _game(library, catalogue, **kwargs):
    game = new_game(SCENARIO, seed=7, library=library, catalogue=catalogue, **kwargs)
    game.advance()
    assert PLAN in {r.id for r in game.pending("british")}
    return game


def _request(game, request_id):
    return next(r for r in game.state.pending if r.id == request_id)


def _decisions(game) -> list[dict[str, Any]]:
    return [e for e in game.log.events if e["kind"] == "decisions"]


def _answer_all_but(game, skip: set[str]) -> None:
    """Answer every open request (its first choice) except those in ``skip``."""
    for request in game.pending():
        if request.id not in skip:
            game.submit(request.seat, request.id, request.option(0))


def test_withdraw_then_submit_again_resolves_the_round_with_the_new_answer(library, catalogue):
    game = _game(library, catalogue)
    first, second = _request(game, PLAN).choices[:2]
    game.submit("british", PLAN, first)
    game.withdraw("british", PLAN)
    assert PLAN in {r.id for r in game.pending("british")}  # open again
    game.submit("british", PLAN, second)
    _answer_all_but(game, {PLAN})
    game.advance()
    answers = {a["id"]: a["answer"] for a in _decisions(game)[0]["data"]["answers"]}
    assert answers[PLAN] == second
    moved = next(e for e in game.log.events if e["kind"] == "ship-moved" and e["data"]["ship"] == "terpsichore")
    assert moved["data"]["card"] == second
    assert game.ship("terpsichore").pose.model_dump() == moved["data"]["after"]


def test_a_withdrawn_answer_leaves_the_round_unresolved(library, catalogue):
    game = _game(library, catalogue)
    _answer_all_but(game, set())
    game.withdraw("british", PLAN)
    game.advance()
    assert _decisions(game) == []
    assert [r.id for r in game.pending()] == [PLAN]


class _OneChoice:
    """A test rule asking the British, in turn 1's planning, a question with one answer."""

    name = "test-one-choice"

    @hookimpl
    def sog_decision_kinds(self) -> dict[str, str]:
        return {"test-only-answer": "a question with a single answer"}

    @hookimpl
    def sog_decisions_needed(self, game: Any, step: Any) -> list[Any]:
        if game.state.turn != 1 or step.name != "planning" or game.state.step_round != 0:
            return []
        return [game.make_request(rule=self.name, kind="test-only-answer", seat="british", prompt="only one",
                                  choices=["yes"])]


def _stopped(game) -> None:
    from sog.state import OutcomeState

    game.state.outcome = OutcomeState(winner=None, reason="stopped by the test")


def _revealed(game) -> None:
    _answer_all_but(game, set())
    game.advance()
    assert game.state.turn == 2 and game.pending("british")


def _single(game) -> str:
    return next(r.id for r in game.state.pending if r.kind == "test-only-answer")


#: (case, error, seat, request id (or a function of the game), what to do first)
REFUSALS = [
    ("game-over", GameOver, "british", PLAN, _stopped),
    ("unknown", UnknownDecision, "british", "t1.planning.plan.nowhere", None),
    ("revealed", UnknownDecision, "british", PLAN, _revealed),
    ("another-seats", NotYourDecision, "french", PLAN, None),
    ("another-seats-unanswered", NotYourDecision, "british", "t1.planning.plan.genereux", None),
    ("not-answered", UnknownDecision, "british", "t1.planning.plan.defence", None),
    ("single-choice", IllegalDecision, "british", _single, None),
]


@pytest.mark.parametrize("case, error, seat, request_id, first", [pytest.param(*c, id=c[0]) for c in REFUSALS])
def test_a_refused_withdrawal_changes_nothing(library, case, error, seat, request_id, first):
    one_choice = _OneChoice()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[testing.RuleProvider(one_choice.name, one_choice)])
    game = _game(library, catalogue, add_options=[one_choice.name])
    assert game.state.answers[_single(game)] == "yes"  # answered by the engine
    game.submit("british", PLAN, _request(game, PLAN).option(0))
    if first is not None:
        first(game)
    request_id = request_id(game) if callable(request_id) else request_id
    before = game.state.model_dump(mode="json")
    with pytest.raises(error) as refused:
        game.withdraw(seat, request_id)
    assert type(refused.value) is error
    assert request_id in str(refused.value) or case == "game-over"
    assert game.state.model_dump(mode="json") == before


def test_the_other_seat_never_sees_a_withdrawn_or_new_answer(library, catalogue):
    game = _game(library, catalogue)
    first, second = _request(game, PLAN).choices[:2]
    french_before = dumps(game.view("french"))
    shown_before = len(game.events_for("french"))
    game.submit("british", PLAN, first)
    game.withdraw("british", PLAN)
    game.submit("british", PLAN, second)
    assert dumps(game.view("french")) == french_before
    assert len(game.events_for("french")) == shown_before
    assert game.view("british")["answered"][PLAN] == second
    _answer_all_but(game, {PLAN})
    game.advance()
    french_events = dumps(game.events_for("french"))
    assert f'"{first}"' not in french_events  # the withdrawn card never shows, not even revealed
    decisions = next(e for e in game.events_for("french") if e["kind"] == "decisions")
    assert all(a["seat"] != "british" or a.get("answer") != second for a in decisions["data"]["answers"])


def test_a_game_with_a_changed_answer_replays_from_its_log(library, catalogue):
    game = _game(library, catalogue)
    first, second = _request(game, PLAN).choices[:2]
    game.submit("british", PLAN, first)
    game.withdraw("british", PLAN)
    game.submit("british", PLAN, second)
    _answer_all_but(game, {PLAN})
    game.advance()
    for _ in range(2):  # two more turns, first choices
        _answer_all_but(game, set())
        game.advance()
    assert game.state.turn >= 2
    result = replay(game.log.header, game.log.events, library=library, catalogue=catalogue)
    assert result.events == len(game.log.events)
    assert dumps(result.game.log.events) == dumps(game.log.events)


def test_a_replacing_submit_changes_an_own_answer_and_the_round_resolves_with_it(library, catalogue):
    game = _game(library, catalogue)
    request = _request(game, PLAN)
    game.submit("british", PLAN, request.option(0))
    game.submit("british", PLAN, request.option(2), replace=True)
    assert game.state.answers[PLAN] == request.option(2)
    _answer_all_but(game, set())
    game.advance()
    (first,) = _decisions(game)[:1]
    assert next(a["answer"] for a in first["data"]["answers"] if a["id"] == PLAN) == request.option(2)


#: (case, error, seat, request id (or a function of the game), answer index (None: an illegal one))
REPLACE_REFUSALS = [
    ("another-seats", NotYourDecision, "french", PLAN, 1),
    ("single-choice", IllegalDecision, "british", _single, 0),
    ("illegal", IllegalDecision, "british", PLAN, None),
]


@pytest.mark.parametrize("case, error, seat, request_id, index", [pytest.param(*c, id=c[0]) for c in REPLACE_REFUSALS])
def test_a_refused_replacing_submit_keeps_the_old_answer(library, case, error, seat, request_id, index):
    one_choice = _OneChoice()
    catalogue = create_catalogue(entry_point_plugins=False, extra=[testing.RuleProvider(one_choice.name, one_choice)])
    game = _game(library, catalogue, add_options=[one_choice.name])
    game.submit("british", PLAN, _request(game, PLAN).option(0))
    request_id = request_id(game) if callable(request_id) else request_id
    answer = "no-such-card" if index is None else _request(game, request_id).option(index)
    before = game.state.model_dump(mode="json")
    with pytest.raises(error):
        game.submit(seat, request_id, answer, replace=True)
    assert game.state.model_dump(mode="json") == before


def test_without_replace_an_answered_request_is_refused_as_not_open(library, catalogue):
    game = _game(library, catalogue)
    game.submit("british", PLAN, _request(game, PLAN).option(0))
    with pytest.raises(UnknownDecision):
        game.submit("british", PLAN, _request(game, PLAN).option(1))
    assert game.state.answers[PLAN] == _request(game, PLAN).option(0)
