"""The player aids in what a link is sent: each ship's mat, the sketches of the seat's own
choices, its own answers of the open round; none of them crosses to another seat."""

import json
import warnings

import pytest
from serve_helpers import answer, new_game, state
from serve_live import mentions

from sog import hookimpl
from sog.render.svg import MARGIN
from sog.testing import RuleProvider, create_catalogue

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


class HouseAids:
    """A house rule: a public and an own line on every mat, a sketch naming every choice."""

    @hookimpl
    def sog_ship_mat(self, seat_view, ship):
        piece = seat_view.data["ships"][ship]
        entries = [{"kind": "track", "name": "house", "size": 4, "marked": 1}]
        if piece["seat"] == seat_view.seat:
            entries.append({"kind": "fact", "name": "house secret", "value": f"secret-of-{ship}", "own": True})
        return entries

    @hookimpl(tryfirst=True)
    def sog_sketch_choice(self, seat_view, request, choice):
        return {"text": f"sketch-{request.id}-{choice!r}", "shapes": [{"kind": "path", "points": [[0, 0], [10, 10]]}]}


@pytest.fixture
def house(tmp_path, library):
    """A client of an app whose rules include the house aids; a game's body adds them."""
    catalogue = create_catalogue(entry_point_plugins=False, extra=[RuleProvider("house-aids", HouseAids())])
    from sog.serve.app import create_app

    with TestClient(create_app(tmp_path / "house", library=library, catalogue=catalogue)) as client:
        yield client


def _tokens(game):
    return game["seats"]["british"]["token"], game["seats"]["french"]["token"], game["spectator"]["token"]


def test_a_seats_payload_sketches_each_of_its_own_choices_and_has_a_mat_for_every_ship(house):
    british, _french, _ = _tokens(new_game(house, options=["house-aids"]))
    payload = state(house, british)
    assert payload["requests"]
    for request in payload["requests"]:
        for choice in request["choices"]:
            assert choice["sketch"]["text"] == f"sketch-{request['id']}-{choice['value']!r}"
            assert choice["sketch"]["shapes"] == [{"kind": "path", "points": [[0, 0], [10, 10]]}]
    assert set(payload["mats"]) == set(payload["view"]["ships"])
    for ship, entries in payload["mats"].items():
        own = payload["view"]["ships"][ship]["seat"] == "british"
        assert {"kind": "track", "name": "house", "size": 4, "marked": 1} in entries
        assert any(e.get("own") for e in entries) == own


def test_the_frame_maps_table_mm_to_the_pictures_units(client):
    british, _, _ = _tokens(new_game(client))
    payload = state(client, british)
    table = payload["view"]["table"]
    assert payload["frame"] == {"margin": MARGIN, "width": table["width"], "height": table["height"]}


def test_the_other_seats_payload_carries_none_of_this_seats_aids_or_answers(house):
    british, french, spectator = _tokens(new_game(house, options=["house-aids"], level="standard", seed=5))
    for request in state(house, french)["requests"]:  # the French load first, whatever
        assert answer(house, french, request["id"], choice=0).status_code == 200
    for request in state(house, british)["requests"]:
        assert answer(house, british, request["id"], choice=len(request["choices"]) - 1).status_code == 200
    mine = state(house, british)
    plans = [r for r in mine["requests"] if r["kind"].startswith("plan")]
    assert plans
    for request in plans:
        assert answer(house, british, request["id"], choice=2).status_code == 200
    mine = state(house, british)
    others = [state(house, french), state(house, spectator)]
    theirs = "".join(json.dumps(payload) for payload in others)
    assert mine["answered"]
    for entry in mine["answered"]:
        card = entry["choices"][2]["value"]
        assert not mentions(theirs, card)
        assert not any(c["sketch"]["text"] in theirs for c in entry["choices"])
        assert entry["id"] not in theirs
    for ship, piece in mine["view"]["ships"].items():
        if piece["seat"] == "british":
            assert f"secret-of-{ship}" not in theirs
            for payload in others:  # the game system's mat as well as the house rule's
                assert payload["mats"][ship] and not any(e.get("own") for e in payload["mats"][ship])


def test_an_answered_request_of_the_open_round_is_listed_with_its_answer_until_revealed(client):
    british, french, _ = _tokens(new_game(client))
    request = state(client, british)["requests"][0]
    assert answer(client, british, request["id"], choice=3).status_code == 200
    payload = state(client, british)
    entry = next(e for e in payload["answered"] if e["id"] == request["id"])
    assert entry["answer_index"] == 3 and entry["answer"] == request["choices"][3]["value"]
    assert entry["changeable"] and [c["label"] for c in entry["choices"]] == [c["label"] for c in request["choices"]]
    assert request["id"] not in {r["id"] for r in payload["requests"]}
    assert state(client, french)["answered"] == []
    for token in (british, french):
        for open_request in state(client, token)["requests"]:
            assert answer(client, token, open_request["id"], choice=0).status_code == 200
    assert request["id"] not in {e["id"] for e in state(client, british)["answered"]}


def test_the_spectators_get_mats_without_own_entries_and_no_requests(house):
    game = new_game(house, options=["house-aids"])
    payload = state(house, game["spectator"]["token"])
    assert payload["requests"] == [] and payload["answered"] == []
    assert set(payload["mats"]) == set(payload["view"]["ships"])
    assert all(payload["mats"].values())
    assert not any(e.get("own") for entries in payload["mats"].values() for e in entries)
