"""Resolving a game's rules: levels, options, blocking, requires, conflicts, settings."""

import pytest

from sog.errors import ConfigError, PluginError
from sog.pluginmanager import create_catalogue
from sog.rules import Rule, resolve_rules
from sog.systems import GameSystem

P = object()
#: A game system of three levels, for these tests only.
SYSTEM = GameSystem("test-game", "Test game", "For the tests of rule resolution.", ("basic", "standard", "advanced"), ship_kind="ship")
#: Another one, whose rules must not mix with the first's.
OTHER = GameSystem("other-game", "Other game", "Another system.", ("classic",), ship_kind="other-ship")


def resolve(rules, level, *args, **kwargs):
    return resolve_rules(rules, SYSTEM, level, *args, **kwargs)


def catalogue():
    rules = [
        Rule("planning", "p", ("basic",), P, kind="core", system="test-game"),
        Rule("other-movement", "o", ("classic",), P, kind="core", system="other-game"),
        Rule("other-option", "o2", ("classic",), P, system="other-game"),
        Rule("planning-ahead", "p2", ("standard", "advanced"), P, kind="core"),
        Rule("combat", "c", ("basic", "standard", "advanced"), P, kind="core"),
        Rule("boarding", "b", ("basic", "standard", "advanced"), P),
        Rule("entanglement", "e", ("basic", "standard", "advanced"), P),
        Rule("double-shot", "d", ("standard", "advanced"), P),
        Rule("wind-strength", "w", ("advanced",), P, requires=("wind-direction",)),
        Rule("wind-direction", "wd", ("basic", "standard", "advanced"), P),
        Rule("house-a", "a", ("basic",), P, conflicts=("house-b",)),
        Rule("house-b", "b", ("basic",), P),
        Rule("training", "t", ("basic",), P, settings_schema={
            "type": "object", "properties": {"ships": {"type": "array", "items": {"type": "string"}}},
            "required": ["ships"], "additionalProperties": False}),
    ]
    return {r.name: r for r in rules}


def test_core_rules_of_the_level_are_on_and_others_off():
    sel = resolve(catalogue(), "basic")
    assert sel.names == ("combat", "planning")
    sel = resolve(catalogue(), "standard")
    assert sel.names == ("combat", "planning-ahead")


def test_options_come_after_core_rules_and_after_what_they_require():
    sel = resolve(catalogue(), "advanced", ["wind-strength", "wind-direction", "boarding"])
    assert sel.names == ("combat", "planning-ahead", "wind-direction", "wind-strength", "boarding")


def test_unknown_option_suggests_the_closest_name():
    with pytest.raises(ConfigError, match=r"unknown option 'bording' \(did you mean 'boarding'\?\)"):
        resolve(catalogue(), "basic", ["bording"])


def test_option_not_allowed_at_level():
    with pytest.raises(ConfigError, match="'double-shot' is not allowed with basic rules .allowed: standard, advanced."):
        resolve(catalogue(), "basic", ["double-shot"])


def test_missing_requirement_is_named():
    with pytest.raises(ConfigError, match="'wind-strength' requires 'wind-direction' .add --option wind-direction."):
        resolve(catalogue(), "advanced", ["wind-strength"])


def test_conflicting_options():
    with pytest.raises(ConfigError, match="'house-a' and 'house-b' conflict"):
        resolve(catalogue(), "basic", ["house-a", "house-b"])


def test_blocking_a_core_rule_with_no_prefix_removes_it():
    sel = resolve(catalogue(), "basic", blocked=["planning"])
    assert sel.names == ("combat",)


def test_blocking_an_unknown_rule_is_an_error():
    with pytest.raises(ConfigError, match="cannot block unknown rule 'planing'"):
        resolve(catalogue(), "basic", blocked=["planing"])


def test_unknown_level():
    with pytest.raises(ConfigError, match="unknown rules level 'advaced' for Test game .did you mean 'advanced'"):
        resolve(catalogue(), "advaced")


def test_core_rule_cannot_be_asked_as_option():
    with pytest.raises(ConfigError, match="core rule"):
        resolve(catalogue(), "basic", ["combat"])


def test_settings_are_validated_against_the_rule_schema():
    sel = resolve(catalogue(), "basic", ["training"], {"training": {"ships": ["courageuse"]}})
    assert sel.settings["training"] == {"ships": ["courageuse"]}
    with pytest.raises(ConfigError, match="invalid settings for 'training' at /ships/0"):
        resolve(catalogue(), "basic", ["training"], {"training": {"ships": [3]}})
    with pytest.raises(ConfigError, match="invalid settings for 'training' at /: 'ships' is a required property"):
        resolve(catalogue(), "basic", ["training"])


def test_settings_for_a_rule_that_is_off():
    with pytest.raises(ConfigError, match="settings given for 'training', which is not on"):
        resolve(catalogue(), "basic", [], {"training": {"ships": []}})


def test_rule_declaration_is_checked():
    with pytest.raises(ValueError, match="names the levels"):
        Rule("x", "x", (), P, system="test-game")
    with pytest.raises(ValueError, match="kind must be"):
        Rule("x", "x", ("basic",), P, kind="maybe")


class _Provider:
    def __init__(self, systems, rules):
        self.systems, self.rules = systems, rules

    from sog import hookimpl

    @hookimpl
    def sog_systems(self):
        return self.systems

    @hookimpl
    def sog_rules(self):
        return self.rules


def test_a_rule_names_levels_of_its_own_system():
    bad = _Provider([SYSTEM], [Rule("x", "x", ("expert",), P, system="test-game")])
    with pytest.raises(PluginError, match=r"levels must be among \('basic', 'standard', 'advanced'\) of test-game"):
        create_catalogue(builtin=False, entry_point_plugins=False, extra=[bad])


def test_a_rule_of_an_undeclared_system_is_refused():
    bad = _Provider([], [Rule("x", "x", ("basic",), P, system="nowhere")])
    with pytest.raises(PluginError, match="belongs to game system 'nowhere', which no installed plugin declares"):
        create_catalogue(builtin=False, entry_point_plugins=False, extra=[bad])


def test_a_system_declared_twice_is_refused():
    twice = _Provider([SYSTEM, SYSTEM], [])
    with pytest.raises(PluginError, match="game system 'test-game' is declared twice"):
        create_catalogue(builtin=False, entry_point_plugins=False, extra=[twice])


def test_only_the_rules_of_the_game_system_are_on():
    names = resolve(catalogue(), "basic").names
    assert "other-movement" not in names and "planning" in names
    other = resolve_rules(catalogue(), OTHER, "classic").names
    assert "other-movement" in other and "planning" not in other
    assert "combat" not in other  # a rule of no system is on only at the levels it names


def test_choosing_a_rule_of_another_system_is_a_clear_error():
    with pytest.raises(ConfigError, match="option 'other-option' is a rule of other-game, not of test-game"):
        resolve(catalogue(), "basic", ["other-option"])
    with pytest.raises(ConfigError, match="'planning' is a rule of test-game, not of other-game"):
        resolve_rules(catalogue(), OTHER, "classic", blocked=["planning"])


def test_a_rule_of_no_system_without_levels_is_allowed_at_every_level():
    rules = catalogue() | {"probe": Rule("probe", "p", (), P)}
    assert "probe" in resolve(rules, "advanced", ["probe"]).names
    assert "probe" in resolve_rules(rules, OTHER, "classic", ["probe"]).names

