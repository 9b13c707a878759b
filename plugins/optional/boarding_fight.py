"""The boarding fight and the grapples' bookkeeping, for :mod:`sog.plugins.optional.boarding`; not a rule.

What: the state the boarding rule keeps (``game.state.ext["boarding"]``: the grappled pairs,
the declaration and the fight in progress), the declaration order, and the hand-to-hand
fight of the ``boarding`` step (rulebook pp. 38-39). Why a module of its own: the rule with
its three levels would not fit in one small module; this part has no hook implementation,
the rule module calls it (:func:`start`, :func:`resume`).

**The fight.** Each grappled pair in which neither ship surrendered to fire fights. Each ship
inflicts as many E counters (R9) as its burden, one counter per round; a ship grappled with
several enemies declares, before each of its counters, which of them it hits (decision
``boarding-target``, lowest crew first). The fight stops for a ship as soon as it or its
enemy surrenders (no further counter is drawn).

* **Basic and Standard rules**, and Advanced rules when both ships or neither planned the
  Boarding action: the counters of a round are drawn together and applied together; two
  ships never eliminate each other (R10 ``SPARED``).
* **Advanced rules, with an advantage** (a ship that planned the Boarding action grappled
  with one that did not, p. 39): before the first round the ship without the action receives
  one E counter (event ``boarding-advantage``); in every round the counters drawn by ships
  with the action against targets without it are drawn and applied first, and only then —
  if nobody they hit surrendered — the other counters are drawn and applied.

Rulings:

* R9 ``POOL``: boarding counters are E counters.
* R10 ``SPARED``: of two ships that would surrender to the same pair of counters, one chosen
  at random surrenders; the other's log is put back as it was before that pair and its
  counter returns to the pool.
* ``ADVANTAGE``: the advantage is a pair's: one ship planned the Boarding action, the other
  did not ("the ship that did not choose the Boarding action" read as the action counter,
  as the paragraph's first line says). The counter received before the fight is one per such
  pair and is not one of the boarder's burden counters (p. 39 example: the Courageuse,
  burden 3, still draws her first and second counters after it).
* ``FIRST``: in a round, a counter is applied first when the ship drawing it planned the
  Boarding action and its target did not; all others are applied after, together.
"""

from __future__ import annotations

import copy
from typing import Any

from sog.game import Game
from sog.plugins.optional.shared import covered
from sog.state import Counter
from sog.plugins.system.state import SailsShipState

NAME = "boarding"
#: The Advanced action counter of boarding.
ACTION = "boarding"
#: Ruling R9: the pool boarding counters are drawn from.
POOL = "E"
#: Ruling R10: which ship surrenders when both would; the other is spared.
SPARED = "random one surrenders, the other's last counter goes back"
#: Ruling: who has the advantage with Advanced rules, and what the counter before the fight is.
ADVANTAGE = "one ship of the pair planned the Boarding action, the other did not; one E counter per pair, extra"
#: Ruling: which counters of a round are applied first with Advanced rules.
FIRST = "drawn by a ship with the action against a target without it"


def own(game: Game) -> dict[str, Any]:
    """The rule's state (made on first use)."""
    return game.state.ext.setdefault(NAME, {"grappled": []})


def grappled(game: Game) -> list[list[str]]:
    """The grappled pairs (this turn's, until the next declaration)."""
    return game.state.ext.get(NAME, {}).get("grappled", [])


def partners(pairs: list[list[str]], ship_id: str) -> list[str]:
    return [o for pair in pairs if ship_id in pair for o in pair if o != ship_id]


def live_partners(game: Game, ship_id: str) -> list[str]:
    return [o for o in partners(grappled(game), ship_id) if game.ship(o).in_play]


def surrenders(ship: SailsShipState) -> bool:
    """Is either track of the ship entirely covered?"""
    return covered(ship.ship_track) or covered(ship.crew_track)


def declaration_order(game: Game, ship_ids: list[str], ties: list[str] | None = None) -> list[str]:
    """Lowest crew first, then more crew losses, then ``ties`` order (else at random)."""
    def key(sid: str) -> tuple[int, int]:
        ship = game.ship(sid)
        return (int(game.ship_doc(ship).crew), -sum(box.covered for box in ship.crew_track))

    ordered: list[str] = []
    for k in sorted({key(s) for s in ship_ids}):
        group = [s for s in ship_ids if key(s) == k]
        if ties is not None:
            group.sort(key=ties.index)
        elif len(group) > 1:
            game.rng.shuffle(group)
        ordered.extend(group)
    return ordered


def _order(game: Game, ids: Any) -> list[str]:
    return sorted(ids, key=list(game.state.ships).index)


# --------------------------------------------------------------------------- the fight


