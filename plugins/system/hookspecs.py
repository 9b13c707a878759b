"""The hooks the rules of Sails of Glory talk through, besides the core's.

The system adds them to every game's plugin manager (:attr:`sog.systems.GameSystem.hookspecs`):
movement, attacks, damage, crew actions and the effects of abilities are Sails of Glory's own ideas, so their hooks
live with the system and not in the core. The conventions of :mod:`sog.hookspecs` apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sog.markers import hookspec

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from sog.game import Game
    from sog.plugins.system.content_captains import Ability
    from sog.plugins.system.hooktypes import AbilityEffect, AbilityOption, Attack, AttackModifier, Barrier, Move
    from sog.plugins.system.state import SailsShipState
    from sog.state import Counter


@hookspec
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """Change the movement a ship is about to make. A *pipeline* hook.

    Called by the movement rule for each ship when its card is revealed, rule by rule in
    registration order, each implementation receiving the move as the earlier ones left it
    (e.g. the veer rule replaces an illegal card, then taken aback replaces it with a red
    card, then entanglement holds the ship).

    :param game: the game.
    :param ship: the moving ship.
    :param move: the move as planned by the rules so far.
    :return: a new :class:`sog.hooktypes.Move`, or ``None`` to keep it.
    """

@hookspec
def sog_movement_overlaps(game: Game, groups: list[list[str]], pairs: list[tuple[str, str]]) -> None:
    """Ships whose planned final positions overlap, before they move one at a time.

    Called by the movement rule once per movement step when overlaps exist (e.g. the
    Standard rules damage friendly ships that collide).

    :param game: the game.
    :param groups: each group lists the ids of ships whose final bases overlap one another
        (directly or through a chain), in scenario order.
    :param pairs: every pair of ship ids whose final bases overlap directly.
    """

@hookspec
def sog_movement_barriers(game: Game) -> list[Barrier]:
    """Barriers on the table this movement step: shapes a ship's final base must not overlap.

    Called by the movement rule once per movement step, before any ship moves (e.g. the
    reefs rule returns the reefs). A ship whose final base would overlap one is moved as in
    an overlap with a ship (p. 12: in the overlap order, sliding along its line) and stops at
    first contact with it. Nothing is called when no rule returns a barrier.

    :param game: the game.
    :return: the barriers (an empty list for none).
    """

@hookspec
def sog_barriers_met(game: Game, ship: SailsShipState, barriers: list[str]) -> None:
    """A ship's move met barriers: its final base would have overlapped them, or overlaps them.

    Called by the movement rule after every ship has moved, once per ship still on the table
    whose planned final base overlapped barriers (it was stopped at first contact) or whose
    final base overlaps one, in scenario order (e.g. the reefs rule deals damage, the shoals
    rule grounds the ship).

    :param game: the game.
    :param ship: the ship.
    :param barriers: the ids of the barriers met (:attr:`Barrier.id`), in the order given.
    """

@hookspec(firstresult=True)
def sog_leak_takes_water(game: Game, ship: SailsShipState) -> bool | None:
    """Whether a ship's leaks put water damage markers on it this turn. Stops at the first non-None result.

    Asked by the Advanced special-damage rule (and the Sinking Ships option, which counts
    those markers) for each ship in play with a leak, at the beginning of the turn (e.g. a ship
    aground takes no more water).

    :param game: the game.
    :param ship: the leaking ship.
    :return: ``False`` when it takes none, ``None`` to leave it to the rules (it takes them).
    """

@hookspec(firstresult=True)
def sog_can_sink(game: Game, ship: SailsShipState) -> bool | None:
    """Whether a ship may sink now. Stops at the first non-None result.

    Asked by the rules that sink ships (Sinking Ships: a sinking marker drawn; Surrendered
    Ships: a ship surrendering with a leak on board goes down) before they do (e.g. a ship
    aground on a shoal cannot sink).

    :param game: the game.
    :param ship: the ship that would sink.
    :return: ``False`` when it cannot, ``None`` to leave it to the rules (it may).
    """

@hookspec
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    """Change an attack's counters or pool (raking, first broadside, ...).

    Called by the combat rule for each declared attack, with firepower read at the start
    of combat. All extra counters are added, then the product of the multipliers is applied
    (rounding down once), and the last pool change wins (:func:`sog.plugins.system.attacks.modified_counters`).

    :param game: the game.
    :param attack: the attack before modification.
    :return: modifiers (an empty list for none).
    """

@hookspec(firstresult=True)
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> bool | None:
    """Place the counters a ship drew this turn on its log. Stops at the first non-None result.

    Called once per damaged ship, after all attacks of the turn are drawn (fire is
    simultaneous). The damage rule places counters and removes the ship if a track is
    covered.

    :param game: the game.
    :param ship: the damaged ship.
    :param counters: every counter it drew this turn, in drawing order.
    :param attacks: the attacks that hit it.
    :return: ``True`` once handled.
    """

@hookspec
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Actions ``ship`` could carry out now, legally (Advanced rules' action counters).

    Called by the rule that runs the action step, once per ship and turn at planning, and
    when an action's effect is due; each rule lists the actions it provides that are legal
    now (e.g. grog adds ``grog`` while no enemy is near). A player may still plan any counter
    in the ship's unused box (p. 29: an illegal action simply has no effect), so this is a
    hint at planning and a check at the action's time. The planned actions are written to
    ``ship.actions`` when revealed; each providing rule applies its own effect at the
    action's timing, or rejects it.

    :param game: the game.
    :param ship: the ship planning actions.
    :return: action names (an empty list for none).
    """

