"""``tablekeeper learn GAME``: a tutorial played in the terminal from piped input."""

from __future__ import annotations

import io
import sys

import pytest

from bot import cli
from engines import registry
from engines.core.lesson import dry_run, explained
from engines.core.tutorial import has_tutorial, load
from tests.engines.core.tinygame import RULESET


def _learn(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(["learn", *args])
    return status, out.getvalue()


def _moves(out: str) -> list[str]:
    """The text of each of the person's moves: from its heading to the next one."""
    return out.split("\n--- your move ")[1:]


def test_clash_of_decks_is_learnt_to_the_end_with_each_explanation_above_its_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ruleset = registry.get("clashofdecks")
    tutorial = load(ruleset)
    rehearsal = dry_run(ruleset, tutorial)
    status, out = _learn(monkeypatch, rehearsal.learner_keys(), "clashofdecks")
    assert status == 0
    assert out.startswith("Your first Clash of Decks game\n")
    assert "Game over:" in out and "Player 2 (tutor)" in out and "Leaving" not in out
    moves = _moves(out)
    assert len(moves) == len(rehearsal.learner_keys())
    for item in tutorial.explains:
        text = explained(item, ruleset, "en")
        assert out.count(text) == 1, item.key
        move = moves[rehearsal.shown[item.key]]
        # above the choice: after the table, before the numbered choices
        assert f"\n>> {text}\n" in move and move.index(text) < move.index("\n    1. ")
    assert "  ~ Also possible: " in out  # a note on a move the strongest bot would not make
    assert "Traceback" not in out and "{P" not in out


def test_climax_speaks_japanese_and_a_learner_who_stops_is_told_how_to_begin_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ruleset = registry.get("climax")
    tutorial = load(ruleset)
    keys = dry_run(ruleset, tutorial).learner_keys()
    status, out = _learn(monkeypatch, [*keys[:3], "q"], "climax", "--lang", "ja")
    assert status == 0
    assert out.startswith("はじめてのクライマックス\n")
    moves = _moves(out)
    assert len(moves) == 4
    first, second, third = (
        next(e for e in tutorial.explains if e.key == k) for k in ("mulligan", "clock", "main")
    )
    assert f">> {first.text['ja']} （ルール：準備）" in moves[0]
    assert f">> {second.text['ja']} （ルール：ターンの流れ）" in moves[1]
    assert f">> {third.text['ja']} （ルール：カードのプレイ）" in moves[2]
    assert first.text["en"] not in out
    assert "Begin it again with: tablekeeper learn climax --lang ja" in out


def test_a_game_without_a_tutorial_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with registry.registered("tiny", RULESET):
        assert not has_tutorial(RULESET)
        assert cli.main(["learn", "tiny"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tablekeeper: {RULESET.title} has no tutorial yet; `tablekeeper rules tiny` explains it."]


def test_an_unknown_game_or_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["learn", "chess"]) == 2
    assert "There is no game 'chess'" in capsys.readouterr().err
    assert cli.main(["learn", "clashofdecks", "--lang", "ja"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tablekeeper: Clash of Decks is written in en, not 'ja'."]
