"""Resolving a game's rules: levels, options, blocking, requires, conflicts, settings."""

import pytest

from sog.errors import ConfigError
from sog.rules import Rule, resolve_rules

P = object()


def catalogue():
    rules = [
        Rule("planning", "p", ("basic",), P, kind="core"),
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
    sel = resolve_rules(catalogue(), "basic")
    assert sel.names == ("combat", "planning")
    sel = resolve_rules(catalogue(), "standard")
    assert sel.names == ("combat", "planning-ahead")


def test_options_come_after_core_rules_and_after_what_they_require():
    sel = resolve_rules(catalogue(), "advanced", ["wind-strength", "wind-direction", "boarding"])
    assert sel.names == ("combat", "planning-ahead", "wind-direction", "wind-strength", "boarding")


def test_unknown_option_suggests_the_closest_name():
    with pytest.raises(ConfigError, match=r"unknown option 'bording' \(did you mean 'boarding'\?\)"):
        resolve_rules(catalogue(), "basic", ["bording"])


def test_option_not_allowed_at_level():
    with pytest.raises(ConfigError, match="'double-shot' is not allowed with basic rules .allowed: standard, advanced."):
        resolve_rules(catalogue(), "basic", ["double-shot"])


def test_missing_requirement_is_named():
    with pytest.raises(ConfigError, match="'wind-strength' requires 'wind-direction' .add --option wind-direction."):
        resolve_rules(catalogue(), "advanced", ["wind-strength"])


def test_conflicting_options():
    with pytest.raises(ConfigError, match="'house-a' and 'house-b' conflict"):
        resolve_rules(catalogue(), "basic", ["house-a", "house-b"])


def test_blocking_a_core_rule_with_no_prefix_removes_it():
    sel = resolve_rules(catalogue(), "basic", blocked=["planning"])
    assert sel.names == ("combat",)


def test_blocking_an_unknown_rule_is_an_error():
    with pytest.raises(ConfigError, match="cannot block unknown rule 'planing'"):
        resolve_rules(catalogue(), "basic", blocked=["planing"])


def test_unknown_level():
    with pytest.raises(ConfigError, match="unknown rules level 'advaced' .did you mean 'advanced'"):
        resolve_rules(catalogue(), "advaced")


def test_core_rule_cannot_be_asked_as_option():
    with pytest.raises(ConfigError, match="core rule"):
        resolve_rules(catalogue(), "basic", ["combat"])


def test_settings_are_validated_against_the_rule_schema():
    sel = resolve_rules(catalogue(), "basic", ["training"], {"training": {"ships": ["courageuse"]}})
    assert sel.settings["training"] == {"ships": ["courageuse"]}
    with pytest.raises(ConfigError, match="invalid settings for 'training' at /ships/0"):
        resolve_rules(catalogue(), "basic", ["training"], {"training": {"ships": [3]}})
    with pytest.raises(ConfigError, match="invalid settings for 'training' at /: 'ships' is a required property"):
        resolve_rules(catalogue(), "basic", ["training"])


def test_settings_for_a_rule_that_is_off():
    with pytest.raises(ConfigError, match="settings given for 'training', which is not on"):
        resolve_rules(catalogue(), "basic", [], {"training": {"ships": []}})


def test_rule_declaration_is_checked():
    with pytest.raises(ValueError, match="levels must be among"):
        Rule("x", "x", ("expert",), P)
    with pytest.raises(ValueError, match="kind must be"):
        Rule("x", "x", ("basic",), P, kind="maybe")
