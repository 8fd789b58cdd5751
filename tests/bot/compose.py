"""The services of ``compose.yaml`` as the tests read them: command and environment, anchors resolved."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

COMPOSE = Path(__file__).parents[2] / "compose.yaml"


def services() -> dict[str, dict[str, Any]]:
    """Every service of the compose file (YAML merge keys resolved)."""
    yaml = pytest.importorskip("yaml", reason="reading compose.yaml needs PyYAML")
    document = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    found: dict[str, dict[str, Any]] = document["services"]
    return found


def environment(service: str, **values: str) -> dict[str, str]:
    """A service's environment as its process gets it: ``${NAME:?…}`` taken from ``values``."""

    def fill(text: str) -> str:
        return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: values[m.group(1)], text)

    return {name: fill(str(value)) for name, value in services()[service]["environment"].items()}
