"""The web API: the lobby, creating games, links, answers and refusals (4xx with a message)."""

import json

import pytest
from serve_helpers import answer, new_game, state

from sog.serve.store import DB_NAME


def test_scenarios_list_what_the_lobby_needs(client):
    data = client.get("/api/scenarios").json()
    scenario = next(s for s in data["scenarios"] if s["id"] == "enemy-in-sight")
    assert [seat for side in scenario["sides"] for seat in side["seats"]] == ["british", "french"]
    system = next(s for s in data["systems"] if s["name"] == scenario["system"])
    assert scenario["level"] in system["levels"]
    assert "random" in system["bots"] and system["default_bot"] in system["bots"]
    assert system["options"] and all({"name", "summary", "levels"} <= set(o) for o in system["options"])
    assert data["human"] == "human"


def test_a_new_game_has_a_secret_link_per_human_seat_and_one_for_spectators(client, tmp_path):
    game = new_game(client, seats={"french": "random"})
    assert set(game["seats"]) == {"british"}
    tokens = [game["seats"]["british"]["token"], game["spectator"]["token"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 43 for t in tokens)
    assert game["seats"]["british"]["url"] == f"/seat/{tokens[0]}"
    assert game["spectator"]["url"] == f"/watch/{tokens[1]}"
    raw = (tmp_path / "data" / DB_NAME).read_bytes()
    for wal in (tmp_path / "data").glob(DB_NAME + "-wal"):
        raw += wal.read_bytes()
    assert not any(t.encode() in raw for t in tokens), "the store keeps only the tokens' digests"


@pytest.mark.parametrize("body, words", [
    ({"scenario": "no-such-scenario"}, "unknown scenario"),
    ({}, "'scenario' is required"),
    ({"scenario": "enemy-in-sight", "seats": {"dutch": "human"}}, "unknown seat 'dutch'"),
    ({"scenario": "enemy-in-sight", "seats": {"french": "deep-blue"}}, "unknown player 'deep-blue'"),
    ({"scenario": "enemy-in-sight", "level": "expert"}, "expert"),
    ({"scenario": "enemy-in-sight", "options": ["no-such-option"]}, "no-such-option"),
    ({"scenario": "enemy-in-sight", "seed": -1}, "'seed'"),
    ({"scenario": "enemy-in-sight", "seed": True}, "'seed'"),
    ({"scenario": "enemy-in-sight", "colour": "red"}, "unknown field"),
    ([1, 2], "JSON object"),
])
def test_a_bad_new_game_is_refused_with_a_message(client, body, words):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/games", content=b"{not json")
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]


def test_an_unknown_link_is_not_found_everywhere(client):
    new_game(client)
    for token in ("x" * 43, "short", "has spaces and / slashes".replace("/", "%2F")):
        for path in (f"/api/seat/{token}", f"/api/seat/{token}/table.svg"):
            response = client.get(path)
            assert response.status_code == 404 and response.json()["error"], path
        response = answer(client, token, "t1.planning.plan.terpsichore", choice=0)
        assert response.status_code == 404 and response.json()["error"]


def test_an_unknown_route_is_a_json_404(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and "error" in response.json()


def test_a_seat_sees_its_own_requests_with_the_engines_labels(client):
    game = new_game(client)
    seat = state(client, game["seats"]["british"]["token"])
    assert seat["seat"] == "british" and seat["role"] == "seat"
    assert seat["waiting_for"] == ["british", "french"]
    assert {r["ship"] for r in seat["requests"]} == {"terpsichore", "defence"}
    request = seat["requests"][0]
    pending = next(p for p in seat["view"]["pending"] if p["id"] == request["id"])
    assert [c["label"] for c in request["choices"]] == pending["labels"]
    assert [c["value"] for c in request["choices"]] == pending["choices"]
    assert [c["index"] for c in request["choices"]] == list(range(len(pending["choices"])))


def test_answers_by_index_and_by_value_are_accepted(client):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    first, second = state(client, token)["requests"]
    assert answer(client, token, first["id"], choice=1).status_code == 200
    response = answer(client, token, second["id"], answer=second["choices"][2]["value"])
    assert response.status_code == 200
    assert response.json()["view"]["answered"] == {first["id"]: first["choices"][1]["value"],
                                                  second["id"]: second["choices"][2]["value"]}
    assert response.json()["waiting_for"] == ["french"]


def _stored(client, game):
    sessions = client.app.state.sessions
    return sessions.store.load(game["game"])


@pytest.mark.parametrize("body, status, words", [
    ({"choice": 0}, 400, "'request_id' is required"),
    ({"request_id": "REQ"}, 400, "either 'choice'"),
    ({"request_id": "REQ", "choice": 0, "answer": "B-1"}, 400, "either 'choice'"),
    ({"request_id": "REQ", "choice": 999}, 400, "out of range"),
    ({"request_id": "REQ", "choice": "0"}, 400, "integer index"),
    ({"request_id": "REQ", "choice": True}, 400, "integer index"),
    ({"request_id": "REQ", "answer": "no-such-card"}, 400, "not a legal answer"),
    ({"request_id": "REQ", "answer": {"card": "B-1"}}, 400, "not a legal answer"),
    ({"request_id": "t99.planning.plan.terpsichore", "choice": 0}, 400, "no open decision"),
    ({"request_id": "t1.planning.plan.courageuse", "choice": 0}, 400, "belongs to seat 'french'"),
    ({"request_id": "REQ", "choice": 0, "extra": 1}, 400, "unknown field"),
])
def test_a_bad_answer_is_refused_and_changes_nothing(client, body, status, words):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    request_id = state(client, token)["requests"][0]["id"]
    body = {k: (request_id if v == "REQ" else v) for k, v in body.items()}
    before_store, before_state = _stored(client, game), state(client, token)
    response = client.post(f"/api/seat/{token}/answer", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert _stored(client, game) == before_store
    assert state(client, token) == before_state


def test_an_answer_that_is_not_json_or_not_an_object_is_refused(client):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    for content in (b"[1", b"[1, 2]", b'"text"', json.dumps({"a": [[]] * 3}).encode()):
        response = client.post(f"/api/seat/{token}/answer", content=content)
        assert response.status_code == 400 and response.json()["error"]


def test_an_answer_given_again_before_the_reveal_replaces_the_first(client):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    request = state(client, token)["requests"][0]
    assert answer(client, token, request["id"], choice=0).status_code == 200
    response = answer(client, token, request["id"], choice=1)
    assert response.status_code == 200
    assert response.json()["view"]["answered"] == {request["id"]: request["choices"][1]["value"]}


def test_a_spectators_link_sees_but_cannot_answer(client):
    game = new_game(client)
    token = game["spectator"]["token"]
    watched = state(client, token)
    assert watched["role"] == "spectator" and watched["seat"] is None and watched["requests"] == []
    assert watched["waiting_for"] == ["british", "french"]
    response = answer(client, token, "t1.planning.plan.terpsichore", choice=0)
    assert response.status_code == 403 and "spectator" in response.json()["error"]


def test_a_huge_body_is_refused(client):
    response = client.post("/api/games", content=b" " * (65 * 1024))
    assert response.status_code == 413


def test_a_bad_since_is_refused(client):
    game = new_game(client)
    response = client.get(f"/api/seat/{game['seats']['british']['token']}", params={"since": "-3"})
    assert response.status_code == 400 and "since" in response.json()["error"]


def test_events_since_a_cursor_are_only_the_new_ones(client):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    first = state(client, token)
    assert first["events"] and first["cursor"] == len(first["events"])
    again = state(client, token, since=first["cursor"])
    assert again["events"] == [] and again["cursor"] == first["cursor"]


def test_the_pages_are_served(client):
    game = new_game(client)
    assert "<select id=\"scenario\">" in client.get("/").text
    for url in (game["seats"]["british"]["url"], game["spectator"]["url"]):
        page = client.get(url)
        assert page.status_code == 200 and "/static/table.js" in page.text
    for name in ("lobby.js", "table.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_a_websocket_with_an_unknown_link_is_closed(client):
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect("/ws/" + "x" * 43) as ws:
            ws.receive_json()
    assert closed.value.code == 4404


def test_every_browser_of_a_seat_hears_each_change(client):
    game = new_game(client)
    token = game["seats"]["british"]["token"]
    with client.websocket_connect(f"/ws/{token}") as one, client.websocket_connect(f"/ws/{token}") as two:
        assert one.receive_json() == two.receive_json()
        request = state(client, token)["requests"][0]
        answer(client, token, request["id"], choice=0)
        assert one.receive_json() == two.receive_json() == {
            "type": "update", "game": game["game"], "turn": 1, "events": state(client, token)["cursor"],
            "over": False, "waiting_for": ["british", "french"]}


def test_a_game_may_change_the_fleets_and_what_ships_carry(client):
    systems = client.get("/api/scenarios").json()["systems"]
    system = next(s for s in systems if any(a["documents"] for a in s["attachments"]))
    ships = [d["id"] for d in system["ships"]]
    assert "uss-constitution" in ships and "hms-juno" in ships
    game = new_game(client, level="standard", fleets={"british": ["uss-constitution", "hms-juno"]},
                    attach={"uss-constitution": {"captain": ["isaac-hull"]}})
    view = state(client, game["spectator"]["token"])["view"]
    british = [s for s in view["ships"].values() if s["side"] == "british"]
    assert [s["ship"] for s in british] == ["uss-constitution", "hms-juno"]
    assert british[0]["attached"] == {"captain": ["isaac-hull"]}


@pytest.mark.parametrize("body, words", [
    ({"fleets": {"british": ["no-such-ship"]}}, "unknown ship"),
    ({"fleets": {"dutch": ["hms-juno"]}}, "no side 'dutch'"),
    ({"fleets": {"british": []}}, "non-empty list"),
    ({"fleets": {"british": ["hms-goliath", "hms-goliath"]}, "points_limit": 100}, "points limit"),
    ({"points_limit": -1}, "'points_limit'"),
    ({"attach": {"terpsichore": "isaac-hull"}}, "'attach'"),
    ({"settings": {"grog": {}}}, "grog"),
])
def test_a_bad_line_up_is_refused_with_the_engines_message(client, body, words):
    response = client.post("/api/games", json={"scenario": "enemy-in-sight", **body})
    assert response.status_code == 400 and words in response.json()["error"]
