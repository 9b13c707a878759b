"""One short line a player can read for each event of the dice-and-inches rules.

What: :func:`narrate` is the system's answer to the core's ``sog_narrate`` hook (the system
plugin, :mod:`dice_and_inches.system`, calls it): each event kind of the five rules gets a
line in the table's own terms — inches, degrees, ship names, the dice thrown and what they
did (``  Hornet's right cannon (shot) at Swift, 5.8": needs 5+, rolled 5, result 6: 2 hull``).
The ``dice-rolled`` events the rules throw are bookkeeping here (``""``: people need not read
them), since the event that follows each throw shows its dice; an event this module does not
know (the core's, a house rule's) gets ``None``, the core's line.

Why here: the rules' events carry the table's millimetres and the data a replay needs; what
people read is a separate concern, kept out of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .fire_tables import SHARPSHOOTER_NEEDS, to_hit
from .units import inches

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["QUIET_DICE", "narrate"]

#: Reasons of the dice the rules throw whose results another event of theirs shows.
QUIET_DICE = frozenset({
    "tack", "fire-to-hit", "hit-result", "hot-shot", "sharpshooter", "muskets", "defensive-fire", "small-arms",
    "grapple", "cut-grapples", "cut-loose", "melee", "morale", "fight-fire", "fire-explosion",
})

_SINGULAR = {"hull": "hull", "rigging": "rigging", "crew": "man", "officers": "officer", "guns": "gun",
             "sailors": "sailor", "marines": "marine"}
_PLURAL = {"hull": "hull", "rigging": "rigging", "crew": "men", "officers": "officers", "guns": "guns",
           "sailors": "sailors", "marines": "marines"}


def _name(game: Game, ship_id: Any) -> str:
    ships = game.state.ships
    return ships[ship_id].name if isinstance(ship_id, str) and ship_id in ships else str(ship_id)


def _in(length: float) -> str:
    """Inches to a tenth, ``6"``, ``4.3"``."""
    return f'{round(float(length), 1):g}"'


def _at(x_mm: float, y_mm: float) -> str:
    return f'({inches(float(x_mm)):.1f}", {inches(float(y_mm)):.1f}")'


def _deg(heading: float) -> str:
    return f"{round(float(heading)) % 360}°"


def _dice(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice) or "nothing"


def _hits(hits: Mapping[str, Any]) -> str:
    """``1 hull, 2 men``; a list of lost guns is named by kind (``a cannon``)."""
    parts = []
    for kind, n in hits.items():
        if isinstance(n, list):
            parts += [f"a {gun}" for gun in n]
        elif n:
            parts.append(f"{n} {(_SINGULAR if n == 1 else _PLURAL).get(kind, kind)}")
    return ", ".join(parts)


def _gun(game: Game, d: dict[str, Any]) -> str:
    ammunition = f" ({d['ammunition']})" if d.get("ammunition") else ""
    head = f"  {_name(game, d['ship'])}'s {d['side']} {d['weapon']}{ammunition} at {_name(game, d['target'])}, " \
           f"{_in(d['range'])}: needs {d['need']}+, rolled {d['die']}"
    if d.get("result") is None:
        return f"{head}: miss"
    effect = _hits(d.get("hits") or {}) or "no damage"
    line = f"{head}, result {d['result']}: {effect}"
    if d.get("raking"):
        line += f" (raking her {d['raking']})"
    if d.get("fire_die") is not None:
        line += f"; hot shot {d['fire_die']}"
    return line


def _small_arms(game: Game, d: dict[str, Any]) -> str:
    who, target = _name(game, d["ship"]), _name(game, d["target"])
    effect = _hits(d.get("hits") or {}) or "miss"
    if d["by"] == "sharpshooter":
        return f"  {who}'s sharpshooter at {target}'s officer, {_in(d['range'])}: needs {SHARPSHOOTER_NEEDS}, " \
               f"rolled {_dice(d['dice'])}: {effect}"
    need = to_hit("musket", float(d["range"]))
    needs = f"needs {need}+, " if need is not None else ""
    return f"  {who}'s muskets ({len(d['dice'])}) at {target}, {_in(d['range'])}: {needs}rolled {_dice(d['dice'])}: {effect}"


_HELD = {"blocked": "her way is barred: she does not move", "dead-in-water": "lies dead in the water",
         "lashed": "is lashed: she does not move", "at-anchor": "rides at anchor"}

_ANCHOR = {"announced": "will anchor at the end of her next move", "spring-rigging": "rigs a spring (ready next part)",
           "spring-ready": "rides to her spring: she may turn freely", "cable-slipped": "slips her cable (the anchor is lost)"}


def _anchoring(game: Game, d: dict[str, Any]) -> str:
    who = _name(game, d["ship"])
    if d["action"] == "anchor-down":
        return f"  {who} drops anchor and swings to heading {_deg(d['heading'])} ({d['anchors']} anchor(s) left)"
    return f"  {who} {_ANCHOR.get(d['action'], d['action'])}"


def _collision(game: Game, d: dict[str, Any]) -> str:
    who, other = _name(game, d["ship"]), _name(game, d["other"])
    if d["result"] == "struck":
        return f"  {who} runs into the wreck of {other}: 1 hull hit"
    if d["result"] == "entangled":
        return f"  {who} runs into {other}: entangled, a hull hit each"
    return f"  {who} runs into {other} and glances off: a hull hit each"


def _struck(game: Game, d: dict[str, Any]) -> str:
    onto = f"the battery {_name(game, d['battery'])}" if d.get("battery") else "a rock"
    return f"  {_name(game, d['ship'])} runs onto {onto}: 1 hull hit, a part's delay"


def _slid(game: Game, d: dict[str, Any]) -> str:
    return f"  {_name(game, d['ship'])} reaches the table's edge: the table slides {_in(inches(abs(d['dx']) + abs(d['dy'])))}"


def _casualties(game: Game, d: dict[str, Any]) -> str:
    lost = _hits({k: v for k, v in d.items() if k != "ship"})
    return f"  {_name(game, d['ship'])} takes off her hits: {lost or 'nothing'}"


def _dismasted(game: Game, d: dict[str, Any]) -> str:
    what = "loses her jury mast" if d.get("jury_mast_lost") else "is dismasted"
    return f"  {_name(game, d['ship'])} {what}: dead in the water while a jury mast is rigged"


def _fought(game: Game, d: dict[str, Any]) -> str:
    return f"  {_name(game, d['ship'])}: {d['men']} men fight the fire, rolled {_dice(d['dice'])}: " \
           f"{d['extinguished']} put out, {d['fires']} burning"


def _burns(game: Game, d: dict[str, Any]) -> str:
    lost = _hits({k: v for k, v in d.items() if k not in ("ship", "fires", "dice")})
    boom = " — she explodes" if 1 in d["dice"] else ""
    return f"  {_name(game, d['ship'])} burns ({d['fires']} fire(s)): {lost or 'no damage'}; " \
           f"explosion dice {_dice(d['dice'])}{boom}"


def _morale(game: Game, d: dict[str, Any]) -> str:
    result = "fights on, a man steps up as officer" if d["result"] == "fight-on" else "surrenders"
    return f"  {_name(game, d['ship'])}: morale check {d['roll']} — {result}"


def _thrown(game: Game, d: dict[str, Any]) -> str:
    return f"  {_name(game, d['ship'])}: {d['men']} men throw grapples at {_name(game, d['target'])}, " \
           f"rolled {_dice(d['dice'])}: {d['grapples']} hold"


def _cut(game: Game, d: dict[str, Any]) -> str:
    who = _name(game, d["ship"])
    if not d["men"]:
        return f"  {who} lets the {d['grapples']} grapple(s) hold"
    return f"  {who}: {d['men']} men cut the grapples, rolled {_dice(d['dice'])}: {d['held']} of {d['grapples']} hold"


def _lashed(game: Game, d: dict[str, Any]) -> str:
    a, b = (_name(game, s) for s in d["ships"])
    return f"  {a} and {b} are lashed together ({d['grapples']} grapple(s))"


def _defensive(game: Game, d: dict[str, Any]) -> str:
    guns = [f"{g['kind']} {g['die']}/{g['need']}+" + (f" {_hits(g['effect'])}" if g.get("effect") else "")
            for g in d.get("guns", ())]
    fired = "; ".join(guns)
    if d.get("muskets"):
        fired += ("; " if fired else "") + f"muskets ({d['muskets']}) rolled {_dice(d['musket_dice'])}"
    lost = _hits({**d.get("men_lost", {}), **d.get("pending", {})})
    return f"  {_name(game, d['ship'])} fires at {_name(game, d['target'])}'s boarders: {fired or 'nothing to fire'}" \
           f": {lost or 'no loss'}"


def _melee(game: Game, d: dict[str, Any]) -> str:
    a, b = _name(game, d["ship"]), _name(game, d["target"])
    (sa, sb), (da, db), (pa, pb) = d["strengths"], d["dice"], d["points"]
    head = f"  Melee round {d['round']}: {a} {sa}×{da} = {pa:g} against {b} {sb}×{db} = {pb:g}"
    if d.get("loser") is None:
        return f"{head}: even, nobody falls"
    loser = a if d["loser"] == "attacker" else b
    lost = _hits(d.get("men_lost") or {}) or f"{d['losses']} men"
    return f"{head}: {loser} loses {lost}"


def _repulsed(game: Game, d: dict[str, Any]) -> str:
    retaken = f"; {_name(game, d['target'])} retakes her deck" if d.get("deck_retaken") else ""
    return f"  {_name(game, d['ship'])}'s boarders are repulsed ({d['reason']}){retaken}"


def _loose(game: Game, d: dict[str, Any]) -> str:
    result = "she is free" if d["free"] else "still lashed"
    return f"  {_name(game, d['ship'])}: {d['men']} men cut her loose from {_name(game, d['target'])}, " \
           f"rolled {_dice(d['dice'])}: {result}"


def _heated(game: Game, d: dict[str, Any]) -> str:
    ready = ": ready to fire" if d.get("ready") else ""
    return f"  {_name(game, d['ship'])} heats hot shot on its {d['side']} side ({d['parts']} part(s)){ready}"


_LINES: dict[str, Callable[[Game, dict[str, Any]], str]] = {
    # dice-movement
    "ship-sailed": lambda g, d: f"  {_name(g, d['ship'])} sails {_in(d['distance'])} to {_at(d['x'], d['y'])} "
                                f"heading {_deg(d['heading'])}",
    "ship-drifted": lambda g, d: f"  {_name(g, d['ship'])} drifts {_in(d['distance'])} downwind to {_at(d['x'], d['y'])}",
    "ship-turned": lambda g, d: f"  {_name(g, d['ship'])} turns to heading {_deg(d['heading'])}",
    "ship-luffed": lambda g, d: f"  {_name(g, d['ship'])} luffs: bow into the wind, stalled until her next part",
    "ship-tacked": lambda g, d: f"  {_name(g, d['ship'])} tacks through the wind to heading {_deg(d['heading'])}",
    "tack-stalled": lambda g, d: f"  {_name(g, d['ship'])}'s tack stalls in the wind's eye (rolled {d['die']})",
    "ship-held": lambda g, d: f"  {_name(g, d['ship'])} {_HELD.get(d['reason'], d['reason'])}",
    "anchoring": _anchoring,
    "collision": _collision,
    "struck-rock": _struck,
    "table-slid": _slid,
    "edge-stopped": lambda g, d: f"  {_name(g, d['ship'])} is stopped at the table's edge",
    # dice-fire
    "gun-fired": _gun,
    "small-arms-fired": _small_arms,
    "hot-shot-heated": _heated,
    "fire-started": lambda g, d: f"  {_name(g, d['ship'])} is set on fire by {_name(g, d['by'])}'s hot shot "
                                 f"({d['fires']} fire(s) burning)",
    # dice-damage
    "casualties-taken": _casualties,
    "dismasted": _dismasted,
    "fire-fought": _fought,
    "fire-burns": _burns,
    "morale-check": _morale,
    # dice-boarding
    "grapples-thrown": _thrown,
    "grapples-cut": _cut,
    "ships-lashed": _lashed,
    "boarding": lambda g, d: f"  {_name(g, d['ship'])} boards {_name(g, d['target'])}",
    "defensive-fire": _defensive,
    "melee-round": _melee,
    "boarders-repulsed": _repulsed,
    "deck-gained": lambda g, d: f"  {_name(g, d['ship'])}'s boarders take {_name(g, d['target'])}'s deck: "
                                f"one more lost round loses her",
    "cut-loose": _loose,
}


def narrate(game: Game, event: dict[str, Any]) -> str | None:
    """The line for ``event``: ``""`` for the dice the rules throw (another event shows them),
    ``None`` for an event that is not the system's (the core's line)."""
    kind, data = event["kind"], event["data"]
    if kind == "dice-rolled":
        return "" if data.get("reason") in QUIET_DICE else None
    line = _LINES.get(kind)
    return line(game, data) if line is not None else None
