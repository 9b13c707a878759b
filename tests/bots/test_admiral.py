"""The admiral bot (issue 16): its look-ahead on a constructed position, determinism, deciding
from the seat's view alone, every level, and a bounded match against the captain."""

from __future__ import annotations

import copy

import pytest

from sog.bots import make_bot
from sog.game import SeatView
from sog.plugins.system.admiral import AdmiralBot
from sog.plugins.system.admiral_eval import fire_value, placed
from sog.plugins.system.admiral_moves import Mover
from sog.plugins.system.admiral_search import Prediction, best_card
from sog.plugins.system.captain import CaptainBot
from sog.plugins.system.tabletop import SIDES, pose_of
from sog.plugins.system.view_table import ViewTable
from sog.rng import Rng
from sog.setup import new_game
from sog.simulate import GameSpec, game_seed, play_game
from sog.state import PoseState

#: Terpsichore and Généreux close together; the other two ships far off in opposite corners.
DUEL = {"terpsichore": (450.0, 450.0, 210.0), "genereux": (324.0, 565.0, 180.0),
        "defence": (80.0, 80.0, 180.0), "courageuse": (820.0, 820.0, 0.0)}


def _duel(library, catalogue):
    game = new_game("enemy-in-sight", library=library, catalogue=catalogue, level="basic", seed=3)
    for ship_id, (x, y, heading) in DUEL.items():
        game.ship(ship_id).pose = PoseState(x=x, y=y, heading=heading)
    game.advance()
    return game, {r.ship: r for r in game.pending()}


def _exchange(view, card, enemy_pose):
    """(fire taken, fire brought) by Terpsichore after ``card``, Généreux at ``enemy_pose``."""
    table = ViewTable(view)
    me = table.ship("terpsichore")
    mover = Mover(table, me)
    pose, _ = mover.move(pose_of(me), mover.deck.card(card), False)
    with placed(table, {"terpsichore": pose, "genereux": enemy_pose}) as moved:
        taken = sum(fire_value(table, moved["genereux"], s, "terpsichore") for s in SIDES)
        brought = sum(fire_value(table, moved["terpsichore"], s, "genereux") for s in SIDES)
    return taken, brought


def test_the_admiral_avoids_the_card_the_enemys_reply_punishes(library, catalogue):
    game, requests = _duel(library, catalogue)
    view = SeatView(game, "british")
    reply = CaptainBot(1).decide(SeatView(game, "french"), requests["genereux"])
    table = ViewTable(view)
    enemy = table.ship("genereux")
    enemy_mover = Mover(table, enemy)
    there, _ = enemy_mover.move(pose_of(enemy), enemy_mover.deck.card(reply), False)
    # Scored as if the enemy stayed where it is (one ply), the chosen card walks into its reply's fire ...
    still = [Prediction("genereux", ((pose_of(enemy), 1.0),)), Prediction("courageuse", ((pose_of(table.ship("courageuse")), 1.0),))]
    naive = best_card(table, table.ship("terpsichore"), requests["terpsichore"].choices, pose_of(table.ship("terpsichore")),
                      False, still, Rng(1, stream=17))
    assert _exchange(view, naive, there)[0] > 0
    # ... the admiral's card, against the predicted replies, takes none and still brings its guns to bear.
    card = AdmiralBot(1).decide(view, requests["terpsichore"])
    taken, brought = _exchange(view, card, there)
    assert taken == 0 and brought > 0


def test_the_captain_picks_a_card_the_reply_punishes_in_that_position(library, catalogue):
    game, requests = _duel(library, catalogue)
    reply = CaptainBot(1).decide(SeatView(game, "french"), requests["genereux"])
    table = ViewTable(SeatView(game, "british"))
    mover = Mover(table, table.ship("genereux"))
    there, _ = mover.move(pose_of(table.ship("genereux")), mover.deck.card(reply), False)
    captain = CaptainBot(1).decide(SeatView(game, "british"), requests["terpsichore"])
    admiral = AdmiralBot(1).decide(SeatView(game, "british"), requests["terpsichore"])
    assert _exchange(SeatView(game, "british"), admiral, there)[0] < _exchange(SeatView(game, "british"), captain, there)[0]


def _decisions(library, catalogue, seed, level="basic", turns=6):
    game = new_game("enemy-in-sight", library=library, catalogue=catalogue, level=level, seed=seed)
    bots = {"british": make_bot("admiral", seed, "british", game.system), "french": make_bot("captain", seed, "french", game.system)}
    game.run(bots, max_turns=turns)
    return [e["data"]["answers"] for e in game.log.events if e["kind"] == "decisions"], game


def test_the_same_seed_gives_the_same_decisions(library, catalogue):
    first, _ = _decisions(library, catalogue, 11)
    second, _ = _decisions(library, catalogue, 11)
    assert first == second and len(first) > 10


class _DataOnlyView:
    """A seat's view as plain data: no way back to the game."""

    def __init__(self, view: SeatView) -> None:
        self.seat, self.content, self.data = view.seat, view.content, copy.deepcopy(view.data)


def test_the_admiral_decides_from_the_view_alone(library, catalogue):
    game, requests = _duel(library, catalogue)
    request = requests["terpsichore"]
    view = SeatView(game, "british")
    assert AdmiralBot(5).decide(_DataOnlyView(view), request) == AdmiralBot(5).decide(view, request)
    # The enemy's hidden state (its loads' ammunition) cannot change the decision.
    for side in SIDES:
        game.ship("genereux").broadsides[side].loaded = "grapeshot"
    assert AdmiralBot(5).decide(SeatView(game, "british"), request) == AdmiralBot(5).decide(view, request)


def test_the_think_budget_is_a_sample_count(library, catalogue):
    game, requests = _duel(library, catalogue)
    assert AdmiralBot(1).samples == AdmiralBot.samples and AdmiralBot(1, samples=1).samples == 1
    view = SeatView(game, "british")
    for samples in (1, 2, 8):
        assert AdmiralBot(1, samples=samples).decide(view, requests["terpsichore"]) in requests["terpsichore"].choices


@pytest.mark.parametrize("level", ["standard", "advanced"])
def test_the_admiral_plays_the_standard_and_advanced_rules(library, catalogue, level):
    answers, game = _decisions(library, catalogue, 4, level=level, turns=8)
    assert game.state.turn == 8 or game.state.outcome is not None
    assert len(answers) > 10


#: Seeded Basic games against the captain, the admiral on each seat; it must win at least this many.
MATCH_GAMES, MATCH_WINS = 6, 8


def test_the_admiral_wins_most_basic_games_against_the_captain():
    wins = 0
    for seat, other in (("british", "french"), ("french", "british")):
        spec = GameSpec("enemy-in-sight", {seat: "admiral", other: "captain"}, level="basic", max_turns=80)
        wins += sum(play_game(spec, i, game_seed(1, i)).winner == seat for i in range(MATCH_GAMES))
    assert wins >= MATCH_WINS
