"""The library check of ability documents (hook sog_check_library, answered by the abilities
rule): an unknown effect, parameters that do not fit the effect's schema and a timing the
effect does not allow are reported at the field's file:line:col, by ``sog validate`` too."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from captains_pack import ABILITIES, CAPTAINS, ability, write_pack
from sog.cli.content_cmds import validate
from sog.packs import ContentError
from sog.packs.loader import load_library
from sog.packs.playable import library_problems, playable_problems
from sog.plugins.captains import abilities
from sog.plugins.captains.checks import declared_effects
from sog.pluginmanager import content_kinds, create_system_plugin_manager

BAD = [
    ability("typo", "extra-counter", "{count: 2, attack: artillery}", 1, "before-combat"),
    ability("too-many", "extra-counters", "{count: 9, attack: artillery}", 1, "before-combat"),
    ability("late", "extra-counters", "{count: 1, attack: artillery}", 1, "end-of-turn"),
    ability("volley-band", "extra-counters", "{count: 1, attack: musketry, band: short}", 1, "before-combat"),
    ability("bare", "ignore-counters", "{}", 1, "after-fire"),
]


@pytest.fixture
def bad_pack(tmp_path):
    return write_pack(tmp_path / "bad-cards", abilities=ABILITIES + BAD)


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    (number,) = [i + 1 for i, line in enumerate(lines) if line == text]
    return number


def _problems(folder, catalogue):
    with pytest.raises(ContentError) as info:
        load_library([folder], on_demand=True, kinds=content_kinds(catalogue),
                     checks=[lambda lib: playable_problems(lib, catalogue)])
    return list(info.value.problems)


def test_bad_abilities_are_reported_at_their_fields(bad_pack, catalogue):
    found = _problems(bad_pack, catalogue)
    file = bad_pack / "abilities.yaml"
    expected = [
        (_line_of(file, "effect: extra-counter"), "/effect",
         "unknown ability effect 'extra-counter' (did you mean 'extra-counters'"),
        (_line_of(file, "params: {count: 9, attack: artillery}"), "/params/count",
         "params of effect 'extra-counters': 9 is greater than the maximum of 5"),
        (None, "/timing", "effect 'extra-counters' is used before-combat, not end-of-turn"),
        (_line_of(file, "params: {count: 1, attack: musketry, band: short}"), "/params",
         "params of effect 'extra-counters': a musketry attack has no ruler band"),
        (None, "/params", "params of effect 'ignore-counters': 'count' is a required property"),
    ]
    assert len(found) == len(expected), [str(p) for p in found]
    for line, pointer, message in expected:
        matching = [p for p in found if p.pointer == pointer and (line is None or p.line == line) and p.message.startswith(message)]
        assert len(matching) == 1, f"no problem at {line} {pointer}: {message} in {[str(p) for p in found]}"
        assert Path(matching[0].file).name == "abilities.yaml" and matching[0].col


def test_sog_validate_prints_the_bad_abilities_with_file_line_and_column(bad_pack):
    result = CliRunner().invoke(validate, [str(bad_pack)])
    assert result.exit_code == 1
    file = bad_pack / "abilities.yaml"
    line = _line_of(file, "effect: extra-counter")
    assert f"abilities.yaml:{line}:1: /effect: unknown ability effect 'extra-counter' (did you mean 'extra-counters'" in result.output
    assert "/params/count: params of effect 'extra-counters': 9 is greater than the maximum of 5" in result.output
    assert "/timing: effect 'extra-counters' is used before-combat, not end-of-turn" in result.output


def _all_rules(catalogue):
    return create_system_plugin_manager(catalogue.system("sails-of-glory"), catalogue.rules_of("sails-of-glory").values())


def test_the_test_cards_pass_the_library_check(cards_library, catalogue):
    assert library_problems(cards_library, catalogue) == []
    assert abilities.sog_check_library(library=cards_library, hook=_all_rules(catalogue).hook) == []


def test_every_built_in_effect_is_declared_with_its_timings(catalogue):
    effects = declared_effects(catalogue)
    assert {name: e.timings for name, e in effects.items()} == {
        "extra-counters": ("before-combat",), "ignore-counters": ("after-fire",), "quick-reload": ("before-reloading",),
        "wet-sails": ("before-movement",), "repair-damage": ("end-of-turn",)}


def test_an_ability_nobody_carries_is_checked_too(tmp_path, catalogue):
    folder = write_pack(tmp_path / "lonely", abilities=ABILITIES + [BAD[0]], captains=CAPTAINS)
    (problem,) = _problems(folder, catalogue)
    assert problem.pointer == "/effect" and "extra-counter" in problem.message
