"""YAML reading: plain data, a position for every JSON pointer, syntax errors located."""

from __future__ import annotations

from sog.packs.yamlpos import display, load_documents, parse_pointer, pointer

TEXT = """\
# comment
kind: ship
id: a/b~c
track:
  - {forward: 1, full: 2}
  - forward: 3
    full: [4, 5]
---
---
second: true
"""


def test_documents_become_plain_data_with_positions():
    docs, issues, error = load_documents(TEXT)
    assert (issues, error) == ([], None)
    assert [d.index for d in docs] == [0, 2]  # the empty middle document is skipped
    first = docs[0]
    assert first.data == {
        "kind": "ship", "id": "a/b~c",
        "track": [{"forward": 1, "full": 2}, {"forward": 3, "full": [4, 5]}],
    }
    assert type(first.data["track"][0]["forward"]) is int and type(first.data) is dict
    assert first.positions[""] == (1, 0)
    assert first.positions["/track/0/full"] == (4, 17)
    assert first.positions["/track/1"] == (5, 4)
    assert first.positions["/track/1/full/1"] == (6, 14)
    assert docs[1].positions["/second"] == (9, 0)
    assert docs[1].data == {"second": True}


def test_position_falls_back_to_the_nearest_ancestor():
    doc = load_documents(TEXT)[0][0]
    assert doc.position("/track/1/full/7") == (6, 4)
    assert doc.position("/nothing/here") == (1, 0)


def test_pointers_escape_and_round_trip():
    assert pointer(["a/b", "c~d", 0]) == "/a~1b/c~0d/0"
    assert parse_pointer("/a~1b/c~0d/0") == ["a/b", "c~d", "0"]
    assert (display(""), display("/x")) == ("/", "/x")


def test_syntax_error_keeps_earlier_documents_and_is_located():
    docs, _, error = load_documents("a: 1\n---\nb: [1, 2\nc: 3\n")
    assert [d.data for d in docs] == [{"a": 1}]
    assert error is not None and (error.line, error.col) == (3, 1)


def test_unclosed_construct_at_end_points_where_it_opened():
    _, _, error = load_documents('a: 1\nb: "never closed\n')
    assert error is not None and (error.line, error.col) == (1, 3)


def test_duplicate_keys_are_a_syntax_error_at_the_second_key():
    _, _, error = load_documents("a: 1\nb: 2\na: 3\n")
    assert error is not None and error.line == 2 and "duplicate key" in error.message


def test_dates_become_text_and_infinities_are_flagged():
    docs, issues, _ = load_documents("when: 2020-01-02\nx: .nan\n")
    assert docs[0].data["when"] == "2020-01-02"
    assert issues == [(0, "/x", "numbers must be finite (no .inf or .nan)")]


def test_a_text_is_parsed_once_and_every_caller_gets_its_own_data(monkeypatch):
    import sog.packs.yamlpos as yamlpos

    calls = []
    real = yamlpos._parse_text
    monkeypatch.setattr(yamlpos, "_parse_text", lambda text: calls.append(text) or real(text))
    yamlpos._parsed.cache_clear()
    text = "kind: ship\nid: cached-once\ntrack: [1, 2]\n"
    (first,), _, _ = yamlpos.load_documents(text)
    first.data["track"].append(3)
    (second,), _, _ = yamlpos.load_documents(text)
    assert calls == [text]
    assert second.data == {"kind": "ship", "id": "cached-once", "track": [1, 2]}
    assert second.positions == first.positions and second.positions is not first.positions
    yamlpos._parsed.cache_clear()
