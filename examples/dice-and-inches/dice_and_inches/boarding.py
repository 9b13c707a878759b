"""Grappling and boarding: the ``dice-boarding`` rule (step ``boarding``, the last of a part).

The text's order (*Boarding*): the attacker moves, fires and grapples; the defender removes
his casualties and uses any defensive fire; then both fight the melee, three rounds a turn.
In the active side's part, step ``boarding`` (order 700) runs, round by round:

1. *Grappling* (:mod:`dice_and_inches.grappling`): each ship of the active side may throw
   grapples at each enemy within reach and not yet lashed to her (a number decision: how many
   men throw, one die each, 5-6 holds); if any hold, the defender decides how many men cut
   (a 6 each cuts one) — none to accept them; a grapple left holding lashes the ships.
   Ships entangled by a collision (the movement rule lists them in ``lashed``) are lashed too.
2. *Boarding*: each ship of the active side that is lashed to an enemy may board one of them
   (a decision listing them, or ``none``). The defender takes off his pending casualties
   (:func:`dice_and_inches.damage.take_off`), gives defensive fire
   (:mod:`dice_and_inches.boarding_fire`), then up to three rounds of melee are fought
   (:mod:`dice_and_inches.melee`): a round the attacker loses repulses the boarders; a round
   the defender loses gains his deck (``deck_lost``), and losing one more, consecutively,
   loses the ship (``captured``).
3. *Cutting loose* (ruling :data:`CUT_LOOSE`): a ship of the active side that did not board
   may set men to cut her loose from each ship she is lashed to, friend or foe (a number
   decision per lashing; a 6 per man frees it), except from an enemy her own grapples took
   this part. Friends entangled by a collision part this way.

The progress of the step is kept in ``game.state.ext["dice-boarding"]`` (the part it belongs
to, the men each ship set to grapples this part, the guns that gave defensive fire, each
attacking ship's stage), so a saved game resumes where it stood. This module is the rule's
plugin: its ``@hookimpl`` functions are the hooks.

The rule's rulings are the ``# Rulings`` sections of this module (the order of the step, busy
men, deck lost, capture) and of :mod:`~dice_and_inches.grappling` (reach, grapples),
:mod:`~dice_and_inches.melee` (points, rounding, losses) and
:mod:`~dice_and_inches.boarding_fire` (defensive fire).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog import hookimpl
from sog.decisions import NumberRange
from sog.hooktypes import Step

from .boarding_fire import defensive_fire
from .damage import check_morale, out_of_action, take_off
from .grappling import grapples_cut, grapples_held, grapples_thrown, lash, unlash, within_reach
from .melee import ASSIGN_ORDER, MELEE_LOSS_ORDER, MELEE_ROUNDS_PER_PART, MEN, fight_round, melee_strength, take_men
from .units import hull, inches

if TYPE_CHECKING:  # pragma: no cover
    from sog.decisions import DecisionRequest
    from sog.game import Game

    from .state import DiceShip

__all__ = [
    "BOARD", "CUT", "CUT_LOOSE_DECISION", "GRAPPLE", "RULE_NAME", "STEP", "available_men", "board",
    "boarding_targets", "cut_loose_target", "grapple_target",
]

RULE_NAME = "dice-boarding"
STEP = "boarding"
STEP_ORDER = 700
GRAPPLE = "grapple"
CUT = "cut-grapples"
BOARD = "board"
CUT_LOOSE_DECISION = "cut-loose"
NO_BOARDING = "none"

# --------------------------------------------------------------------------- Rulings

GRAPPLES_BEFORE_BOARDING = "each enemy in reach once, then boarding"
"""Ruling: in his boarding step each ship of the active side is first offered grapples at
each enemy ship in reach that is not already lashed to her (one decision per enemy, in
scenario order, 0 men = no grapples), and only then, once grappling is over, the boarding
decision. Ships of the side decide side by side, each round at once."""

MEN_ASSIGNED_ARE_BUSY = "throwers and cutters do not fight this part"
"""Ruling: men throwing grapples do nothing else in the boarding action (the text); men set to
cut grapples likewise (the text's "or accept the grapples and fight with his entire crew"
means cutters are out of the melee), and so do men set to cut their ship loose
(:data:`CUT_LOOSE`). Both are counted for the part of the turn they were set
(sailors first, :data:`dice_and_inches.melee.ASSIGN_ORDER`), and a man may be set to one task
only: a ship grappling two enemies, or cutting two ships' grapples, uses different men."""

