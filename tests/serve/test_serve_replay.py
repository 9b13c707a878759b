"""The replay viewer on the server: a link's frames (that seat's view only, even of a running
game), an uploaded log (good, too big, broken), and a real Chromium stepping through a game
by event and by turn. Screenshots go to ``tests/serve/artifacts/``.
"""

import json

import pytest
from serve_helpers import answer, new_game, state
from serve_live import TIMEOUT, mentions, shot


def answer_all(client, token, pick=lambda request: 0):
    """Answer every open request of a seat (``pick``: the index of the choice)."""
    for request in state(client, token)["requests"]:
        response = answer(client, token, request["id"], choice=pick(request))
        assert response.status_code == 200, response.text


def _standard_game_with_british_secrets(client):
    """A Standard game where both loaded and planned their first cards (in the log, still
    secret) and now plan their second: British's secrets as its own view shows them."""
    created = new_game(client, level="standard", seed=11)
    british, french = created["seats"]["british"]["token"], created["seats"]["french"]["token"]
    grapeshot = lambda request: next(c["index"] for c in request["choices"] if c["label"] == "grapeshot")  # noqa: E731
    answer_all(client, british, grapeshot)
    answer_all(client, french)  # ball
    answer_all(client, british, lambda request: len(request["choices"]) - 1)
    answer_all(client, french)
    assert {r["kind"] for r in state(client, british)["requests"]} == {"plan"}
    ships = [s for s in state(client, british)["view"]["ships"].values() if s["seat"] == "british"]
    loaded = {b["loaded"] for s in ships for b in s["broadsides"].values()}
    cards = {s["planned"][0] for s in ships}
    assert loaded == {"grapeshot"} and None not in cards
    return created, loaded | cards


def test_a_running_games_replay_shows_another_seat_none_of_british_secrets(client):
    created, secrets = _standard_game_with_british_secrets(client)
    logged = client.app.state.sessions.store.log_jsonl(created["game"])
    assert all(mentions(logged, secret) for secret in secrets)  # the log holds them: the check below means something
    for token in (created["seats"]["french"]["token"], created["spectator"]["token"]):
        response = client.get(f"/api/replay/{token}")
        assert response.status_code == 200, response.text
        text = response.text
        assert not [s for s in secrets if mentions(text, s)]
        frames = response.json()
        assert frames["pictures"] and frames["frames"] and "seed" not in text
    assert client.get(f"/api/replay/{created['seats']['french']['token']}").json()["seat"] == "french"
    assert client.get(f"/api/replay/{created['spectator']['token']}").json()["seat"] is None


def test_a_links_replay_grows_with_the_game(client):
    created = new_game(client, seed=3)
    british, french = created["seats"]["british"]["token"], created["seats"]["french"]["token"]
    before = client.get(f"/api/replay/{british}").json()
    answer_all(client, british)
    answer_all(client, french)
    after = client.get(f"/api/replay/{british}").json()
    turns = lambda frames: [e["turn"] for f in frames["frames"] for e in f["events"]]  # noqa: E731
    assert max(turns(before)) == 1 and max(turns(after)) == 2 and len(after["pictures"]) > len(before["pictures"])


