"""End to end in a real Chromium (Debian's ``chromium``, driven by Playwright): the lobby
creates a two-seat game, two browser contexts play three turns (planning, then whatever else
each turn asks), neither page ever shows the other seat's plan before the reveal, a reload
resumes. Screenshots go to ``tests/serve/artifacts/``."""

import time

import pytest
from serve_live import CHROMIUM, TIMEOUT, mentions, shot

if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra has it)")


def _play_on_until(page, pages, turn):
    """Answer whatever else the turn asks (fire, once ships are close) with first choices, on
    every page, until ``page`` shows turn ``turn``."""
    started = time.monotonic()
    while not page.inner_text("#when").startswith(f"turn {turn} "):
        assert time.monotonic() - started < TIMEOUT / 1000, f"turn {turn} never came"
        for other in pages:
            open_ids = other.eval_on_selector_all(".request", "els => els.filter(e => e.querySelector('button:not([disabled])'))"
                                                              ".map(e => e.dataset.request)")
            for request_id in open_ids[:1]:
                _choose(other, request_id, lambda label: True)
        page.wait_for_timeout(100)


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
    shot(lobby, "lobby")
    links = dict(zip(lobby.eval_on_selector_all("#links li", "els => els.map(e => e.dataset.link)"),
                     lobby.eval_on_selector_all("#links a", "els => els.map(e => e.href)")))
    assert set(links) == {"seat british", "seat french", "spectators"}
    british = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    french = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    british.goto(links["seat british"])
    french.goto(links["seat french"])
    for turn in (1, 2, 3):
        for page in (british, french):
            page.wait_for_function(f"document.getElementById('when').textContent.startsWith('turn {turn} ')", timeout=TIMEOUT)
        planted = []
        for request_id in _requests(british):
            seen = french.inner_text("body")
            label = _choose(british, request_id, lambda label: not mentions(seen, label.split()[0]))
            planted.append(label.split()[0])
        french.wait_for_function("document.getElementById('waiting').textContent === ''", timeout=TIMEOUT)
        shot(british, f"british-turn-{turn}-planned")
        shot(french, f"french-turn-{turn}-deciding")
        assert not any(mentions(french.content(), card) for card in planted)
        for request_id in _requests(french):
            assert not any(mentions(french.content(), card) for card in planted)
            _choose(french, request_id, lambda label: True)
        for page in (british, french):
            _play_on_until(page, (british, french), turn + 1)
        french.wait_for_function(f"document.getElementById('log').textContent.includes(' {planted[0]} ')", timeout=TIMEOUT)
        shot(french, f"french-turn-{turn}-revealed")
    british.reload()  # reconnecting resumes where the game is
    british.wait_for_function("document.getElementById('when').textContent.startsWith('turn 4 ')", timeout=TIMEOUT)
    assert _requests(british)
    british.wait_for_function("document.getElementById('live').textContent === 'live'", timeout=TIMEOUT)
    shot(british, "british-reloaded")
    watcher = browser.new_page(viewport={"width": 1280, "height": 1000})
    watcher.goto(links["spectators"])
    watcher.wait_for_function("document.getElementById('who').textContent === 'spectator'", timeout=TIMEOUT)
    assert watcher.locator(".request").count() == 0
    shot(watcher, "spectator")
