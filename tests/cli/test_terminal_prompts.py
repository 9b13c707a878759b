"""A person's prompt at the terminal: each choice with what it would do, the seat's ships before each round.

The aids come from a house rule here (``sog_sketch_choice``, ``sog_ship_mat``), so the tests
check the terminal's part whatever the game system's own aids say.
"""

import pytest
from click.testing import CliRunner

from sog import hookimpl
from sog.cli.main import main
from sog.pluginmanager import create_catalogue
from sog.testing import RuleProvider

HOUSE = "house-aids"
PLAY = ["play", "enemy-in-sight", "--rules", "basic", "--seed", "3", "--seat", "british=human", "--bots", "french=random",
        "--max-turns", "1", "--option", HOUSE]


class HouseAids:
    """Sketches every choice (a long text when asked) and adds a track and a secret fact to every mat."""

    long = False

    @hookimpl(tryfirst=True)
    def sog_sketch_choice(self, seat_view, request, choice):
        index = request.choices.index(choice) + 1
        text = f"house sketch {index} of {request.id}"
        return {"text": text + " and so on" * 12 if self.long else text, "shapes": []}

    @hookimpl(tryfirst=True)
    def sog_ship_mat(self, seat_view, ship):
        owner = seat_view.data["ships"][ship]["seat"]
        return [{"kind": "track", "name": "barnacles", "size": 5, "marked": 2},
                {"kind": "fact", "name": "house secret", "value": f"of {owner}", "own": owner == seat_view.seat},
                {"kind": "fact", "name": "house public", "value": "flag up"}]


@pytest.fixture
def house(monkeypatch):
    aids = HouseAids()
    monkeypatch.setattr("sog.setup.create_catalogue", lambda: create_catalogue(extra=[RuleProvider(HOUSE, aids)]))
    return aids


def play(args, answers="1\n" * 200, columns=100, **kwargs):
    result = CliRunner(env={"COLUMNS": str(columns)}).invoke(main, args, input=answers, **kwargs)
    assert result.exit_code == 0, result.output
    return result.output


def test_each_choice_line_shows_its_label_then_the_sketch_text(house):
    output = play(PLAY)
    assert "   1. B-1 (normal veer 5) — house sketch 1 of t1.planning.plan.terpsichore\n" in output
    assert "  18. B-18 (normal veer 1) — house sketch 18 of t1.planning.plan.terpsichore\n" in output


def test_a_sketch_without_text_leaves_the_choice_line_its_label_alone(monkeypatch):
    class NoSketch:
        @hookimpl(tryfirst=True)
        def sog_sketch_choice(self, seat_view, request, choice):
            return {"text": "", "shapes": [{"kind": "path", "points": [[0, 0], [1, 1]]}]}

    monkeypatch.setattr("sog.setup.create_catalogue", lambda: create_catalogue(extra=[RuleProvider(HOUSE, NoSketch())]))
    output = play(PLAY)
    assert "   1. B-1 (normal veer 5)\n" in output


def test_a_long_sketch_is_wrapped_to_the_terminal_width_under_its_label(house):
    house.long = True
    output = play(PLAY, columns=60)
    lines = output.splitlines()
    first = lines.index("   1. B-1 (normal veer 5) — house sketch 1 of")
    assert lines[first + 1].startswith("      t1.planning.plan.terpsichore and so on")  # under the label
    assert all(len(line) <= 59 for line in lines if "house sketch" in line or "and so on" in line)


def test_a_note_that_repeats_the_label_is_not_printed_twice(monkeypatch):
    class Echo:
        @hookimpl(tryfirst=True)
        def sog_sketch_choice(self, seat_view, request, choice):
            label = request.label(request.choices.index(choice))
            name = label.split()[0]
            return {"text": {"B-1": f"{label}: and more", "B-2": label, "B-3": f"{name} (veer 5): turns"}.get(name, "x"), "shapes": []}

    monkeypatch.setattr("sog.setup.create_catalogue", lambda: create_catalogue(extra=[RuleProvider(HOUSE, Echo())]))
    output = play(PLAY)
    assert "   1. B-1 (normal veer 5) — and more\n" in output
    assert "   2. B-2 (normal veer 5)\n" in output
    assert "   3. B-3 (normal veer 5) — turns\n" in output  # the card named again, in other words
    assert "   4. B-4 (normal veer 5) — x\n" in output


def test_the_seats_own_ships_and_the_ships_it_sees_are_shown_before_its_first_prompt(house):
    output = play(PLAY)
    state, prompt = output.index("british, your ships:"), output.index("[british]")
    assert state < prompt
    block = output[state:prompt].splitlines()
    assert block[1].startswith("  HMS Terpsichore at (350, 50) heading 0°: barnacles 2/5")
    assert block[2].startswith("    house secret of british; house public flag up")  # own: its secret facts too
    others = block[block.index("other ships:") + 1:]
    assert any(line.startswith("  Courageuse (french) at (550, 850) heading 180°: barnacles 2/5") for line in others)
    assert not any("house" in line for line in others)  # another seat's ship: tracks only
    assert "of french" not in output


def test_the_state_of_own_ships_comes_once_per_decision_round(house, monkeypatch):
    from sog.cli.human import HumanController

    views = []  # a new view of the seat for each round it is asked in (Game.run)
    decide = HumanController.decide

    def counting(self, view, request):
        if all(view is not seen for seen in views):
            views.append(view)
        return decide(self, view, request)

    monkeypatch.setattr(HumanController, "decide", counting)
    output = play([*PLAY, "--max-turns", "2"])
    assert len(views) >= 2
    assert output.count("british, your ships:") == len(views)
    # Planning asks for both British ships in one round: the state before the first only.
    first, second = output.index("[british] HMS Terpsichore: plan"), output.index("[british] HMS Defence: plan")
    assert "your ships:" not in output[first:second]


def test_one_person_is_never_asked_to_pass_the_terminal(house):
    output = play(PLAY)
    assert "Pass to seat" not in output and "Everyone may look" not in output
    assert "=" * 40 not in output
