"""The kit's resolution context and choice rules: one toy game resolved, paused, answered and ended."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from engines.core.agenda import Agenda, Task
from engines.core.choices import Ask, ChoiceRules
from engines.core.context import ChoiceKind, Context, GameOver, Pending
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import PRIVATE, PUBLIC, SPLIT, Action


class Guess(Pending, frozen=True, kw_only=True):
    """The toy's pending choice: guess a number up to ``top``."""

    top: int = 3


class Toy(msgspec.Struct, kw_only=True):
    """A toy state: what ran, a counter the rule check watches, a result, the generator and agenda."""

    ran: list[str] = []
    heat: int = 0
    result: str = ""
    halt: bool = False
    rng: int = 1234
    agenda: Agenda[Task, Guess] = msgspec.field(default_factory=Agenda)


TASKS: Registry[Callable[[ToyCtx, Task], None]] = Registry("Toy", "task")
CHOICES: Registry[ChoiceKind[ToyCtx, Guess]] = Registry("Toy", "choice")


class ToyCtx(Context[Toy, Task, Guess]):
    """The toy's context: keyed messages, and a rule check when the heat reaches 2."""

    tasks = TASKS

    def words(self, key: str, **params: object) -> str:
        return f"{key}:{','.join(f'{k}={v}' for k, v in sorted(params.items()))}"

    def due(self) -> Task | None:
        return Task(kind="cool") if self.state.heat >= 2 else None

    def halted(self) -> bool:
        return self.state.halt


@TASKS.register("note")
def _note(ctx: ToyCtx, task: Task) -> None:
    ctx.state.ran.append(task.s)
    ctx.state.heat += task.n


@TASKS.register("cool")
def _cool(ctx: ToyCtx, task: Task) -> None:
    ctx.state.ran.append("cool")
    ctx.state.heat = 0


@TASKS.register("roll")
def _roll(ctx: ToyCtx, task: Task) -> None:
    ctx.state.ran.append(f"roll{ctx.rng.below(6)}")


@TASKS.register("guess")
def _guess(ctx: ToyCtx, task: Task) -> None:
    ctx.ask(Guess(kind="guess", seat=task.seat))


@TASKS.register("win")
def _win(ctx: ToyCtx, task: Task) -> None:
    ctx.state.result = "won"
    raise GameOver


def _guess_actions(ctx: ToyCtx, pending: Guess) -> list[Action]:
    return [Action(str(n), f"Guess {n}") for n in range(1, pending.top + 1)]


def _guess_answer(ctx: ToyCtx, pending: Guess, action: Action) -> None:
    ctx.say("guessed", who=pending.seat, n=action.key)
    if action.key == "3":
        ctx.push(Task(kind="win"))


CHOICES.add(
    "guess",
    Ask(_guess_actions, _guess_answer, lambda ctx, p: f"Guess up to {p.top}", private=True),
)


class ToyRules(ChoiceRules[Toy, ToyCtx]):
    choices = CHOICES
    context = ToyCtx


def _toy(*tasks: Task) -> Toy:
    toy = Toy()
    toy.agenda.then(*tasks)
    return toy


def test_run_resolves_the_agenda_in_order_and_runs_a_due_rule_check_between_two_tasks() -> None:
    toy = _toy(Task(kind="note", s="a", n=2), Task(kind="note", s="b"))
    ToyCtx(toy).run()
    assert toy.ran == ["a", "cool", "b"]
    assert not toy.agenda.tasks


def test_the_generator_is_written_back_only_when_a_rule_drew_from_it() -> None:
    quiet = _toy(Task(kind="note", s="a"))
    ToyCtx(quiet).run()
    assert quiet.rng == 1234
    rolled = _toy(Task(kind="roll"))
    ToyCtx(rolled).run()
    expected = Rng(1234)
    expected.below(6)
    assert rolled.rng == expected.state != 1234


