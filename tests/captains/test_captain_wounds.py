"""Captain wounds, paragraph by paragraph, with the four pool A counters stacked.

HMS Terpsichore (crew track of 8 boxes) carries the captain; three crew counters lie on her
crew track before the game, and Courageuse's musketry (two E counters, stacked) gives her the
turn's crew casualty that fills the fourth box: half her crew boxes."""

from __future__ import annotations

from sog.plugins.captains import wounds

CREW = (None, "crew")
NO_CREW = (0, None)


def _game(cbench, captain="veteran", crew_before=3):
    b = cbench({"terpsichore": {"captain": [captain]}})
    b.stage("courageuse", "terpsichore", 10.0)  # within musketry reach
    b.crew("terpsichore", crew_before)
    return b


def _musketry(b, turns=1, casualty=True):
    """Courageuse's musketry at Terpsichore in each of ``turns`` turns: a crew casualty, or two 0s."""
    for _ in range(turns):
        b.stack("E", [CREW, NO_CREW] if casualty else [NO_CREW, NO_CREW])
    b.script[("musketry", "courageuse")] = {"target": "terpsichore"}


def _states(b):
    return {key: card["state"] for key, card in b.cards("terpsichore").items()}


def _status(b):
    return b.ship("terpsichore").ext["abilities"]["captain"]["status"]


def test_three_crew_symbols_wound_the_captain_and_each_twice_ability_loses_a_use(cbench):
    b = _game(cbench)
    _musketry(b)
    drawn = b.stack(wounds.WOUND_POOL, [CREW, (1, "crew"), (2, "fire"), (2, "crew")])
    b.play(1)
    (draw,) = [e["data"] for e in b.events("captain-wound-draw", 1)]
    assert (draw["counters"], draw["crew"], draw["result"]) == (["A:crew", "A1+crew", "A2+fire", "A2+crew"], 3, "wounded")
    assert _status(b) == "wounded"
    assert _states(b) == {"twice-a": "sideways", "twice-b": "sideways", "once-a": "ready", "plain-once": "ready"}
    assert [(e["data"]["ability"], e["data"]["reason"]) for e in b.events("ability-lost", 1)] == [
        ("twice-a", "captain wounded"), ("twice-b", "captain wounded")]
    assert all(c.index in b.game.state.pools["A"].bag for c in drawn)  # straight back to the pool
    ship = b.ship("terpsichore")
    assert not any(box.covered for box in ship.ship_track)  # no damage
    assert sum(box.covered for box in ship.crew_track) == 4


def test_a_wound_discards_a_twice_ability_used_once_already(cbench):
    b = _game(cbench)
    card = b.cards("terpsichore")["twice-a"]
    card["uses_left"], card["state"] = 1, "sideways"
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW])
    b.play(1)
    assert _states(b) == {"twice-a": "discarded", "twice-b": "sideways", "once-a": "ready", "plain-once": "ready"}


def test_four_crew_symbols_kill_the_captain_and_discard_every_captain_icon_ability(cbench):
    b = _game(cbench)
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, (1, "crew"), (2, "crew"), CREW])
    b.play(1)
    (draw,) = [e["data"] for e in b.events("captain-wound-draw", 1)]
    assert (draw["crew"], draw["result"]) == (4, "dead")
    assert _status(b) == "dead"
    assert b.events("captain-killed", 1, ship="terpsichore", captain="veteran")
    assert _states(b) == {"twice-a": "discarded", "twice-b": "discarded", "once-a": "discarded", "plain-once": "ready"}


def test_two_crew_symbols_do_nothing(cbench):
    b = _game(cbench)
    _musketry(b)
    drawn = b.stack(wounds.WOUND_POOL, [CREW, NO_CREW, (2, "crew"), (1, None)])
    b.play(1)
    (draw,) = [e["data"] for e in b.events("captain-wound-draw", 1)]
    assert (draw["crew"], draw["result"]) == (2, "none")
    assert _status(b) == "well"
    assert set(_states(b).values()) == {"ready"}
    assert all(c.index in b.game.state.pools["A"].bag for c in drawn)


