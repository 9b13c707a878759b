"""The captain bot avoids running aground where it can: a heavy penalty (HAZARD) for an end
pose on a hazard of the placed terrain, read from its seat's view."""

from terrain_bench import START, STRAIGHT

from sog.game import SeatView
from sog.plugins.system.captain import HAZARD, OFF_TABLE, CaptainBot
from sog.plugins.system.content_models import ship_deck
from sog.plugins.system.geometry import end_pose
from sog.plugins.system.tabletop import pose_of, rect_of
from sog.plugins.terrain.hazards import hazards_met


def _ends_on_hazard(game, ship, card_id):
    deck = ship_deck(game.content, game.ship_doc(ship))
    end = deck.card(card_id).end("battle", "orange")
    return bool(hazards_met(game, rect_of(game, ship, end_pose(pose_of(ship), 90.0, end, "bow"))))


def test_the_captain_plans_a_card_that_keeps_off_a_reef_ahead(bench):
    assert OFF_TABLE < HAZARD < 0
    b = bench()
    b.only("courageuse", *START)
    b.place("reef-1", "test-reef", 520.0, 480.0)  # the straight course grazes its west side
    b.game.state.wind.from_ = 90.0  # from the east: she is beating or running, orange arrows
    b.game.advance()
    (request,) = b.pending("plan", "courageuse")
    ship = b.ship("courageuse")
    assert _ends_on_hazard(b.game, ship, STRAIGHT)
    assert any(not _ends_on_hazard(b.game, ship, c) for c in request.choices)
    for seed in range(5):
        card = CaptainBot(seed).decide(SeatView(b.game, request.seat), request)
        assert not _ends_on_hazard(b.game, ship, card), card


def test_a_captain_game_with_reefs_plays_without_running_aground(bench):
    """The captain bot sails every ship of a game with a reef in the middle of the table."""
    b = bench(options=("reefs",))
    b.place("reef-1", "test-reef", 450.0, 450.0)
    bots = {seat: CaptainBot(3) for seat in ("british", "french")}
    game = b.game
    game.advance()
    while not game.over and game.state.turn <= 6:
        for request in game.pending():
            game.submit(request.seat, request.id, bots[request.seat].decide(SeatView(game, request.seat), request))
        game.advance()
    assert not game.log.of_kind("reef-strike")
