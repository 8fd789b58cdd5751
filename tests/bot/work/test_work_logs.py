"""A worker's log lines never carry a click's interaction token or anyone's private narration."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("procrastinate", reason="the click queue needs the postgres extra (procrastinate)")
from bot.work.pgqueue import TASK, hide_job_arguments


def test_procrastinate_job_lines_keep_the_job_id_but_lose_the_click_and_its_narration(
    caplog: pytest.LogCaptureFixture,
) -> None:
    logging.getLogger("procrastinate.worker.w1")  # a named worker's logger, as ProcrastinateQueue.work makes
    hide_job_arguments()
    call = (
        f"{TASK}[12](click={{'user_id': 5, 'interaction_token': 'secret-token'}}, "
        "earlier=[{'text': 'You draw a 4.', 'visibility': 'split'}])"
    )
    with caplog.at_level(logging.INFO):
        logging.getLogger("procrastinate.worker.w1").info(f"Starting job {call}", extra={"job": {"id": 12}})
        logging.getLogger("procrastinate.worker").info(f"Job {call} ended with status: Success")
    assert [r.getMessage() for r in caplog.records] == [
        f"Starting job {TASK}[12](…)",
        f"Job {TASK}[12](…) ended with status: Success",
    ]
