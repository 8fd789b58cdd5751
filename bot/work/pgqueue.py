"""Clicks as procrastinate jobs in PostgreSQL, consumed by every ``tablekeeper work`` process.

Why procrastinate: the bot already needs PostgreSQL to scale out, and procrastinate keeps its
jobs there (``SELECT … FOR UPDATE SKIP LOCKED``, woken by ``LISTEN/NOTIFY``), so workers on any
number of machines share one queue with no broker to run. Its ``lock`` runs the jobs that share a
lock one at a time in the order they were queued (a job waits while an earlier one with its lock
is waiting or running), which is exactly "one table's clicks in order": each job's lock is its
table. When a job ends, the database wakes the workers if a job with its lock waits
(:data:`WAKE_NEXT`), so the table's next click starts at once, not at a worker's next poll. Jobs
survive restarts; a worker asked to stop gives its running jobs a few seconds and
hands back those still running (:data:`HAND_BACK`); a job left running by a worker that died is
queued again by the others once its heartbeat stops. Either way the click's token makes a second
try of an applied click a polite refusal, never a double move, and the retried job redraws the
table, since the first try may have applied the click without showing it.

Coalescing: before applying, a job looks for later jobs with its lock still waiting. If there are
any, it applies without drawing (the last one draws everything) and hands what it left undrawn
(the events of every click applied since the last picture) to the next waiting job, in that
job's ``earlier`` argument; the job that draws narrates them before its own, and a refused click
passes them on unchanged, so one redraws even if it is refused in turn. With nobody waiting,
the table is redrawn at once. Private event text thus rests in the job's row for a moment, in
the database that holds the full game states anyway, and the row is deleted when the job ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any

import procrastinate
import procrastinate.worker  # its logger must exist before hide_job_arguments() filters it
import psycopg
from procrastinate.exceptions import ConnectorException
from procrastinate.schema import SchemaManager
from sqlalchemy.engine import make_url

from bot.service.values import ServiceError
from bot.work.api import Click, Here, undrawn_from_json, undrawn_to_json
from bot.work.clicks import ClickWork
from engines.core import Code

log = logging.getLogger("tablekeeper.work")

QUEUE = "clicks"
TASK = "tablekeeper.click"
#: the advisory lock around creating procrastinate's tables (any fixed 64-bit key)
SCHEMA_LOCK = 7_215_040_002
#: a worker whose heartbeat is older than this is dead; its running jobs are queued again
#: (the ``work_stalled_seconds`` setting; procrastinate beats every 10 s by default)
STALLED_SECONDS = 30.0
#: a click job cut short by its worker stopping (cancelled once the graceful wait is over) goes
#: back to the queue, not to "aborted": another worker runs it again, as after a crash (a click
#: already applied is then refused once and its table redrawn). Failures are never retried.
HAND_BACK = procrastinate.RetryStrategy(
    max_attempts=5,
    retry_exceptions=[asyncio.CancelledError],  # type: ignore[list-item]  # a BaseException
)
#: how often an idle worker looks for jobs without being woken. Only a fallback: the database
#: wakes every worker when a job is queued (procrastinate's trigger) and when a job ends while
#: another with its lock waits (:data:`WAKE_NEXT`). It bounds the one wait a wake can miss:
#: procrastinate clears a worker's wake after each fetch, so a wake arriving while that worker
#: was already fetching (and saw the lock still held) is dropped, unless another worker takes it.
POLL_SECONDS = 2.0
NOT_QUEUED = "The game's work queue is not answering right now; your choice was not made. Please try again."

#: "tablekeeper.click[42](click={...}, earlier=[...])", as procrastinate writes a job in its logs
CALL = re.compile(re.escape(TASK) + r"\[(\d+)\]\(.*\)", re.DOTALL)


class HideArguments(logging.Filter):
    """Cut a click job's arguments out of procrastinate's log lines.

    procrastinate logs every job with its arguments at INFO ("Starting job …(click={…})"), and
    a click's are the interaction token (a credential for 15 minutes) and, when it was
    coalesced, the narration of earlier clicks with each seat's private lines. Logs must show
    none of that, so only the job's id stays.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the message (and the structured ``job`` field) without the arguments."""
        if isinstance(record.msg, str) and TASK in record.msg:
            record.msg = CALL.sub(lambda m: f"{TASK}[{m.group(1)}](…)", record.msg)
        job = getattr(record, "job", None)
        if isinstance(job, dict):
            record.job = {k: v for k, v in job.items() if k not in ("task_kwargs", "call_string")}
        return True


