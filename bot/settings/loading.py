"""Reading the settings: config/defaults.toml, then a ``.env`` file, then the environment.

pydantic-settings reads the three sources and :class:`~bot.settings.declared.Settings` checks
the values. A value that cannot be used is reported in one line naming where it came from (the
variable, or the key in the defaults file), the value, and what is allowed.
"""

from __future__ import annotations

import codecs
import difflib
import logging
import os
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
)

from bot.settings.declared import Conflict, Settings, SettingsError, shown_url, variable


def _place(field: FieldInfo) -> tuple[str, str] | None:
    """(section, key) of a setting in defaults.toml; None for the token."""
    extra = field.json_schema_extra
    if not isinstance(extra, dict):
        return None
    return str(extra["section"]), str(extra["key"])


def known_variables() -> list[str]:
    """Every ``TABLEKEEPER_*`` environment variable a setting is read from."""
    places = (_place(field) for field in Settings.model_fields.values())
    return sorted(variable(*place) for place in places if place is not None)


def allowed(name: str) -> str:
    """What the setting ``name`` may be, in words made from its declaration."""
    field = Settings.model_fields[name]
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    text = str(extra.get("allowed") or _described(field))
    return f"{text} ({extra['note']})" if extra.get("note") else text


def _described(field: FieldInfo) -> str:
    kind = field.annotation
    if get_origin(kind) is Literal:
        return "one of " + ", ".join(get_args(kind))
    if kind is bool:
        return "true or false"
    bounds: dict[str, Any] = {}
    for rule in field.metadata:  # Field(ge=…) is kept as annotated_types.Ge(ge=…), and so on
        for bound in ("ge", "gt", "le", "lt"):
            if getattr(rule, bound, None) is not None:
                bounds[bound] = getattr(rule, bound)
    noun = "a whole number" if kind is int else "a number"
    if "ge" in bounds and "le" in bounds:
        return f"{noun} from {bounds['ge']} to {bounds['le']}"
    words = {"ge": "of {} or more", "gt": "above {}", "le": "of {} or less", "lt": "below {}"}
    parts = [words[bound].format(value) for bound, value in bounds.items()]
    return " ".join([noun, " and ".join(parts)]).strip()


class _Environment(EnvSettingsSource):
    """The environment variables given (``os.environ`` unless a test passes its own)."""

    def __init__(self, settings_cls: type[BaseSettings], environ: Mapping[str, str]) -> None:
        self._given = dict(environ)
        super().__init__(settings_cls)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return self._given


class _DefaultsFile(PydanticBaseSettingsSource):
    """The ``[section] key`` values of config/defaults.toml (or the file given)."""

    def __init__(self, settings_cls: type[BaseSettings], path: Path | None) -> None:
        super().__init__(settings_cls)
        self.path = path

    @property
    def name(self) -> str:
        """The file as messages name it."""
        return str(self.path) if self.path is not None else "config/defaults.toml"

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """Not used: :meth:`__call__` reads every setting at once."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        """Setting name -> value, for the settings the file has."""
        if self.path is not None:
            text = self.path.read_text(encoding="utf-8")
        else:
            text = resources.files("config").joinpath("defaults.toml").read_text(encoding="utf-8")
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SettingsError(f"Cannot read {self.name}: {exc}.") from None
        values: dict[str, Any] = {}
        for name, field in self.settings_cls.model_fields.items():
            place = _place(field)
            section = document.get(place[0], {}) if place is not None else {}
            if place is not None and isinstance(section, dict) and place[1] in section:
                values[name] = section[place[1]]
        return values


def _dotenv_encoding(path: Path) -> str:
    """The encoding a .env file is written in, from its byte-order mark; refuse what is not text.

    Windows editors save "Unicode" as UTF-16 with a byte-order mark, and many put a mark before
    UTF-8 too: read as plain UTF-8, the first would fail and the second would hide the first line.
    """
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        encoding = "utf-32"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif b"\x00" in data:  # text has no NUL bytes; UTF-16 without its mark is full of them
        raise SettingsError(
            f"Cannot read {path}: it looks like UTF-16 without a byte-order mark; save the file as UTF-8."
        )
    else:
        encoding = "utf-8-sig"  # UTF-8, with or without a byte-order mark
    try:
        data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SettingsError(
            f"Cannot read {path}: byte {exc.start} is not {encoding.removesuffix('-sig').upper()} text; "
            "save the file as UTF-8."
        ) from None
    return encoding


class _Unparsed(logging.Handler):
    """Collects python-dotenv's warnings about lines it skipped."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the line number the warning names."""
        self.lines += re.findall(r"line (\d+)", record.getMessage())


