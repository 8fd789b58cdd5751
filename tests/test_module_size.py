"""Issue 28: no module in ``bot``, ``engines`` or ``render`` grows past 450 lines.

A module past that size holds more than one thing a reader looks for; split it by what it holds
(a game's rules one module per book section, as Climax lays them out).
"""

from __future__ import annotations

from pathlib import Path

LIMIT = 450
ROOT = Path(__file__).resolve().parents[1]


def oversized(root: Path = ROOT) -> list[str]:
    """Every Python module under bot/, engines/ and render/ longer than ``LIMIT`` lines, with its length."""
    found = []
    for package in ("bot", "engines", "render"):
        for path in sorted((root / package).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LIMIT:
                found.append(f"{path.relative_to(root)}: {lines} lines")
    return found


def test_no_module_in_bot_engines_or_render_is_over_450_lines() -> None:
    assert oversized() == []


def test_the_size_check_finds_a_module_over_the_limit(tmp_path: Path) -> None:
    (tmp_path / "engines" / "toy").mkdir(parents=True)
    (tmp_path / "engines" / "toy" / "long.py").write_text("x = 1\n" * (LIMIT + 1), encoding="utf-8")
    (tmp_path / "engines" / "toy" / "short.py").write_text("x = 1\n" * LIMIT, encoding="utf-8")
    assert oversized(tmp_path) == [f"engines/toy/long.py: {LIMIT + 1} lines"]
