"""Movement (rulebook pp. 11-14): reveal the planned cards and move every ship.

* A normal card lies in front of the ship; the ship ends with its stern on the arrow tip of
  its attitude's colour (green when reaching, orange when beating or running). The Basic
  rules use only the battle-sails line.
* A red card lies behind the ship; the two-sandglass line is used and the ship backs.
* Ships whose final bases would overlap stay put while the others move (and so does a ship
  whose final base would overlap one of them waiting at its start); then they move
  one at a time — highest burden first, ties by best attitude (green, orange, red), then at
  random — each sliding along its line and stopping at first contact.
* A ship with any part of its base off the table after moving is eliminated (it counts as
  surrendered).

Obstacles (:meth:`sog.game.Game.obstacles`: ships out of play whose model stays on the table,
declared through ``sog_table_obstacles``) move with the ships in play: a drifting ship
executes its planned cards, a wreck has none (and ``sog_modify_movement`` may hold any of
them). They overlap, are held back and stop at first contact like any ship, and ships stop
against them. An obstacle whose base ends off the table leaves it: :meth:`Game.remove_ship`
gives it the ``left-table`` status (without calling ``sog_ship_removed`` again: it left
play already), and the rule that declared it stops listing it.

Other rules change a ship's move through ``sog_modify_movement`` (e.g. sail settings).

Barriers (``sog_movement_barriers``: shapes that are not ships, e.g. reefs): a ship whose
final base would overlap one is held back with the overlapping ships and moves in their
order, stopping at first contact with the ships and with the barriers its final base would
have overlapped (ruling ``BARRIER_STOPS``: the others it passes over, as a ship's normal
move does). After every ship has moved, ``sog_barriers_met`` gives each rule the barriers
each ship met (ruling ``BARRIERS_MET``). Without barriers nothing of this runs.

Poses are stored rounded (``pose_state``); overlaps are decided on the stored poses, and a
ship stopped by a collision is stored touching, never overlapping (the slide snaps its stop
pose and backs off along its line if the rounding pushed it into the other base).
"""

from __future__ import annotations

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.geometry import GridIndex, Pose, Rect
from sog.hooktypes import Step
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck
from sog.plugins.system.geometry import end_pose, slide_until_contact
from sog.plugins.system.hooktypes import Barrier, Move
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import (
    ATTITUDE_RANK,
    attitude_of,
    base_of,
    pose_of,
    pose_state,
    rect_of,
)

RULE = "movement"
STEP = Step("movement", 300, "Reveal the planned cards and move the ships.")

#: Ruling: overlaps are decided on the poses as stored (rounded to 1/1000 mm and degree by
#: ``pose_state``), the ones every later step sees: final bases that overlap only once rounded
#: collide, and a ship stopped by a collision is stored touching, never overlapping.
OVERLAP_POSES = "stored"
#: Ruling: a ship held back by barriers stops against ships and against the barriers its
#: planned final base overlapped; barriers it would only cross are passed over.
BARRIER_STOPS = "those the planned final base overlaps"
#: Ruling: the barriers a ship met are those its planned final base overlapped and those its
#: final base (after any slide) overlaps.
BARRIERS_MET = "planned final base, then final base"
#: Which line of each card kind the Basic rules use, and where the card lies.
BASIC_LINE = {"normal": ("battle", "bow"), "broken-mast": ("battle", "bow"), "taken-aback": ("two-sandglass", "stern")}


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "card-revealed": "A ship's planned card is revealed.",
        "ship-moved": "A ship moved: card, line, colour, pose before and after, whether it collided.",
        "collision": "A ship stopped at first contact with another ship.",
        "barrier-contact": "A ship stopped at first contact with a barrier (sog_movement_barriers: a reef, dangerous waters).",
    }


def colour_for(attitude: str) -> str:
    """Arrow colour of an attitude: green when reaching, orange otherwise."""
    return "green" if attitude == "reaching" else "orange"


def card_end(game: Game, ship: SailsShipState, move: Move) -> tuple[float, float, float]:
    """``(right, forward, turn)`` of the move's line end, from the ship's deck."""
    return ship_deck(game.content, game.ship_doc(ship)).card(move.card).end(move.line, move.colour)


def planned_move(game: Game, ship: SailsShipState) -> Move:
    """The move the ship's first planned card gives, after every rule's modification."""
    attitude = attitude_of(game, ship)
    card_id = ship.planned[0]
    if card_id is None:
        move = Move(ship=ship.id, card=None, line=None, colour=None, start="bow", attitude=attitude)
    else:
        card = ship_deck(game.content, game.ship_doc(ship)).card(card_id)  # KeyError for a card the deck has not
        line, start = BASIC_LINE[card.kind]
        colour = None if card.kind == "taken-aback" else colour_for(attitude)
        move = Move(ship=ship.id, card=card_id, line=line, colour=colour, start=start, attitude=attitude)
    return game.pipeline("sog_modify_movement", "move", move, ship=ship)


