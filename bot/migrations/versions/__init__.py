"""Migration scripts, oldest first (Alembic reads ``revision``/``down_revision``)."""
