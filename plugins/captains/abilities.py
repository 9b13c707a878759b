"""Abilities (USS Constitution pack, Special Rules): the captains' and crew cards' abilities.

A ship may carry a captain and crew cards (the scenario's ``attach:``, ``ship.attached``);
every ability they list may be used during the battle, each as often as its card says:

* **Set-up.** Each ship's abilities are dealt, the captain's first, then each crew card's
  (:mod:`.cards` keeps them in ``ship.ext["abilities"]``, public like the cards, with the
  captain's status). An ability is *left out* when its star-bursts ask for a rules level
  not in play (levels are ordered basic < standard < advanced), when no rule in force
  provides its effect (``sog_ability_effects``), or when its parameters or timing do not fit
  the effect (what ``sog validate`` reports); one ``abilities-left-out`` event lists them
  with the reason.
* **Using one.** Each timing of ``TIMINGS`` is a step of the turn (``STEP_ORDERS``): after
  planning and actions, before the ships move; after movement, before targets are chosen;
  after the attacks are drawn, before their damage is placed; before reloading; at the end
  of the turn. There, each ship in play with an unused or sideways ability of that timing
  whose effect can be used now (``sog_ability_options``) is asked (decision ``ability``:
  keep the card, or use it, one choice per way the effect offers). A once-per-game card is
  discarded when used; a twice-per-game card is turned sideways, and discarded at its
  second use. Then the effect happens (``sog_ability_used``).

With no ship carrying anything the rule is inert: no step, no request, no event.

Rulings:

* ``ONE_USE_PER_TIMING``: a card is offered once in the step of its timing, so it is used at
  most once a turn (a twice-per-game card cannot be spent twice in one turn).
* ``LEFT_OUT_IF``: an ability that cannot be played as its document says (level, effect,
  parameters, timing) is left out of the game rather than stopping it.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest, decision_id
from sog.game import Game
from sog.hooktypes import Step
from sog.packs.library import Library
from sog.plugins.system import LEVELS
from sog.plugins.system.content_captains import TIMINGS, Ability, ability_of, captain_of, crew_card_of
from sog.plugins.system.state import SailsShipState

from . import cards
from .checks import ability_problems, effects_by_name, library_issues

NAME = "abilities"
#: The decision kind of using an ability.
KIND = "ability"
#: Where each timing's step lies in the turn (planning 100, actions 200, movement 300,
#: combat 400, damage 500, boarding 550, reloading 600).
STEP_ORDERS: dict[str, int] = {
    "before-movement": 260, "before-combat": 350, "after-fire": 450, "before-reloading": 590, "end-of-turn": 700,
}
STEPS: dict[str, Step] = {
    timing: Step(f"abilities-{timing}", order, f"Ships may use their abilities of timing {timing}.")
    for timing, order in STEP_ORDERS.items()
}
TIMING_OF_STEP = {step.name: timing for timing, step in STEPS.items()}
#: Ruling: a card is offered once per turn, in the step of its timing.
ONE_USE_PER_TIMING = True
#: Ruling: what makes an ability left out of a game (the reasons of ``abilities-left-out``).
LEFT_OUT_IF = ("level not in play", "effect provided by no rule in force", "params or timing unfit for the effect")
#: What the seat answers to keep the card.
KEEP = False

assert tuple(STEP_ORDERS) == TIMINGS, "one step per timing, in turn order"


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle when no ship carries a captain or a crew card (they are attached at set-up)."""
    return not cards.carries_anything(game)


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return list(STEPS.values()) if cards.carries_anything(game) else []


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {KIND: "Use one of the ship's abilities now (an option of its effect) or keep the card (false)."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "abilities-left-out": "At set-up: the abilities of the ships' captains and crew cards that cannot be played "
                              "in this game, each with why (rules level, effect, parameters).",
        "abilities-unbalanced": "At set-up: the sides sail with different numbers of abilities (the pack advises "
                                "giving each a similar number, or balancing by points); the number of each side.",
        "ability-used": "A ship used an ability: the card is turned sideways (used once of twice) or discarded.",
        "ability-lost": "An ability card lost a use or was discarded without its effect (e.g. its captain was wounded).",
    }


@hookimpl
def sog_check_library(library: Library, hook: Any) -> list[tuple[Any, str, str]]:
    """Every ability names an effect some rule declares, with fitting parameters and timing."""
    return library_issues(library, effects_by_name(hook.sog_ability_effects()))


# --------------------------------------------------------------------------- set-up


def _level_reason(game: Game, ability: Ability) -> str | None:
    if ability.level not in LEVELS:
        return f"its rules level {ability.level!r} is none of {', '.join(LEVELS)}"
    if LEVELS.index(ability.level) > LEVELS.index(game.state.level):
        return f"it needs the {ability.level} rules and this game plays the {game.state.level} rules"
    return None