def test_a_pending_choice_pauses_the_run_and_answering_it_runs_on() -> None:
    toy = _toy(Task(kind="guess", seat=1), Task(kind="note", s="after"))
    ToyCtx(toy).run()
    assert toy.agenda.pending == Guess(kind="guess", seat=1) and toy.ran == []
    events = ToyRules().answer(toy, Action("2", "Guess 2"))
    assert [e.text for e in events] == ["guessed:n=2,who=1"]
    assert toy.agenda.pending is None and toy.ran == ["after"]


def test_game_over_stops_every_rule_and_clears_the_agenda() -> None:
    toy = _toy(Task(kind="guess", seat=0), Task(kind="note", s="never"))
    ToyCtx(toy).run()
    ToyRules().answer(toy, Action("3", "Guess 3"))
    assert toy.result == "won" and toy.ran == []
    assert toy.agenda.tasks == [] and toy.agenda.pending is None


def test_a_halt_leaves_the_rest_of_the_agenda_queued() -> None:
    toy = _toy(Task(kind="note", s="a"), Task(kind="note", s="b"))
    toy.halt = True
    ToyCtx(toy).run()
    assert toy.ran == [] and len(toy.agenda.tasks) == 2


def test_say_tell_and_split_make_events_from_text_or_from_keyed_messages() -> None:
    ctx = ToyCtx(Toy())
    ctx.say("plain", "Hello")
    ctx.tell(1, "secret", card="c1")
    ctx.split(0, "drew", hidden="drew_n", n=1)
    ctx.split(1, "saw", "You see c2", "They see a card")
    assert [(e.visibility, e.seat, e.text, e.redacted) for e in ctx.events] == [
        (PUBLIC, None, "Hello", ""),
        (PRIVATE, 1, "secret:card=c1", ""),
        (SPLIT, 0, "drew:n=1", "drew_n:n=1"),
        (SPLIT, 1, "You see c2", "They see a card"),
    ]


def test_a_context_without_keyed_messages_refuses_a_key_with_no_text() -> None:
    class Plain(Context[Toy, Task, Guess]):
        tasks = TASKS

    with pytest.raises(NotImplementedError, match="no message 'x'"):
        Plain(Toy()).say("x")


def test_choice_rules_ask_only_the_chooser_and_find_a_key_among_its_actions() -> None:
    toy = _toy(Task(kind="guess", seat=1))
    ToyCtx(toy).run()
    rules = ToyRules()
    prompt = rules._prompts(toy)[1]
    assert (prompt.kind, prompt.text, prompt.private, prompt.sealed) == (
        "guess",
        "Guess up to 3",
        True,
        False,
    )
    assert rules._asked(toy, 1) and not rules._asked(toy, 0)
    assert rules._legal_actions(toy, 0) == [] and rules._find_action(toy, 0, "1") is None
    assert [a.key for a in rules._legal_actions(toy, 1)] == ["1", "2", "3"]
    assert rules._find_action(toy, 1, "2") == Action("2", "Guess 2")
    assert rules._find_action(toy, 1, "4") is None


def test_a_kind_with_its_own_find_builds_only_the_action_named() -> None:
    built: list[str] = []

    def find(ctx: ToyCtx, pending: Guess, key: str) -> Action | None:
        built.append(key)
        return Action(key, f"Guess {key}") if key.isdigit() and 1 <= int(key) <= pending.top else None

    ask: Ask[ToyCtx, Guess] = Ask(_guess_actions, _guess_answer, lambda c, p: "", find=find)
    ctx, pending = ToyCtx(Toy()), Guess(kind="guess", seat=0)
    assert ask.find(ctx, pending, "2") == Action("2", "Guess 2") and ask.find(ctx, pending, "9") is None
    assert built == ["2", "9"] and ask.public(ctx, pending) == ""


def test_privacy_may_be_asked_of_each_pending_choice() -> None:
    ask: Ask[ToyCtx, Guess] = Ask(
        _guess_actions, _guess_answer, lambda c, p: "", private=lambda c, p: p.seat == 0, sealed=True
    )
    ctx = ToyCtx(Toy())
    assert ask.private(ctx, Guess(kind="guess", seat=0)) and not ask.private(ctx, Guess(kind="guess", seat=1))
    assert ask.sealed(ctx, Guess(kind="guess", seat=1))
