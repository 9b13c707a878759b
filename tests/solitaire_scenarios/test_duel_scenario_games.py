"""Force the Blockade, its swapped and solo variants, Sitting Ducks and its swapped variant,
played to a result by random and captain bots at every level each allows, over several seeds
(a bounded number of turns: the scenarios' own limits); the seat of the automatic pieces is
never asked anything and the ships at anchor never move; the same seed gives the same log; ``sog validate`` finds the content
clean and a blockade scenario with bad params refused at its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scenario_duel_bench import LEVELS, Refusing, make
from sog.bots import make_bot
from sog.cli.main import main

SCENARIOS = ("force-the-blockade", "force-the-blockade-swapped", "force-the-blockade-solo",
             "sitting-ducks", "sitting-ducks-swapped")
#: The seat nobody may ask (its pieces are automatic) in each solitaire scenario.
AUTOMATIC_SEAT = {"force-the-blockade-solo": "french", "sitting-ducks": "british", "sitting-ducks-swapped": "french"}
REASONS = ("the blockade", "ran aground", "is out of the fight", "every ", "still at anchor")
ENV = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}
CONTENT = Path(__file__).resolve().parents[2] / "content"


def _automatic_play(catalogue):
    """Whether the rules of automatic play (movement, fire) are installed: until they are, the
    automatic seat plays with a bot like any other."""
    return "automatic-movement" in catalogue.rules and "automatic-fire" in catalogue.rules


def _play(library, catalogue, scenario, level, seed, bot):
    game = make(library, catalogue, scenario, level=level, seed=seed)
    players = {seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}
    refusing = Refusing()
    if scenario in AUTOMATIC_SEAT and _automatic_play(catalogue):
        players[AUTOMATIC_SEAT[scenario]] = refusing
    anchored = {s: game.ship(s).pose.model_dump() for s in game.state.ext.get("solitaire", {}).get("anchored", ())}
    game.run(players, max_turns=100)
    if _automatic_play(catalogue):
        assert {s: game.ship(s).pose.model_dump() for s in anchored} == anchored, "ships at anchor never move"
    return game, refusing


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("bot, seeds", [("random", (1, 2, 3)), ("captain", (5, 6))])
def test_bots_play_to_a_result(library, catalogue, scenario, level, bot, seeds):
    for seed in seeds:
        game, refusing = _play(library, catalogue, scenario, level, seed, bot)
        assert game.over, f"{scenario} {level} {bot} seed {seed}: no result after {game.state.turn} turns"
        assert game.state.outcome.winner in game.state.sides
        assert game.state.outcome.reason.startswith(REASONS) or any(r in game.state.outcome.reason for r in REASONS)
        assert game.state.turn <= game.state.max_turns
        assert refusing.asked == [], f"the automatic seat was asked: {[r.kind for r in refusing.asked]}"


@pytest.mark.parametrize("scenario", sorted(AUTOMATIC_SEAT))
def test_the_automatic_seat_plays_with_the_default_bot_and_the_player_alone_is_asked(library, catalogue, scenario):
    from sog.cli.seating import HUMAN, seat_players

    game = make(library, catalogue, scenario)
    player = next(seat for seat in game.seats() if seat != AUTOMATIC_SEAT[scenario])
    players = seat_players(game, {}, {player: HUMAN})
    assert players == {player: HUMAN, AUTOMATIC_SEAT[scenario]: "captain"}
    if _automatic_play(catalogue):
        _, refusing = _play(library, catalogue, scenario, "basic", 7, "captain")
        assert refusing.asked == []


def test_the_same_seed_gives_the_same_log(library, catalogue):
    first, _ = _play(library, catalogue, "sitting-ducks", "standard", 3, "captain")
    second, _ = _play(library, catalogue, "sitting-ducks", "standard", 3, "captain")
    assert first.log.to_jsonl() == second.log.to_jsonl()


def test_validate_finds_the_content_clean():
    result = CliRunner().invoke(main, ["validate", str(CONTENT)], env=ENV)
    assert result.exit_code == 0, result.output
    assert "force-the-blockade" not in result.output and "sitting-ducks.yaml" not in result.output


@pytest.mark.parametrize("params, pointer, message", [
    ("{fleeing: spanish, exit: north}", "/victory/params/fleeing", "no side 'spanish'"),
    ("{fleeing: french, exit: up}", "/victory/params/exit", "'up' is not one of"),
    ("{fleeing: french}", "/victory/params", "'exit' is a required property"),
])
def test_validate_refuses_bad_blockade_params_at_their_line(tmp_path, params, pointer, message):
    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.yaml").write_text("name: bad-blockade\nversion: 1.0.0\ndescription: Mistakes.\nrequires: [starter-set]\n")
    text = (CONTENT / "starter-set" / "scenarios" / "force-the-blockade.yaml").read_text()
    text = text.replace("id: force-the-blockade\n", "id: bad-blockade\n").replace("params: {fleeing: french, exit: north}",
                                                                                 f"params: {params}")
    (pack / "scenarios" / "bad.yaml").write_text(text)
    result = CliRunner().invoke(main, ["validate", str(pack)], env=ENV)
    assert result.exit_code == 1, result.output
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("  params:"))
    errors = [e for e in result.stderr.splitlines() if "bad.yaml" in e]
    assert len(errors) == 1 and f"bad.yaml:{line}:" in errors[0], errors
    assert pointer in errors[0] and message in errors[0]


@pytest.mark.parametrize("scenario, seat", [("sitting-ducks", "french"), ("sitting-ducks-swapped", "british"),
                                            ("force-the-blockade-solo", "british")])
def test_sog_play_with_one_human_seat_asks_only_that_seat(scenario, seat):
    import re

    result = CliRunner().invoke(main, ["play", scenario, "--seat", f"{seat}=human", "--max-turns", "2"],
                                input="1\n" * 40, env=ENV)
    assert result.exit_code == 0, result.output
    prompts = re.findall(r"^\[([a-z-]+)\] ", result.output, flags=re.MULTILINE)
    assert prompts and set(prompts) == {seat}
