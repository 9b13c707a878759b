"""The bundled content validates: every built-in pack loads without a problem."""

from __future__ import annotations

import pytest

from sog.packs import builtin_pack_dirs, load_library


@pytest.mark.skipif(not builtin_pack_dirs(), reason="no built-in pack yet")
def test_builtin_packs_load_cleanly():
    library = load_library(entry_points=False)
    assert [p.origin for p in library.packs] == ["builtin"] * len(builtin_pack_dirs())
    for info in library.packs:
        assert sum(len(ids) for ids in info.documents.values()) > 0