def stored(pose: Pose) -> Pose:
    """The pose as the state stores it (rounded by ``pose_state``): what every later test sees,
    so overlaps are decided on it (see ``slide_until_contact``'s ``snap``)."""
    return Pose(round(pose.x, 3), round(pose.y, 3), round(pose.heading % 360.0, 3))  # pose_state's rounding


def final_pose(game: Game, ship: SailsShipState, move: Move) -> Pose:
    """Where the move puts the ship if nothing is in the way, as stored."""
    if move.card is None:
        return pose_of(ship)
    return stored(end_pose(pose_of(ship), base_of(game, ship).length, card_end(game, ship, move), move.start))


def _movement_order(game: Game, ships: list[SailsShipState], moves: dict[str, Move]) -> list[SailsShipState]:
    """Burden (highest first), then attitude (green, orange, red), then random among ties."""
    def key(s: SailsShipState) -> tuple[int, int]:
        return (-game.ship_doc(s).burden, ATTITUDE_RANK[moves[s.id].attitude])

    ordered: list[SailsShipState] = []
    for k in sorted({key(s) for s in ships}):
        group = [s for s in ships if key(s) == k]
        game.rng.shuffle(group) if len(group) > 1 else None
        ordered.extend(group)
    return ordered


def _overlapping(ships: list[SailsShipState], moves: dict[str, Move], ends: dict[str, Rect]) -> list[tuple[str, str]]:
    """Pairs of ships whose final bases would overlap (at least one of the two moving)."""
    pairs: list[tuple[str, str]] = []
    rects = [ends[s.id] for s in ships]
    moving = [bool(moves[s.id].card) for s in ships]
    if len(rects) <= _FEW:
        near = [range(len(rects))] * len(rects)
    else:  # bases farther apart than their two radii cannot overlap: only the near ones are tested
        widest = max(r.radius for r in rects)
        index = GridIndex([(r.cx, r.cy) for r in rects], 4.0 * widest + 1.0)
        near = [index.near(r.cx, r.cy, r.radius + widest + 1.0) for r in rects]
    for i, a in enumerate(rects):
        for j in near[i]:
            if j > i and (moving[i] or moving[j]) and a.overlaps(rects[j]):
                pairs.append((ships[i].id, ships[j].id))
    return pairs


#: Up to this many ships every pair is tested (cheaper than building a grid).
_FEW = 12


def _held_back(game: Game, ships: list[SailsShipState], moves: dict[str, Move], ends: dict[str, Rect], overlapping: set[str]) -> set[str]:
    """Ships that wait at their start and then move one at a time.

    The overlapping ships, and (engine's reading) any ship whose final base would overlap
    the start of a waiting ship, and so on until no new ship is caught: otherwise it would
    end its move on top of a ship that has not moved yet.
    """
    if not overlapping:
        return set()  # nobody waits, so nobody is caught
    starts = {s.id: rect_of(game, s) for s in ships}
    held = set(overlapping)
    caught = held
    while caught:
        caught = {s.id for s in ships if s.id not in held and moves[s.id].card is not None
                  and any(ends[s.id].overlaps(starts[w]) for w in held)}
        held |= caught
    return held


def _record(game: Game, ship: SailsShipState, move: Move, after: Pose, collided: bool) -> None:
    p = ship.pose
    before = {"x": p.x, "y": p.y, "heading": p.heading}  # as model_dump gives it
    p = ship.pose = pose_state(after)
    game.emit(
        "ship-moved", ship=ship.id, card=move.card, line=move.line, colour=move.colour,
        attitude=move.attitude, before=before, after={"x": p.x, "y": p.y, "heading": p.heading}, collided=collided,
    )


