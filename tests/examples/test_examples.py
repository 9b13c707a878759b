"""The examples work as their READMEs say: the API script, and the house-rule distribution
installed into the running environment and found through the ``sog`` entry-point group.

Every run is a subprocess, so the entry points are read afresh and nothing leaks into this
process. The install test builds offline (no index, no build isolation) from a copy of the
distribution, and uninstalls it afterwards whatever happens.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DISTRIBUTION = "sog-heavy-seas"
RULE = "heavy-seas"
AUTOLOAD_ENV = "SOG_DISABLE_PLUGIN_AUTOLOAD"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (AUTOLOAD_ENV, "PYTHONPATH")}
    env.update(extra)
    return env


def _run(args: list[str], cwd: Path, timeout: float = 300, **env: str) -> subprocess.CompletedProcess[str]:
    """Run a command; ``cwd`` is a scratch folder so no example module is importable from it."""
    return subprocess.run(args, cwd=cwd, env=_env(**env), capture_output=True, text=True, timeout=timeout)


def _sog(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, "-m", "sog.cli.main", *args], cwd, **env)


def _rules(cwd: Path, **env: str) -> dict[str, dict]:
    result = _sog("rules", "--json", cwd=cwd, **env)
    assert result.returncode == 0, result.stderr
    return {row["name"]: row for row in json.loads(result.stdout)["rules"]}


def _installed(name: str) -> bool:
    try:
        importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _offline_build_problem() -> str | None:
    """Why the distribution cannot be built here without an index, or None if it can."""
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed in this environment (needed to build offline)"
    import setuptools

    # setuptools >= 70.1 builds wheels itself; older ones need the separate wheel package
    if importlib.util.find_spec("setuptools.command.bdist_wheel") is None and importlib.util.find_spec("wheel") is None:
        return f"setuptools {setuptools.__version__} needs the 'wheel' package to build offline, and it is not installed"
    return None


# --------------------------------------------------------------------------- the API script


def test_play_api_script_plays_and_draws(tmp_path):
    out = tmp_path / "out"
    result = _run([sys.executable, str(EXAMPLES / "play_api.py"), str(out)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert any(line.startswith("result: ") and " after " in line for line in result.stdout.splitlines()), result.stdout
    svg = (out / "table.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert (out / "game.jsonl").read_text(encoding="utf-8").count("\n") > 2


# --------------------------------------------------------------------------- the house rule


def _check_long_range_attacks(log: Path) -> None:
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    attacks = [e["data"] for e in events if e["kind"] == "attack"]
    long_range = [a for a in attacks if a["kind"] == "artillery" and a["band"] == "long"]
    assert long_range, "the game had no long-range attack to check; choose another seed"
    for attack in attacks:
        if attack in long_range:
            assert attack["modifiers"] == [RULE], attack
            assert len(attack["counters"]) <= max(attack["firepower"] - 1, 0), attack
        else:
            assert RULE not in attack["modifiers"], attack


def _check_rule_and_game(workdir: Path, **env: str) -> None:
    """``sog rules`` lists the rule from its entry point, a game with it runs and logs it,
    and the autoload switch hides it. ``env`` goes to every subprocess."""
    rules = _rules(workdir, **env)
    assert RULE in rules, sorted(rules)
    row = rules[RULE]
    assert row["origin"] == f"entry-point:{RULE}"
    assert row["kind"] == "option" and row["levels"] == ["basic", "standard", "advanced"]
    assert row["settings_schema"]["properties"]["penalty"]["maximum"] == 3

    log = workdir / "game.jsonl"
    result = _sog("play", "enemy-in-sight", "--option", RULE, "--seed", "3", "--quiet", "--log", str(log), "--max-turns", "200",
                  cwd=workdir, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("result: "), result.stdout
    _check_long_range_attacks(log)

    hidden = {**env, AUTOLOAD_ENV: "1"}
    assert RULE not in _rules(workdir, **hidden)
    off = _sog("play", "enemy-in-sight", "--option", RULE, "--quiet", cwd=workdir, **hidden)
    assert off.returncode == 1 and f"unknown option {RULE!r}" in off.stderr, off.stderr


def test_house_rule_distribution_installs_and_plays(tmp_path):
    """pip-installs examples/house-rule-heavy-seas offline into a folder of its own put on the
    runs' PYTHONPATH (never into the tests' environment: other tests run beside this one), plays."""
    problem = _offline_build_problem()
    if problem:
        pytest.skip(problem)
    if _installed(DISTRIBUTION):
        pytest.skip(f"{DISTRIBUTION} is already installed here; the checks could not tell it from the installed copy")
    # build from a copy: setuptools writes build/ and *.egg-info next to the sources
    source = tmp_path / "src"
    shutil.copytree(EXAMPLES / "house-rule-heavy-seas", source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    site = tmp_path / "site"
    install = _run([*pip, "install", "--no-deps", "--no-build-isolation", "--no-index", "--target", str(site), str(source)], tmp_path)
    assert install.returncode == 0, install.stdout + install.stderr
    _check_rule_and_game(tmp_path, PYTHONPATH=str(site))
    assert not _installed(DISTRIBUTION)


def test_house_rule_found_through_entry_point_without_pip(tmp_path):
    """The same checks with hand-made installed metadata on PYTHONPATH: runs even where pip cannot build."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(EXAMPLES / "house-rule-heavy-seas" / "sog_heavy_seas.py", site)
    info = site / "sog_heavy_seas-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[sog]\n{RULE} = sog_heavy_seas\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    _check_rule_and_game(work, PYTHONPATH=str(site))
