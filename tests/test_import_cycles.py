"""No import cycles in ``engines``, ``render`` or ``bot``: every module can be read, and loaded, alone.

Function-level imports count (a deferred import hides a cycle, it does not remove it), and so do
imports for type checking only: a module that names another's type depends on it as surely as one
that calls it, and the type checker then reads them as one tangle.
"""

from __future__ import annotations

from pathlib import Path

import grimp
from pytest import MonkeyPatch


def cycles(package: str) -> list[list[str]]:
    """The strongly connected groups of more than one module among ``package``'s imports."""
    # no cache: a cached graph was seen to keep an import that a later edit had removed
    return cycles_in(grimp.build_graph(package, exclude_type_checking_imports=False, cache_dir=None))


def cycles_in(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module in ``graph``."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Tarjan's algorithm, iterative so deep packages cannot exhaust Python's recursion limit.
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for module in modules:
        if module not in index:
            visit(module)
    return found


def test_the_cycle_finder_finds_a_three_module_cycle_and_nothing_once_it_is_broken() -> None:
    graph = grimp.ImportGraph()
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.z")
    graph.add_import(importer="a.z", imported="a.x")
    graph.add_import(importer="a.z", imported="a.w")
    assert cycles_in(graph) == [["a.x", "a.y", "a.z"]]
    graph.remove_import(importer="a.z", imported="a.x")
    assert cycles_in(graph) == []


def test_engines_have_no_import_cycles() -> None:
    assert cycles("engines") == []


def test_the_renderers_have_no_import_cycles() -> None:
    assert cycles("render") == []


def test_the_application_has_no_import_cycles() -> None:
    # the Discord adapter's items and views reach the controllers through bot.discord.clicks
    assert cycles("bot") == []


def test_an_import_for_type_checking_only_counts_towards_a_cycle(
    tmp_path: Path, monkeypatch: MonkeyPatch
) -> None:
    package = tmp_path / "looped"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from looped import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from looped import a\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles("looped") == [["looped.a", "looped.b"]]


def test_an_import_inside_a_function_counts_towards_a_cycle(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    # A deferred import only hides a cycle from the interpreter: the finder must still see it.
    package = tmp_path / "deferred"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from deferred import b\n")
    (package / "b.py").write_text("def later() -> None:\n    from deferred import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles("deferred") == [["deferred.a", "deferred.b"]]
