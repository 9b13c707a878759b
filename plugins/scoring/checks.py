"""What ``sog validate`` checks in a ``victory-points`` scenario, and the lines people read.

:func:`params_issues`: the scenario's ``victory.params`` against the kind's JSON Schema
(:data:`.points.PARAMS`), each predicate's params against the predicate's schema, then what
the data names: sides of the scenario, unique condition ids, the conditions ``if_never`` and
``free_exit`` refer to (``free_exit`` needs a ``max``), and what each predicate names (a ship,
a placement, a ruler band, a building) in ``conditions``, ``free_exit`` and ``final``.
Pointers are ``/victory/params/...``.

:func:`narrate`: ``points-scored``, ``exit-without-penalty`` and the final ``score``, one
line per side: ``french: 4 (Courageuse struck sails within the red band, 2 turns) + 5 (HMS
Terpsichore surrendered, frigate) = 9``.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from sog.game import Game
from sog.packs.fields import thaw

from .predicates import PREDICATES

ROOT = "/victory/params"


def _pointer(path: Any) -> str:
    return "".join(f"/{part}" for part in path)


def _schema_issues(schema: dict[str, Any], data: Any, at: str, what: str) -> list[tuple[str, str]]:
    validator = jsonschema.Draft202012Validator(schema)
    found = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    return [(at + _pointer(e.absolute_path), f"{what}: {e.message}") for e in found]


def params_issues(library: Any, scenario: Any, schema: dict[str, Any]) -> list[tuple[str, str]]:
    """``(pointer, message)`` of what is wrong with the scenario's victory params."""
    params = thaw(scenario.victory.params)
    issues = _schema_issues(schema, params, ROOT, "victory-points params")
    if issues:
        return issues
    sides = {s.id for s in scenario.sides}
    lists = {name: (f"{ROOT}/{name}", params.get(name, [])) for name in ("awards", "conditions", "if_never", "free_exit", "final")}
    lists["only_if"] = (f"{ROOT}/end/only_if", params.get("end", {}).get("only_if", []))
    for where, lines in lists.values():
        for i, line in enumerate(lines):
            if "side" in line and line["side"] not in sides:
                issues.append((f"{where}/{i}/side", f"no side {line['side']!r} in the scenario ({', '.join(sorted(sides))})"))
    conditions: dict[str, dict[str, Any]] = {}
    for i, condition in enumerate(params.get("conditions", [])):
        at = f"{ROOT}/conditions/{i}"
        if condition["id"] in conditions:
            issues.append((f"{at}/id", f"condition {condition['id']!r} is given twice"))
        conditions[condition["id"]] = condition
        issues += _test_issues(library, scenario, condition["test"], at)
    for i, line in enumerate(params.get("free_exit", [])):
        if ("condition" in line) == ("test" in line):
            issues.append((f"{ROOT}/free_exit/{i}", "a free exit gives either a condition (that reached its max) or a test "
                                                    "(that holds when the ship leaves), not " + ("both" if "test" in line else "neither")))
    for name in ("free_exit", "final"):
        for i, line in enumerate(params.get(name, [])):
            if "test" in line:
                issues += _test_issues(library, scenario, line["test"], f"{ROOT}/{name}/{i}")
    for name in ("if_never", "free_exit"):
        for i, line in enumerate(params.get(name, [])):
            if "condition" not in line:
                continue
            condition = conditions.get(line["condition"])
            if condition is None:
                issues.append((f"{ROOT}/{name}/{i}/condition", f"no condition {line['condition']!r} in /victory/params/conditions"))
            elif name == "free_exit" and "max" not in condition:
                issues.append((f"{ROOT}/{name}/{i}/condition", f"condition {line['condition']!r} has no max to reach"))
    return issues


def _test_issues(library: Any, scenario: Any, test: dict[str, Any], at: str) -> list[tuple[str, str]]:
    """A test's params against its predicate's schema, then what they name (``at``: the line holding ``test``)."""
    predicate = PREDICATES[test["predicate"]]
    test_params = test.get("params", {})
    found = _schema_issues(predicate.schema, test_params, f"{at}/test/params", f"params of {test['predicate']!r}")
    return found or [(f"{at}/test/params{ptr}", message) for ptr, message in predicate.check(library, scenario, test_params)]


def _name(game: Game, ship_id: str) -> str:
    return game.state.ships[ship_id].name if ship_id in game.state.ships else ship_id


def side_line(side: str, data: dict[str, Any]) -> str:
    """One side's score: its lines and total."""
    parts = []
    for line in data["lines"]:
        turns = line.get("turns")
        extra = f", {turns} turn{'s' if turns != 1 else ''}" if turns is not None else ""
        parts.append(f"{line['points']} ({line['label']}{extra})")
    if not parts:
        return f"  {side}: 0"
    return f"  {side}: {' + '.join(parts)} = {data['total']}"


def narrate(game: Game, event: dict[str, Any]) -> str | None:
    """The line of one of this kind's events, ``None`` for any other."""
    kind, data = event["kind"], event["data"]
    if kind == "points-scored":
        return f"  {data['side']} scores {data['points']}: {data['label']}"
    if kind == "exit-without-penalty":
        return f"  {_name(game, data['ship'])} leaves by the {data['edge']} edge without penalty ({data['condition']})"
    if kind == "score":
        return "\n".join(["  score:", *(side_line(side, sides) for side, sides in data["sides"].items())])
    return None
