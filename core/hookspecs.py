"""Every hook of sog, in one place.

A plugin is any object (usually a module) with functions marked ``@sog.hookimpl`` whose
names are the hooks below. Arguments are passed by name, so an implementation may accept
only the ones it needs. Unless a hook says "stops at the first non-None result", every
implementation is called and the results are collected into a list.

Hooks are called in the reverse order of registration (pluggy's rule), and the game
registers its rules level by level (basic, standard, advanced, then options), so a later
rule's ``firstresult`` answer overrides an earlier rule's. *Pipeline* hooks (they say so)
are instead called by :meth:`Game.pipeline` in registration order, each implementation
receiving the value as the previous one left it.

``game`` is always the running :class:`sog.game.Game`; plugins read and change the game only
through it: ``game.state`` (the serialisable state), ``game.content`` (the loaded packs),
``game.rng``, ``game.draw()``, ``game.emit()``, ``game.remove_ship()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog.markers import hookspec

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from sog.decisions import DecisionRequest
    from sog.game import Game
    from sog.hooktypes import Outcome, Step
    from sog.packs.kinds import ContentKind
    from sog.packs.library import Library
    from sog.packs.models import Scenario
    from sog.rules import Rule, RuleSelection
    from sog.systems import GameSystem
    from sog.state import ShipState


# --------------------------------------------------------------------------- registration


@hookspec
def sog_systems() -> list[GameSystem]:
    """Declare game systems: their levels, piece state, hooks, bots.

    Called once on each provider when the catalogue is built. Every rule names one system;
    a scenario names the system it is played with.

    :return: a list of :class:`sog.systems.GameSystem` (empty for none).
    """


@hookspec
def sog_rules() -> list[Rule]:
    """Declare the rules a plugin distribution provides.

    Called once on the catalogue plugin manager, before any game exists. Each
    :class:`sog.rules.Rule` names the object carrying the game hooks, the levels it applies
    to, what it requires and conflicts with, and the JSON Schema of its settings.

    :return: a list of rules (may be empty).
    """


@hookspec
def sog_content_kinds() -> list[ContentKind]:
    """Declare content kinds (document types of packs) with their JSON Schema and model.

    Called when packs are loaded, on the catalogue plugin manager, so a game system brings
    the kinds of its pieces and a rule its own kind (captain, terrain, battery, ...). The
    core declares counter-pool and scenario; a declared kind comes before them.

    :return: a list of :class:`sog.packs.kinds.ContentKind`.
    """


@hookspec
def sog_event_kinds() -> dict[str, str]:
    """Declare the event kinds a rule emits, each with a one-line description.

    Called once when a game is created. :meth:`Game.emit` refuses an undeclared kind, which
    keeps the log's vocabulary documented (``sog rules --json`` lists it).

    :return: a mapping from event kind to description.
    """


@hookspec
def sog_decision_kinds() -> dict[str, str]:
    """Declare the decision kinds a rule asks seats for, each with a one-line description.

    Called once when a game is created; a request of an undeclared kind is an error.

    :return: a mapping from decision kind to description.
    """


@hookspec
def sog_victory_kinds() -> dict[str, str]:
    """Declare the scenario victory kinds (``victory: {kind: ...}``) a rule decides.

    A scenario's victory kind must be declared by a rule in force, or the game could never
    end: ``sog validate`` reports an unknown kind (with a did-you-mean) and a kind whose
    rule is not on. The rule that declares a kind answers ``sog_check_victory`` for it.

    :return: a mapping from victory kind to a one-line description.
    """


@hookspec
def sog_check_content(library: Library, scenario: Scenario, rules: RuleSelection) -> list[tuple[Any, str, str]]:
    """Check that the content a scenario plays with has what this rule reads.

    Called by ``sog validate`` for each scenario, on the rules in force at the scenario's
    level with its options, so that a pack which validates never stops a game with an
    internal error: a rule reports what it would fail on (e.g. a rule that needs a given
    piece of data in every document its scenario's ships refer to). Must not change
    anything.

    :param library: the loaded content.
    :param scenario: the scenario checked.
    :param rules: the rules in force in it, with their settings.
    :return: ``(document, pointer, message)`` issues: a document of the library, the JSON
        pointer of the offending field in it (``/cards/3/lines``) and what is wrong and which
        rule needs it; an empty list when all is well.
    """


@hookspec
def sog_check_library(library: Library, hook: Any) -> list[tuple[Any, str, str]]:
    """Check documents that name something a rule provides, whatever scenario plays them.

    Called by ``sog validate`` once per loaded library, with every rule of a game system
    registered (once per installed system), so that a name a plugin defines (e.g. the
    effect an ability document names, or its parameters) is checked even when no
    scenario uses the document. Must not change anything.

    :param library: the loaded content.
    :param hook: the hooks of that plugin manager (``pm.hook``): ask the rules what they
        provide through it (e.g. ``hook.sog_ability_effects()``), as a game's rules do
        through ``game.hook``.
    :return: ``(document, pointer, message)`` issues, as for ``sog_check_content``.
    """


@hookspec
def sog_turn_steps(game: Game) -> list[Step]:
    """Contribute steps to the turn.

    Called once when the game is created. Steps of all rules are merged and sorted by
    ``(order, name)``; two rules contributing the same name is an error.

    :param game: the game being created.
    :return: a list of :class:`sog.hooktypes.Step`.
    """


@hookspec(firstresult=True)
def sog_side_order(game: Game) -> list[str] | None:
    """The order in which the sides play their parts this turn. Stops at the first non-None result.

    Asked at the start of each turn of a game with ``per_side`` steps (players moving
    alternately); without an answer the sides play in scenario order.

    :param game: the game, at the start of the turn.
    :return: every side id once, or ``None`` for the scenario's order.
    """


# --------------------------------------------------------------------------- game lifecycle


@hookspec
def sog_game_setup(game: Game) -> None:
    """Prepare a new game: load guns, fill plugin state, check the scenario.

    Called once, after the core has built the state from the scenario (ships placed,
    pools filled, wind set) and before the first turn. Not called when a saved game is
    loaded.

    :param game: the new game.
    """


@hookspec
def sog_rule_idle(game: Game) -> bool | None:
    """Whether this rule has nothing to do in ``game`` as it stands: ``True`` only when none of
    its hooks would do anything now (no battery on the table for the battery rules, no
    automatic ship for the solitaire rules, no captain for the abilities).

    The core asks each rule's own implementation after set-up, on loading and whenever
    :meth:`~sog.game.Game.refresh_idle_rules` is called (by what puts on the table something
    a rule acts on: the placing functions of a game system). Until it is asked again no hook
    calls an idle rule; it stays on all the same (``rule_on``, saves and logs name it, and its
    steps and kinds stay declared). Answering ``True`` is only a saving: a rule that cannot
    tell answers nothing.

    :param game: the game.
    :return: ``True`` when idle; ``False`` or ``None`` otherwise.
    """


@hookspec
def sog_turn_begin(game: Game) -> None:
    """A new turn starts; ``game.state.turn`` already holds its number (1 for the first).

    :param game: the game.
    """


@hookspec
def sog_turn_end(game: Game) -> None:
    """The turn's last step has ended.

    :param game: the game.
    """


@hookspec
def sog_step_begin(game: Game, step: Step) -> None:
    """A step starts. Work that needs no decision (moving ships, placing damage) goes here.

    :param game: the game.
    :param step: the step starting; implementations check ``step.name``.
    """


@hookspec
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    """Which decisions the seats must take now, during ``step``.

    Called at the start of the step and again after each resolution, until every
    implementation returns an empty list. All requests of one round are answered secretly
    and simultaneously, then resolved together. An implementation must stop asking once
    its decisions are resolved (keep that progress in the state).

    :param game: the game.
    :param step: the current step.
    :return: requests, each listing its legal choices.
    """


@hookspec
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Change the legal choices of a request made by any rule. A *pipeline* hook.

    Called for each new request, rule by rule in registration order (basic rules first),
    each implementation receiving the choices as the earlier ones left them; it returns a
    new list (to remove or add choices, e.g. the Standard veer limit removes planning
    cards) or ``None`` to keep them. A request left with no choice is withdrawn: the
    decision is not asked this round (e.g. guns still being reloaded offer no load).

    :param game: the game.
    :param request: the request as its rule made it.
    :param choices: the choices after the earlier rules.
    :return: the new choices, or ``None`` for no change.
    """


@hookspec
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """Resolve one round of decisions of ``step``.

    Called once per round, after every request of the round has a legal answer; each rule
    handles the requests it made (``request.rule``). Rounds are resolved even when a rule
    made no request in them.

    :param game: the game.
    :param step: the current step.
    :param answers: ``(request, answer)`` pairs, in request order.
    """


@hookspec
def sog_step_end(game: Game, step: Step) -> None:
    """The step's decisions are all resolved; finish its work (e.g. apply all damage).

    :param game: the game.
    :param step: the step ending.
    """


@hookspec(firstresult=True)
def sog_check_victory(game: Game) -> Outcome | None:
    """Has the game been decided? Stops at the first non-None result.

    Called after every step and when the scenario's turn limit is reached (then the
    ``game.state.turn_limit_reached`` flag is set, and a rule may name a winner on points;
    with no answer the game is a draw).

    :param game: the game.
    :return: the :class:`sog.hooktypes.Outcome`, or ``None`` to play on.
    """


@hookspec
def sog_ship_removed(game: Game, ship: ShipState, reason: str) -> None:
    """A ship left play (surrendered, left the table, sank, ...).

    Called by :meth:`Game.remove_ship` after the ship's status has changed; rules return
    its counters to their pools here, apply flagship effects, keep wrecks, ... Called once
    per ship: not again when the model of a ship already out of play leaves the table (see
    ``sog_table_obstacles``).

    :param game: the game.
    :param ship: the ship's state (its ``status`` is already the new one).
    :param reason: the status it left with, e.g. ``"surrendered"`` or ``"left-table"``.
    """


# --------------------------------------------------------------------------- matches


@hookspec
def sog_match_issues(games: list[Game], players: list[dict[str, str]]) -> list[str]:
    """Why the games of a match cannot make one, before any of them is played.

    A match (``sog match``) is several games of the same players, their seats changed from
    game to game; it is asked of the first game's rules, on the games just set up. A rule
    that decides matches of its games says here what would make its result meaningless (e.g.
    a player who would hold the same role in every game); any issue stops the match before
    anything is played or written. Must not change anything.

    :param games: the games of the match, in playing order, not yet played.
    :param players: for each game, its seats and the name of the player at each
        (``{seat: player}``).
    :return: one line per issue (an empty list when all is well).
    """


@hookspec(firstresult=True)
def sog_match_result(games: list[Game], players: list[dict[str, str]]) -> Outcome | None:
    """Who won a match, once all its games are over. Stops at the first non-None result.

    Asked of the first game's rules. Without an answer the core counts the games each player
    won (a game's winning side gives the win to the players at its seats) and the player
    with most wins takes the match, else it is a draw.

    :param games: the games of the match, in playing order, each over.
    :param players: for each game, ``{seat: player}`` (as for ``sog_match_issues``).
    :return: an :class:`sog.hooktypes.Outcome` whose ``winner`` is a player's name (``None``
        for a draw), or ``None`` to let the core count the games won.
    """


# --------------------------------------------------------------------------- rule questions


@hookspec
def sog_table_obstacles(game: Game) -> list[str]:
    """Ids of ships out of play whose model stays on the table (wrecks, drifting ships).

    They block movement and line of sight but are never targets: the movement rule moves
    them with the ships in play (a drifting ship still executes its planned cards; a wreck
    has none, and ``sog_modify_movement`` may hold any of them) and stops other ships at
    first contact with them; the ruler does not cross them; no rule offers them as targets.
    :meth:`Game.obstacles` merges every rule's answer; it is asked whenever the table is
    read, so answer from the state without changing it. Ships in play are ignored.

    When an obstacle's model leaves the table (e.g. it drifts off an edge),
    :meth:`Game.remove_ship` gives it the new status and emits ``ship-removed``, but
    ``sog_ship_removed`` is not called again (the ship left play already): the rule that
    declared it must stop listing a ship whose status is no longer the one it declared.

    :param game: the game.
    :return: ship ids (an empty list for none).
    """


@hookspec
def sog_pool_exhausted(game: Game, pool: str) -> None:
    """A counter pool is empty while counters are still to be drawn.

    The damage rule refills it here (ruling R2: zero boxes of that letter go back). If the
    pool is still empty afterwards, the draw yields fewer counters and an event says so.

    :param game: the game.
    :param pool: the empty pool's id.
    """


@hookspec(firstresult=True)
def sog_choice_label(game: Game, request: DecisionRequest, choice: Any) -> str | None:
    """The label people see for a choice your rule added to another rule's request.

    Called for each choice ``sog_legal_choices`` added (one the request did not have). Without
    an answer, a choice extending an original one gets its label plus the extra keys.
    Stops at the first non-None result.

    :param game: the game.
    :param request: the request as its rule made it.
    :param choice: the added choice.
    :return: a short label, or ``None`` when the choice is not your rule's.
    """


@hookspec
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """Remove what ``seat`` may not see from its view.

    ``view`` is a fresh copy made for this call alone: delete or replace the secret parts
    your rule keeps (e.g. in ``view["ships"][i]["ext"][rule]`` or ``view["ext"][rule]``).
    The core already hides the pools' contents, the random generator and other seats' open
    answers; the game system's plugin hides what its pieces keep secret.

    :param game: the game.
    :param seat: the seat the view is for.
    :param view: the view to redact in place.
    """


@hookspec
def sog_redact_event(game: Game, seat: str, event: dict[str, Any]) -> None:
    """Remove what ``seat`` may not see from one of your rule's events.

    The log keeps everything (replays need it); this is called when events are shown to
    a seat (:func:`sog.views.seat_events`). ``event`` is a fresh copy made for this call:
    replace the secret parts of ``event["data"]`` (e.g. a planned card) with
    :data:`sog.views.HIDDEN`. The core already hides other seats' answers in
    ``decisions`` events.

    :param game: the game.
    :param seat: the seat the event is shown to.
    :param event: the event to redact in place.
    """


@hookspec
def sog_event(game: Game, event: dict[str, Any]) -> None:
    """An event was appended to the game's log (for observers: printers, renderers).

    Must not change the game.

    :param game: the game.
    :param event: the event as written to the log (a copy).
    """


# The hooks of pictures, narration, player aids and statistics (in their own module).
from sog.hookspecs_showing import (  # noqa: E402,F401
    sog_draw_arcs, sog_draw_overlays, sog_narrate, sog_piece_outline, sog_ship_mat, sog_ship_statistics,
    sog_sketch_choice,
)
