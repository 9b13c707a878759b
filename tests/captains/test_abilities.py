"""The abilities rule: dealing the cards, the steps and requests, uses per game, level gating,
abilities left out, inert games, narration."""

from __future__ import annotations

from sog.setup import new_game


def _fire_at(target):
    def choose(request):
        return next((c for c in request.choices if c and c["target"] == target and c["arc"] == "central"), None)
    return choose


def test_cards_are_dealt_captain_first_then_crew_cards_with_their_uses(cbench):
    b = cbench({"terpsichore": {"captain": ["veteran"], "crew-card": ["carpenters"]}})
    record = b.ship("terpsichore").ext["abilities"]
    assert record["captain"] == {"id": "veteran", "status": "well"}
    assert [(c["key"], c["source"], c["holder"], c["uses"], c["uses_left"], c["state"]) for c in record["cards"]] == [
        ("twice-a", "captain", "veteran", 2, 2, "ready"),
        ("twice-b", "captain", "veteran", 2, 2, "ready"),
        ("once-a", "captain", "veteran", 1, 1, "ready"),
        ("plain-once", "captain", "veteran", 1, 1, "ready"),
        ("repair", "crew-card", "carpenters", 1, 1, "ready"),
    ]
    assert b.events("abilities-left-out") == []


def test_the_turn_has_one_step_per_timing_between_the_phases(cbench):
    b = cbench({"terpsichore": {"captain": ["gunner"]}})
    assert [s.name for s in b.game.steps] == [
        "planning", "abilities-before-movement", "abilities-before-combat", "combat", "abilities-after-fire", "damage",
        "captain-wounds", "abilities-before-reloading", "reloading", "abilities-end-of-turn"]


