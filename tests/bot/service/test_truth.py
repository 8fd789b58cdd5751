"""What a person is told after a failure depends on what the request saved first (issue 22 item 1)."""

from __future__ import annotations

import pytest

from bot.service.truth import (
    IN_DOUBT,
    NOT_DONE,
    SAVED_BEHIND,
    SAVED_DB_DOWN,
    SAVED_UNSHOWN,
    SOMETHING_WRONG,
    Behind,
    Journal,
    Unavailable,
    failure_text,
    journal,
    note_saved,
)
from bot.service.values import ServiceError
from engines.core import Code


def test_before_anything_was_saved_a_refusal_says_its_own_text() -> None:
    kept = Journal()
    assert failure_text(Unavailable(NOT_DONE), kept) == NOT_DONE
    assert failure_text(Unavailable(IN_DOUBT, in_doubt=True), kept) == IN_DOUBT
    assert failure_text(ServiceError(Code.STALE, "old"), kept) == "old"
    assert failure_text(KeyError("x"), kept) == SOMETHING_WRONG


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (Unavailable(NOT_DONE), SAVED_DB_DOWN),
        (Behind(), SAVED_BEHIND),
        (ServiceError(Code.NOT_FOUND, "gone"), SAVED_UNSHOWN),
        (KeyError("x"), SAVED_UNSHOWN),
    ],
)
def test_after_a_save_nothing_says_that_nothing_changed(error: Exception, said: str) -> None:
    kept = Journal(saved=1)
    assert failure_text(error, kept) == said
    assert "nothing was changed" not in said and said.startswith("Done: that was saved")


def test_a_commit_is_noted_only_in_the_open_journal() -> None:
    note_saved()  # no request open: nothing to note, and no error
    with journal() as outer:
        note_saved()
        with journal() as inner:
            note_saved()
        assert (outer.saved, inner.saved) == (1, 1)
