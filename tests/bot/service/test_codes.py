"""Every refusal code raised anywhere in the code base is a member of the one ``Code`` list."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.service import ServiceError
from engines.core import Code, Rejected

ROOT = Path(__file__).resolve().parents[3]
RAISERS = {"ServiceError", "Rejected"}


def _raise_sites() -> list[tuple[str, ast.expr]]:
    """(where, first argument) of every ``ServiceError(...)`` / ``Rejected(...)`` in bot/ and engines/."""
    sites = []
    for package in ("bot", "engines"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in RAISERS:
                    sites.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0]))
    return sites


def test_every_raised_code_is_a_code_member() -> None:
    sites = _raise_sites()
    assert len(sites) > 50  # the scan really reads the raise sites
    values = {member.value for member in Code}
    for where, code in sites:
        if isinstance(code, ast.Attribute) and isinstance(code.value, ast.Name) and code.value.id == "Code":
            assert code.attr in Code.__members__, where
        elif isinstance(code, ast.Constant):
            assert code.value in values, f"{where}: {code.value!r} is not a Code"
        else:
            # Only an engine's code passed on unchanged (``error.code``) is not spelled out.
            assert isinstance(code, ast.Attribute) and code.attr == "code", where


def test_codes_compare_equal_to_their_plain_strings() -> None:
    error = ServiceError(Code.STALE, "Too late.")
    assert error.code == "stale" and error.code is Code.STALE
    assert Rejected(Code.ILLEGAL, "No.").code == "illegal"
    assert str(error) == "stale: Too late."


def test_an_unknown_code_fails_at_once() -> None:
    with pytest.raises(ValueError, match="no_such_code"):
        ServiceError("no_such_code", "?")  # type: ignore[arg-type]