@hookimpl
@acts_at(STEP)
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != STEP.name:
        return
    ships = game.ships_on_table()
    for s in ships:  # the planned cards, before any rule replaces one (``card-replaced``)
        if s.planned and s.planned[0] is not None:
            game.emit("card-revealed", ship=s.id, card=s.planned[0])
    moves = {s.id: planned_move(game, s) for s in ships}
    finals = {s.id: final_pose(game, s, moves[s.id]) for s in ships}
    ends = {s.id: rect_of(game, s, finals[s.id]) for s in ships}
    pairs = _overlapping(ships, moves, ends)
    overlapping = {ship_id for pair in pairs for ship_id in pair}
    barriers = [b for found in game.hook.sog_movement_barriers(game=game) for b in found]
    blocked = _barred(ships, moves, ends, barriers) if barriers else {}
    involved = _held_back(game, ships, moves, ends, overlapping | set(blocked))
    for s in ships:
        if s.id not in involved and moves[s.id].card is not None:
            _record(game, s, moves[s.id], finals[s.id], collided=False)
    if overlapping:
        game.hook.sog_movement_overlaps(game=game, groups=_groups(ships, ends, overlapping), pairs=pairs)
    movers = [s for s in ships if s.id in involved and moves[s.id].card is not None]
    for s in _movement_order(game, movers, moves):
        _slide(game, s, moves[s.id], blocked.get(s.id, []))
    for s in ships:
        s.planned = s.planned[1:] + [None]
    if barriers:
        _barriers_met(game, ships, moves, blocked, barriers)
    width, height = game.state.table["width"], game.state.table["height"]
    on_table = {s.id for s in game.ships_on_table()}
    for s in ships:
        if s.id in on_table and not rect_of(game, s).inside(width, height):
            game.remove_ship(s.id, "left-table")  # an obstacle's model only leaves the table


def _groups(ships: list[SailsShipState], rects: dict, involved: set[str]) -> list[list[str]]:
    """Connected groups of ships whose final bases overlap, in scenario order."""
    groups: list[list[str]] = []
    for s in ships:
        if s.id not in involved or any(s.id in g for g in groups):
            continue
        group, frontier = [s.id], [s.id]
        while frontier:
            current = frontier.pop()
            for o in ships:
                if o.id in involved and o.id not in group and rects[current].overlaps(rects[o.id]):
                    group.append(o.id)
                    frontier.append(o.id)
        groups.append(sorted(group, key=[x.id for x in ships].index))
    return groups


def _barred(ships: list[SailsShipState], moves: dict[str, Move], ends: dict[str, Rect], barriers: list[Barrier]) -> dict[str, list[Barrier]]:
    """The barriers each moving ship's final base would overlap (ships with none left out)."""
    found = {}
    for s in ships:
        if moves[s.id].card is not None:
            met = [b for b in barriers if b.shape.overlaps(ends[s.id])]
            if met:
                found[s.id] = met
    return found


def _barriers_met(game: Game, ships: list[SailsShipState], moves: dict[str, Move], blocked: dict[str, list[Barrier]],
                  barriers: list[Barrier]) -> None:
    """Tell the rules which barriers each ship met (ruling ``BARRIERS_MET``)."""
    on_table = {o.id for o in game.ships_on_table()}
    for s in ships:
        if moves[s.id].card is None or s.id not in on_table:
            continue
        rect = rect_of(game, s)
        met = [b.id for b in blocked.get(s.id, [])]
        met += [b.id for b in barriers if b.id not in met and b.shape.overlaps(rect)]
        if met:
            game.hook.sog_barriers_met(game=game, ship=s, barriers=met)


def _slide(game: Game, ship: SailsShipState, move: Move, barriers: list[Barrier]) -> None:
    """Move ``ship`` along its line until first contact with any other ship or obstacle, or
    with one of ``barriers``."""
    base = base_of(game, ship)
    others = [(o.id, rect_of(game, o)) for o in game.ships_on_table() if o.id != ship.id]
    slide = slide_until_contact(
        pose_of(ship), base.width, base.length, card_end(game, ship, move), move.start,
        [r for _, r in others] + [b.shape for b in barriers], snap=stored,
    )
    _record(game, ship, move, slide.pose, collided=slide.hit is not None)
    if slide.hit is not None and slide.hit >= len(others):
        game.emit("barrier-contact", ship=ship.id, barrier=barriers[slide.hit - len(others)].id, mode=slide.mode,
                  fraction=round(slide.t, 3))
    elif slide.hit is not None:
        game.emit("collision", ship=ship.id, other=others[slide.hit][0], mode=slide.mode, fraction=round(slide.t, 3))


@hookimpl
def sog_check_content(library, scenario) -> list[tuple[object, str, str]]:
    """Every card of the decks in play has the line ``BASIC_LINE`` moves a card of its kind on."""
    return [deck_issue(deck, f"/cards/{i}/lines", f"card {card.id!r} has no {line!r} line, which the {RULE} rule "
                       f"moves a {card.kind} card on")
            for deck in scenario_decks(library, scenario) for i, card in enumerate(deck.cards)
            for line in BASIC_LINE[card.kind][:1] if line not in card.lines]
