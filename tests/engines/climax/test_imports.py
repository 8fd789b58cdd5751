"""No import cycles inside engines/climax, deferred (function-level) imports included."""

from __future__ import annotations

import grimp


def test_no_import_cycles_in_the_climax_package() -> None:
    graph = grimp.build_graph("engines", include_external_packages=False)
    modules = sorted(m for m in graph.modules if m.startswith("engines.climax"))
    for module in modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("engines.climax") and imported != module:
                chain = graph.find_shortest_chain(importer=imported, imported=module)
                assert chain is None, f"cycle: {module} -> {' -> '.join(chain or ())}"
