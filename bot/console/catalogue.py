"""The text of ``tablekeeper games``: every game, its modes, seat counts and options."""

from __future__ import annotations

from engines.core import AnyRuleset, OptionSpec
from engines.core.types import allowed_counts


def _option_line(spec: OptionSpec) -> str:
    if spec.kind == "choice":
        values = "|".join(spec.choices)
    elif spec.kind == "int":
        low = "" if spec.minimum is None else str(spec.minimum)
        high = "" if spec.maximum is None else str(spec.maximum)
        values = f"number {low}..{high}".rstrip(".") if low or high else "number"
    elif spec.kind == "bool":
        values = "true|false"
    else:
        values = "text"
    flag = f"--seat-option SEAT:{spec.name}=" if spec.per_seat else f"--option {spec.name}="
    default = str(spec.default).lower() if isinstance(spec.default, bool) else spec.default
    return f"      {flag}<{values}>  (default {default}) {spec.help}"


def describe_game(ruleset: AnyRuleset) -> list[str]:
    """Lines describing one game and how to start each of its modes."""
    versions = f"rules {ruleset.rules_version}, content {ruleset.content_version}"
    lines = [f"{ruleset.slug}: {ruleset.title} ({versions})"]
    for mode in ruleset.modes:
        counts = allowed_counts(mode.players, "player")
        against = f"; against {mode.automata}" if mode.automata else ""
        lines.append(f"  --mode {mode.name}: {mode.title}, {counts}{against}. {mode.summary}")
        lines.extend(_option_line(spec) for spec in mode.options)
    first = ruleset.modes[0]
    lines.append(f"  try: tablekeeper play {ruleset.slug} --mode {first.name}")
    return lines
