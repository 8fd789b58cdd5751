"""The engine kit's agenda and registry: pausing mid-resolution and naming unknown keywords."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.agenda import Agenda, Handler, Task, run
from engines.core.errors import ContentError
from engines.core.keywords import Registry, Use
from engines.core.types import Event, public


class Ask(msgspec.Struct):
    """A pending choice in the toy game."""

    seat: int


class Toy(msgspec.Struct, kw_only=True):
    """A toy state: a log of what ran, the events said, and the agenda."""

    ran: list[str] = []
    said: list[Event] = []
    agenda: Agenda[Task, Ask] = msgspec.field(default_factory=Agenda)


TASKS: Registry[Handler] = Registry("Toy", "task")


@TASKS.register("say")
def _say(toy: Toy, task: Task) -> None:
    # Handlers are plain functions: events go on the working value, not out of the run.
    toy.ran.append(task.s)
    toy.said.append(public("say", task.s))


@TASKS.register("ask")
def _ask(toy: Toy, task: Task) -> None:
    toy.ran.append("ask")
    toy.agenda.pending = Ask(task.seat)


@TASKS.register("twice")
def _twice(toy: Toy, task: Task) -> None:
    # Pushed tasks run before what was already queued.
    toy.agenda.push(Task(kind="say", s="first"), Task(kind="say", s="second"))


def test_agenda_runs_in_order_pauses_for_a_choice_and_resumes_after_a_round_trip() -> None:
    toy = Toy()
    toy.agenda.then(Task(kind="twice"), Task(kind="ask", seat=1), Task(kind="say", s="after"))
    run(toy.agenda, TASKS, toy)
    assert toy.ran == ["first", "second", "ask"]
    assert [e.text for e in toy.said] == ["first", "second"]
    # The paused agenda is a plain value: it survives encoding, as a stored snapshot does.
    stored = msgspec.msgpack.decode(msgspec.msgpack.encode(toy), type=Toy)
    assert stored.agenda.pending == Ask(1) and stored.agenda.waiting
    stored.agenda.pending = None
    stored.said.clear()
    run(stored.agenda, TASKS, stored)
    assert [e.text for e in stored.said] == ["after"]
    assert stored.ran == ["first", "second", "ask", "after"] and not stored.agenda.tasks


def test_agenda_copy_leaves_the_original_queue_alone() -> None:
    agenda: Agenda[Task, Ask] = Agenda(tasks=[Task(kind="say", s="x")])
    copy = agenda.copy()
    copy.then(Task(kind="say", s="y"))
    assert len(agenda.tasks) == 1 and len(copy.tasks) == 2


def test_agenda_stops_when_asked_and_refuses_a_loop_that_never_settles() -> None:
    toy = Toy()
    toy.agenda.then(Task(kind="say", s="a"), Task(kind="say", s="b"))
    run(toy.agenda, TASKS, toy, stop=lambda: bool(toy.ran))
    assert toy.ran == ["a"] and len(toy.agenda.tasks) == 1

    loops: Registry[Handler] = Registry("Toy", "task")
    loops.add("again", lambda t, task: t.agenda.push(task))
    forever = Toy()
    forever.agenda.then(Task(kind="again"))
    with pytest.raises(RuntimeError, match="did not settle"):
        run(forever.agenda, loops, forever)


def test_registry_refuses_a_name_twice_and_an_unknown_task_kind() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        TASKS.add("say", _say)
    with pytest.raises(LookupError, match="no handler for task 'nope'"):
        TASKS["nope"]
    assert "say" in TASKS and sorted(TASKS.names()) == list(TASKS) == ["ask", "say", "twice"]


def test_registry_refuses_rebinding_a_name_by_item_assignment() -> None:
    # The registry is a dict for fast lookups; binding through ``[]`` must refuse a second name too.
    with pytest.raises(ValueError, match="registered twice"):
        TASKS["say"] = _ask
    assert TASKS["say"] is _say  # still bound to its first handler


def test_registry_check_names_the_file_entry_and_field_of_an_unknown_keyword() -> None:
    uses = [
        Use("engines/toy/data/cards.toml", "T-1", "effects[0].do", "say"),
        Use("engines/toy/data/cards.toml", "T-2", "effects[1].do", "shout"),
    ]
    with pytest.raises(ContentError) as caught:
        TASKS.check(uses)
    error = caught.value
    assert (error.file, error.entry, error.field) == ("engines/toy/data/cards.toml", "T-2", "effects[1].do")
    assert "unknown task 'shout'" in str(error) and "Toy content" in str(error)