FIRE_FIGHTERS_DO_NOT_BOARD = "fire fighters are busy until their ship's next part"
"""Ruling: men fighting fire (``fire_fighters``, set in their ship's casualties step) do
nothing else until her next part: they neither throw nor cut grapples, shoot, nor fight."""

ONE_BOARDING_PER_SHIP = "a ship boards one enemy a part"
"""Ruling: a ship of the active side boards at most one lashed enemy in a part (she chooses
which, or none); several ships may board one enemy, one action after the other in scenario
order, each with its own defensive fire and three rounds. Boarding needs at least one man free
to fight; land batteries neither board nor are boarded."""

DECK_LOST_CONSECUTIVE = "deck_lost lasts until the defender wins a round"
"""Ruling: a defender who loses a round of melee has lost his deck (``deck_lost``); the next
round he loses without winning one in between — in this part or a later one, against any
boarder — loses the ship: it is taken out of play as ``captured``. A round he wins repulses
the boarders and clears ``deck_lost``; a drawn round changes neither."""

MELEE_CASUALTIES_AT_ONCE = True
"""Ruling: men lost in the melee come off at once (they are the men fighting), not in the
ship's next casualties step; losing the last officer this way means a morale check at once
(the damage rule's :func:`~dice_and_inches.damage.check_morale`)."""

DEFENDER_WITHOUT_MEN_CAPTURED = True
"""Ruling: a defender left with no man aboard after a round she lost is captured (the boarders
hold her), not merely abandoned."""

LASHED_UNTIL_ONE_LEAVES = True
"""Ruling: lashed ships (grappled, or entangled by a collision) stay lashed until one of them
cuts loose (:data:`CUT_LOOSE`) or leaves play (sunk, captured, surrendered, ...); then the
system plugin strikes her from every ``lashed`` list (:mod:`dice_and_inches.system`)."""

CUT_LOOSE = "in her own boarding step, a 6 per man frees one lashing"
"""Ruling: the text has ships entangled bow to beam "as if grappled", and grapples are cut (a 6
for each grapple cut, the cutters doing nothing else), but gives no other way to part: so a
lashed ship may cut herself loose. In her own part's boarding step, once she has grappled and
has not boarded (boarding is the other use of a lashing to an enemy), she is offered, for each
ship she is lashed to, friend or foe, how many men cut her loose (0: stay lashed): a die per
man, and any 6 frees that lashing for both ships (the lashing counts as one grapple to cut,
:func:`dice_and_inches.grappling.grapples_cut`). The men are busy for the part
(:data:`MEN_ASSIGNED_ARE_BUSY`). An enemy her own grapples took this part is not offered (she
has just thrown them). A ship freed sails again in her next part."""


# --------------------------------------------------------------------------- progress


def _data(game: Game) -> dict[str, Any]:
    """This part's progress (fresh when the part changed)."""
    part = [game.state.turn, _active_side(game)]
    data = game.state.ext.get(RULE_NAME)
    if not data or data.get("part") != part:
        data = {"part": part, "committed": {}, "guns_fired": {}, "ships": {}}
        game.state.ext[RULE_NAME] = data
    return data


def _progress(data: dict[str, Any], ship_id: str) -> dict[str, Any]:
    return data["ships"].setdefault(ship_id, {"tried": [], "cut": None, "done": False, "request": None,
                                                 "declined": False, "loosed": []})


def _active_side(game: Game) -> str | None:
    return getattr(game, "active_side", None)


def _afloat_enemies(game: Game, ship: DiceShip) -> list[DiceShip]:
    return [s for s in game.ships() if s.side != ship.side and s.battery is None]  # type: ignore[attr-defined]


def available_men(game: Game, ship: DiceShip) -> dict[str, int]:
    """The men of ``ship`` free for a task or the melee now, by kind: not fighting fire and
    not set to grapples this part (see :data:`MEN_ASSIGNED_ARE_BUSY`)."""
    busy = ship.fire_fighters + _data(game)["committed"].get(ship.id, 0)
    crew = {kind: getattr(ship.crew, kind) for kind in MEN}
    return take_men(crew, busy, ASSIGN_ORDER)[0]