def test_no_draw_before_half_the_crew_boxes_are_filled(cbench):
    b = _game(cbench, crew_before=2)  # 3 of 8 boxes once the musketry hits
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, CREW])
    b.play(1)
    assert sum(box.covered for box in b.ship("terpsichore").crew_track) == 3
    assert b.events("captain-wound-draw") == []
    assert len(b.game.state.pools["A"].stacked) == 4  # nothing drawn


def test_no_draw_in_a_turn_without_a_crew_casualty(cbench):
    b = _game(cbench, crew_before=5)  # more than half, but no casualty this turn
    _musketry(b, casualty=False)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, CREW])
    b.play(1)
    assert len(b.events("attack", 1, attacker="courageuse")) == 1
    assert b.events("captain-wound-draw") == []
    assert _status(b) == "well"


def test_a_number_with_the_crew_symbol_is_a_casualty_too(cbench):
    b = _game(cbench)
    b.stage("courageuse", "terpsichore", 60.0)
    b.stack("B", [(2, "crew"), NO_CREW, NO_CREW])  # a crew-loss marker on the crew track
    b.script[("fire", "courageuse", "right")] = lambda r: next(c for c in r.choices if c and c["arc"] == "central")
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW])
    b.play(1)
    assert b.ship("terpsichore").crew_track[3].markers == ["crew-loss"]
    assert [e["data"]["result"] for e in b.events("captain-wound-draw", 1)] == ["wounded"]


def test_a_wounded_captain_wounded_again_is_dead(cbench):
    b = _game(cbench)
    _musketry(b, turns=2)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW] * 2)
    b.play(2)
    assert [(e["turn"], e["data"]["result"]) for e in b.events("captain-wound-draw")] == [(1, "wounded"), (2, "dead")]
    assert _status(b) == "dead"
    assert _states(b) == {"twice-a": "discarded", "twice-b": "discarded", "once-a": "discarded", "plain-once": "ready"}
    b.stack("E", [CREW, NO_CREW])
    b.play(3)
    assert len(b.events("captain-wound-draw")) == 2  # the dead draw no more


def test_a_wounded_captain_without_twice_abilities_discards_the_unused_one_the_seat_chooses(cbench):
    b = _game(cbench, captain="novice")
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW])
    b.until(1, "captain-wounds")
    (request,) = b.pending("wound-discard", "terpsichore")
    assert (request.choices, request.labels) == (["once-a", "once-b"], ["Once-A", "Once-B"])  # not the card without the icon
    b.script[("wound-discard", "terpsichore")] = "once-b"
    b.play(1)
    assert _status(b) == "wounded"
    assert _states(b) == {"once-a": "ready", "once-b": "discarded", "plain-once": "ready"}
    assert "discard" not in b.ship("terpsichore").ext["captain-wounds"]


def test_a_wound_with_no_unused_captain_icon_ability_asks_nothing(cbench):
    b = _game(cbench, captain="novice")
    for key in ("once-a", "once-b"):  # used already; plain-once has no captain icon
        b.cards("terpsichore")[key].update(uses_left=0, state="discarded")
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW])
    b.play(1)
    assert _status(b) == "wounded"
    assert [r for r in b.asked if r.kind == "wound-discard"] == []


def test_the_wound_events_are_narrated(cbench):
    b = _game(cbench)
    _musketry(b)
    b.stack(wounds.WOUND_POOL, [CREW, CREW, CREW, NO_CREW])
    b.play(1)
    lines = [b.game.hook.sog_narrate(game=b.game, event=e) for e in b.game.log.events
             if e["kind"] in ("captain-wound-draw", "captain-wounded", "ability-lost")]
    assert lines == [
        "  HMS Terpsichore's captain: A:crew A:crew A:crew A0, 3 crew — wounded",
        "  HMS Terpsichore's captain is wounded",
        "  HMS Terpsichore's Twice-A is turned sideways (captain wounded)",
        "  HMS Terpsichore's Twice-B is turned sideways (captain wounded)",
    ]


def test_the_rulings_are_named(cbench):
    assert (wounds.WOUND_POOL, wounds.WOUND_DRAW, wounds.HALF_CREW) == ("A", 4, 2)
    assert wounds.END_OF_COMBAT == 560
