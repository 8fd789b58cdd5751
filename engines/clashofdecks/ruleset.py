"""The Clash of Decks Ruleset: prompts, legal actions, apply, views, outcome, secrets."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engines.clashofdecks.abilities import KEYWORDS
from engines.clashofdecks.bots import BOTS
from engines.clashofdecks.catalogue import decks, entries, read_ability_help
from engines.clashofdecks.content import CARDS_PATH, Card, catalog, load_catalog
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.formats import advance_draft, take
from engines.clashofdecks.incantations import EFFECTS
from engines.clashofdecks.modes import mode_specs
from engines.clashofdecks.search import SearchBot
from engines.clashofdecks.setup import check_seat, finish_draft, setup
from engines.clashofdecks.state import STRONGHOLD, ClashState, ClashView, Unit, copy_state
from engines.clashofdecks.summoning import (
    affordable,
    cost,
    incantation,
    merge,
    playable,
    summon,
    symbiote_hosts,
    within_means,
)
from engines.clashofdecks.turns import finish_turn
from engines.clashofdecks.twins import redeal
from engines.clashofdecks.view import build_view
from engines.core.bots import Bot
from engines.core.keywords import Use
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import (
    Action,
    CatalogueEntry,
    DeckEntry,
    Event,
    GameConfig,
    Outcome,
    Prompt,
    seat_ref,
)

END = "end"


class ClashOfDecks(Ruleset[ClashState, ClashView]):
    """Clash of Decks: 8-card decks held in hand, a Stronghold whose place in hand is its HP."""

    slug = "clashofdecks"
    title = "Clash of Decks"
    rules_version = "1"
    content_version = "2"
    modes = mode_specs()
    state_type = ClashState
    view_type = ClashView
    think_seconds = 90
    default_keys = (END,)  # a timed-out player ends their summoning (in a draft: takes the first card)
    _bots: dict[str, Bot] | None = None  # built on first use: the search bot plays worlds with this ruleset

    # ------------------------------------------------------------------ setup
    def _check_seat(self, config: GameConfig, seat: int) -> None:
        check_seat(catalog(), config, seat)

    def _setup(self, config: GameConfig, seed: int) -> ClashState:
        return setup(catalog(), config, seed)

    # ------------------------------------------------------------------ asking
    def _kingdom(self, state: ClashState, seat: int) -> int:
        for k, kingdom in enumerate(state.kingdoms):
            if kingdom.seat == seat:
                return k
        raise StopIteration(seat)  # as next() did: a seat without a kingdom is a caller's mistake

    @staticmethod
    def _chooser(state: ClashState) -> int | None:
        """The seat deciding now: the draft's next picker or the summoning player; None once over."""
        if state.phase == "draft":
            assert state.draft is not None and state.draft.order
            return state.kingdoms[state.draft.order[0]].seat
        return state.kingdoms[state.active].seat if state.phase == "summon" else None

    def _asked(self, state: ClashState, seat: int) -> bool:
        # ``apply`` asks only this: the chooser is known without the prompt's text.
        return seat == self._chooser(state)

    def _prompts(self, state: ClashState) -> dict[int, Prompt]:
        seat = self._chooser(state)
        if seat is None:
            return {}
        if state.phase == "draft":
            draft = state.draft
            assert draft is not None
            # The draft is played face up (row and picks are public): only the choosing is in DMs.
            return {
                seat: Prompt(
                    seat,
                    "draft",
                    f"Draft: take 1 of the {len(draft.row)} revealed cards.",
                    private=True,
                    public=f"{seat_ref(seat)} is drafting: 1 of the {len(draft.row)} revealed cards",
                )
            }
        mana = state.kingdoms[state.active].mana
        text = f"Summoning: {mana} mana. Play one of your 4 leftmost cards, or end the turn."
        # Private for the hand it reads; whose turn it is and the mana are public (the view shows both).
        public = f"{seat_ref(seat)} is summoning with {mana} mana"
        return {seat: Prompt(seat, "summon", text, private=True, public=public)}

    def _legal_actions(self, state: ClashState, seat: int) -> list[Action]:
        ctx = Ctx(state)
        k = self._kingdom(state, seat)
        if state.phase == "draft":
            assert state.draft is not None
            return [self._draft_action(ctx, iid) for iid in state.draft.row]
        actions: list[Action] = []
        for iid in self._summonable(ctx, k):
            actions.extend(self._card_actions(ctx, k, iid))
        actions.append(Action(END, "End summoning and attack", group="end"))
        return actions

    def _find_action(self, state: ClashState, seat: int, key: str) -> Action | None:
        # Build only the one choice the key names: apply need not label every other card's
        # choices, nor price every other card, just to check a key (the fuzz harness and
        # test_action_lookup check this agrees with ``_legal_actions``).
        if key == END:
            return Action(END, "End summoning and attack", group="end") if state.phase == "summon" else None
        parts = key.split(".")
        if len(parts) < 2:
            return None
        iid = parts[1]
        if state.phase == "draft":
            assert state.draft is not None
            # exactly "d.<card>": a key with any other shape names no choice, even if it holds a card id
            in_row = parts[0] == "d" and len(parts) == 2 and iid in state.draft.row
            return self._draft_action(Ctx(state), iid) if in_row else None
        if len(parts) != 3:
            return None  # every summoning key is kind.card.where
        k = self._kingdom(state, seat)
        if not self._offered(state, k, iid):
            return None
        ctx = Ctx(state)
        card = ctx.card(iid)
        price = cost(ctx, k, iid)
        if not within_means(card, price, state.kingdoms[k].mana):
            return None
        action = self._card_action(ctx, k, iid, card, price, parts[0], parts[2])
        return action if action is not None and action.key == key else None

    @staticmethod
    def _draft_action(ctx: Ctx, iid: str) -> Action:
        return Action(f"d.{iid}", f"Take {ctx.card(iid).name}", group="draft", card=iid, params=(iid,))

    @staticmethod
    def _offered(state: ClashState, k: int, iid: str) -> bool:
        """True when ``iid`` is among kingdom ``k``'s 4 leftmost cards or is its ready Champion."""
        kingdom = state.kingdoms[k]
        ready_champion = bool(kingdom.champion) and kingdom.champion_status == "ready"
        return iid in playable(state, k) or (ready_champion and iid == kingdom.champion)

    @staticmethod
    def _summonable(ctx: Ctx, k: int) -> list[str]:
        """Cards kingdom ``k`` may pay for now: the 4 leftmost, plus a ready Champion."""
        kingdom = ctx.state.kingdoms[k]
        choices = list(playable(ctx.state, k))
        if kingdom.champion and kingdom.champion_status == "ready":
            choices.append(kingdom.champion)
        return [iid for iid in choices if affordable(ctx, k, iid)]

    @classmethod
    def _card_actions(cls, ctx: Ctx, k: int, iid: str) -> list[Action]:
        """Every way to play card ``iid``: a line, a Symbiote host, or an incantation target."""
        card = ctx.card(iid)
        price = cost(ctx, k, iid)
        if card.kind == "incantation":
            return [cls._cast_action(ctx, iid, card, price, unit) for _, unit in ctx.all_units()]
        upper, lower = ctx.state.kingdoms[k].lines
        actions = [
            cls._summon_action(iid, card, price, "u", upper),
            cls._summon_action(iid, card, price, "l", lower),
        ]
        if "symbiote" in card.abilities:
            actions.extend(cls._merge_action(ctx, iid, card, price, uid) for uid in symbiote_hosts(ctx, k))
        return actions

    @classmethod
    def _card_action(
        cls, ctx: Ctx, k: int, iid: str, card: Card, price: int, kind: str, where: str
    ) -> Action | None:
        """The one way to play ``iid`` that a key's kind letter and last part name, if it exists."""
        if card.kind == "incantation":
            if kind != "i":
                return None
            loc = ctx.find(where)
            return None if loc is None else cls._cast_action(ctx, iid, card, price, ctx.at(loc))
        if kind == "p" and where in ("u", "l"):
            line = ctx.state.kingdoms[k].lines[0 if where == "u" else 1]
            return cls._summon_action(iid, card, price, where, line)
        if kind == "s" and "symbiote" in card.abilities and where in symbiote_hosts(ctx, k):
            return cls._merge_action(ctx, iid, card, price, where)
        return None

    @staticmethod
    def _play(letter: str, iid: str, where: str, target: str | int, label: str, group: str) -> Action:
        """Play card ``iid`` in the way ``letter`` names (its key ``letter.iid.where``) at ``target``."""
        return Action(f"{letter}.{iid}.{where}", label, group=group, card=iid, params=(iid, target))

    @classmethod
    def _cast_action(cls, ctx: Ctx, iid: str, card: Card, price: int, target: Unit) -> Action:
        """Cast incantation ``iid`` on the creature ``target``."""
        uid = target.cards[0]
        label = f"Cast {card.name} on {ctx.unit_name(target)} ({price} mana)"
        return cls._play("i", iid, uid, uid, label, "incantation")

    @classmethod
    def _summon_action(cls, iid: str, card: Card, price: int, where: str, line: int) -> Action:
        """Summon creature ``iid`` on kingdom's upper (``where`` "u") or lower ("l") line ``line``."""
        side = "upper" if where == "u" else "lower"
        return cls._play(
            "p", iid, where, line, f"Summon {card.name} on the {side} line ({price} mana)", "summon"
        )

    @classmethod
    def _merge_action(cls, ctx: Ctx, iid: str, card: Card, price: int, host: str) -> Action:
        """Merge Symbiote ``iid`` onto the creature whose host card is ``host``."""
        label = f"Merge {card.name} onto {ctx.card(host).name} ({price} mana)"
        return cls._play("s", iid, host, host, label, "symbiote")

    # ------------------------------------------------------------------ acting
    def clone(self, state: ClashState) -> ClashState:
        """A deep, independent copy of ``state`` (the same value an encode + decode gives)."""
        return copy_state(state)

    def _apply(self, state: ClashState, seat: int, action: Action) -> Iterable[Event]:
        return Ctx(state).act(self._carry_out, self._kingdom(state, seat), action)

    @staticmethod
    def _carry_out(ctx: Ctx, k: int, action: Action) -> None:
        """Carry out kingdom ``k``'s legal ``action``: a draft pick, a card played, or the Assault."""
        if ctx.state.phase == "draft":
            take(ctx, k, str(action.params[0]))
            if advance_draft(ctx):
                finish_draft(ctx)
        elif action.key == END:
            finish_turn(ctx)
        else:
            kind = action.key[0]
            iid = str(action.params[0])
            if kind == "p":
                summon(ctx, k, iid, int(action.params[1]))
            elif kind == "s":
                merge(ctx, k, iid, str(action.params[1]))
            else:
                incantation(ctx, k, iid, str(action.params[1]))

    # ------------------------------------------------------------------ seeing
    def _view(self, state: ClashState, viewer: int | None) -> ClashView:
        return build_view(state, viewer)

    def twin(self, state: ClashState, viewer: int | None, rng: Rng) -> ClashState:
        """A state ``viewer`` cannot tell from ``state``: the unseen cards (other hands, AI deck
        piles, the draft pile and the box) dealt afresh, and a new RNG state."""
        twin = self.clone(state)
        redeal(twin, viewer, rng)
        twin.rng = rng.next_u64()
        return twin

    # ------------------------------------------------------------------ ratings
    def teams(self, config: GameConfig) -> tuple[tuple[int, ...], ...]:
        """2v2: partners sit opposite (seats 1+3, 2+4); co-op: both players on one side."""
        if config.mode == "2v2":
            return ((0, 2), (1, 3))
        if config.mode == "coop":
            return ((0, 1),)
        return super().teams(config)

    def automaton(self, config: GameConfig) -> str:
        """The AI kingdom(s) of solo and co-op, rated per difficulty level."""
        level = config.options.get("difficulty", 0)
        if config.mode == "solo":
            return f"AI kingdom (level {level})"
        if config.mode == "coop":
            return f"two AI kingdoms (level {level})"
        return ""

    def _outcome(self, state: ClashState) -> Outcome | None:
        if state.phase != "over":
            return None
        winners = tuple(state.winners)
        losers = tuple(sorted(kd.seat for kd in state.kingdoms if not kd.is_ai and kd.seat not in winners))
        ranking = tuple(group for group in (winners, losers) if group)
        # In solo and co-op a fallen player kingdom means the AI side won: say so, not "nobody".
        ai_won = (
            not winners and 0 <= state.loser < len(state.kingdoms) and not state.kingdoms[state.loser].is_ai
        )
        automaton = ""
        if ai_won:
            automaton = "the AI kingdoms" if sum(kd.is_ai for kd in state.kingdoms) > 1 else "the AI kingdom"
        return Outcome(winners, ranking, state.result, automaton=automaton)

    def secrets(self, state: ClashState, viewer: int | None) -> Iterable[str]:
        """Card ids in other players' hands, the AI deck piles and the face-down draft pile."""
        for kingdom in state.kingdoms:
            if kingdom.seat != viewer or kingdom.is_ai:
                yield from (iid for iid in kingdom.hand if iid != STRONGHOLD)
            yield from kingdom.deck
        if state.draft is not None:
            yield from state.draft.pile
        yield from state.box

    def conserved(self, state: ClashState) -> Mapping[str, int]:
        """Every card instance is somewhere: a hand, a pile, the play area, a draft or beside the table."""
        where = 0
        for kingdom in state.kingdoms:
            where += (
                sum(1 for iid in kingdom.hand if iid != STRONGHOLD) + len(kingdom.deck) + len(kingdom.discard)
            )
            if kingdom.champion and kingdom.champion_status != "in_play":
                where += 1
        for line in state.lines:
            where += sum(len(unit.cards) for side in line.sides for unit in side)
        if state.draft is not None:
            draft = state.draft
            where += len(draft.pile) + len(draft.row) + len(draft.ai_pool) + sum(len(p) for p in draft.picks)
        where += (1 if state.casting else 0) + len(state.box)
        return {"cards": where, "instances": len(state.cards)}

    def bots(self) -> Mapping[str, Bot]:
        """Random, greedy, the tactician and the search bot (it plays lines out), weakest first."""
        if self._bots is None:
            self._bots = {**BOTS, "search": SearchBot(self)}
        return self._bots

    def check_content(self) -> None:
        """Load ``cards.toml``, ``solo.toml`` and the abilities' explanations afresh and check them, the
        ability and effect keywords against their handlers."""
        cards = load_catalog().cards.values()
        KEYWORDS.check(
            Use(CARDS_PATH, c.id, f"abilities[{i}]", a) for c in cards for i, a in enumerate(c.abilities)
        )
        EFFECTS.check(Use(CARDS_PATH, c.id, "effect", c.effect) for c in cards if c.kind == "incantation")
        read_ability_help()

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """The 64 collection cards and the Champions, with text generated from their data."""
        return entries()

    def decks(self, lang: str = "en") -> list[DeckEntry]:
        """The four preconstructed decks with their Constructed deck codes."""
        return decks()


RULESET = ClashOfDecks()
