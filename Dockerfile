# syntax=docker/dockerfile:1
# Build stage: make a wheel so the runtime image carries no build tools or sources.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY render ./render
COPY config ./config
RUN pip wheel --no-cache-dir --wheel-dir /wheels '.[postgres]'

# Runtime stage: the wheel, a non-root user, and a volume for the SQLite file.
FROM python:3.11-slim
RUN useradd --create-home --uid 10001 tablekeeper \
    && mkdir /data && chown tablekeeper /data
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER tablekeeper
WORKDIR /data
ENV TABLEKEEPER_DATABASE_URL=sqlite+aiosqlite:////data/tablekeeper.db \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
# `docker stop` sends SIGTERM to PID 1, which is tablekeeper itself (exec form, no shell between):
# it stops taking clicks, lets those in flight finish (up to 5 s), closes everything and exits 0,
# well inside the 10 s docker waits before it kills.
STOPSIGNAL SIGTERM
CMD ["tablekeeper", "run"]
