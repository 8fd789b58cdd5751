"""Errors cross to worker and drawing processes: every refusal class round-trips through pickle."""

from __future__ import annotations

import importlib
import pickle
import pkgutil

import pytest

import bot.service
from bot.service.truth import Unavailable
from bot.service.values import ServiceError
from engines.core.errors import Code, ContentError, Rejected, SetupError

#: one example of every error class a request can be refused with (new subclasses must be added)
EXAMPLES: list[BaseException] = [
    ServiceError(Code.STALE, "That button is from an earlier turn."),
    Unavailable("The database is away.", in_doubt=True),
    Rejected(Code.ILLEGAL, "You cannot play that now."),
    SetupError("No such deck.", option="deck", seat=2),
    ContentError("engines/toy/data/cards.toml", "T-1", "cost", "not a number", game="Toy"),
]


def _subclasses(kind: type[BaseException]) -> set[type[BaseException]]:
    found = set(kind.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_every_service_error_subclass_has_an_example() -> None:
    # Import the whole service layer, so a subclass defined anywhere in it is seen.
    for module in pkgutil.walk_packages(bot.service.__path__, "bot.service."):
        importlib.import_module(module.name)
    defined = {kind for kind in _subclasses(ServiceError) if kind.__module__.startswith("bot.")}
    assert defined <= {type(error) for error in EXAMPLES}


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
def test_an_error_round_trips_through_pickle_with_its_code_message_args_and_fields(
    error: BaseException,
) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert back.args == error.args and str(back) == str(error)
    assert vars(back) == vars(error)  # code, message and any field a subclass adds (in_doubt, option...)
    if isinstance(error, ServiceError):
        assert isinstance(back, ServiceError)
        assert (back.code, back.message) == (error.code, error.message)
        assert type(back.code) is Code
