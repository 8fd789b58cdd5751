"""The words the climax pictures and text use, in English and Japanese.

Zone, state and colour names come from the engine's glossary (``engines.climax.words.term``) so
the pictures call things what the prompts call them; the rest (phases, labels) are here.
"""

from __future__ import annotations

from engines.climax.words import slot_name, term

__all__ = ["PHASES", "colour_letter", "phase_name", "slot_name", "term", "word"]

#: phase -> (English, Japanese)
PHASES: dict[str, tuple[str, str]] = {
    "mulligan": ("Mulligan", "引き直し"),
    "stand": ("Stand phase", "スタンド・フェイズ"),
    "draw": ("Draw phase", "ドロー・フェイズ"),
    "clock": ("Clock phase", "クロック・フェイズ"),
    "main": ("Main phase", "メイン・フェイズ"),
    "climax": ("Climax phase", "クライマックス・フェイズ"),
    "attack": ("Attack phase", "アタック・フェイズ"),
    "encore": ("Encore step", "大活躍ステップ"),
    "end": ("End phase", "エンド・フェイズ"),
    "over": ("Game over", "ゲーム終了"),
}

#: key -> (English, Japanese); ``{who}`` is a drawn player name, ``{n}`` a number
WORDS: dict[str, tuple[str, str]] = {
    "title": ("Climax", "クライマックス"),
    "turn": ("Turn {n}", "第{n}ターン"),
    "whose_turn": ("{who}'s turn", "{who}のターン"),
    "deciding": ("{who} to decide", "{who}が選択中"),
    "before_play": ("Setting up", "準備中"),
    "first": ("1st", "先攻"),
    "second": ("2nd", "後攻"),
    "active": ("TURN", "手番"),
    "winner": ("WINNER", "勝利"),
    "level_big": ("LEVEL", "レベル"),
    "clock_count": ("Clock {n} / 7", "クロック {n} / 7"),
    "level_up": ("level up!", "レベルアップ！"),
    "waiting_count": ("Waiting room ({n})", "控え室（{n}枚）"),
    "empty": ("empty", "なし"),
    "empty_slot": ("empty", "空き"),
    "deck_named": ("{name} deck", "デッキ：{name}"),
    "constructed": ("Constructed deck", "構築デッキ"),
    "resolving": ("Playing: {cards}", "使用中：{cards}"),
    "penalty": ("Refresh penalty owed: {n}", "リフレッシュの罰：あと{n}"),
    "rest_label": ("REST", "レスト"),
    "reverse_label": ("REVERSED", "リバース"),
    "attack_now": ("Attack", "アタック中"),
    "attack_last": ("Last attack", "直前のアタック"),
    "attack_none": ("No attack yet this turn", "このターンのアタックはまだない"),
    "attacker": ("{who}: {card}", "{who}：{card}"),
    "battle": ("battles {card}", "{card}とバトル"),
    "no_battle": ("attacks past {card} (no battle)", "{card}とはバトルしない"),
    "direct": ("nobody in front (direct)", "正面にキャラなし（ダイレクト）"),
    "ap": ("AP {n}", "AP {n}"),
    "trigger": ("Trigger", "トリガー"),
    "trigger_none": ("not turned over yet", "まだめくっていない"),
    "trigger_blank": ("no icon", "アイコンなし"),
    "damage": ("Damage", "ダメージ"),
    "damage_none": ("no damage turned over yet", "ダメージはまだない"),
    "cancelled": ("CANCELLED: all to the waiting room", "キャンセル：すべて控え室へ"),
    "cancel_mark": ("CANCEL", "キャンセル"),
    "to_waiting_mark": ("→ waiting room", "→ 控え室"),
    "damage_taken": ("{n} damage: into the clock", "{n}ダメージ：クロックへ"),
    "damage_so_far": ("{n} turned over so far", "{n}枚めくった"),
    "your_hand": ("{who} · your hand ({n})", "{who}・あなたの手札（{n}枚）"),
    "hand_empty": ("Your hand is empty.", "手札はありません。"),
    "nothing_to_decide": ("Nothing to decide right now.", "今は選ぶことはありません。"),
    "hand_facts": (
        "Level {level} · Stock {stock} · Colours: {colours}",
        "レベル{level}・ストック{stock}・色：{colours}",
    ),
    "no_colours": ("none", "なし"),
    "level_cost": ("Level {level} · Cost {cost}", "レベル{level}・コスト{cost}"),
    "power": ("Power {n}", "パワー {n}"),
    "triggers": ("Trigger: {icons}", "トリガー：{icons}"),
    "playable": ("PLAYABLE", "プレイ可"),
    "not_playable": ("not playable now", "今はプレイ不可"),
    "counter": ("COUNTER", "助太刀"),
    "marked": ("TO REPLACE", "引き直す"),
}

#: short trigger icons for card faces (the full names are in the card text)
ICON_SHORT: dict[str, tuple[str, str]] = {
    "soul": ("☆", "☆"),
    "pool": ("pool", "プール"),
    "comeback": ("comeback", "カムバック"),
    "draw": ("draw", "ドロー"),
    "shot": ("shot", "ショット"),
}

#: card colour -> the letter written beside it
LETTERS: dict[str, tuple[str, str]] = {
    "yellow": ("Y", "黄"),
    "green": ("G", "緑"),
    "red": ("R", "赤"),
    "blue": ("B", "青"),
}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ja" else pair[0]


def word(key: str, lang: str, **params: object) -> str:
    """The label ``key`` in ``lang`` with its parameters filled in."""
    return _pick(WORDS[key], lang).format(**params)


def phase_name(phase: str, lang: str) -> str:
    """A phase's name in ``lang`` (the raw phase if unknown)."""
    pair = PHASES.get(phase)
    return _pick(pair, lang) if pair else phase


def colour_letter(colour: str, lang: str) -> str:
    """The one-letter (one-kanji) mark of a card colour."""
    pair = LETTERS.get(colour)
    return _pick(pair, lang) if pair else "?"


def colour_name(colour: str, lang: str) -> str:
    """A card colour's name in ``lang`` (from the engine's glossary)."""
    try:
        return term(colour, lang)
    except KeyError:
        return colour


def icons_short(triggers: tuple[str, ...], lang: str) -> str:
    """Trigger icons as short marks: ``☆☆`` or ``☆ shot``."""
    stars = "☆" * triggers.count("soul")
    others = [_pick(ICON_SHORT[t], lang) for t in triggers if t != "soul" and t in ICON_SHORT]
    return " ".join(part for part in (stars, *others) if part)
