"""Odd entries in a pack folder (link loops, folders named *.yaml, pipes, unreadable files
and folders) are each a clear problem naming the path: no traceback, no hang."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from packs_support import copy_pack, load, problems, write
from sog.packs import reader, walk
from sog.packs.loader import given_sources

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def messages(found, pack: Path) -> list[tuple[str, str]]:
    """(path relative to the pack, message) of each problem, in order."""
    return [(Path(p.file).relative_to(pack).as_posix(), p.message) for p in found]


def test_a_link_back_to_the_pack_is_read_once_and_reported(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "extra").mkdir()
    (pack / "extra" / "again").symlink_to(pack, target_is_directory=True)
    start = time.perf_counter()
    found = problems(pack)
    assert time.perf_counter() - start < 2
    assert messages(found, pack) == [("extra/again", f"a symbolic link leads back to {pack}, already read: "
                                                     "remove the link")]


def test_links_that_loop_or_lead_nowhere_are_reported(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "loop.yaml").symlink_to(pack / "loop.yaml")
    (pack / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (pack / "circle").symlink_to(pack / "circle", target_is_directory=True)
    (pack / "notes.txt").symlink_to(tmp_path / "nowhere.txt")  # not YAML: none of our business
    assert messages(problems(pack), pack) == [
        ("circle", "cannot be read: a symbolic link that loops"),
        ("gone.yaml", "cannot be read: a broken symbolic link"),
        ("loop.yaml", "cannot be read: a symbolic link that loops"),
    ]


def test_a_link_to_a_folder_elsewhere_is_followed(tmp_path):
    shared = copy_pack(tmp_path, name="shared")
    (shared / "pack.yaml").unlink()
    pack = tmp_path / "pack"
    write(pack / "pack.yaml", "name: linked\nversion: 1.0.0\ndescription: Links to the mini documents.\n")
    (pack / "docs").symlink_to(shared, target_is_directory=True)
    assert load(pack).scenario("duel").name == "Duel"


def test_a_folder_named_like_a_yaml_file_is_reported_and_its_files_still_read(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "ships.yaml").rename(tmp_path / "ships.yaml")
    (pack / "ships.yaml").mkdir()
    (tmp_path / "ships.yaml").rename(pack / "ships.yaml" / "cutter.yaml")
    assert messages(problems(pack), pack) == [
        ("ships.yaml", "a folder named like a YAML file: rename it (the .yaml files inside are read as usual)")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_named_yaml_is_reported_not_read(tmp_path):
    pack = copy_pack(tmp_path)
    os.mkfifo(pack / "pipe.yaml")  # reading it would wait forever
    assert messages(problems(pack), pack) == [("pipe.yaml", "not a regular file (a pipe, a device, ...): not read")]


def test_an_unreadable_file_is_a_problem(tmp_path, monkeypatch):
    pack = copy_pack(tmp_path)
    real = reader.read_limited

    def refuse(path):
        if Path(path).name == "deck.yaml":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(reader, "read_limited", refuse)
    found = [p for p in problems(pack) if p.file.endswith("deck.yaml")]
    assert [(p.line, p.col, p.message) for p in found] == [
        (1, 1, f"cannot read the file: [Errno 13] Permission denied: '{pack / 'deck.yaml'}'")]


def test_an_unreadable_folder_is_a_problem(tmp_path, monkeypatch):
    pack = copy_pack(tmp_path)
    write(pack / "locked" / "more.yaml", "kind: ship\n")
    real = walk.os.scandir

    def refuse(path):
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(walk.os, "scandir", refuse)
    assert messages(problems(pack), pack) == [("locked", "cannot read the folder: Permission denied")]


@pytest.mark.skipif(ROOT, reason="root reads every file whatever its mode")
def test_a_file_without_read_permission_is_a_problem(tmp_path):
    pack = copy_pack(tmp_path)
    (pack / "deck.yaml").chmod(0)
    try:
        found = [p for p in problems(pack) if p.file.endswith("deck.yaml")]
    finally:
        (pack / "deck.yaml").chmod(0o644)
    assert len(found) == 1 and "Permission denied" in found[0].message


def test_folders_nested_too_deep_are_not_read(tmp_path):
    pack = copy_pack(tmp_path)
    deep = pack.joinpath(*["d"] * (walk.MAX_FOLDER_DEPTH + 1))
    write(deep / "x.yaml", "kind: ship\n")
    rel = "/".join(["d"] * (walk.MAX_FOLDER_DEPTH + 1))
    assert messages(problems(pack), pack) == [
        (rel, f"folders nest more than {walk.MAX_FOLDER_DEPTH} deep in this pack: not read")]


def test_a_manifest_that_is_a_folder_is_a_problem(tmp_path):
    pack = tmp_path / "pack"
    (pack / "pack.yaml").mkdir(parents=True)
    sources, found = given_sources([pack])
    assert sources == []
    assert [(p.file, p.message) for p in found] == [
        (str(pack / "pack.yaml"), "not a regular file (a folder, a broken or looping link, ...): "
                                  "the manifest must be a YAML file")]


def test_hidden_entries_are_skipped(tmp_path):
    pack = copy_pack(tmp_path)
    write(pack / ".git" / "junk.yaml", "kind: [")
    write(pack / ".swap.yaml", "kind: [")
    write(pack / "__pycache__" / "x.yaml", "kind: [")
    assert load(pack).scenario("duel")