def _commit(game: Game, ship: DiceShip, men: int) -> None:
    committed = _data(game)["committed"]
    committed[ship.id] = committed.get(ship.id, 0) + men


def grapple_target(game: Game, ship: DiceShip, tried: list[str]) -> DiceShip | None:
    """The next enemy ``ship`` may throw grapples at, or ``None``."""
    for enemy in _afloat_enemies(game, ship):
        if enemy.id not in ship.lashed and enemy.id not in tried and within_reach(game, ship, enemy):
            return enemy
    return None


def boarding_targets(game: Game, ship: DiceShip) -> list[DiceShip]:
    """The enemies lashed to ``ship`` (grappled or entangled) that she may board."""
    return [e for e in _afloat_enemies(game, ship) if e.id in ship.lashed]


def cut_loose_target(game: Game, ship: DiceShip, skip: list[str]) -> DiceShip | None:
    """The next ship, friend or foe, ``ship`` may cut herself loose from (:data:`CUT_LOOSE`),
    or ``None``; ``skip``: the ids already offered, or grappled by her, this part."""
    for other_id in ship.lashed:
        other = game.ship(other_id)
        if other_id not in skip and other.in_play:
            return other  # type: ignore[return-value]
    return None


# --------------------------------------------------------------------------- the boarding action


def _lose_men(ship: DiceShip, fighters: dict[str, int], count: int) -> dict[str, int]:
    """The loser of a round removes ``count`` of the men who fought, marines first."""
    taken = take_men(fighters, count, MELEE_LOSS_ORDER)[1]
    for kind, n in taken.items():
        setattr(ship.crew, kind, getattr(ship.crew, kind) - n)
    return taken


def _capture(game: Game, defender: DiceShip, attacker: DiceShip) -> None:
    game.remove_ship(defender.id, "captured", by=attacker.id)


def _melee(game: Game, attacker: DiceShip, defender: DiceShip) -> None:
    """Up to three rounds of melee; stops when the boarders are repulsed or the ship is taken."""
    for number in range(1, MELEE_ROUNDS_PER_PART + 1):
        a_men, d_men = available_men(game, attacker), available_men(game, defender)
        a_strength, d_strength = melee_strength(a_men), melee_strength(d_men)
        if a_strength == 0:
            game.emit("boarders-repulsed", ship=attacker.id, target=defender.id, round=number,
                      reason="no boarders left", deck_retaken=False)
            return
        (a_die,) = game.roll(6, reason="melee", ship=attacker.id)
        (d_die,) = game.roll(6, reason="melee", ship=defender.id)
        result = fight_round(a_strength, a_die, d_strength, d_die)
        loser = {"attacker": attacker, "defender": defender}.get(result.loser or "")
        officers_before = loser.crew.officers if loser else 0
        lost = _lose_men(loser, a_men if loser is attacker else d_men, result.losses) if loser else {}
        game.emit("melee-round", ship=attacker.id, target=defender.id, round=number,
                  strengths=[a_strength, d_strength], dice=[a_die, d_die],
                  points=[float(result.attacker_points), float(result.defender_points)],
                  loser=result.loser, losses=result.losses, men_lost=lost)
        if loser is None:
            continue
        if loser is attacker:
            retaken = defender.deck_lost
            defender.deck_lost = False
            game.emit("boarders-repulsed", ship=attacker.id, target=defender.id, round=number,
                      reason="lost a round", deck_retaken=retaken)
            check_morale(game, attacker, officers_before)
            if attacker.in_play and (why := out_of_action(attacker)):
                game.remove_ship(attacker.id, why)
            return
        if defender.deck_lost or (DEFENDER_WITHOUT_MEN_CAPTURED and defender.crew.men == 0):
            _capture(game, defender, attacker)
            return
        defender.deck_lost = True
        game.emit("deck-gained", ship=attacker.id, target=defender.id, round=number)
        check_morale(game, defender, officers_before)
        if not defender.in_play:
            return


