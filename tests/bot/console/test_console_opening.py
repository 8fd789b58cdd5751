"""The terminal's log opens at the start of the game, not part-way through the first turn (issue 12)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot import cli


def _opening(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> list[str]:
    """The lines ``tablekeeper play`` prints up to the person's first choice, then quits."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", *args, "--images", str(tmp_path)]) == 0
    text = out.getvalue()
    return text[: text.index("--- your move 1 ---")].splitlines()


def test_a_game_the_bots_open_is_told_from_the_deal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Three bots play before seat 1 in a free-for-all: the log used to start at their first summon."""
    lines = _opening(monkeypatch, tmp_path, "clashofdecks", "--mode", "ffa", "--seed", "5")
    start = lines.index("--- the game begins ---")
    assert lines[3:5] == ["", "--- the game begins ---"]  # right after the greeting and the help
    # the dealt table: the first turn and the bot who plays it, every kingdom, the turn's opening
    header = lines[start + 1]
    assert "— Turn 1 · Player " in header and header.endswith(" (normal bot) to play")
    first = header.rsplit(" · ", 1)[1].removesuffix(" to play")
    assert first != "Player 1 (you)"
    assert lines[start + 2].startswith("• Player 1 (you): Bastion HP 8, hand ")
    opening = f"- Turn 1: {first} gains 6 mana."
    assert opening in lines
    narrated = [line for line in lines if line.startswith("  * ")]
    assert narrated[0].startswith(f"  * {first} ")  # the first bot move comes after the deal
    assert lines.index(opening) < lines.index(narrated[0])
    assert any(line.startswith("  * Turn 2: ") for line in narrated)  # then the turns in order


def test_a_game_the_person_opens_shows_the_dealt_table_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "hackclad", "--players", "3", "--seed", "3", "--images", str(tmp_path)]) == 0
    text = out.getvalue()
    assert "--- the game begins ---" not in text  # the first move's table is the deal itself
    assert text.split("--- your move 1 ---\n")[1].startswith("Setup: mission draft\n")