@hookspec
def sog_ability_effects() -> list[AbilityEffect]:
    """Declare the ability effects a rule implements.

    An ability document names its effect (``effect:``) with the effect's parameters; the
    rule that declares the effect here makes it happen (``sog_ability_options``,
    ``sog_ability_used``), so new effects come from plugins and new abilities from data.
    Called by the abilities rule at set-up, on the rules in force (an ability whose effect
    no rule in force declares is left out of the game), and by its library check, on every
    rule of the system (``sog validate``: an unknown effect, parameters that do not fit the
    effect's schema, a timing the effect does not allow).

    :return: :class:`sog.plugins.system.hooktypes.AbilityEffect` declarations (an empty
        list for none).
    """

@hookspec(firstresult=True)
def sog_ability_options(game: Game, ship: SailsShipState, ability: Ability) -> list[AbilityOption] | None:
    """The ways a ship may use one of its abilities now. Stops at the first non-None result.

    Called by the abilities rule in the step of the ability's timing, for each ship in play
    with a ready (or sideways) ability of that timing; only the rule declaring
    ``ability.effect`` answers. Each option becomes a choice of the ship's seat besides
    keeping the card (e.g. extra counters: one option, ``True``; a quick reload: one per
    broadside that fired).

    :param game: the game.
    :param ship: the ship carrying the ability.
    :param ability: the ability document (its ``effect`` and ``params``).
    :return: the options (an empty list: not usable now, nothing is asked), or ``None``
        when the effect is not this rule's.
    """

@hookspec
def sog_ability_used(game: Game, ship: SailsShipState, ability: Ability, choice: object) -> None:
    """A ship uses one of its abilities: make its effect happen.

    Called by the abilities rule when the seat chose to use the ability, after the card is
    turned sideways or discarded (and the event saying so is logged), in the step of its
    timing; only the rule declaring ``ability.effect`` acts. An effect lasting "this turn"
    keeps what it needs in its rule's ``ext`` and applies it through the other hooks
    (``sog_attack_modifiers``, ``sog_modify_movement``, ...).

    :param game: the game.
    :param ship: the ship using it.
    :param ability: the ability document.
    :param choice: the chosen :attr:`AbilityOption.value` (``True`` for a single option).
    """
