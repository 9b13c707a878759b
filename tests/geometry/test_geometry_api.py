"""The packages' public surface: every exported name exists, modules stay small and documented.

Two packages: the core's generic geometry (``sog.geometry``) and the Sails of Glory system's
(``sog.plugins.system.geometry``), built on it.
"""

import ast
import inspect
from pathlib import Path

import pytest

import sog.geometry as core_geometry
import sog.plugins.system.geometry as sails_geometry

PACKAGES = [core_geometry, sails_geometry]
#: The absolute ``sog`` imports each package may make: the system's geometry stands on the core's.
ALLOWED = {core_geometry: (), sails_geometry: ("sog.geometry",)}


@pytest.fixture(params=PACKAGES, ids=lambda m: m.__name__)
def geometry(request):
    return request.param


def test_all_names_exist(geometry):
    assert len(geometry.__all__) == len(set(geometry.__all__))
    for name in geometry.__all__:
        assert hasattr(geometry, name), name


def test_the_two_packages_export_distinct_names():
    assert not set(core_geometry.__all__) & set(sails_geometry.__all__)


def test_modules_are_small_and_documented(geometry):
    for path in Path(geometry.__file__).parent.glob("*.py"):
        text = path.read_text()
        assert len(text.splitlines()) < 400, path.name
        assert ast.get_docstring(ast.parse(text)), path.name


def test_public_callables_have_docstrings_and_hints(geometry):
    for name in geometry.__all__:
        obj = getattr(geometry, name)
        if inspect.isfunction(obj):
            assert obj.__doc__, name
            hints = obj.__annotations__
            assert "return" in hints, name
            params = inspect.signature(obj).parameters
            assert all(p in hints for p in params), name
        elif inspect.isclass(obj):
            assert obj.__doc__, name


def _allowed(geometry, module: str) -> bool:
    return not module.startswith("sog") or any(module == a or module.startswith(a + ".") for a in ALLOWED[geometry])


def test_geometry_knows_no_rule_or_content_model(geometry):
    for path in Path(geometry.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert _allowed(geometry, node.module), (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert _allowed(geometry, alias.name), (path.name, alias.name)
