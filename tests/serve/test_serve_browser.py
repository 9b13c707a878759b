"""End to end in a real Chromium (Debian's ``chromium``, driven by Playwright): the lobby
creates a two-seat game, two browser contexts play turns, neither page ever shows the other
seat's plan before the reveal, a reload resumes. Screenshots go to ``tests/serve/artifacts/``."""

import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra has it)")
uvicorn = pytest.importorskip("uvicorn")

ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
TIMEOUT = 30_000


@pytest.fixture(scope="module")
def server(tmp_path_factory, library, catalogue):
    """A real uvicorn on a free 127.0.0.1 port, in a thread; its base URL."""
    from sog.serve.app import create_app

    app = create_app(tmp_path_factory.mktemp("data"), library=library, catalogue=catalogue)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def _shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _mentions(text, word):
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def _requests(page):
    page.wait_for_selector(".request button:not([disabled])", timeout=TIMEOUT)
    return page.eval_on_selector_all(".request", "els => els.map(e => e.dataset.request)")


def _choose(page, request_id, pick):
    """Choose the first choice of ``request_id`` whose label ``pick`` accepts (by its button, or
    in its list when there are many); its label."""
    request = page.locator(f'.request[data-request="{request_id}"]')
    listed = request.locator("select")
    if listed.count():
        labels = listed.locator("option").all_inner_texts()
        index = next(i for i, label in enumerate(labels) if pick(label))
        listed.select_option(index=index)
        request.locator("button").click()
    else:
        buttons = request.locator("button")
        labels = buttons.all_inner_texts()
        index = next(i for i, label in enumerate(labels) if pick(label))
        buttons.nth(index).click()
    page.wait_for_selector(f'.request[data-request="{request_id}"]', state="detached", timeout=TIMEOUT)
    return labels[index]


def test_two_browsers_play_a_game_made_in_the_lobby(server, browser):
    lobby = browser.new_page(viewport={"width": 1280, "height": 900})
    lobby.goto(server + "/")
    lobby.select_option("#scenario", "enemy-in-sight")
    lobby.fill("#seed", "13")
    lobby.click("#create")
    lobby.wait_for_selector("#links li", timeout=TIMEOUT)
    _shot(lobby, "lobby")
    links = dict(zip(lobby.eval_on_selector_all("#links li", "els => els.map(e => e.dataset.link)"),
                     lobby.eval_on_selector_all("#links a", "els => els.map(e => e.href)")))
    assert set(links) == {"seat british", "seat french", "spectators"}
    british = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    french = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    british.goto(links["seat british"])
    french.goto(links["seat french"])
    for turn in (1, 2):
        for page in (british, french):
            page.wait_for_function(f"document.getElementById('when').textContent.startsWith('turn {turn} ')", timeout=TIMEOUT)
        planted = []
        for request_id in _requests(british):
            seen = french.inner_text("body")
            label = _choose(british, request_id, lambda label: not _mentions(seen, label.split()[0]))
            planted.append(label.split()[0])
        french.wait_for_function("document.getElementById('waiting').textContent === ''", timeout=TIMEOUT)
        _shot(british, f"british-turn-{turn}-planned")
        _shot(french, f"french-turn-{turn}-deciding")
        assert not any(_mentions(french.content(), card) for card in planted)
        for request_id in _requests(french):
            assert not any(_mentions(french.content(), card) for card in planted)
            _choose(french, request_id, lambda label: True)
        for page in (british, french):
            page.wait_for_function(f"document.getElementById('when').textContent.startsWith('turn {turn + 1} ')", timeout=TIMEOUT)
        french.wait_for_function(f"document.getElementById('log').textContent.includes('moves {planted[0]} ')", timeout=TIMEOUT)
        _shot(french, f"french-turn-{turn}-revealed")
    british.reload()  # reconnecting resumes where the game is
    british.wait_for_function("document.getElementById('when').textContent.startsWith('turn 3 ')", timeout=TIMEOUT)
    assert _requests(british)
    british.wait_for_function("document.getElementById('live').textContent === 'live'", timeout=TIMEOUT)
    _shot(british, "british-reloaded")
    watcher = browser.new_page(viewport={"width": 1280, "height": 1000})
    watcher.goto(links["spectators"])
    watcher.wait_for_function("document.getElementById('who').textContent === 'spectator'", timeout=TIMEOUT)
    assert watcher.locator(".request").count() == 0
    _shot(watcher, "spectator")