def hide_job_arguments() -> None:
    """Put :class:`HideArguments` on every procrastinate logger (filters do not pass to children)."""
    for name in list(logging.root.manager.loggerDict):
        if name.split(".")[0] != "procrastinate":
            continue
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideArguments) for f in logger.filters):
            logger.addFilter(HideArguments())


NEXT_WAITING = (
    "SELECT min(id) AS id FROM procrastinate_jobs WHERE lock = %(lock)s AND status = 'todo' AND id > %(id)s"
)
# A narration already handed on is kept: only this job's first run can have written it (the next
# job waits on the lock), and a run again after its worker died knows less (its click is refused).
HAND_ON = (
    "UPDATE procrastinate_jobs SET args = jsonb_set(args, '{earlier}', "
    "COALESCE(NULLIF(args->'earlier', 'null'::jsonb), %(earlier)s::jsonb)) "
    "WHERE id = %(id)s AND status = 'todo'"
)
# A dead worker's job queued again, only if it is still that worker's: two workers' sweeps may
# see it stalled together, and the second must not put it back while a live worker runs it (that
# ran one click twice at once, and freed its table's next click to run beside it).
REQUEUE = (
    "UPDATE procrastinate_jobs SET status = 'todo', attempts = attempts + 1 "
    "WHERE id = %(id)s AND status = 'doing' AND worker_id IS NOT DISTINCT FROM %(worker)s RETURNING id"
)
#: the trigger that wakes the workers when a running job ends (done, failed, handed back, or
#: queued again after its worker died) and a job with its lock waits. procrastinate notifies only
#: when a job is inserted, so the table's next click, queued while this one ran and skipped by
#: every fetch since, waited for a worker's next poll. The notice is procrastinate's own
#: ``job_inserted`` (the workers fetch on it), sent when the ending commits, so a fetch it causes
#: sees the lock free. A new version gets a new name (``…_v2``), installed beside or instead.
WAKE_NEXT_TRIGGER = "tablekeeper_wake_next_v1"
WAKE_NEXT = f"""
CREATE OR REPLACE FUNCTION {WAKE_NEXT_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    waiting record;
    payload text;
BEGIN
    SELECT id, queue_name INTO waiting FROM procrastinate_jobs
        WHERE lock = OLD.lock AND status = 'todo' ORDER BY priority DESC, id LIMIT 1;
    IF FOUND THEN
        payload := json_build_object('type', 'job_inserted', 'job_id', waiting.id)::text;
        PERFORM pg_notify('procrastinate_queue_v1#' || waiting.queue_name, payload);
        PERFORM pg_notify('procrastinate_any_queue_v1', payload);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER {WAKE_NEXT_TRIGGER}
    AFTER DELETE OR UPDATE OF status ON procrastinate_jobs
    FOR EACH ROW WHEN (OLD.status = 'doing' AND OLD.lock IS NOT NULL)
    EXECUTE FUNCTION {WAKE_NEXT_TRIGGER}();
"""


def conninfo(url: str) -> str:
    """The libpq connection string of a ``postgresql+asyncpg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def table_lock(table_id: int) -> str:
    """The procrastinate lock all of one table's clicks share."""
    return f"table-{table_id}"


async def ensure_schema(dsn: str) -> None:
    """Create procrastinate's tables and the :data:`WAKE_NEXT` trigger once, however many processes start."""
    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
        await connection.execute(f"SELECT pg_advisory_lock({SCHEMA_LOCK})")
        try:
            row = await (await connection.execute("SELECT to_regclass('procrastinate_jobs')")).fetchone()
            if row is None or row[0] is None:
                # no parameters: psycopg sends the script as one simple query
                await connection.execute(SchemaManager.get_schema())
            found = "SELECT 1 FROM pg_trigger WHERE tgname = %s"
            if await (await connection.execute(found, (WAKE_NEXT_TRIGGER,))).fetchone() is None:
                await connection.execute(WAKE_NEXT)  # as one simple query, like the schema
        finally:
            await connection.execute(f"SELECT pg_advisory_unlock({SCHEMA_LOCK})")