def board(game: Game, attacker: DiceShip, defender: DiceShip) -> None:
    """One boarding action of ``attacker`` on ``defender``: casualties, defensive fire, melee."""
    data = _data(game)
    game.emit("boarding", ship=attacker.id, target=defender.id)
    take_off(game, defender)
    if not defender.in_play:
        return
    distance = inches(hull(game, attacker).distance(hull(game, defender)))
    spent = data["guns_fired"].setdefault(defender.id, [])
    fire = defensive_fire(game, defender, attacker, distance, available_men(game, defender), spent)
    spent.extend(shot["gun"] for shot in fire["guns"])
    if attacker.in_play and defender.in_play:
        _melee(game, attacker, defender)


# --------------------------------------------------------------------------- hooks


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [Step(STEP, STEP_ORDER, "Grapples are thrown and cut, boarders meet defensive fire and fight the melee.",
                 per_side=True)]


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "grapples-thrown": "Men of a ship threw grapples at an enemy: how many men, the dice, how many hold (5-6).",
        "grapples-cut": "The defender's men tried to cut the grapples (a 6 each): how many men, the dice, "
                        "how many still hold.",
        "ships-lashed": "Two ships are lashed together by grapples: they may be boarded.",
        "boarding": "A ship boards an enemy lashed to her.",
        "defensive-fire": "The boarded ship fired at the boarders: guns, small arms, men lost, other hits pending.",
        "melee-round": "One round of boarding melee: strengths, dice, points, the loser and the men he lost.",
        "boarders-repulsed": "The boarders lost a round (or had nobody left): the boarding is over for this part.",
        "deck-gained": "The defender lost a round: his deck is lost; one more consecutive lost round loses the ship.",
        "cut-loose": "Men of a lashed ship tried to cut her loose from another (a 6 frees her): how many men, the dice, "
                     "whether she is free.",
    }


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {
        GRAPPLE: "How many men throw grapples at an enemy within reach (a die each, 5-6 holds; they do nothing else).",
        CUT: "How many men cut the grapples thrown at the ship (a 6 each cuts one); 0 accepts them.",
        BOARD: "Which lashed enemy the ship boards this part, or none.",
        CUT_LOOSE_DECISION: "How many men cut the ship loose from a ship she is lashed to, friend or foe "
                            "(a 6 frees her; they do nothing else); 0 stays lashed.",
    }


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name == STEP:
        game.state.ext.pop(RULE_NAME, None)
        _data(game)


def _request(game: Game, ship: DiceShip, prog: dict[str, Any]) -> DecisionRequest | None:
    """The next decision of ``ship``'s boarding step, noting in ``prog`` what it is about."""
    if prog["cut"] and not game.ship(prog["cut"]["target"]).in_play:
        prog["cut"] = None  # the grappled ship left play meanwhile
    if prog["cut"]:
        target = game.ship(prog["cut"]["target"])
        free = sum(available_men(game, target).values())
        return game.make_request(
            rule=RULE_NAME, kind=CUT, seat=target.seat, ship=target.id, subject=f"{target.id}.{ship.id}",
            prompt=f"{prog['cut']['grapples']} grapples of {ship.name} hold on {target.name}: how many men cut them "
                   f"(a 6 each cuts one; 0 accepts them and keeps every man for the melee)?",
            choices=[], number=NumberRange(min=0, max=free, step=1, unit="men"))
    free = sum(available_men(game, ship).values())
    enemy = grapple_target(game, ship, prog["tried"]) if free else None
    if enemy is not None:
        prog["grapple_at"] = enemy.id
        return game.make_request(
            rule=RULE_NAME, kind=GRAPPLE, seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{enemy.id}",
            prompt=f"How many men of {ship.name} throw grapples at {enemy.name} (a die each, 5-6 holds; 0 for none)?",
            choices=[], number=NumberRange(min=0, max=free, step=1, unit="men"))
    targets = boarding_targets(game, ship) if melee_strength(available_men(game, ship)) else []
    if targets and not prog.get("declined"):
        return game.make_request(
            rule=RULE_NAME, kind=BOARD, seat=ship.seat, ship=ship.id,
            prompt=f"Does {ship.name} board an enemy lashed to her?",
            choices=[NO_BOARDING] + [t.id for t in targets],
            labels=["Do not board"] + [f"Board {t.name}" for t in targets])
    loosed = prog.setdefault("loosed", [])
    other = cut_loose_target(game, ship, prog["tried"] + loosed) if free else None
    if other is None:
        return None
    prog["loose_from"] = other.id
    return game.make_request(
        rule=RULE_NAME, kind=CUT_LOOSE_DECISION, seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{other.id}",
        prompt=f"{ship.name} is lashed to {other.name}: how many men cut her loose (a 6 frees her; 0 stays lashed)?",
        choices=[], number=NumberRange(min=0, max=free, step=1, unit="men"))


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP:
        return []
    data = _data(game)
    requests = []
    for ship in game.ships(side=_active_side(game)):
        if ship.battery is not None:  # type: ignore[attr-defined]
            continue
        prog = _progress(data, ship.id)
        if prog["done"]:
            continue
        request = _request(game, ship, prog)  # type: ignore[arg-type]
        prog["request"] = request.id if request is not None else None
        if request is None:
            prog["done"] = True
        else:
            requests.append(request)
    return requests