def start(game: Game) -> None:
    """Keep the pairs where neither ship surrendered to fire, give the advantage, and fight them."""
    state = own(game)
    state["grappled"] = [p for p in state["grappled"] if all(game.ship(s).in_play for s in p)]
    state["fight"] = None
    if not state["grappled"]:
        return
    ships = _order(game, {s for p in state["grappled"] for s in p})
    ties = list(ships)
    if any(len(partners(state["grappled"], s)) > 1 for s in ships):
        game.rng.shuffle(ties)  # random order among equal crews, fixed for the whole fight
    boarders = [s for s in ships if game.state.level == "advanced" and ACTION in game.ship(s).actions]
    state["fight"] = {"ships": ships, "drawn": {s: 0 for s in ships}, "round": 0, "targets": {}, "waiting": None,
                      "ties": ties, "boarders": boarders}
    for a, b in list(state["grappled"]):
        leader = _leader(state["fight"], a, b)
        other = b if leader == a else a
        if leader and game.ship(leader).in_play and game.ship(other).in_play:
            counters = game.draw(POOL, 1)
            game.emit("boarding-advantage", ship=other, boarder=leader, counter=counters[0].label() if counters else None)
            if counters:
                _apply(game, {other: counters})
                if surrenders(game.ship(other)):
                    game.remove_ship(other, "surrendered", cause=NAME)
    fight(game)


def _leader(fight_state: dict[str, Any], a: str, b: str) -> str | None:
    """The ship of the pair with the advantage (ruling ``ADVANTAGE``), if any."""
    boarders = fight_state.get("boarders", [])
    if (a in boarders) == (b in boarders):
        return None
    return a if a in boarders else b


def resume(game: Game, ship_id: str, target: str) -> None:
    """A ship grappled with several enemies declared its next target: fight on."""
    fight_state = own(game)["fight"]
    fight_state["targets"][ship_id] = target
    fight_state["waiting"] = None
    game.emit("boarding-target", ship=ship_id, target=target)
    fight(game)


def fight(game: Game) -> None:
    """Draw rounds until a target must be declared (then wait) or nobody has counters left."""
    state = own(game)
    fight_state = state["fight"]
    while True:
        active = [s for s in fight_state["ships"] if game.ship(s).in_play and live_partners(game, s)
                  and fight_state["drawn"][s] < int(game.ship_doc(game.ship(s)).burden)]
        if not active:
            state["fight"] = None
            state["grappled"] = [p for p in state["grappled"] if all(game.ship(s).in_play for s in p)]
            return
        for s in active:
            foes = live_partners(game, s)
            if len(foes) == 1:
                fight_state["targets"][s] = foes[0]
        waiting = [s for s in declaration_order(game, active, fight_state["ties"]) if s not in fight_state["targets"]]
        if waiting:
            fight_state["waiting"] = waiting[0]
            return
        _round(game, fight_state, active)


def _round(game: Game, fight_state: dict[str, Any], active: list[str]) -> None:
    """One counter for each active ship: the advantaged ones first (ruling ``FIRST``), then the rest together."""
    fight_state["round"] += 1
    targets = dict(fight_state["targets"])
    fight_state["targets"] = {}
    first = [s for s in active if _leader(fight_state, s, targets[s]) == s]
    _draw_group(game, fight_state, first, targets)
    rest = [s for s in active if s not in first and game.ship(s).in_play and game.ship(targets[s]).in_play]
    _draw_group(game, fight_state, rest, targets)


def _draw_group(game: Game, fight_state: dict[str, Any], group: list[str], targets: dict[str, str]) -> None:
    """Draw one counter for each ship of ``group``, apply them together; then surrenders (with R10)."""
    if not group:
        return
    received: dict[str, list[Counter]] = {}
    draws = []
    for s in group:
        fight_state["drawn"][s] += 1
        counters = game.draw(POOL, 1)
        received.setdefault(targets[s], []).extend(counters)
        draws.append({"ship": s, "target": targets[s], "counter": counters[0].label() if counters else None})
    game.emit("boarding-round", round=fight_state["round"], draws=draws)
    before = {t: (copy.deepcopy(game.ship(t).ship_track), copy.deepcopy(game.ship(t).crew_track), list(game.ship(t).zero_box))
              for t in received}
    _apply(game, received)
    falling = [t for t in _order(game, received) if surrenders(game.ship(t))]
    for a in list(falling):
        b = targets.get(a)
        if a in falling and b in falling and targets.get(b) == a:  # ruling R10: never both
            spared = game.rng.choice([a, b])
            ship = game.ship(spared)
            ship.ship_track, ship.crew_track, ship.zero_box = before[spared]
            game.pools.put_back(received[spared])
            falling.remove(spared)
            game.emit("boarding-spared", ship=spared, other=a if spared == b else b,
                      counters=[c.label() for c in received[spared]])
    for t in falling:
        game.remove_ship(t, "surrendered", cause=NAME)


def _apply(game: Game, received: dict[str, list[Counter]]) -> None:
    for t in _order(game, received):
        if received[t]:
            game.hook.sog_apply_damage(game=game, ship=game.ship(t), counters=received[t], attacks=[])
