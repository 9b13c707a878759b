"""Hidden information: nothing a seat is sent (JSON, websocket, picture) carries another seat's
plans before they are revealed; the spectators see no seat's secrets."""

import json
import re

from serve_helpers import answer, new_game, state

#: The fields a websocket message may have: public facts only.
UPDATE_FIELDS = {"type", "game", "turn", "events", "over", "waiting_for"}


def _mentions(text, value):
    """Does ``text`` name ``value`` as a whole word (``B-1`` is not in ``B-10``)?"""
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text) is not None


def _received(sockets):
    """One message from each socket (each accepted answer rings every one exactly once)."""
    messages = [ws.receive_json() for ws in sockets]
    for message in messages:
        assert set(message) == UPDATE_FIELDS and message["type"] == "update"
    return [json.dumps(m) for m in messages]


def _everything(client, token):
    """What a link can ask for: its whole state (the log from the start), the picture and its
    replay so far."""
    replay = client.get(f"/api/replay/{token}")
    assert replay.status_code == 200, replay.text
    return json.dumps(state(client, token)) + client.get(f"/api/seat/{token}/table.svg").text + replay.text


def test_planned_cards_never_reach_the_other_seat_or_spectators_before_the_reveal(client):
    game = new_game(client, seed=11)
    british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
    spectator = game["spectator"]["token"]
    with client.websocket_connect(f"/ws/{french}") as ws_french, client.websocket_connect(f"/ws/{spectator}") as ws_watch:
        sockets = [ws_french, ws_watch]
        _received(sockets)  # the first message, on connecting
        planted_turns = 0
        for _turn in range(3):
            requests = state(client, british)["requests"]
            assert requests and all(r["kind"] == "plan" for r in requests)
            before = {token: state(client, token) for token in (french, spectator)}
            svg_before = client.get(f"/api/seat/{french}/table.svg").text
            seen = _everything(client, french) + _everything(client, spectator)
            planted = []
            for request in requests:  # a card neither the French nor the spectators have read of
                card = next((c for c in request["choices"] if not _mentions(seen, c["value"])), None)
                if card is None:
                    continue
                planted.append(card["value"])
                assert answer(client, british, request["id"], choice=card["index"]).status_code == 200
                after = [*_received(sockets)]
                assert not any(_mentions(text, card["value"]) for text in after)
            for request in state(client, british)["requests"]:
                assert answer(client, british, request["id"], choice=0).status_code == 200
                _received(sockets)
            assert planted, "no card of the British was still unseen"
            planted_turns += 1
            for token in (french, spectator):  # the same state, but for who is still deciding
                now = state(client, token)
                assert now["waiting_for"] == ["french"]
                assert {**now, "waiting_for": None} == {**before[token], "waiting_for": None}
            assert client.get(f"/api/seat/{french}/table.svg").text == svg_before
            unseen = [_everything(client, french), _everything(client, spectator)]
            french_requests = state(client, french)["requests"]
            for request in french_requests[:-1]:
                response = answer(client, french, request["id"], choice=0)
                unseen += [response.text, *_received(sockets)]
            assert not any(_mentions(text, card) for text in unseen for card in planted)
            last = answer(client, french, french_requests[-1]["id"], choice=0)
            assert last.status_code == 200
            _received(sockets)
            revealed = _everything(client, french)
            assert all(_mentions(revealed, card) for card in planted), "the reveal shows the cards: the check can see them"
        assert planted_turns == 3


def test_the_other_seats_ships_show_their_secrets_as_hidden(client):
    game = new_game(client, seed=3)
    british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
    for request in state(client, british)["requests"]:
        answer(client, british, request["id"], choice=0)
    for token, own in ((french, "french"), (game["spectator"]["token"], None)):
        view = state(client, token)["view"]
        assert view["answered"] == {}
        assert "rng" not in view and "seed" not in view
        assert all(isinstance(n, int) for n in view["pools"].values())
        for ship in view["ships"].values():
            if ship["seat"] != own:
                assert all(side["loaded"] in (None, "hidden") for side in ship["broadsides"].values())


def test_each_link_gets_the_picture_as_its_seat_may_see_it(client, monkeypatch):
    from sog.render import svg

    table_svg, drawn_for = svg.table_svg, []

    def spied(game, seat=None):
        drawn_for.append(seat)
        return table_svg(game, seat)

    monkeypatch.setattr(svg, "table_svg", spied)
    game = new_game(client, seed=5)
    british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
    for request in state(client, british)["requests"]:  # secrets of the British's own
        assert answer(client, british, request["id"], choice=0).status_code == 200
    running = client.app.state.sessions._games[game["game"]]
    for token, seat in ((british, "british"), (french, "french"), (game["spectator"]["token"], None)):
        response = client.get(f"/api/seat/{token}/table.svg")
        assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
        assert response.text.startswith("<svg") and response.text == table_svg(running.game, seat)
    assert drawn_for == ["british", "french", None]


def test_the_spectators_view_hides_what_every_seat_hides_in_every_scenario(library, catalogue):
    from sog.serve.payloads import SPECTATOR, seat_payload
    from sog.setup import new_game as engine_game

    for doc in library.all("scenario"):
        game = engine_game(doc.id, library=library, catalogue=catalogue, seed=2)
        game.advance()
        assert SPECTATOR not in game.seats()
        watched = seat_payload(game, "g", None, {seat: "human" for seat in game.seats()})
        assert watched["requests"] == [] and watched["view"]["pending"] == [] and watched["view"]["answered"] == {}
        for seat in game.seats():  # whatever a seat's view hides of the others, the spectators' hides too
            theirs = game.view(seat)
            for ship_id, ship in watched["view"]["ships"].items():
                if ship["seat"] != seat:
                    assert ship == theirs["ships"][ship_id], (doc.id, ship_id)


def test_cards_planned_ahead_stay_secret_after_their_round_at_standard_rules(client):
    """Standard rules plan a card a turn ahead: it stays secret after its round is resolved,
    in the log (events) too, until the ship executes it."""
    game = new_game(client, seed=4, level="standard")
    british, french = game["seats"]["british"]["token"], game["seats"]["french"]["token"]
    spectator = game["spectator"]["token"]

    def secret_cards():
        view = state(client, british)["view"]
        planned = {c for s in view["ships"].values() if s["seat"] == "british" for c in s["planned"] if c}
        return planned | {v for v in view["answered"].values() if isinstance(v, str)}

    tracked, checks_after_a_round = set(), 0
    with client.websocket_connect(f"/ws/{french}") as ws:
        ws.receive_json()
        while state(client, french)["view"]["turn"] < 4:
            for token in (british, french):
                for request in state(client, token)["requests"]:
                    seen = _everything(client, french) + _everything(client, spectator)
                    before = secret_cards()
                    index = 0
                    if token == british and request["kind"] == "plan":
                        index = next((c["index"] for c in request["choices"] if not _mentions(seen, c["value"])), 0)
                    cursor = state(client, french)["cursor"]
                    assert answer(client, token, request["id"], choice=index).status_code == 200
                    message = json.dumps(ws.receive_json())
                    now = secret_cards()
                    tracked = (tracked & now) | {c for c in now - before if not _mentions(seen, c)}
                    shown = _everything(client, french) + _everything(client, spectator) + message
                    for card in tracked:
                        assert not _mentions(shown, card), card
                    if tracked and state(client, french)["cursor"] > cursor:
                        checks_after_a_round += 1
    assert checks_after_a_round > 0, "no card stayed secret after its round was resolved"
