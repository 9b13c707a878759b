"""The log of a reveal: ``card-revealed`` names the card the player planned; each replacement
(veer, taken aback) is a ``card-replaced`` event after it; ``ship-moved`` names the card run."""

from sog.cli.narrate import narrate

ABACK = (450.0, 450.0, 90.0)  # bow into the wind (from 90)


def _story(bench, turn, ship="genereux"):
    """``(kind, card, by)`` of the reveal, replacement and move events of ``ship`` in ``turn``, in log order."""
    kinds = ("card-revealed", "card-replaced", "ship-moved")
    return [(e["kind"], e["data"]["card"], e["data"].get("by")) for e in bench.game.log.events
            if e["turn"] == turn and e["kind"] in kinds and e["data"]["ship"] == ship]


def test_a_card_kept_is_revealed_and_run(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 0.0)
    bench.script[("plan-first", "genereux")] = "C-15"
    bench.until(1, "combat")
    assert _story(bench, 1) == [("card-revealed", "C-15", None), ("ship-moved", "C-15", None)]


def test_taken_aback_the_planned_card_is_revealed_then_replaced_by_the_red_card(std_bench):
    bench = std_bench()
    bench.put("genereux", *ABACK)
    bench.script[("plan-first", "genereux")] = "C-15"  # veer 7
    bench.until(1, "combat")
    assert _story(bench, 1) == [
        ("card-revealed", "C-15", None), ("card-replaced", "C-15", "C-29"), ("ship-moved", "C-29", None)]


def test_out_of_veer_and_taken_aback_two_replacements_follow_the_reveal(std_bench):
    bench = std_bench()
    bench.put("genereux", 450.0, 450.0, 0.0)
    bench.script[("plan-first", "genereux")] = "C-25"  # veer 2
    bench.script[("plan", "genereux")] = ["C-23", "C-1"]  # veer 8: out of veer 5 of the 2
    bench.until(2, "planning")
    bench.ship("genereux").pose = bench.ship("genereux").pose.model_copy(update={"heading": 90.0})  # aback now
    bench.until(2, "combat")
    assert _story(bench, 2) == [
        ("card-revealed", "C-23", None),
        ("card-replaced", "C-23", "C-2"),    # veer: the straight card not in slot 2
        ("card-replaced", "C-2", "C-27"),    # taken aback: the "exactly 5" red card
        ("ship-moved", "C-27", None),
    ]
    reasons = [e["data"]["reason"] for e in bench.events("card-replaced", 2, ship="genereux")]
    assert reasons == ["veer", "taken-aback"]
    lines = list(narrate(bench.game, bench.events("card-replaced", 2)))
    assert lines == ["  Généreux: card C-23 replaced by C-2 (veer)", "  Généreux: card C-2 replaced by C-27 (taken-aback)"]


def test_every_card_is_revealed_before_any_replacement_or_move(std_bench):
    bench = std_bench()
    bench.put("genereux", *ABACK)
    bench.until(1, "combat")
    events = [e for e in bench.game.log.events if e["turn"] == 1 and e["step"] == "movement"]
    kinds = [e["kind"] for e in events if e["kind"] in ("card-revealed", "card-replaced", "ship-moved")]
    revealed = [i for i, k in enumerate(kinds) if k == "card-revealed"]
    assert len(revealed) == 4 and revealed == list(range(4))  # the reveal is simultaneous
