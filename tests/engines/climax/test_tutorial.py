"""Climax's tutorial: its rules come up in the book's order, and it speaks Japanese in Japanese."""

from __future__ import annotations

from engines import registry
from engines.core.lesson import dry_run, lesson
from engines.core.tutorial import LEARNER, load

CLIMAX = registry.get("climax")


def test_the_clock_level_up_triggers_cancel_and_encore_are_taught_in_that_order() -> None:
    shown = dry_run(CLIMAX, load(CLIMAX)).shown
    assert shown["clock"] < shown["trigger"] < shown["cancel"] < shown["level"] < shown["encore"]


def test_a_japanese_learner_reads_japanese_with_the_japanese_section_name() -> None:
    tutorial = load(CLIMAX)
    config = tutorial.config(CLIMAX, "ja")
    assert config.options["lang"] == "ja"
    rehearsal = dry_run(CLIMAX, tutorial)
    first = lesson(CLIMAX, tutorial, config, tutorial.header.seed, (), "ja", with_note=False)
    mulligan = next(e for e in tutorial.explains if e.key == "mulligan")
    assert first.explains == (f"{mulligan.text['ja']} （ルール：準備）",)
    at = [n for n, (_, seat, _) in enumerate(rehearsal.log) if seat == LEARNER][rehearsal.shown["encore"]]
    encore = lesson(CLIMAX, tutorial, config, tutorial.header.seed, rehearsal.log[:at], "ja", with_note=False)
    assert any(text.endswith("（ルール：大活躍）") and "ストック3枚" in text for text in encore.explains)
    assert tutorial.title("ja") == "はじめてのクライマックス"
