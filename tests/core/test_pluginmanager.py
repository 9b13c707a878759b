"""The plugin manager factory: built-ins, entry points, autoload switch, broken plugins."""

import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from sog import hookimpl, pluginmanager
from sog.errors import PluginError
from sog.pluginmanager import AUTOLOAD_ENV, create_catalogue, create_game_plugin_manager
from sog.rules import Rule


def test_builtin_rules_are_in_the_catalogue():
    catalogue = create_catalogue(entry_point_plugins=False)
    assert {"basic-planning", "movement", "combat", "damage", "reloading", "victory"} <= set(catalogue.rules)
    assert catalogue.origins["combat"] == "builtin"


def test_each_factory_call_builds_a_new_manager():
    a = create_catalogue(entry_point_plugins=False)
    b = create_catalogue(entry_point_plugins=False)
    assert a.pm is not b.pm


@pytest.fixture
def house_module(tmp_path, monkeypatch):
    (tmp_path / "house_rule_x.py").write_text(textwrap.dedent('''
        from sog import hookimpl
        from sog.rules import Rule
        import sys

        @hookimpl
        def sog_rules():
            return [Rule("house-x", "A test house rule.", ("basic",), sys.modules[__name__])]
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "house_rule_x"
    sys.modules.pop("house_rule_x", None)


def _fake_entry_points(monkeypatch, *eps):
    monkeypatch.setattr(pluginmanager, "entry_points", lambda group: [e for e in eps if e.group == group])


def test_entry_point_plugins_are_loaded(monkeypatch, house_module):
    _fake_entry_points(monkeypatch, EntryPoint("house", house_module, "sog"))
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    catalogue = create_catalogue()
    assert catalogue.origins["house-x"] == "entry-point:house"


def test_autoload_can_be_switched_off_by_environment(monkeypatch, house_module):
    _fake_entry_points(monkeypatch, EntryPoint("house", house_module, "sog"))
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert "house-x" not in create_catalogue().rules


def test_a_broken_entry_point_is_named(monkeypatch):
    _fake_entry_points(monkeypatch, EntryPoint("broken", "no_such_module_abc", "sog"))
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    with pytest.raises(PluginError, match="plugin 'broken' .no_such_module_abc. failed to load"):
        create_catalogue()


def test_a_rule_declared_twice_is_refused():
    class Twin:
        @hookimpl
        def sog_rules(self):
            return [Rule("combat", "again", ("basic",), self)]

    with pytest.raises(PluginError, match="rule 'combat' is declared twice"):
        create_catalogue(entry_point_plugins=False, extra=[Twin()])


def test_a_provider_returning_junk_is_named():
    class Junk:
        @hookimpl
        def sog_rules(self):
            return ["not a rule"]

    with pytest.raises(PluginError, match="which is not a sog.rules.Rule"):
        create_catalogue(entry_point_plugins=False, extra=[Junk()])


def test_a_plugin_implementing_an_unknown_hook_is_refused():
    class Typo:
        @hookimpl
        def sog_turn_stepz(self):
            return []

    with pytest.raises(PluginError, match="sog_turn_stepz"):
        create_game_plugin_manager([Rule("typo", "t", ("basic",), Typo())])


def test_game_manager_holds_only_the_given_rules():
    catalogue = create_catalogue(entry_point_plugins=False)
    pm = create_game_plugin_manager([catalogue.rules["combat"]])
    names = {pm.get_name(p) for p in pm.get_plugins()}
    assert names == {"combat"}
