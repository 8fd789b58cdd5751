"""Words for the terminal: seat names, event narration, outcomes and numbered choice pages."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Action, Outcome, fill_names

#: choices shown per page; long hands and target lists are paged so a screen stays readable
PAGE_SIZE = 12


def seat_names(players: int, human: int | None, bot_label: str) -> list[str]:
    """Display names: the person is 'Player N (you)', the rest 'Player N (bot)'."""
    return [
        f"Player {seat + 1} (you)" if seat == human else f"Player {seat + 1} ({bot_label})"
        for seat in range(players)
    ]


def describe_outcome(outcome: Outcome, names: Sequence[str]) -> str:
    """One paragraph: who won, why, the scores and the ranking."""
    reason = fill_names(outcome.reason, names).rstrip(".")
    who = outcome.who_won(lambda seat: names[seat])
    if outcome.winners:
        head = f"Game over: {who} {'wins' if len(outcome.winners) == 1 else 'win'} ({reason})."
    elif who:  # the rules' own opponent (an automaton) won, not a seat
        head = f"Game over: {who[:1].upper()}{who[1:]} won ({reason})."
    else:  # a draw (or a lone seat forfeited)
        head = f"Game over, no player wins: {reason}."
    parts = [head]
    if outcome.scores:
        scores = ", ".join(f"{names[s]} {v}" for s, v in sorted(outcome.scores.items()))
        parts.append(f"Scores: {scores}.")
    if len(outcome.ranking) > 1:
        places = "; ".join(
            f"{place}. {', '.join(names[s] for s in group)}" for place, group in enumerate(outcome.ranking, 1)
        )
        parts.append(f"Ranking: {places}.")
    return "\n".join(parts)


def page_count(actions: Sequence[Action]) -> int:
    """How many pages ``actions`` fill."""
    return max(1, -(-len(actions) // PAGE_SIZE))


def choice_page(actions: Sequence[Action], page: int) -> list[str]:
    """The numbered lines of one page (numbers count across pages), grouped under headings."""
    start = page * PAGE_SIZE
    lines: list[str] = []
    group = None
    for number, action in enumerate(actions[start : start + PAGE_SIZE], start + 1):
        if action.group and action.group != group:
            lines.append(f"  [{action.group}]")
        group = action.group
        lines.append(f"  {number:>3}. {action.label}  ({action.key})")
    pages = page_count(actions)
    if pages > 1:
        lines.append(f"  page {page + 1}/{pages}: n = next page, p = previous page")
    return lines