def _holders(game: Game, ship: SailsShipState) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(source, holder id, ability ids)`` of what the ship carries: captain, then crew cards."""
    found = [(cards.CAPTAIN, c, captain_of(game.content, c).abilities) for c in ship.attached.get(cards.CAPTAIN, [])]
    found += [(cards.CREW_CARD, c, crew_card_of(game.content, c).abilities) for c in ship.attached.get(cards.CREW_CARD, [])]
    return found


def deal(game: Game, ship: SailsShipState, effects: dict[str, Any]) -> list[dict[str, Any]]:
    """Deal the ship's ability cards into ``ship.ext["abilities"]``; return those left out."""
    dealt: list[dict[str, Any]] = []
    left_out: list[dict[str, Any]] = []
    for source, holder, ids in _holders(game, ship):
        for ability_id in ids:
            out = {"ship": ship.id, "ability": ability_id, "source": source, "holder": holder}
            if not game.content.has("ability", ability_id):
                left_out.append({**out, "reason": "its document is not loaded"})
                continue
            ability = ability_of(game.content, ability_id)
            problems = ability_problems(ability, effects, where="no rule in force")
            reason = _level_reason(game, ability) or (problems[0][1] if problems else None)
            if reason is not None:
                left_out.append({**out, "reason": reason})
                continue
            taken = sum(1 for c in dealt if c["ability"] == ability_id)
            dealt.append({"key": ability_id if not taken else f"{ability_id}-{taken + 1}", "ability": ability_id,
                          "source": source, "holder": holder, "uses": ability.uses, "uses_left": ability.uses,
                          "state": cards.READY})
    record: dict[str, Any] = {"cards": dealt}
    captains = ship.attached.get(cards.CAPTAIN, [])
    if captains:
        record["captain"] = {"id": captains[0], "status": cards.WELL}
    ship.ext[cards.OWNER] = record
    return left_out


@hookimpl
def sog_game_setup(game: Game) -> None:
    if not cards.carries_anything(game):
        return
    effects = effects_by_name(game.hook.sog_ability_effects())
    left_out = [out for ship in game.ships(in_play=False) if ship.attached for out in deal(game, ship, effects)]
    if left_out:
        game.emit("abilities-left-out", abilities=left_out)
    counts = {side: sum(len(s.ext.get(cards.OWNER, {}).get("cards", [])) for s in game.ships(in_play=False) if s.side == side)
              for side in game.state.sides}
    if len(set(counts.values())) > 1:
        game.emit("abilities-unbalanced", abilities=counts)


# --------------------------------------------------------------------------- using them


def _subject(ship: SailsShipState, card: dict[str, Any]) -> str:
    return f"{ship.id}.{card['key']}"


def _uses_text(card: dict[str, Any]) -> str:
    if card["uses"] == 1:
        return "once per game"
    return "twice per game, used once" if card["state"] == cards.SIDEWAYS else "twice per game"


@hookimpl
@acts_at(*TIMING_OF_STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    timing = TIMING_OF_STEP.get(step.name)
    if timing is None or game.state.step_round > 0:
        return []
    requests = []
    for ship in game.ships():
        for card in cards.cards_of(ship):
            if card["state"] == cards.DISCARDED:
                continue
            ability = cards.document(game, card)
            if ability.timing != timing:
                continue
            options = game.hook.sog_ability_options(game=game, ship=ship, ability=ability) or []
            if not options:
                continue
            requests.append(game.make_request(
                rule=NAME, kind=KIND, seat=ship.seat, ship=ship.id, subject=_subject(ship, card),
                prompt=f"{ship.name}: use {ability.name} ({_uses_text(card)})? {ability.summary}",
                choices=[KEEP, *(o.value for o in options)], labels=["keep", *(o.label for o in options)],
            ))
    return requests


def _card_asked(game: Game, step: Step, request: DecisionRequest) -> dict[str, Any] | None:
    """The card a request of this step was about (its id names the ship and the card's key)."""
    ship = game.ship(request.ship)
    return next((card for card in cards.cards_of(ship)
                 if decision_id(game.state.turn, step.name, KIND, _subject(ship, card)) == request.id), None)


def use(game: Game, ship: SailsShipState, card: dict[str, Any], choice: Any) -> None:
    """The seat uses a card: turn or discard it, log it, and let its effect happen."""
    state = cards.spend_use(card)
    game.emit("ability-used", ship=ship.id, ability=card["ability"], source=card["source"], state=state,
              uses_left=card["uses_left"], choice=choice)
    game.hook.sog_ability_used(game=game, ship=ship, ability=cards.document(game, card), choice=choice)


@hookimpl
@acts_at(*TIMING_OF_STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name not in TIMING_OF_STEP:
        return
    for request, answer in answers:
        if request.rule != NAME or request.kind != KIND or answer == KEEP:
            continue
        card = _card_asked(game, step, request)
        if card is not None and card["state"] != cards.DISCARDED:
            use(game, game.ship(request.ship), card, answer)


# --------------------------------------------------------------------------- narration


def _name(game: Game, ship_id: str) -> str:
    return game.state.ships[ship_id].name if ship_id in game.state.ships else ship_id


def _ability_name(game: Game, ability_id: str) -> str:
    return ability_of(game.content, ability_id).name if game.content.has("ability", ability_id) else ability_id


def _left_out(game: Game, d: dict[str, Any]) -> str:
    parts = [f"{_name(game, o['ship'])}'s {_ability_name(game, o['ability'])} ({o['reason']})" for o in d["abilities"]]
    return "  abilities left out: " + "; ".join(parts)


def _unbalanced(game: Game, d: dict[str, Any]) -> str:
    counts = ", ".join(f"{side} {n}" for side, n in d["abilities"].items())
    return (f"  abilities in play: {counts}; the USS Constitution pack advises a similar number for each side "
            "(or fleets of similar points: sog ships, sog captains, sog play --points-limit)")


_TURNED = {cards.SIDEWAYS: "turned sideways", cards.DISCARDED: "discarded", cards.READY: "kept"}

LINES = {
    "abilities-left-out": _left_out,
    "abilities-unbalanced": _unbalanced,
    "ability-used": lambda g, d: f"  {_name(g, d['ship'])} uses {_ability_name(g, d['ability'])}: the card is {_TURNED[d['state']]}",
    "ability-lost": lambda g, d: f"  {_name(g, d['ship'])}'s {_ability_name(g, d['ability'])} is {_TURNED[d['state']]} ({d['reason']})",
}


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    line = LINES.get(event["kind"])
    return None if line is None else line(game, event["data"])
