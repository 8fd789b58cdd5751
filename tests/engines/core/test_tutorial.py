"""The tutorial kit: the file format and its checks, the scripted opponent, conditions, notes."""

from __future__ import annotations

import msgspec
import pytest

from engines import registry
from engines.core import Action, ContentError, Prompt, Rng
from engines.core.content import overridden
from engines.core.driver import bot_for, bot_name
from engines.core.lesson import Tracker, dry_run, holds, lesson, note, walk
from engines.core.tutorial import LEARNER, Explain, ScriptBot, Tutorial, has_tutorial, read
from engines.core.types import private, public

CLIMAX = registry.get("climax")
PATH = "engines/climax/data/tutorial.toml"

HEADER = """
[tutorial]
id = "t"
title = { en = "T", ja = "T" }
mode = "duel"
players = 2
seed = 59
"""


def explain(key: str = "a", condition: str = 'prompt = "main"', section: str = "A turn") -> str:
    """One ``[[explain]]`` entry in both of Climax's languages."""
    return f"""
[[explain]]
key = "{key}"
section = "{section}"
{condition}
text.en = "Some words."
text.ja = "ことば。"
"""


def refused(text: str) -> ContentError:
    """The error reading ``text`` as Climax's tutorial raises."""
    with overridden(PATH, text), pytest.raises(ContentError) as caught:
        read(CLIMAX)
    return caught.value


def test_the_shipped_tutorials_read_and_check() -> None:
    assert has_tutorial(CLIMAX) and has_tutorial(registry.get("clashofdecks"))
    tutorial = read(CLIMAX)
    assert tutorial.header.seed == 59 and len(tutorial.explains) >= 8


def test_a_duplicate_key_is_named() -> None:
    error = refused(HEADER + explain("a") + explain("a"))
    assert (error.entry, error.field) == ("a", "key") and "duplicate" in str(error)
    assert PATH in str(error)


def test_a_missing_language_is_named() -> None:
    text = HEADER + explain("a").replace('text.ja = "ことば。"\n', "")
    error = refused(text)
    assert (error.entry, error.field) == ("a", "text") and "no text in ja" in str(error)


def test_a_language_the_game_lacks_is_refused() -> None:
    error = refused(HEADER.replace('ja = "T"', 'ja = "T", fr = "T"') + explain())
    assert (error.entry, error.field) == ("t", "title") and "fr is not a language" in str(error)


def test_an_unknown_condition_name_is_refused_as_an_unknown_field() -> None:
    error = refused(HEADER + explain(condition='when = "main"'))
    assert (error.entry, error.field) == ("a", "when")


def test_an_explanation_needs_exactly_one_condition() -> None:
    none = refused(HEADER + explain(condition=""))
    two = refused(HEADER + explain(condition='prompt = "main"\nevent = "played"'))
    assert none.field == two.field == "condition"
    assert "not 0" in str(none) and "not 2" in str(two)


def test_a_view_condition_must_name_field_and_value() -> None:
    error = refused(HEADER + explain(condition='view = "phase"'))
    assert (error.entry, error.field) == ("a", "view")


def test_a_section_must_be_one_of_the_rules_summary() -> None:
    error = refused(HEADER + explain(section="Chapter 99"))
    assert (error.entry, error.field) == ("a", "section") and "Chapter 99" in str(error)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (('mode = "duel"', 'mode = "melee"'), "mode"),
        (("players = 2", "players = 3"), "players"),
        (("seed = 59", 'seed = 59\nfallback = "genius"'), "fallback"),
        (("seed = 59", "seed = 59\noptions = { encore_cost = -4 }"), "options"),
    ],
)
def test_the_header_is_checked(change: tuple[str, str], field: str) -> None:
    error = refused(HEADER.replace(*change) + explain())
    assert (error.entry, error.field) == ("t", field)


def test_an_explanation_that_never_shows_is_named_by_the_dry_run() -> None:
    text = HEADER + explain("main") + explain("never", condition='event = "no_such_event"')
    with overridden(PATH, text):
        tutorial = read(CLIMAX)
    with pytest.raises(ContentError) as caught:
        dry_run(CLIMAX, tutorial)
    assert (caught.value.entry, caught.value.field) == ("never", "event")
    assert "never shows in the dry run" in str(caught.value)


def test_the_script_prefers_in_order_and_falls_back_on_its_bot() -> None:
    tutorial = read(CLIMAX)
    bot = ScriptBot(CLIMAX, tutorial)
    attack = Prompt(1, "attack", "Attack?")
    actions = [Action("end", "End"), Action("d.0", "Direct"), Action("f.1", "Battle")]
    assert bot.scripted(attack, actions) == actions[2]  # "f.*" is tried before "d.*"
    assert bot.scripted(attack, actions[:2]) == actions[1]
    assert bot.scripted(Prompt(1, "pick", "Pick"), actions) is None
    # nothing scripted (the opponent's mulligan): the fallback bot chooses, from the same View
    fallback = bot_for(CLIMAX, tutorial.header.fallback)
    assert bot.fallback.name == fallback.name == "greedy"
    state = CLIMAX.setup(tutorial.config(CLIMAX), 59)
    while 1 not in CLIMAX.prompts(state):
        state = CLIMAX.apply(state, LEARNER, CLIMAX.legal_actions(state, LEARNER)[-1]).state
    asked, view, legal = CLIMAX.prompts(state)[1], CLIMAX.view(state, 1), CLIMAX.legal_actions(state, 1)
    assert asked.kind == "mulligan" and bot.scripted(asked, legal) is None
    for seed in range(5):
        assert bot.choose(view, asked, legal, Rng(seed)) == fallback.choose(view, asked, legal, Rng(seed))


