"""Reading is bounded: YAML attacks and oversized files are one located problem each, in
bounded time and memory (measured here: each case well under a second or two)."""

from __future__ import annotations

import time
import tracemalloc
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from packs_support import copy_pack, problems, write
from sog.packs import yamlguard
from sog.packs.yamlguard import MAX_DEPTH, MAX_DOCUMENTS, MAX_FILE_BYTES, MAX_NUMBER, MAX_SCALAR
from sog.packs.yamlpos import load_documents

SECONDS = 2.0
MEGABYTES = 64


@contextmanager
def bounded(seconds: float = SECONDS, megabytes: int | None = None) -> Iterator[None]:
    """Fail if the block takes longer than given or (when `megabytes` is given, measured
    with tracemalloc, which slows the block down) allocates more at its peak."""
    if megabytes is not None:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if megabytes is not None else 0
        tracemalloc.stop()
    if megabytes is None:
        assert elapsed < seconds, f"took {elapsed:.2f} s"
    else:
        assert peak < megabytes * 2**20, f"peak memory {peak / 2**20:.0f} MB"


def bad_file_problems(tmp_path: Path, text: str | bytes, megabytes: int | None = None
                      ) -> list[tuple[int | None, int | None, str, str]]:
    """Load the mini pack plus `bad.yaml`; the (line, col, pointer, message) of its problems."""
    pack = copy_pack(tmp_path)
    bad = pack / "bad.yaml"
    if isinstance(text, bytes):
        bad.write_bytes(text)
    else:
        write(bad, text)
    with bounded(megabytes=megabytes):
        found = problems(pack)
    return [(p.line, p.col, p.pointer, p.message) for p in found if Path(p.file) == bad]


@pytest.mark.parametrize("text,line,col,message", [
    ("%YAML 1.2\n---\nkind: ship\n", 1, 1, "YAML directives (%YAML, %TAG) are not allowed in content"),
    ("# tags\n%TAG ! tag:example.com,2000:\n---\nkind: !ship x\n", 2, 1,
     "YAML directives (%YAML, %TAG) are not allowed in content"),
    ("kind: ship\nid: !!python/object:os.system x\n", 2, 5,
     "tags (!!python/object:os.system) are not allowed in content: write plain values"),
    ("kind: !foo ship\n", 1, 7, "tags (!foo) are not allowed in content: write plain values"),
    ("kind: ship\nid: !!str x\n", 2, 5, "tags (!!str) are not allowed in content: write plain values"),
    ("kind: ship\nid: &name x\nname: *name\n", 2, 5, "anchors (&name) are not allowed in content"),
    ("- *nothing\n", 1, 3, "aliases (*nothing) are not allowed in content: write the value out"),
    ("kind: ship\n<<: {id: x}\n", None, None, None),  # a merge key without alias is just a key
])
def test_directives_tags_anchors_and_aliases_are_refused_where_written(tmp_path, text, line, col, message):
    found = bad_file_problems(tmp_path, text)
    if message is None:
        assert all("not allowed in content" not in m for *_, m in found)
    else:
        assert found == [(line, col, "/", message)]


def test_a_billion_laughs_is_refused_at_its_first_anchor(tmp_path):
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(9)]
    found = bad_file_problems(tmp_path, "\n".join(lines) + "\n", megabytes=MEGABYTES)
    assert found == [(1, 4, "/", "anchors (&a) are not allowed in content")]


def test_a_file_of_hundreds_of_thousands_of_documents_is_refused_by_its_size(tmp_path):
    found = bad_file_problems(tmp_path, "---\n" * 300_000, megabytes=MEGABYTES)
    assert found == [(1, 1, "/", f"cannot read the file: the file is longer than {MAX_FILE_BYTES} bytes, "
                                 "the most a content file may be")]