def _resolve_grapple(game: Game, ship: DiceShip, prog: dict[str, Any], men: int) -> None:
    target = game.ship(prog.pop("grapple_at"))
    prog["tried"].append(target.id)
    if men <= 0:
        return
    _commit(game, ship, men)
    dice = game.roll(6, men, reason="grapple", ship=ship.id, target=target.id)
    held = grapples_thrown(dice)
    game.emit("grapples-thrown", ship=ship.id, target=target.id, men=men, dice=dice, grapples=held)
    if held:
        prog["cut"] = {"target": target.id, "grapples": held}


def _resolve_cut(game: Game, ship: DiceShip, prog: dict[str, Any], men: int) -> None:
    target = game.ship(prog["cut"]["target"])
    grapples = prog["cut"]["grapples"]
    prog["cut"] = None
    dice: list[int] = []
    if men > 0:
        _commit(game, target, men)
        dice = game.roll(6, men, reason="cut-grapples", ship=target.id)
    held = grapples_held(grapples, dice)
    game.emit("grapples-cut", ship=target.id, target=ship.id, men=men, dice=dice, grapples=grapples, held=held)
    if held:
        lash(ship, target)
        game.emit("ships-lashed", ships=[ship.id, target.id], grapples=held)


def _resolve_cut_loose(game: Game, ship: DiceShip, prog: dict[str, Any], men: int) -> None:
    """``CUT_LOOSE``: a die a man, any 6 frees the lashing (counted as one grapple)."""
    other = game.ship(prog.pop("loose_from"))
    prog.setdefault("loosed", []).append(other.id)
    if men <= 0 or other.id not in ship.lashed:  # staying lashed, or freed meanwhile by her friend
        return
    _commit(game, ship, men)
    dice = game.roll(6, men, reason="cut-loose", ship=ship.id, target=other.id)
    free = grapples_cut(1, dice) == 1
    if free:
        unlash([ship], other.id)
        unlash([other], ship.id)
    game.emit("cut-loose", ship=ship.id, target=other.id, men=men, dice=dice, free=free)


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != STEP:
        return
    data = _data(game)
    by_request = {prog["request"]: (ship_id, prog) for ship_id, prog in data["ships"].items() if prog["request"]}
    for request, answer in answers:
        if request.rule != RULE_NAME or request.id not in by_request:
            continue
        ship_id, prog = by_request[request.id]
        prog["request"] = None
        ship = game.ship(ship_id)
        if not ship.in_play:
            prog["done"] = True
            continue
        if request.kind == GRAPPLE:
            _resolve_grapple(game, ship, prog, int(answer))  # type: ignore[arg-type]
        elif request.kind == CUT:
            _resolve_cut(game, ship, prog, int(answer))  # type: ignore[arg-type]
        elif request.kind == CUT_LOOSE_DECISION:
            _resolve_cut_loose(game, ship, prog, int(answer))  # type: ignore[arg-type]
        elif request.kind == BOARD:
            if answer == NO_BOARDING:
                prog["declined"] = True  # CUT_LOOSE: she may cut loose instead
                continue
            prog["done"] = True
            target = game.ship(answer)
            if target.in_play:
                board(game, ship, target)  # type: ignore[arg-type]
