"""Is every scenario playable? Checks beyond well-formedness, asked of the rules in force.

A pack that validates must never stop a game with an internal error. For each scenario of
a loaded library, with the rule catalogue:

* its rules level, options and option settings resolve (`scenario_rules`);
* its victory kind is one a rule in force decides (hook ``sog_victory_kinds``): a typo
  would otherwise give a game that never ends;
* the content it plays with has what each rule in force reads (hook
  ``sog_check_content``): the core knows no rule, so each rule says what it needs.

Before the scenarios, each system's rules check the documents that name what a rule
provides, used by a scenario or not (hook ``sog_check_library``, e.g. an ability's effect).

Every issue becomes a `Problem` placed at the offending field of its document. A scenario
whose references are not all loaded is left out: the loader reports those already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from sog.rules import RuleSelection

from .errors import Problem, did_you_mean
from .library import Library
from .models import Scenario
from .scenario_rules import scenario_rules

if TYPE_CHECKING:  # pragma: no cover
    from sog.pluginmanager import Catalogue

    from .kinds import ContentKind

__all__ = ["library_problems", "playable_problems", "scenario_problems"]


def _complete(library: Library, scenario: Scenario, kinds: Mapping[str, ContentKind]) -> bool:
    """Whether every document the scenario needs, directly or not, is loaded: its
    references, theirs, and so on (each kind's ``references``)."""
    todo, seen = [("scenario", scenario.id)], set()
    while todo:
        kind, doc_id = todo.pop()
        if (kind, doc_id) in seen:
            continue
        seen.add((kind, doc_id))
        if kind not in kinds or not library.has(kind, doc_id):
            return False
        references = kinds[kind].references
        if references is not None:
            todo += [(ref.kind, ref.id) for ref in references(library.get(kind, doc_id))]
    return True


def _victory_issues(scenario: Scenario, selection: RuleSelection, catalogue: Catalogue) -> list[tuple[str, str]]:
    from sog.pluginmanager import create_system_plugin_manager

    kind = scenario.victory.kind
    system = catalogue.systems[selection.system]
    in_force = create_system_plugin_manager(system, selection.rules)
    if any(kind in (kinds or {}) for kinds in in_force.hook.sog_victory_kinds()):
        return []
    everyone = create_system_plugin_manager(system, catalogue.rules_of(system.name).values())
    owners = {name: impl.plugin_name for impl in everyone.hook.sog_victory_kinds.get_hookimpls()
              for name in (impl.function() or {})}
    if kind in owners:
        owner = catalogue.rules.get(owners[kind])
        how = "add it to /options" if owner is not None and owner.kind == "option" else "choose another level"
        return [("/victory/kind", f"victory kind {kind!r} is decided by the rule {owners[kind]!r}, which is not "
                                  f"on in this scenario at {scenario.rules} rules ({how})")]
    known = ", ".join(sorted(owners)) or "none"
    return [("/victory/kind", f"unknown victory kind {kind!r}{did_you_mean(kind, owners)}: no rule decides it, "
                              f"the game would never end (known kinds: {known})")]


def _content_issues(library: Library, scenario: Scenario, selection: RuleSelection,
                    catalogue: Catalogue) -> Iterable[tuple[Any, str, str, str]]:
    """(document, pointer, message, rule) of each rule's ``sog_check_content``."""
    from sog.pluginmanager import create_system_plugin_manager

    args = {"library": library, "scenario": scenario, "rules": selection}
    pm = create_system_plugin_manager(catalogue.systems[selection.system], selection.rules)
    for impl in pm.hook.sog_check_content.get_hookimpls():
        try:
            found = list(impl.function(**{name: args[name] for name in impl.argnames}) or [])
        except Exception as exc:  # a rule's check must not crash validation
            yield scenario, "", f"the {impl.plugin_name} rule's content check failed: {type(exc).__name__}: {exc}", ""
            continue
        for issue in found:
            document, ptr, message = issue
            yield document, ptr, message, impl.plugin_name


def scenario_problems(library: Library, scenario: Scenario, catalogue: Catalogue,
                      selection: RuleSelection | None = None) -> list[tuple[Problem, bool]]:
    """The problems of one scenario, each with whether it lies in another document (a deck)
    and so concerns every scenario playing with it.

    With ``selection`` (the rules a game chose, e.g. another level or more options) the
    victory and content checks are made for those rules instead of the scenario's own.
    """
    here = library.entry("scenario", scenario.id)
    if selection is None:
        selection, issues = scenario_rules(scenario, catalogue.rules, catalogue.systems)
    else:
        issues = []
    problems = [(here.problem(ptr, message), False) for ptr, message in issues]
    if selection is None:
        return problems
    problems += [(here.problem(ptr, message), False) for ptr, message in _victory_issues(scenario, selection, catalogue)]
    for document, ptr, message, _ in _content_issues(library, scenario, selection, catalogue):
        kind, doc_id = getattr(document, "kind", None), getattr(document, "id", None)
        if document is scenario or not (isinstance(kind, str) and isinstance(doc_id, str) and library.has(kind, doc_id)):
            problems.append((here.problem(ptr, message), False))
        else:
            problems.append((library.entry(kind, doc_id).problem(ptr, message), True))
    return problems


def library_problems(library: Library, catalogue: Catalogue) -> list[Problem]:
    """What each system's rules find in the documents they name (``sog_check_library``),
    every rule of the system registered, each problem once."""
    from sog.pluginmanager import create_system_plugin_manager

    found: dict[Problem, None] = {}
    for system in catalogue.systems.values():
        pm = create_system_plugin_manager(system, catalogue.rules_of(system.name).values())
        for impl in pm.hook.sog_check_library.get_hookimpls():
            try:
                args = {"library": library, "hook": pm.hook}
                issues = list(impl.function(**{name: args[name] for name in impl.argnames}) or [])
            except Exception as exc:  # a rule's check must not crash validation
                found[Problem("", None, None, "", f"the {impl.plugin_name} rule's library check failed: "
                                                  f"{type(exc).__name__}: {exc}")] = None
                continue
            for document, ptr, message in issues:
                found[library.entry(document.kind, document.id).problem(ptr, message)] = None
    return list(found)


def playable_problems(library: Library, catalogue: Catalogue) -> list[Problem]:
    """Every playability problem of every scenario in `library` (module docstring), after
    the problems the rules find in the documents they name (:func:`library_problems`).

    A problem found in a shared document (a deck) says which scenarios and rules levels
    need it, once for all of them.
    """
    from sog.pluginmanager import content_kinds

    kinds = content_kinds(catalogue)
    found: dict[Problem, list[str]] = {problem: [] for problem in library_problems(library, catalogue)}
    for scenario in library.all("scenario"):
        assert isinstance(scenario, Scenario)
        if not _complete(library, scenario, kinds):
            continue
        for problem, shared in scenario_problems(library, scenario, catalogue):
            users = found.setdefault(problem, [])
            if shared:
                users.append(f"{scenario.id!r} at {scenario.rules} rules")
    out = []
    for problem, users in found.items():
        if users:
            label = "scenario" if len(users) == 1 else "scenarios"
            problem = Problem(problem.file, problem.line, problem.col, problem.pointer,
                              f"{problem.message} (for {label} {', '.join(dict.fromkeys(users))})")
        out.append(problem)
    return out