def test_a_file_of_tens_of_thousands_of_documents_is_refused_at_the_first_too_many(tmp_path):
    text = "---\n" * (MAX_FILE_BYTES // 4)  # just fits the size limit: 65 536 empty documents
    found = bad_file_problems(tmp_path, text, megabytes=MEGABYTES)
    assert found == [(MAX_DOCUMENTS + 1, 1, "/", f"more than {MAX_DOCUMENTS} documents in one file")]


def test_a_file_of_too_many_values_is_refused_at_the_first_too_many(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlguard, "MAX_NODES", 1000)  # the real limit takes a second to reach
    found = bad_file_problems(tmp_path, "kind: ship\nlist:\n" + "- 0\n" * 2000)
    before = 5  # the document's mapping, `kind`, `ship`, `list` and the sequence
    assert found == [(2 + 1001 - before, 3, "/", "more than 1000 values in one file: split it")]


def test_a_fifty_megabyte_file_is_refused_before_it_is_read(tmp_path):
    pack = copy_pack(tmp_path)
    with open(pack / "huge.yaml", "wb") as stream:
        stream.truncate(50 * 2**20)  # sparse: 50 MB of NUL bytes, written in no time
    with bounded(megabytes=MEGABYTES):
        found = problems(pack)
    assert [(Path(p.file).name, p.line, p.col, p.message) for p in found] == [
        ("huge.yaml", 1, 1, f"cannot read the file: the file is longer than {MAX_FILE_BYTES} bytes, "
         "the most a content file may be")]


def test_a_huge_string_is_refused_where_it_starts(tmp_path):
    found = bad_file_problems(tmp_path, "kind: ship\nname: " + "x" * (MAX_FILE_BYTES - 100) + "\n")
    assert found == [(2, 7, "/", f"a value of {MAX_FILE_BYTES - 100} characters, more than the maximum of {MAX_SCALAR}")]


def test_an_integer_of_a_hundred_thousand_digits_is_refused(tmp_path):
    found = bad_file_problems(tmp_path, "kind: ship\nburden: " + "9" * 100_000 + "\n")
    assert found == [(2, 9, "/", f"a value of 100000 characters, more than the maximum of {MAX_SCALAR}")]


def test_an_integer_too_long_for_python_is_refused_not_a_traceback(tmp_path):
    found = bad_file_problems(tmp_path, "kind: ship\nburden: " + "9" * 5000 + "\n")
    assert found == [(2, 9, "/", f"a number of 5000 characters, more than the maximum of {MAX_NUMBER}")]


def test_a_long_quoted_digit_string_is_text_not_a_number():
    docs, _, error = load_documents(f"a: '{'1' * 200}'\n")
    assert error is None and docs[0].data == {"a": "1" * 200}


@pytest.mark.parametrize("text,line,col", [
    ("[" * 10_000, 1, MAX_DEPTH + 1),
    ("a: [{b: [" * 2_000, 1, 9 * 10 + 8 + 1),  # the 33rd bracket: 3rd of the 11th "a: [{b: ["
    ("{a: " * 10_000, 1, 4 * MAX_DEPTH + 1),
    ("".join(" " * i + "-\n" for i in range(0, 400, 2)), MAX_DEPTH + 1, 2 * MAX_DEPTH + 1),
])
def test_deep_nesting_is_refused_at_the_first_level_too_deep(tmp_path, text, line, col):
    found = bad_file_problems(tmp_path, text)
    assert found == [(line, col, "/", f"mappings and sequences nest more than {MAX_DEPTH} deep")]


def test_nesting_up_to_the_limit_is_read():
    docs, _, error = load_documents("[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert error is None and len(docs) == 1


def test_text_that_is_not_utf8_is_a_problem(tmp_path):
    found = bad_file_problems(tmp_path, b"kind: ship\nname: \xff\xfe\n")
    assert len(found) == 1 and found[0][:2] == (1, 1) and found[0][3].startswith("cannot read the file: 'utf-8'")


def test_the_limits_leave_room_for_real_content():
    deck = Path(__file__).parents[2] / "content" / "starter-set" / "decks" / "deck-a.yaml"
    assert deck.stat().st_size * 20 < MAX_FILE_BYTES
    docs, issues, error = load_documents(deck.read_text(encoding="utf-8"))
    assert (len(docs), issues, error) == (1, [], None)
