"""This turn's broadsides and the counters each one dealt, read from the log; not a rule.

What: :func:`volleys` lists every broadside fired this turn (by the combat rule, continuous
fire, ...) with its target and the labels of the counters its target takes from it: the
attack's own draw, the second pool of a double shot, and the swaps of aiming high.
:func:`claim` finds those counters in the pile waiting for the damage step.

Why: the attacks of a turn are drawn into one pile per target (``sog.plugins.system.attacks.HITS_OWNER``),
which no longer says which broadside drew which counter, while aiming high (which counters
to swap) and spreading fires (did *this* broadside start a fire?) need exactly that. The
log says it, in the events every rule that draws for a broadside already emits. Counters
with the same label are the same to every rule (same pool, number and symbol), so a label
identifies a counter well enough.
"""

from __future__ import annotations

from typing import Any

from sog.game import Game
from sog.state import Counter

#: The events that add counters to a broadside's volley: the attack itself, and the second
#: pool of a double shot (``double-shot`` rule).
ATTACK, DOUBLE_SHOT_HIT = "attack", "double-shot-hit"
#: The aiming-high rule's event: counters swapped out of a volley and those drawn instead.
AIMED_HIGH = "aimed-high"


def turn_events(game: Game) -> list[dict[str, Any]]:
    """The events of the current turn, in order (read backwards from the end of the log)."""
    found = []
    for event in reversed(game.log.events):
        if event["turn"] != game.state.turn:
            break
        found.append(event)
    found.reverse()
    return found


def volleys(game: Game) -> dict[tuple[str, str], dict[str, Any]]:
    """Every broadside fired this turn: ``(attacker, side) -> {target, counters: [labels]}``.

    A side fires at most once a turn, so ``(attacker, side)`` names one volley.
    """
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for event in turn_events(game):
        data = event["data"]
        key = (data.get("attacker"), data.get("side"))
        if event["kind"] == ATTACK and data.get("kind") == "artillery" and data.get("side"):
            found[key] = {"target": data["target"], "counters": list(data["counters"])}
        elif event["kind"] == DOUBLE_SHOT_HIT and key in found:
            found[key]["counters"].extend(data["counters"])
        elif event["kind"] == AIMED_HIGH and key in found:
            labels = found[key]["counters"]
            for label in data["replaced"]:
                labels.remove(label)
            labels.extend(data["drawn"])
    return found


def claim(pile: list[dict[str, Any]], labels: list[str], taken: set[int]) -> list[int]:
    """Positions in ``pile`` (counters as dumped in the state) of counters showing ``labels``.

    Each position is taken once: ``taken`` collects the positions already claimed (by this
    call or an earlier one on the same pile). A label with no counter left is skipped.
    """
    positions = []
    for label in labels:
        for i, dumped in enumerate(pile):
            if i not in taken and Counter.model_validate(dumped).label() == label:
                taken.add(i)
                positions.append(i)
                break
    return positions
