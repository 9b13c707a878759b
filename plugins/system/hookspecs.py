"""The hooks the rules of Sails of Glory talk through, besides the core's.

The system adds them to every game's plugin manager (:attr:`sog.systems.GameSystem.hookspecs`):
movement, attacks, damage and crew actions are Sails of Glory's own ideas, so their hooks
live with the system and not in the core. The conventions of :mod:`sog.hookspecs` apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sog.markers import hookspec

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from sog.game import Game
    from sog.plugins.system.hooktypes import Attack, AttackModifier, Move
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