def test_frames_are_sent_gzipped_to_a_browser_that_takes_it(client):
    token = new_game(client, seed=4)["spectator"]["token"]
    zipped = client.get(f"/api/replay/{token}", headers={"Accept-Encoding": "gzip"})
    plain = client.get(f"/api/replay/{token}", headers={"Accept-Encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert zipped.json() == plain.json() and int(zipped.headers["content-length"]) < len(plain.content) / 3


def test_an_unknown_link_has_no_replay(client):
    response = client.get("/api/replay/" + "x" * 43)
    assert response.status_code == 404 and response.json() == {"error": "unknown link"}


@pytest.fixture(scope="module")
def finished_log(library, catalogue):
    """The log of a whole game of captain bots."""
    from sog.bots import make_bot
    from sog.setup import new_game as setup

    game = setup("enemy-in-sight", library=library, catalogue=catalogue, seed=5)
    game.run({seat: make_bot("captain", 5, seat, game.system) for seat in game.seats()}, max_turns=60)
    assert game.over
    return game.log.to_jsonl()


def test_an_uploaded_log_gives_all_its_frames(client, finished_log):
    response = client.post("/api/replay", content=finished_log.encode("utf-8"))
    assert response.status_code == 200, response.text
    frames = response.json()
    assert frames["over"] and frames["outcome"]["reason"] and frames["seat"] is None
    texts = [e["text"] for f in frames["frames"] for e in f["events"]]
    assert texts[0] == "Turn 1" and texts[-1].startswith("Game over")


def test_an_uploaded_log_too_big_is_refused_with_413(client):
    response = client.post("/api/replay", content=b"{" + b" " * (5 * 1024 * 1024) + b"}")
    assert response.status_code == 413 and "larger than 5 MB" in response.json()["error"]


@pytest.mark.parametrize("body, message", [
    (b"", "the log is empty"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"hello\n", "not a sog log: line 1: not JSON"),
    (b'{"format": "sog-log"}\n', "line 1: log format version None"),
])
def test_a_broken_upload_is_refused_with_400_and_the_reason(client, body, message):
    response = client.post("/api/replay", content=body)
    assert response.status_code == 400 and message in response.json()["error"]


def test_a_tampered_upload_is_refused_naming_the_event(client, finished_log):
    lines = finished_log.splitlines()
    index = next(i for i, line in enumerate(lines) if '"kind":"ship-moved"' in line)
    event = json.loads(lines[index])
    event["data"]["after"]["heading"] += 1
    lines[index] = json.dumps(event)
    response = client.post("/api/replay", content=("\n".join(lines) + "\n").encode())
    assert response.status_code == 400 and response.json()["error"].startswith(f"event {index} differs")


def _play_turns(base, tokens, turns):
    """Answer every request of every seat (first choices) until ``turns`` turns are done."""
    import httpx

    with httpx.Client(base_url=base, timeout=30) as http:
        for _ in range(200):
            seen = http.get(f"/api/seat/{tokens[0]}").json()
            if seen["view"]["turn"] > turns:
                return
            for token in tokens:
                for request in http.get(f"/api/seat/{token}").json()["requests"]:
                    http.post(f"/api/seat/{token}/answer", json={"request_id": request["id"], "choice": 0})
    raise AssertionError("the game did not get there")


def _shown(page):
    return (page.inner_text("#replay-turn"), page.inner_text("#replay-index"),
            page.get_attribute("#replay-picture", "data-picture"), page.inner_text("#replay-events li.current"))


def test_a_browser_steps_through_a_games_replay_by_event_and_by_turn(server, browser):
    import httpx

    created = httpx.post(server + "/api/games", json={"scenario": "enemy-in-sight", "seed": 21}).json()
    _play_turns(server, [created["seats"]["british"]["token"], created["seats"]["french"]["token"]], 3)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + created["spectator"]["url"].replace("/watch/", "/replay/"))
    page.wait_for_selector("#replay-picture[data-picture]", timeout=TIMEOUT)
    turn, index, picture, text = _shown(page)
    assert turn.startswith("turn 1") and index.startswith("event 1 of ") and text == "Turn 1"
    shot(page, "replay-start")
    page.click("#replay-next")
    assert _shown(page)[1].startswith("event 2 of ")
    page.click("#replay-prev")
    assert _shown(page)[1].startswith("event 1 of ")
    page.click("#replay-next-turn")
    turn2 = _shown(page)
    assert turn2[0].startswith("turn 2") and turn2[3] == "Turn 2" and turn2[2] != picture
    shot(page, "replay-turn-2")
    page.keyboard.press("ArrowDown")  # next turn
    assert _shown(page)[0].startswith("turn 3")
    page.keyboard.press("ArrowUp")  # previous turn
    assert _shown(page)[:3] == turn2[:3]
    page.keyboard.press("ArrowLeft")  # the last event of turn 1
    back = _shown(page)
    assert back[0].startswith("turn 1") and back[3] != "Turn 1"
    page.keyboard.press("End")
    last = _shown(page)
    total = last[1].split(" of ")[1]
    assert last[1] == f"event {total} of {total}" and last[0].startswith("turn 4")
    shot(page, "replay-last")
    page.fill("#replay-slider", "2")
    assert _shown(page)[:3] == turn2[:3]
    page.keyboard.press("Home")
    assert _shown(page)[1].startswith("event 1 of ")
    assert not errors


def test_a_browser_replays_an_uploaded_log(server, browser, tmp_path):
    from click.testing import CliRunner

    from sog.cli.main import main

    log, bad = tmp_path / "game.jsonl", tmp_path / "bad.jsonl"
    played = CliRunner().invoke(main, ["play", "enemy-in-sight", "--seed", "22", "--max-turns", "2", "--quiet", "--log", str(log)])
    assert played.exit_code == 0, played.output
    bad.write_text("not a log\n")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/replay")
    page.set_input_files("#log-file", str(bad))
    page.click("#upload button")
    page.wait_for_function("document.getElementById('replay-error').textContent.includes('not a sog log')", timeout=TIMEOUT)
    shot(page, "replay-upload-broken")
    page.set_input_files("#log-file", str(log))
    page.click("#upload button")
    page.wait_for_selector("#replay-picture[data-picture]", timeout=TIMEOUT)
    assert "the whole log" in page.inner_text("#replay-about")
    page.keyboard.press("End")
    assert page.inner_text("#replay-turn").startswith("turn 2")
    shot(page, "replay-upload")


def test_the_self_contained_file_steps_like_the_served_viewer_and_asks_the_network_nothing(browser, finished_log, tmp_path):
    from sog.events import parse_jsonl
    from sog.render.replay_frames import frames_of_log
    from sog.render.replay_html import replay_html

    path = tmp_path / "replay.html"
    path.write_text(replay_html(frames_of_log(*parse_jsonl(finished_log))), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    asked, errors = [], []
    page.on("request", lambda request: asked.append(request.url) if not request.url.startswith(("file:", "data:")) else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(path.as_uri())
    page.wait_for_selector("#replay-picture[data-picture]", timeout=TIMEOUT)
    first = _shown(page)
    assert first[0].startswith("turn 1") and first[3] == "Turn 1"
    page.keyboard.press("ArrowDown")
    assert _shown(page)[0].startswith("turn 2") and _shown(page)[2] != first[2]
    page.keyboard.press("End")
    assert _shown(page)[3].startswith("Game over")
    shot(page, "replay-file-end")
    assert not asked and not errors