def _read_dotenv(path: Path) -> DotEnvSettingsSource:
    """The settings in a .env file; a line python-dotenv cannot parse is refused, not skipped.

    Skipped, it would leave its setting at the default with only a warning that names no file.
    """
    encoding = _dotenv_encoding(path)
    logger = logging.getLogger("dotenv.main")
    unparsed = _Unparsed()
    logger.addHandler(unparsed)
    propagates, logger.propagate = logger.propagate, False
    try:
        source = DotEnvSettingsSource(Settings, env_file=path, env_file_encoding=encoding)
    finally:
        logger.removeHandler(unparsed)
        logger.propagate = propagates
    if unparsed.lines:
        raise SettingsError(
            f"Cannot read {path}: line {unparsed.lines[0]} is not KEY=VALUE (a quote left open?); "
            "each line must be KEY=VALUE, a # comment, or empty."
        )
    return source


def _refuse_unknown(names: list[str]) -> list[str]:
    """A ``TABLEKEEPER_*`` variable no setting reads is a typo that would be silently ignored."""
    known = known_variables()
    problems = []
    for name in sorted(set(names)):
        if name.startswith("TABLEKEEPER_") and name not in known:
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]}?" if near else f" (known: {', '.join(known)})."
            problems.append(f"Unknown setting {name}{hint}")
    return problems


def _shown_value(name: str, value: Any) -> str:
    if name == "discord_token":
        return "(hidden)"
    if name == "database_url" and isinstance(value, str):
        return repr(shown_url(value))
    return repr(value)


def _problem(error: ErrorDetails, given: Mapping[str, Any], origins: Mapping[str, str]) -> str:
    """One line for one invalid setting: where it came from, its value, and what is allowed."""
    name = str(error["loc"][0]) if error["loc"] else ""
    name = next((n for n, f in Settings.model_fields.items() if f.validation_alias == name), name)
    where = origins.get(name, name)
    value = _shown_value(name, given.get(name, error.get("input")))
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, Conflict):
        return f"Setting {where} is {value}: {cause}."
    detail = f": {cause}" if isinstance(cause, ValueError) and str(cause) else ""
    rule = allowed(name) if name in Settings.model_fields else error["msg"]
    return f"Setting {where} is {value}{detail}; it must be {rule}."


def load_settings(
    env: Mapping[str, str] | None = None,
    *,
    defaults_path: Path | None = None,
    dotenv_path: Path | None = Path(".env"),
) -> Settings:
    """Build settings from defaults.toml, then ``.env``, then the environment (last wins).

    Raises :class:`SettingsError` with one line per problem: an unknown ``TABLEKEEPER_*``
    variable, a value that cannot be used, or a ``.env`` file that is not readable text.
    """
    defaults = _DefaultsFile(Settings, defaults_path)
    layers: list[tuple[PydanticBaseSettingsSource, str]] = [(defaults, "")]
    seen = list((os.environ if env is None else env).keys())
    if dotenv_path is not None and dotenv_path.is_file():
        dotenv = _read_dotenv(dotenv_path)
        layers.append((dotenv, f" (in {dotenv_path})"))
        seen += [name for name in dotenv.env_vars if isinstance(name, str)]
    layers.append((_Environment(Settings, os.environ if env is None else env), ""))
    by_key = {field.validation_alias: name for name, field in Settings.model_fields.items()}
    values: dict[str, Any] = {}
    origins: dict[str, str] = {}
    for source, suffix in layers:
        for key, value in source().items():
            name = by_key.get(key, key)
            if name not in Settings.model_fields:
                continue  # another program's variable in .env
            values[name] = value
            if source is defaults:
                section, entry = _place(Settings.model_fields[name]) or ("", name)
                origins[name] = f"{entry} in [{section}] of {defaults.name}"
            else:
                origins[name] = f"{key}{suffix}"
    problems = _refuse_unknown(seen)
    try:
        settings = Settings(**values)
    except ValidationError as exc:
        problems += [_problem(error, values, origins) for error in exc.errors()]
    if problems:
        raise SettingsError(*problems)
    return settings
