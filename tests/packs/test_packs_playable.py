"""A pack that validates is playable: each scenario's rules, options and settings resolve,
its victory kind is decided by a rule in force, and its decks have what those rules read.
Each case breaks a copy of the mini pack and checks the file, line, pointer and message."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from packs_support import MINI, copy_pack, load, replace_line, write
from sog import hookimpl
from sog.packs import ContentError, Problem, builtin_pack_dirs
from sog.packs.playable import playable_problems
from sog.pluginmanager import create_catalogue
from sog.rules import Rule

SCENARIO = "scenario.yaml"
DECK = "deck.yaml"
STRAIGHT_V6 = """  - id: T-4
    kind: normal
    veer: 6
    lines:
      full: {green: [5, 38, 10], orange: [3, 24, 8]}
      battle: {green: [4, 24, 10], orange: [2, 14, 8]}
      backing: {green: [2, 11, 10], orange: [1, 7, 8]}
"""


SECOND_STRAIGHT = """  - id: T-5
    kind: normal
    veer: 5
    lines:
      full: {green: [0, 40, 0], orange: [0, 25, 0]}
      battle: {green: [0, 25, 0], orange: [0, 15, 0]}
      backing: {green: [0, 12, 0], orange: [0, 8, 0]}
"""


def playability(pack: Path, catalogue, **kwargs) -> list[Problem]:
    """The problems loading `pack` with the playability checks reports (none: [])."""
    try:
        load(pack, checks=[lambda lib: playable_problems(lib, catalogue)], **kwargs)
    except ContentError as error:
        return list(error.problems)
    return []


def found(pack: Path, catalogue, **kwargs) -> list[tuple[str, int | None, str, str]]:
    return [(Path(p.file).name, p.line, p.pointer, p.message) for p in playability(pack, catalogue, **kwargs)]


def set_line(pack: Path, file: str, old: str, new: str) -> int:
    return replace_line(pack / file, old, new)


def add_cards(pack: Path, text: str) -> None:
    deck = (pack / DECK).read_text()
    (pack / DECK).write_text(deck.replace("provenance:", text + "provenance:"))


def test_the_mini_pack_and_the_starter_set_are_playable(catalogue):
    assert playability(MINI, catalogue) == []
    if builtin_pack_dirs():
        assert playability(MINI, catalogue, builtin=True) == []


# --- rules, options, settings -------------------------------------------------------------

def test_every_bad_option_is_reported_at_its_place(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, SCENARIO, "options: []", "options: [grogg, grog, veer, sinking-ships]")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/options/0", "unknown option 'grogg' (did you mean 'grog'?)"),
        (SCENARIO, line, "/options/2", "'veer' is a core rule, on by itself at levels standard, advanced; "
                                       "it is not an option"),
        (SCENARIO, line, "/options/3", "option 'sinking-ships' is not allowed with basic rules (allowed: advanced)"),
    ]


def test_an_option_missing_what_it_requires_is_reported(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "rules: basic", "rules: advanced")
    add_cards(pack, SECOND_STRAIGHT)  # the Advanced rules plan two blue cards
    line = set_line(pack, SCENARIO, "options: []", "options: [variable-wind-strength]")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/options/0", "rule 'variable-wind-strength' requires 'variable-wind-direction' "
                                       "(add --option variable-wind-direction)")]
    set_line(pack, SCENARIO, "options: [variable-wind-strength]",
             "options: [variable-wind-strength, variable-wind-direction]")
    assert found(pack, catalogue) == []


def test_settings_of_an_option_not_on_are_an_error(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "options: []", "options: [grog]")
    line = set_line(pack, SCENARIO, "option_settings: {}", "option_settings:")
    text = (pack / SCENARIO).read_text().replace("option_settings:\n", "option_settings:\n  lacking-training: {}\n")
    (pack / SCENARIO).write_text(text)
    assert found(pack, catalogue) == [
        (SCENARIO, line + 1, "/option_settings/lacking-training",
         "settings for 'lacking-training', which is not in /options: a rule's settings apply only when it is on "
         "(add it to /options, or remove its settings)")]


def test_settings_that_a_rule_refuses_point_at_the_option(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "options: []", "options: [lacking-training]")
    line = set_line(pack, SCENARIO, "option_settings: {}", "option_settings: {lacking-training: {gunners: 3}}")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/option_settings/lacking-training",
         "invalid settings for 'lacking-training' at /gunners: 3 is not of type 'boolean'")]


# --- victory --------------------------------------------------------------------------------

def test_an_unknown_victory_kind_is_reported_with_a_suggestion(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, SCENARIO, "victory: {kind: last-side-standing}", "victory: {kind: last-side-standin}")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/victory/kind", "unknown victory kind 'last-side-standin' (did you mean "
         "'last-side-standing' or 'last-side-standing-aground'?): no rule decides it, the game would never end "
         "(known kinds: force-the-blockade, last-side-standing, last-side-standing-aground, sitting-ducks, victory-points)")]


def points_provider() -> types.ModuleType:
    """A provider declaring an option that decides the victory kind `points`."""
    rule_module = types.ModuleType("points_rule")
    rule_module.sog_victory_kinds = hookimpl(lambda: {"points": "The side with more points wins."})
    provider = types.ModuleType("points_provider")
    provider.sog_rules = hookimpl(lambda: [Rule("points", "Points.", ("basic",), rule_module)])
    return provider


def test_the_victory_kinds_are_those_of_the_sog_victory_kinds_hook_of_the_rules_in_force(tmp_path):
    catalogue = create_catalogue(entry_point_plugins=False, extra=[points_provider()])
    pack = copy_pack(tmp_path)
    line = set_line(pack, SCENARIO, "victory: {kind: last-side-standing}", "victory: {kind: points}")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/victory/kind", "victory kind 'points' is decided by the rule 'points', which is not on "
                                          "in this scenario at basic rules (add it to /options)")]
    set_line(pack, SCENARIO, "options: []", "options: [points]")
    assert found(pack, catalogue) == []


# --- decks: sog_check_content -----------------------------------------------------------------

def test_basic_planning_needs_a_red_card(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    text = (pack / DECK).read_text()
    start, end = text.index("  - id: T-2"), text.index("  - id: T-3")
    (pack / DECK).write_text(text[:start] + text[end:])
    assert found(pack, catalogue) == [
        (DECK, 4, "/cards", "deck 'T' has no taken-aback card: the basic-planning rule plans one for a ship "
                            "taken aback (for scenario 'duel' at basic rules)")]


def test_movement_needs_the_battle_line_of_a_normal_card(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    text = (pack / DECK).read_text().replace("      battle: {green: [0, 25, 0], orange: [0, 15, 0]}\n", "", 1)
    (pack / DECK).write_text(text)
    assert found(pack, catalogue) == [
        (DECK, 8, "/cards/0/lines", "card 'T-1' has no 'battle' line, which the movement rule moves a normal card "
                                    "on (for scenario 'duel' at basic rules)")]


def test_standard_rules_need_two_blue_cards_a_straight_one_and_red_cards_of_each_veer_class(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "rules: basic", "rules: standard")
    for_duel = "(for scenario 'duel' at standard rules)"
    assert found(pack, catalogue) == [
        (DECK, 4, "/cards", f"deck 'T' has 1 normal card(s): the time-to-react rule plans one not lying in slot 1, "
                            f"so it needs at least 2 {for_duel}")]
    set_line(pack, DECK, "      full: {green: [0, 40, 0], orange: [0, 25, 0]}",
             "      full: {green: [0, 40, 5], orange: [0, 25, 0]}")  # T-1 no longer straight
    add_cards(pack, STRAIGHT_V6)
    assert found(pack, catalogue) == [
        (DECK, 4, "/cards", "deck 'T' has no red (taken-aback) card of veer class '6 or more', which the taken-aback "
                            f"rule plays for a card like 'T-4' (veer 6) {for_duel}"),
        (DECK, 4, "/cards", "deck 'T' has no straight card (normal, veer 5, no turn or sideways move on any line), "
                            f"which the veer rule plays in place of an illegal card {for_duel}"),
    ]


def test_taken_aback_needs_both_lines_of_the_red_card_it_plays(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "rules: basic", "rules: standard")
    add_cards(pack, SECOND_STRAIGHT)
    line = set_line(pack, DECK, "      one-sandglass: [0, 12.7, 0]", "")
    assert found(pack, catalogue) == [
        (DECK, line - 1, "/cards/1/lines", "card 'T-2' has no 'one-sandglass' line, which the taken-aback rule "
                                           "moves it on (for scenario 'duel' at standard rules)")]


def test_sail_settings_need_every_sail_line_of_a_blue_card(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "rules: basic", "rules: advanced")
    add_cards(pack, STRAIGHT_V6.replace("veer: 6", "veer: 5").replace("      backing: {green: [2, 11, 10], "
                                                                      "orange: [1, 7, 8]}\n", ""))
    assert found(pack, catalogue) == [
        (DECK, 26, "/cards/3/lines", "card 'T-4' has no 'backing' line, which the sail-settings rule moves a normal "
                                     "card on with backing, struck sails (for scenario 'duel' at advanced rules)")]


def test_a_deck_shared_by_two_scenarios_is_reported_once_for_both(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "rules: basic", "rules: standard")
    text = (pack / SCENARIO).read_text()
    write(pack / "second.yaml", text.replace("id: duel", "id: duel-2").replace("rules: standard", "rules: advanced"))
    problem = playability(pack, catalogue)
    assert [(Path(p.file).name, p.line, p.pointer) for p in problem] == [(DECK, 4, "/cards")]
    assert problem[0].message.endswith("(for scenarios 'duel' at standard rules, 'duel-2' at advanced rules)")


def test_a_failing_content_check_is_a_problem_not_a_crash(tmp_path):
    broken = types.ModuleType("broken_rule")

    def sog_check_content(library, scenario):
        raise RuntimeError("boom")

    broken.sog_check_content = hookimpl(sog_check_content)
    provider = types.ModuleType("broken_provider")
    provider.sog_rules = hookimpl(lambda: [Rule("broken", "Broken.", ("basic",), broken)])
    catalogue = create_catalogue(entry_point_plugins=False, extra=[provider])
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "options: []", "options: [broken]")
    assert found(pack, catalogue) == [
        (SCENARIO, 1, "/", "the broken rule's content check failed: RuntimeError: boom")]


# --- sides and ships --------------------------------------------------------------------------

def test_every_side_needs_a_ship(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "    side: blue", "    side: red")
    set_line(pack, SCENARIO, "    seat: blue", "    seat: red")
    assert found(pack, catalogue) == [(SCENARIO, 15, "/sides/1", "side 'blue' has no ship: every side needs at least one")]


def test_a_scenario_needs_two_sides(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    text = (pack / SCENARIO).read_text()
    text = text.replace("  - id: blue\n    name: Blue\n    seats: [blue]\n", "")
    (pack / SCENARIO).write_text(text.replace("side: blue", "side: red").replace("seat: blue", "seat: red"))
    assert found(pack, catalogue) == [(SCENARIO, 11, "/sides", "has 1 item, fewer than the minimum of 2")]


# --- bounds -----------------------------------------------------------------------------------

def test_a_pool_of_a_billion_counters_is_refused(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, "pools.yaml", "  - {value: 3, count: 1}", "  - {value: 3, count: 1000000000}")
    assert found(pack, catalogue) == [("pools.yaml", line, "/counters/1/count",
                                       "1000000000 is greater than the maximum of 10000")]


def test_a_pool_of_more_counters_than_the_maximum_in_all_is_refused(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, "pools.yaml", "  - {value: 3, count: 1}", "  - {value: 3, count: 6000}")
    set_line(pack, "pools.yaml", "  - {value: 2, symbol: crew, count: 2}", "  - {value: 2, symbol: crew, count: 6000}")
    assert found(pack, catalogue) == [("pools.yaml", 14, "/counters", "Value error, the pool holds 12000 counters, "
                                                                      "more than the maximum of 10000")]


@pytest.mark.skipif(not builtin_pack_dirs(), reason="no built-in pack")
@pytest.mark.parametrize("level", ["basic", "standard", "advanced"])
def test_the_starter_set_is_playable_at_every_level(tmp_path, catalogue, level):
    starter = next(d for d in builtin_pack_dirs() if d.name == "starter-set")
    text = (starter / "scenarios" / "enemy-in-sight.yaml").read_text(encoding="utf-8")
    pack = tmp_path / "levels"
    write(pack / "pack.yaml", "name: levels\nversion: 1.0.0\ndescription: The scenario at a level.\n"
                              "requires: [starter-set]\n")
    write(pack / "scenario.yaml", text.replace("id: enemy-in-sight", f"id: at-{level}")
          .replace("rules: basic", f"rules: {level}"))
    assert playability(pack, catalogue, builtin=True) == []


def test_a_core_rule_needing_an_option_not_on_is_reported_at_the_rules_level(tmp_path):
    needy = types.ModuleType("needy_rule")
    provider = types.ModuleType("needy_provider")
    provider.sog_rules = hookimpl(lambda: [Rule("needy", "Needs grog.", ("basic",), needy, kind="core",
                                                requires=("grog",))])
    catalogue = create_catalogue(entry_point_plugins=False, extra=[provider])
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "options: []", "options: [boarding]")
    assert found(pack, catalogue) == [
        (SCENARIO, 7, "/rules", "rule 'needy' requires 'grog' (add --option grog)")]
    set_line(pack, SCENARIO, "options: [boarding]", "options: [boarding, grog]")
    assert found(pack, catalogue) == []


# --- game system, level, set-up data ------------------------------------------------------

def test_an_unknown_game_system_is_reported_at_its_place(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, SCENARIO, "system: sails-of-glory", "system: sails-of-glori")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/system", "unknown game system 'sails-of-glori' (did you mean 'sails-of-glory'?): "
                                    "no installed plugin declares it (installed: sails-of-glory)"),
    ]


def test_a_level_the_system_does_not_have_is_reported_at_its_place(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, SCENARIO, "rules: basic", "rules: expert")
    assert found(pack, catalogue) == [
        (SCENARIO, line, "/rules", "unknown rules level 'expert' for Sails of Glory; choose one of basic, standard, advanced"),
    ]


def test_set_up_data_the_system_does_not_declare_is_reported(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    set_line(pack, SCENARIO, "system: sails-of-glory", "system: sails-of-glory\nsetup: {rocks: []}")
    [(file, _, pointer, message)] = found(pack, catalogue)
    assert (file, pointer) == (SCENARIO, "/setup")
    assert "set-up data of sails-of-glory" in message


def test_a_sails_of_glory_scenario_without_a_ruler_is_reported(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    text = (pack / SCENARIO).read_text()
    ruler_line = next(line for line in text.splitlines() if line.startswith("ruler:"))
    (pack / SCENARIO).write_text(text.replace(ruler_line + "\n", ""))
    assert [(f, p, m) for f, _, p, m in found(pack, catalogue)] == [
        (SCENARIO, "/ruler", "a Sails of Glory scenario names the ruler its ships measure with")]


def test_a_counter_symbol_sails_of_glory_does_not_know_is_reported_at_its_place(tmp_path, catalogue):
    pack = copy_pack(tmp_path)
    line = set_line(pack, "pools.yaml", "  - {value: 2, symbol: crew, count: 2}", "  - {value: 2, symbol: gold, count: 2}")
    [(file, at, pointer, message)] = found(pack, catalogue)
    assert (file, at, pointer) == ("pools.yaml", line, f"/counters/{pointer.split('/')[2]}/symbol")
    assert message.startswith("unknown counter symbol 'gold': Sails of Glory counters show crew, fire, leak")
