"""``hint`` at the terminal's prompt: the hard bot's suggestion, then the same choice asked again."""

from __future__ import annotations

import io
import re
import sys

import pytest

from bot import cli


def _run(monkeypatch: pytest.MonkeyPatch, lines: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(list(args))
    return status, out.getvalue()


def _choices(text: str) -> list[str]:
    """The choice labels listed in ``text`` ("  3. Label  (key)")."""
    return re.findall(r"^\s+\d+\. (.+?)  \(", text, flags=re.MULTILINE)


def test_hint_names_one_of_the_choices_and_the_same_choice_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = _run(monkeypatch, "hint\nq\n", "play", "clashofdecks", "--mode", "duel", "--seed", "3")
    assert status == 0 and "Traceback" not in out
    [line] = [x for x in out.splitlines() if "Hint: " in x]
    label, _, reason = line.split("Hint: ", 1)[1].partition(" — ")
    assert reason
    before, after = out.split(line)
    assert label in _choices(before)  # one of the choices offered
    again = _choices(after)
    assert again and again == _choices(before)[-len(again) :]  # then the same ones again
    assert "Leaving the game after 0 of your moves" in after


def test_hint_in_a_tutorial_at_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _run(monkeypatch, "hint\nq\n", "learn", "clashofdecks")
    assert status == 0
    [line] = [x for x in out.splitlines() if "Hint: " in x]
    label = line.split("Hint: ", 1)[1].partition(" — ")[0]
    assert label in _choices(out.split(line)[0])