def test_a_once_per_game_ability_is_discarded_when_used_and_not_offered_again(cbench):
    b = cbench({"terpsichore": {"captain": ["gunner"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.until(1, "abilities-before-combat")
    (request,) = b.pending("ability", "terpsichore")
    assert (request.id, request.choices, request.labels) == (
        "t1.abilities-before-combat.ability.terpsichore.extra", [False, True], ["keep", "use"])
    assert request.seat == "british"
    b.script[("ability", "terpsichore")] = True
    b.play(3)
    assert (b.cards("terpsichore")["extra"]["state"], b.cards("terpsichore")["extra"]["uses_left"]) == ("discarded", 0)
    assert [e["data"]["state"] for e in b.events("ability-used")] == ["discarded"]
    assert b.offered() == ["t1.abilities-before-combat.ability.terpsichore.extra"]


def test_a_twice_per_game_ability_turns_sideways_then_is_discarded(cbench):
    b = cbench({"terpsichore": {"captain": ["short-gunner"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.script[("ability", "terpsichore")] = True
    b.until(2, "abilities-before-combat")
    assert (b.cards("terpsichore")["extra-short"]["state"], b.cards("terpsichore")["extra-short"]["uses_left"]) == ("sideways", 1)
    (request,) = b.pending("ability", "terpsichore")
    assert "twice per game, used once" in request.prompt
    b.play(4)
    assert [(e["turn"], e["data"]["state"], e["data"]["uses_left"]) for e in b.events("ability-used")] == [
        (1, "sideways", 1), (2, "discarded", 0)]
    assert [r.split(".")[0] for r in b.offered()] == ["t1", "t2"]


def test_a_card_kept_is_offered_again_next_turn(cbench):
    b = cbench({"terpsichore": {"captain": ["short-gunner"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.play(2)  # the bench keeps cards
    assert [r.split(".")[0] for r in b.offered()] == ["t1", "t2"]
    assert b.cards("terpsichore")["extra-short"]["state"] == "ready"
    assert b.events("ability-used") == []


def test_a_standard_ability_is_left_out_of_a_basic_game_and_the_start_event_says_why(cbench):
    b = cbench({"terpsichore": {"captain": ["modern"]}})
    (event,) = b.events("abilities-left-out")
    assert event["turn"] == 0
    assert event["data"]["abilities"] == [{
        "ship": "terpsichore", "ability": "standard-extra", "source": "captain", "holder": "modern",
        "reason": "it needs the standard rules and this game plays the basic rules"}]
    assert list(b.cards("terpsichore")) == ["extra"]
    b.stage("terpsichore", "courageuse", 60.0)
    b.until(1, "abilities-before-combat")
    assert [r.id.rsplit(".", 1)[1] for r in b.pending("ability")] == ["extra"]


def test_a_standard_ability_is_offered_in_a_standard_game(cbench):
    b = cbench({"terpsichore": {"captain": ["modern"]}}, level="standard")
    assert b.events("abilities-left-out") == []
    b.stage("terpsichore", "courageuse", 60.0)
    b.until(1, "abilities-before-combat")
    assert [r.id.rsplit(".", 1)[1] for r in b.pending("ability")] == ["standard-extra", "extra"]


def test_an_ability_whose_effect_no_rule_in_force_provides_is_left_out(cbench):
    b = cbench({"terpsichore": {"captain": ["gunner"]}}, blocked=["gunnery-abilities"])
    (event,) = b.events("abilities-left-out")
    (out,) = event["data"]["abilities"]
    assert out["ability"] == "extra"
    assert out["reason"].startswith("unknown ability effect 'extra-counters': no rule in force provides it")
    assert b.cards("terpsichore") == {}
    assert b.ship("terpsichore").ext["abilities"]["captain"]["status"] == "well"


def test_a_game_whose_ships_carry_nothing_has_no_ability_step_state_or_event(cards_library, catalogue):
    game = new_game("enemy-in-sight", seed=2, library=cards_library, catalogue=catalogue)
    assert not [s.name for s in game.steps if s.name.startswith(("abilities", "captain"))]
    from sog.bots import make_bot

    game.run({seat: make_bot("random", 2, seat) for seat in game.seats()}, max_turns=3)
    mine = {"abilities-left-out", "abilities-unbalanced", "ability-used", "ability-lost", "counters-ignored", "quick-reloaded",
            "damage-repaired", "captain-wound-draw", "captain-wounded", "captain-killed"}
    assert [e for e in game.log.events if e["kind"] in mine] == []
    assert all(not ({"abilities", "captain-wounds", "gunnery-abilities", "seamanship-abilities"} & set(s.ext))
               for s in game.state.ships.values())


def test_the_abilities_events_are_narrated(cbench):
    b = cbench({"terpsichore": {"captain": ["modern"]}})
    b.stage("terpsichore", "courageuse", 60.0)
    b.script[("ability", "terpsichore")] = True
    b.play(1)
    lines = {e["kind"]: b.game.hook.sog_narrate(game=b.game, event=e) for e in b.game.log.events}
    assert lines["abilities-left-out"] == (
        "  abilities left out: HMS Terpsichore's Standard-Extra (it needs the standard rules and this game plays the basic rules)")
    assert lines["ability-used"] == "  HMS Terpsichore uses Extra: the card is discarded"
    assert lines["abilities-unbalanced"].startswith("  abilities in play: british 1, french 0; the USS Constitution pack advises")


def test_the_start_says_when_the_sides_sail_with_different_numbers_of_abilities(cbench):
    unbalanced = cbench({"terpsichore": {"captain": ["veteran"]}, "courageuse": {"captain": ["stoic"]}})
    (event,) = unbalanced.events("abilities-unbalanced")
    assert event["data"]["abilities"] == {"british": 4, "french": 1}
    balanced = cbench({"terpsichore": {"captain": ["gunner"]}, "courageuse": {"captain": ["stoic"]}})
    assert balanced.events("abilities-unbalanced") == []


def test_the_cards_are_public_in_every_seats_view(cbench):
    b = cbench({"terpsichore": {"captain": ["gunner"]}})
    view = b.game.view("french")
    assert view["ships"]["terpsichore"]["ext"]["abilities"] == b.ship("terpsichore").ext["abilities"]
