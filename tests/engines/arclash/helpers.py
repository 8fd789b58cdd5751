"""Building Arclash positions for rule tests: real setups, plus exact cards placed by set number."""

from __future__ import annotations

from collections.abc import Callable

from engines.arclash import RULESET
from engines.arclash.state import ArclashState
from engines.core import Event, GameConfig

R = RULESET


def config(players: int = 2, score: int = 15, decks: tuple[str, ...] = ()) -> GameConfig:
    """A standard-mode config; ``decks`` names starters by seat."""
    return GameConfig("standard", players, {"score": score}, tuple({"deck": d} for d in decks))


def opened(players: int = 2, seed: int = 1, decks: tuple[str, ...] = (), score: int = 15) -> ArclashState:
    """A game past the opening (everyone sealed their first listed level 1), in the advance phase.

    Any start-of-turn search the deal triggered is answered with its default, so no choice is left
    pending under a hand-built position.
    """
    state = R.setup(config(players, score, decks), seed)
    for seat in range(players):
        state = R.apply(state, seat, R.legal_actions(state, seat)[0]).state
    while (pick := state.agenda.pending) is not None:
        state = R.apply(state, pick.seat, R.default_action(state, pick.seat)).state
    return state


_made = [0]


def give(state: ArclashState, seat: int, card_id: str, zone: str = "hand") -> str:
    """Put a new instance of ``card_id`` into ``seat``'s ``zone`` (top of deck = end); return its id."""
    _made[0] += 1
    iid = f"t{seat}-{_made[0]:04d}"
    state.ids[iid] = card_id
    getattr(state.seats[seat], zone).append(iid)
    return iid


def set_stack(state: ArclashState, seat: int, *card_ids: str) -> list[str]:
    """Replace a seat's stack with fresh instances of ``card_ids`` (bottom first)."""
    state.seats[seat].stack = []
    return [give(state, seat, c, "stack") for c in card_ids]


def set_hand(state: ArclashState, seat: int, *card_ids: str) -> list[str]:
    """Replace a seat's hand with fresh instances of ``card_ids``."""
    state.seats[seat].hand = []
    return [give(state, seat, c) for c in card_ids]


def act(state: ArclashState, seat: int, key: str) -> tuple[ArclashState, list[str]]:
    """Apply one action by key; return the new state and the public event texts."""
    step = R.apply(state, seat, key)
    return step.state, [e.text for e in step.events if e.visibility == "public"]


def key_for(state: ArclashState, seat: int, card_id: str, prefix: str) -> str:
    """The key of the legal action ``prefix:<iid>`` for a card design."""
    for action in R.legal_actions(state, seat):
        if action.key.startswith(prefix) and (
            state.ids.get(action.card) == card_id or card_id in action.params
        ):
            return action.key
    raise AssertionError(
        f"no {prefix} action for {card_id} in {[a.key for a in R.legal_actions(state, seat)]}"
    )


def pass_all(state: ArclashState) -> ArclashState:
    """Everyone asked passes (or keeps) until the phase moves on."""
    start_phase, start_turn = state.phase, state.turn
    while state.phase == start_phase and state.turn == start_turn and R.prompts(state):
        seat = min(R.prompts(state))
        state = R.apply(state, seat, R.default_action(state, seat)).state
    return state


def run(state: ArclashState, phase_step: Callable[..., None], *args: object) -> list[str]:
    """Call an internal phase function on a context over ``state``; return public event texts.

    Then run the agenda, as ``apply`` does: the step only queued the effects and steps after it.
    """
    from engines.arclash.ctx import Ctx

    events = Ctx(state).act(phase_step, *args)
    return [e.text for e in events if e.visibility == "public"]


def clear_pending(state: ArclashState) -> None:
    """Drop any queued effects or half-done card choice left over from the real deal."""
    state.agenda.clear()


def at_advance(state: ArclashState) -> list[str]:
    """Restart the advance phase of the current turn on a hand-built position."""
    from engines.arclash.turn import open_advance_round

    clear_pending(state)
    state.round = 0
    for zone in state.seats:
        zone.passed = False
        zone.mods = []
    return run(state, open_advance_round)


def at_battle(state: ArclashState) -> list[str]:
    """Start the battle of the current turn on a hand-built position."""
    from engines.arclash.battle import begin_battle

    clear_pending(state)
    for zone in state.seats:
        zone.mods = []
    return run(state, begin_battle)


def seen(state: ArclashState, viewer: int | None) -> tuple[bytes, list[tuple[int, str, bool, bool]]]:
    """Everything ``viewer`` is shown: its view, and each other asked seat's public face."""
    import msgspec

    faces = [
        (seat, p.public_line(), p.private, p.sealed)
        for seat, p in sorted(R.prompts(state).items())
        if seat != viewer
    ]
    return msgspec.msgpack.encode(R.view(state, viewer)), faces


def told(events: tuple[Event, ...] | list[Event], viewer: int | None) -> list[str]:
    """The narration ``viewer`` reads of ``events``."""
    return [t for e in events if (t := e.text_for(viewer))]


_search_base: list[ArclashState] = []


def deck_search(*deck: str, count: int = 2) -> ArclashState:
    """Seat 0 of two holds exactly ``deck`` (bottom first) and searches all of it for supports.

    Every call shares one position and the same instance ids: only the cards behind them differ,
    so two such positions look the same to everyone but seat 0.
    """
    from engines.arclash.content import Effect
    from engines.arclash.ctx import Ctx
    from engines.arclash.effects import resolve

    if not _search_base:
        base = opened(2, seed=12)
        clear_pending(base)
        for seat in range(2):
            set_stack(base, seat, "AC-023")
            set_hand(base, seat)
        base.seats[0].discard = []
        _search_base.append(base)
    state = R.clone(_search_base[0])
    state.seats[0].deck = [f"d0-{k}" for k in range(len(deck))]
    state.ids.update({f"d0-{k}": card_id for k, card_id in enumerate(deck)})
    ctx = Ctx(state)
    resolve(ctx, 0, "Test Card", Effect("start", "search", count=count, kind="support"))
    ctx.finish()
    return state
