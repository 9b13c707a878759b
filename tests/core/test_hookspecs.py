"""Meta-tests: every hook is documented (pytest style) and named by at least one test."""

import inspect
from pathlib import Path

import pytest

from sog import hookspecs
from sog.plugins.system import hookspecs as sails_hookspecs
from sog.pluginmanager import hook_names

TESTS = Path(__file__).resolve().parents[1]
#: The core's hooks and those of the built-in game system.
SPECS = [(hookspecs, name) for name in hook_names()] + [
    (sails_hookspecs, name) for name in sorted(dir(sails_hookspecs)) if name.startswith("sog_")]


@pytest.mark.parametrize(("module", "name"), SPECS)
def test_hook_has_a_docstring_naming_each_parameter(module, name):
    func = getattr(module, name)
    doc = inspect.getdoc(func) or ""
    assert len(doc.splitlines()[0]) > 10, f"{name} needs a summary line"
    for param in inspect.signature(func).parameters:
        assert f":param {param}:" in doc, f"{name} does not document {param}"
    if inspect.signature(func).return_annotation not in (None, "None"):
        assert ":return:" in doc, f"{name} does not say what its result means"


@pytest.mark.parametrize(("module", "name"), SPECS)
def test_hook_is_named_by_some_test(module, name):
    me = Path(__file__).resolve()
    texts = (p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py") if p.resolve() != me)
    assert any(name in text for text in texts), f"no test names the hook {name}"


def test_firstresult_hooks_say_so():
    for name in hook_names():
        impl_opts = getattr(getattr(hookspecs, name), "sog_spec")
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        if impl_opts.get("firstresult"):
            assert "Stops at the first non-None result" in doc, name


def test_the_core_names_no_game_system():
    """The core (package ``sog`` outside ``sog.plugins``) names neither Sails of Glory nor the
    dice-and-inches game: every game system is a plugin."""
    from pathlib import Path

    import re

    core = Path(__file__).resolve().parents[2] / "core"
    pattern = re.compile(r"sails[ -_]?of[ -_]?glory|dice[ -_]and[ -_]inches|dice_and_inches", re.IGNORECASE)
    named = [f"{path.relative_to(core)}:{number}" for path in sorted(core.rglob("*")) if path.suffix in (".py", ".json", ".yaml", ".md")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if pattern.search(line)]
    assert named == []


def test_the_core_names_no_sails_of_glory_component():
    """The core's code names no component of the Sails of Glory game (broadsides, maneuver
    cards, the ship and crew tracks and their zero boxes, musketry, raking), docstrings and
    comments included: what is specific to that game lives in ``sog.plugins.system``."""
    import re

    core = Path(__file__).resolve().parents[2] / "core"
    pattern = re.compile(r"broadside|maneuver|ship_track|crew_track|zero_box|musketry|raking", re.IGNORECASE)
    named = [f"{path.relative_to(core)}:{number}: {line.strip()}" for path in sorted(core.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if pattern.search(line)]
    assert named == []
