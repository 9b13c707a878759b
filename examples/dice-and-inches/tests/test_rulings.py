"""The rulings index: every ruling named once, in one place, and nothing left out."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from dice_and_inches import rulings

PACKAGE = Path(rulings.__file__).parent
_SECTION = re.compile(r"^#\s*-*\s*Rulings\b")
_END = re.compile(r"^(# -{5,}|def |class |@)")
_CONSTANT = re.compile(r"^([A-Z][A-Z0-9_]*)\s*(:[^=]*)?=")


def _section_constants(path: Path) -> list[str]:
    """Public upper-case names assigned in a module's ``# Rulings`` section."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if _SECTION.match(line)), None)
    if start is None:
        return []
    names = []
    for line in lines[start + 1:]:
        if _END.match(line):
            break
        if m := _CONSTANT.match(line):
            names.append(m.group(1))
    return names


def test_every_indexed_ruling_exists_where_the_index_says() -> None:
    for name, module, line in rulings.INDEX:
        mod = importlib.import_module(f"dice_and_inches.{module}")
        assert hasattr(mod, name), f"{module}.{name} is in the rulings index but not in the module"
        assert line, name


def test_every_ruling_is_named_once() -> None:
    names = [(name, module) for name, module, _ in rulings.INDEX]
    assert len(names) == len(set(names))


def test_every_ruling_of_a_rules_section_is_indexed() -> None:
    indexed = {(module, name) for name, module, _ in rulings.INDEX}
    missing = [f"{path.stem}.{name}" for path in sorted(PACKAGE.glob("*.py"))
               for name in _section_constants(path) if (path.stem, name) not in indexed]
    assert not missing, f"add these rulings to dice_and_inches.rulings.INDEX: {missing}"


def test_the_system_rulings_are_all_indexed() -> None:
    indexed = {name for name, module, _ in rulings.INDEX if module == "rulings"}
    assert set(rulings.__all__) - {"INDEX"} == indexed


def test_the_turn_ruling_matches_the_steps_of_a_game(duel) -> None:  # type: ignore[no-untyped-def]
    assert [(s.order, s.name) for s in duel.steps] == list(rulings.TURN_PARTS)
    assert all(s.per_side for s in duel.steps)
