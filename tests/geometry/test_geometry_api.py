"""The package's public surface: every exported name exists, modules stay small and documented."""

import ast
import inspect
from pathlib import Path

import sog.geometry as geometry

PKG = Path(geometry.__file__).parent


def test_all_names_exist():
    assert len(geometry.__all__) == len(set(geometry.__all__))
    for name in geometry.__all__:
        assert hasattr(geometry, name), name


def test_modules_are_small_and_documented():
    for path in PKG.glob("*.py"):
        text = path.read_text()
        assert len(text.splitlines()) < 400, path.name
        assert ast.get_docstring(ast.parse(text)), path.name


def test_public_callables_have_docstrings_and_hints():
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


def test_geometry_knows_no_rule_or_content_model():
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert not node.module.startswith("sog"), (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("sog"), (path.name, alias.name)
