"""Changing an answer before the reveal through the API: the same route and body replace an
own answer of the open round, at once (an illegal one keeps the old), saved like any answer."""

import pytest
from serve_helpers import answer, new_game, state
from starlette.testclient import TestClient

from sog.errors import IllegalDecision
from sog.setup import new_game as engine_game


def _tokens(game):
    return game["seats"]["british"]["token"], game["seats"]["french"]["token"]


def _answer_all(client, token, choice=0):
    for request in state(client, token)["requests"]:
        assert answer(client, token, request["id"], choice=choice).status_code == 200


def _plan(client, token):
    return next(r for r in state(client, token)["requests"] if r["ship"] == "terpsichore")


def test_a_changed_answer_is_the_one_the_round_resolves_with(client):
    game = new_game(client)
    british, french = _tokens(game)
    plan = _plan(client, british)
    _answer_all(client, british)
    changed = answer(client, british, plan["id"], choice=1)
    assert changed.status_code == 200, changed.text
    assert changed.json()["view"]["answered"][plan["id"]] == plan["choices"][1]["value"]
    assert changed.json()["waiting_for"] == ["french"]
    _answer_all(client, french)
    seen = state(client, british)
    assert seen["view"]["turn"] == 2
    decisions = next(e for e in seen["events"] if e["kind"] == "decisions")
    mine = {a["id"]: a["answer"] for a in decisions["data"]["answers"]}
    assert mine[plan["id"]] == plan["choices"][1]["value"]
    moved = next(e for e in seen["events"] if e["kind"] == "ship-moved" and e["data"]["ship"] == "terpsichore")
    assert moved["data"]["card"] == plan["choices"][1]["value"]


def test_an_answer_cannot_be_changed_once_revealed(client):
    game = new_game(client)
    british, french = _tokens(game)
    plan = _plan(client, british)
    _answer_all(client, british)
    _answer_all(client, french)
    before = state(client, british)
    response = answer(client, british, plan["id"], choice=1)
    assert response.status_code in (400, 409)
    assert "no open decision" in response.json()["error"]
    assert state(client, british) == before


@pytest.mark.parametrize("body, words", [
    ({"answer": "no-such-card"}, "not a legal answer"),
    ({"choice": 999}, "out of range"),
    ({"choice": 0, "answer": "B-1"}, "either 'choice'"),
])
def test_an_illegal_replacement_keeps_the_old_answer(client, body, words):
    game = new_game(client)
    british, _french = _tokens(game)
    plan = _plan(client, british)
    assert answer(client, british, plan["id"], choice=2).status_code == 200
    stored = client.app.state.sessions.store.load(game["game"])
    response = answer(client, british, plan["id"], **body)
    assert response.status_code == 400 and words in response.json()["error"]
    assert state(client, british)["view"]["answered"] == {plan["id"]: plan["choices"][2]["value"]}
    assert client.app.state.sessions.store.load(game["game"]) == stored


def test_a_replacing_submit_keeps_the_old_answer_when_the_engine_refuses_the_new(library, catalogue):
    game = engine_game("enemy-in-sight", seed=7, library=library, catalogue=catalogue)
    game.advance()
    request = game.pending("british")[0]
    game.submit("british", request.id, request.option(3))
    with pytest.raises(IllegalDecision):
        game.submit("british", request.id, "no-such-card", replace=True)
    assert game.state.answers[request.id] == request.option(3)
    game.submit("british", request.id, request.option(1), replace=True)
    assert game.state.answers[request.id] == request.option(1)


def test_a_change_survives_a_restart(make_app, tmp_path):
    folder = tmp_path / "data"
    with TestClient(make_app(folder)) as first:
        game = new_game(first)
        british, french = _tokens(game)
        plan = _plan(first, british)
        assert answer(first, british, plan["id"], choice=0).status_code == 200
        assert answer(first, british, plan["id"], choice=3).status_code == 200
    with TestClient(make_app(folder)) as second:
        assert state(second, british)["view"]["answered"] == {plan["id"]: plan["choices"][3]["value"]}
        _answer_all(second, british)  # the defence's plan; the terpsichore's is answered
        _answer_all(second, french)
        moved = [e for e in state(second, british)["events"] if e["kind"] == "ship-moved"]
        assert next(e for e in moved if e["data"]["ship"] == "terpsichore")["data"]["card"] == plan["choices"][3]["value"]


def test_the_other_seat_sees_nothing_of_a_change_and_hears_no_bell(client):
    game = new_game(client)
    british, french = _tokens(game)
    plan = _plan(client, british)
    assert answer(client, british, plan["id"], choice=0).status_code == 200
    with client.websocket_connect(f"/ws/{french}") as ws:
        first = ws.receive_json()
        before = state(client, french)
        assert answer(client, british, plan["id"], choice=1).status_code == 200
        assert state(client, french) == before
        _answer_all(client, british)
        after_british = ws.receive_json()  # the defence's plan rang; the change did not
        assert after_british["waiting_for"] == ["french"] and first["waiting_for"] == ["british", "french"]