class ProcrastinateQueue:
    """The gateway side (``submit``) and the worker side (``work``) of the shared click queue."""

    def __init__(self, database_url: str, *, stalled_seconds: float = STALLED_SECONDS) -> None:
        hide_job_arguments()
        self.stalled_seconds = stalled_seconds
        self.dsn = conninfo(database_url)
        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=self.dsn))
        self.task = self.app.task(name=TASK, queue=QUEUE, pass_context=True, retry=HAND_BACK)(self._job)
        self._work: ClickWork | None = None
        self._coalesce = True
        #: job ids this process has run (tests and benchmarks count them)
        self.done: list[int] = []

    async def open(self) -> None:
        """Connect, creating procrastinate's tables if this is the first process ever."""
        await ensure_schema(self.dsn)
        await self.app.open_async()

    async def close(self) -> None:
        """Close the connection pool."""
        await self.app.close_async()

    # ------------------------------------------------------------------ gateway side
    async def submit(self, click: Click, here: Here) -> None:
        """Queue ``click`` for any worker (``here`` is not run: another process does the work)."""
        try:
            await self.task.configure(lock=table_lock(click.table_id)).defer_async(click=click.to_json())
        except (ConnectorException, psycopg.Error, OSError) as error:
            log.warning("click not queued: %s", type(error).__name__)
            raise ServiceError(Code.UNAVAILABLE, NOT_QUEUED) from error

    # ------------------------------------------------------------------ worker side
    async def work(
        self,
        work: ClickWork,
        *,
        concurrency: int = 2,
        name: str = "worker",
        coalesce: bool = True,
        **options: Any,
    ) -> None:
        """Consume the queue until cancelled: each job through ``work`` (see the module's docstring).

        ``coalesce=False`` draws every click (for measuring); ``options`` go to procrastinate's worker.
        """
        self._work = work
        self._coalesce = coalesce
        logging.getLogger(f"procrastinate.worker.{name}")  # the worker logs through this child
        hide_job_arguments()
        sweeper = asyncio.create_task(self._requeue_stalled())
        options.setdefault("fetch_job_polling_interval", POLL_SECONDS)
        try:
            await self.app.run_worker_async(
                queues=[QUEUE],
                name=name,
                concurrency=concurrency,
                delete_jobs="successful",
                stalled_worker_timeout=self.stalled_seconds,
                update_heartbeat_interval=min(10.0, self.stalled_seconds / 3),
                **options,
            )
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper

    async def _job(
        self,
        context: procrastinate.JobContext,
        click: dict[str, Any],
        earlier: list[dict[str, Any]] | None = None,
    ) -> None:
        """One click: apply it, drawing only if no later click on its table waits."""
        assert self._work is not None, "work() sets the handler before running jobs"
        job = context.job
        assert job.id is not None and job.lock is not None
        later = await self._next_waiting(job.lock, job.id) if self._coalesce else None
        clicked = Click.from_json(click)
        retried = job.attempts > 0  # a worker died in this job: the click may have been applied
        left = await self._work.run(
            clicked, draw=later is None, earlier=undrawn_from_json(earlier), retried=retried
        )
        log.info("click job %s on table %s done", job.id, clicked.table_id)  # which worker did what
        if left is not None:
            later = await self._next_waiting(job.lock, job.id)
            if later is None:
                await self._work.redraw(clicked.table_id, left)
            else:
                # the next job cannot start before this one ends (same lock), so nobody races us
                hand_on = json.dumps(undrawn_to_json(left))
                await self.app.connector.execute_query_async(HAND_ON, id=later, earlier=hand_on)
        self.done.append(job.id)

    async def _next_waiting(self, lock: str, job_id: int) -> int | None:
        """The id of the next job waiting on ``lock`` after ``job_id``, if any."""
        row = await self.app.connector.execute_query_one_async(NEXT_WAITING, lock=lock, id=job_id)
        found = row["id"]
        return int(found) if found is not None else None

    async def _requeue_stalled(self) -> None:
        """Every few seconds, queue again the jobs of workers that died mid-job (their tables wait).

        Nothing but this loop frees a dead worker's job, and a job left running blocks every later
        click on its table, so no error ends the loop: each is logged and the next sweep tries again.
        """
        manager = self.app.job_manager
        while True:
            await asyncio.sleep(self.stalled_seconds / 3)
            try:
                for job in await manager.get_stalled_jobs(
                    queue=QUEUE, seconds_since_heartbeat=self.stalled_seconds
                ):
                    requeued = await self.app.connector.execute_query_all_async(
                        REQUEUE, id=job.id, worker=job.worker_id
                    )
                    if not requeued:  # another worker's sweep queued it first
                        continue
                    # the job is waiting on its own lock now, so WAKE_NEXT woke the workers
                    log.warning("job %s of a stopped worker queued again", job.id)
            except (ConnectorException, psycopg.Error, OSError) as error:
                log.warning("stalled-job sweep failed: %s", type(error).__name__)
            except Exception as error:  # a bug here must not leave tables blocked for good
                log.error("stalled-job sweep failed: %s", type(error).__name__)
