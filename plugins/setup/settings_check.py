"""The set-up rules' settings with lists, checked whole by ``sog validate``.

A scenario's ``option_settings`` are frozen when the pack is read (lists become tuples), and
``sog validate`` checks a rule's settings schema against that frozen value, where a JSON
Schema ``"type": "array"`` never matches a tuple; a game thaws them first. So a rule whose
settings hold lists declares :func:`lenient` of its schema (the same, without the ``array``
type: a tuple passes, its items still checked once thawed) and reports the whole schema's
mistakes itself from ``sog_check_content`` (:func:`settings_issues`), each at its pointer
under ``/option_settings/RULE``: file, line and column.
"""

from __future__ import annotations

from typing import Any, Mapping

import jsonschema

from sog.packs.fields import thaw
from sog.packs.yamlpos import pointer

__all__ = ["lenient", "settings_issues"]


def lenient(schema: Any) -> Any:
    """A copy of ``schema`` without ``"type": "array"`` anywhere (every other keyword kept)."""
    if isinstance(schema, Mapping):
        return {k: lenient(v) for k, v in schema.items() if not (k == "type" and v == "array")}
    if isinstance(schema, list):
        return [lenient(v) for v in schema]
    return schema


def settings_issues(scenario: Any, rules: Any, rule: str, schema: Mapping[str, Any]) -> list[tuple[Any, str, str]]:
    """``(scenario, pointer, message)`` for each place the game's settings of ``rule`` (those
    of ``rules``, the selection being checked) break ``schema`` (the strict one), in order."""
    value = thaw(rules.settings.get(rule, {}))
    validator = jsonschema.Draft202012Validator(dict(schema))
    found = sorted(validator.iter_errors(value), key=lambda e: [str(p) for p in e.absolute_path])
    return [(scenario, f"/option_settings/{rule}" + pointer(list(err.absolute_path)), f"{rule} settings: {err.message}")
            for err in found]
