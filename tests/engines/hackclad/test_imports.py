"""HackClad's modules import one another without a cycle, deferred (function-level) imports included.

Imports made for the type checker only (under ``if TYPE_CHECKING:``) are not counted: they never run.
"""

from __future__ import annotations

import grimp

PACKAGE = "engines.hackclad"


def test_no_import_cycle_inside_the_package() -> None:
    graph = grimp.build_graph("engines", exclude_type_checking_imports=True)
    ours = [m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]
    cycles = [
        f"{a} -> {b}"
        for a in ours
        for b in graph.find_modules_directly_imported_by(a)
        if b.startswith(PACKAGE) and graph.chain_exists(importer=b, imported=a)
    ]
    assert cycles == []
