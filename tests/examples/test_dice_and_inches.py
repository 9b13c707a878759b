"""The dice-and-inches game system, a separate distribution, works as its README says.

* pip installs it offline from its folder into a folder of its own (``--target``), put on the
  ``PYTHONPATH`` of the runs, so the tests' environment never holds it (other tests run beside
  this one, in parallel, and must not see its rules); ``sog rules`` lists its
  rules under its own system; ``sog play dice-duel`` and ``sog play dice-squadron`` play
  whole bot games to a result; ``--log``/``sog replay``, ``--save``/``sog resume``, ``--svg``
  and ``sog validate`` work for it; without it on the path, sog's own game is as before and the
  dice scenarios are gone.
* Its own test suite passes (run as its README says, from its folder).

Every run is a subprocess, so entry points are read afresh and nothing leaks into this process.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_examples import EXAMPLES, _installed, _offline_build_problem, _rules, _run, _sog

DISTRIBUTION = "sog-dice-and-inches"
FOLDER = EXAMPLES / "dice-and-inches"
SYSTEM = "dice-and-inches"


def _result(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    assert last.startswith("result: "), run.stdout[-2000:]
    return last


def _check_installed_system(work: Path, **env: str) -> None:
    listing = _sog("rules", "--json", cwd=work, **env)
    assert listing.returncode == 0, listing.stderr
    data = json.loads(listing.stdout)
    systems = {s["name"]: s for s in data["systems"]}
    assert systems[SYSTEM]["levels"] == ["classic"] and "sails-of-glory" in systems
    dice_rules = {r["name"] for r in data["rules"] if r["system"] == SYSTEM}
    assert {"dice-movement", "dice-fire", "dice-boarding", "dice-damage", "dice-victory"} <= dice_rules
    assert all(r["origin"] == f"entry-point:{SYSTEM}" for r in data["rules"] if r["system"] == SYSTEM)
    table = _sog("rules", cwd=work, **env)
    assert "Dice" in table.stdout and "(dice-and-inches)" in table.stdout

    for scenario, seed in (("dice-duel", "3"), ("dice-squadron", "4")):
        log, svg = work / f"{scenario}.jsonl", work / f"{scenario}-svg"
        _result(_sog("play", scenario, "--seed", seed, "--quiet", "--log", str(log), "--svg", str(svg), cwd=work, **env))
        replayed = _sog("replay", str(log), cwd=work, **env)
        assert replayed.returncode == 0 and "replayed identically" in replayed.stdout, replayed.stdout + replayed.stderr
        pictures = sorted(svg.glob("*.svg"))
        assert pictures and pictures[-1].name.endswith("-final.svg")
        assert "<svg" in pictures[-1].read_text(encoding="utf-8")

    save = work / "duel.json"
    stopped = _sog("play", "dice-duel", "--seed", "1", "--quiet", "--max-turns", "1", "--save", str(save), cwd=work, **env)
    assert stopped.returncode == 0, stopped.stderr
    _result(_sog("resume", str(save), "--quiet", cwd=work, **env))

    mixed = _sog("play", "dice-duel", "--option", "grog", "--quiet", cwd=work, **env)
    assert mixed.returncode == 1 and "'grog' is a rule of sails-of-glory, not of dice-and-inches" in mixed.stderr, mixed.stderr
    wrong_level = _sog("play", "dice-duel", "--rules", "advanced", "--quiet", cwd=work, **env)
    assert wrong_level.returncode == 1 and "choose one of classic" in wrong_level.stderr, wrong_level.stderr
    off = {"SOG_DISABLE_PLUGIN_AUTOLOAD": "1"}  # its rules off: its pack (which needs their kinds) too
    plain = _sog("play", "enemy-in-sight", "--quiet", "--max-turns", "1", cwd=work, **env, **off)
    assert plain.returncode == 0, plain.stderr
    hidden = _sog("play", "dice-duel", "--quiet", cwd=work, **env, **off)
    assert hidden.returncode == 1 and "no scenario with id 'dice-duel'" in hidden.stderr, hidden.stderr
    pack = work / "src" / "dice_and_inches" / "content"
    valid = _sog("validate", str(pack), cwd=work, **env)
    assert valid.returncode == 0, valid.stdout + valid.stderr


def test_the_distribution_installs_offline_plays_and_leaves_sog_untouched_when_removed(tmp_path):
    problem = _offline_build_problem()
    if problem:
        pytest.skip(problem)
    if _installed(DISTRIBUTION):
        pytest.skip(f"{DISTRIBUTION} is already installed here; the test would not leave the environment as found")
    before = _result(_sog("play", "enemy-in-sight", "--quiet", cwd=tmp_path))
    source = tmp_path / "src"
    shutil.copytree(FOLDER, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "tests"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    site = tmp_path / "site"
    install = _run([*pip, "install", "--no-deps", "--no-build-isolation", "--no-index", "--target", str(site), str(source)], tmp_path)
    assert install.returncode == 0, install.stdout + install.stderr
    _check_installed_system(tmp_path, PYTHONPATH=str(site))
    assert _result(_sog("play", "enemy-in-sight", "--quiet", cwd=tmp_path, PYTHONPATH=str(site))) == before  # Sails of Glory as before
    assert not _installed(DISTRIBUTION)
    assert _result(_sog("play", "enemy-in-sight", "--quiet", cwd=tmp_path)) == before
    gone = _sog("play", "dice-duel", "--quiet", cwd=tmp_path)
    assert gone.returncode == 1 and "dice-duel" in gone.stderr and "Traceback" not in gone.stderr
    assert SYSTEM not in {r.get("system") for r in _rules(tmp_path).values()}


def test_the_distributions_own_tests_pass():
    """Its README's test command, from its folder (it imports the package from the checkout)."""
    run = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], FOLDER, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "[100%]" in run.stdout  # it ran its tests (quiet: no summary line)