def test_the_tutorial_level_names_the_script_bot_of_that_game_only() -> None:
    assert bot_for(CLIMAX, "tutorial:climax").name == "tutorial:climax"
    assert bot_name(CLIMAX, "tutorial:climax") == "tutorial:climax"
    with pytest.raises(ValueError, match="Unknown difficulty"):
        bot_for(CLIMAX, "tutorial:clashofdecks")
    arclash = registry.get("arclash")
    if not has_tutorial(arclash):
        with pytest.raises(ValueError, match="Unknown difficulty"):
            bot_for(arclash, "tutorial:arclash")


def test_conditions_on_prompt_event_and_view() -> None:
    class View(msgspec.Struct):
        phase: str
        turn: int

    prompt = Prompt(LEARNER, "encore", "Keep it?")
    on_prompt = Explain("p", "Encore", {}, prompt="encore")
    on_event = Explain("e", "Encore", {}, event="cancel*")
    on_view = Explain("v", "Encore", {}, view="turn=3")
    assert holds(on_prompt, prompt, [], None)
    assert not holds(on_prompt, Prompt(LEARNER, "main", "Play"), [], None)
    assert holds(on_event, prompt, [public("cancelled", "x")], None)
    assert not holds(on_event, prompt, [public("played", "x")], None)
    assert holds(on_view, prompt, [], View("main", 3))
    assert not holds(on_view, prompt, [], View("main", 4))
    assert not holds(Explain("w", "Encore", {}, view="nothing=3"), prompt, [], View("main", 3))


def test_an_event_the_learner_cannot_read_shows_nothing() -> None:
    tutorial = Tutorial("climax", PATH, read(CLIMAX).header, (), (Explain("e", "s", {}, event="drew"),))
    tracker = Tracker(tutorial)
    tracker.moved([private(1, "drew", "The opponent drew a climax.")])
    assert tracker.decide(Prompt(LEARNER, "main", "Play"), None) == ()
    tracker.moved([private(LEARNER, "drew", "You drew a climax.")])
    assert [e.key for e in tracker.decide(Prompt(LEARNER, "main", "Play"), None)] == ["e"]
    # shown once: the same condition later shows nothing
    tracker.moved([private(LEARNER, "drew", "You drew again.")])
    assert tracker.decide(Prompt(LEARNER, "main", "Play"), None) == ()


def test_first_time_is_worked_out_from_the_log_alone() -> None:
    tutorial = read(CLIMAX)
    config = tutorial.config(CLIMAX)
    rehearsal = dry_run(CLIMAX, tutorial)
    # at any point of the game, a fresh replay of the log (a resumed tutorial, a restarted bot)
    # tells what the uninterrupted game told at that decision
    decisions = list(walk(CLIMAX, tutorial, config, 59, rehearsal.log))
    points = [at for at, (_, seat, _) in enumerate(rehearsal.log) if seat == LEARNER]
    for number in (0, 2, 8, 9, 16):
        told = lesson(CLIMAX, tutorial, config, 59, rehearsal.log[: points[number]], "en", with_note=False)
        expected = {e.key for e in decisions[number].explains}
        assert {key for key, at in rehearsal.shown.items() if at == number} == expected
        assert len(told.explains) == len(expected) and told.asked
        assert all(e.text["en"] in " ".join(told.explains) for e in decisions[number].explains)


def test_the_note_names_the_strongest_bots_other_choice_and_is_silent_when_it_agrees() -> None:
    tutorial = read(CLIMAX)
    config = tutorial.config(CLIMAX)
    rehearsal = dry_run(CLIMAX, tutorial)
    hard = bot_for(CLIMAX, "hard")
    agreed = differed = 0
    for decision in walk(CLIMAX, tutorial, config, 59, rehearsal.log[:24]):
        if decision.key is None:
            break
        actions = CLIMAX.legal_actions(decision.state, LEARNER)
        best = hard.choose(
            CLIMAX.view(decision.state, LEARNER),
            decision.prompt,
            actions,
            _rng(decision.number),
        )
        said = note(CLIMAX, decision.state, decision.key, 59, "en", decision.number)
        if best.key == decision.key:
            assert said == ""
            agreed += 1
        else:
            assert said.startswith(f"Also possible: {best.label}.")
            differed += 1
        other = next(a for a in actions if a.key != best.key) if len(actions) > 1 else None
        if other is not None:
            in_japanese = note(CLIMAX, decision.state, other.key, 59, "ja", decision.number)
            assert in_japanese.startswith(f"ほかの選択肢：{best.label}")
    assert agreed and differed  # both sides of the rule were exercised


def _rng(number: int) -> Rng:
    from engines.core.driver import bot_rng

    return bot_rng(59, number)


def test_only_the_first_choice_of_a_run_in_one_turn_gets_a_note() -> None:
    tutorial = read(CLIMAX)
    config = tutorial.config(CLIMAX)
    rehearsal = dry_run(CLIMAX, tutorial)
    points = [at for at, (_, seat, _) in enumerate(rehearsal.log) if seat == LEARNER]
    decisions = list(walk(CLIMAX, tutorial, config, 59, rehearsal.log))
    checked = 0
    for number in range(1, 40):
        before, this = decisions[number - 1], decisions[number]
        if before.prompt.kind != this.prompt.kind or before.chapter != this.chapter:
            continue
        assert this.key is not None
        if not note(CLIMAX, this.state, this.key, 59, "en", this.number):
            continue  # the strongest bot agrees: nothing would be said anyway
        told = lesson(CLIMAX, tutorial, config, 59, rehearsal.log[: points[number] + 1], "en")
        assert told.note == ""  # the same kind of choice again in the same turn: no second note
        checked += 1
    assert checked
