"""Meta-tests: every hook is documented (pytest style) and named by at least one test."""

import inspect
from pathlib import Path

import pytest

from sog import hookspecs
from sog.pluginmanager import hook_names

TESTS = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", hook_names())
def test_hook_has_a_docstring_naming_each_parameter(name):
    func = getattr(hookspecs, name)
    doc = inspect.getdoc(func) or ""
    assert len(doc.splitlines()[0]) > 10, f"{name} needs a summary line"
    for param in inspect.signature(func).parameters:
        assert f":param {param}:" in doc, f"{name} does not document {param}"
    if inspect.signature(func).return_annotation not in (None, "None"):
        assert ":return:" in doc, f"{name} does not say what its result means"


@pytest.mark.parametrize("name", hook_names())
def test_hook_is_named_by_some_test(name):
    me = Path(__file__).resolve()
    texts = (p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py") if p.resolve() != me)
    assert any(name in text for text in texts), f"no test names the hook {name}"


def test_firstresult_hooks_say_so():
    for name in hook_names():
        impl_opts = getattr(getattr(hookspecs, name), "sog_spec")
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        if impl_opts.get("firstresult"):
            assert "Stops at the first non-None result" in doc, name
