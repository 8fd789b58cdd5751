"""Every sentence the engine shows, in English and Japanese, chosen by message key.

The engine never writes prose inline: events, prompts and action labels name a key here and pass
parameters (seat placeholders like ``{P1}``, card names already in the table's language, numbers),
so both languages always carry the same facts. The language is a display setting only
(``ClimaxState.lang``): no rule reads it, so a replay plays out identically in either language.
"""

from __future__ import annotations

from engines.core.types import counted

#: key -> (English, Japanese)
MESSAGES: dict[str, tuple[str, str]] = {
    # ------------------------------------------------------------------ narration
    "turn": ("Turn {n}: {who}'s turn.", "第{n}ターン：{who}のターン。"),
    "draw": ("{who} draws {n}.", "{who}はカードを{n}枚引いた。"),
    "draw_seen": ("You draw {cards}.", "あなたは{cards}を引いた。"),
    "mulligan": (
        "{who} puts {n_cards} into the waiting room ({cards}) and draws as many.",
        "{who}は{n}枚（{cards}）を控え室に置き、同じ枚数を引いた。",
    ),
    "mulligan_keep": ("{who} keeps their hand.", "{who}は手札をそのままにした。"),
    "clocked": ("{who} puts {card} into the clock.", "{who}は{card}をクロックに置いた。"),
    "played": ("{who} plays {card} to {slot}.", "{who}は{card}を{slot}にプレイした。"),
    "replaced": (
        "{card} is replaced and goes to the waiting room.",
        "{card}は入れ替えられ、控え室に置かれた。",
    ),
    "event": ("{who} plays the event {card}.", "{who}はイベント{card}をプレイした。"),
    "moved": ("{who} swaps {one} and {two}.", "{who}は{one}と{two}を入れ替えた。"),
    "activated": ("{card} uses its ability.", "{card}は能力を使った。"),
    "climax_played": ("{who} plays the climax {card}.", "{who}はクライマックス{card}をプレイした。"),
    "declared_battle": (
        "{who}: {card} attacks {target} (battle).",
        "{who}：{card}が{target}に攻撃（バトルする）。",
    ),
    "declared_nobattle": (
        "{who}: {card} attacks past {target} (no battle).",
        "{who}：{card}が{target}に攻撃（バトルしない）。",
    ),
    "declared_direct": (
        "{who}: {card} attacks with nobody in front.",
        "{who}：{card}が攻撃（正面に敵キャラなし）。",
    ),
    "no_counter": ("{who} does not counter.", "{who}は助太刀しなかった。"),
    "backup": ("{who} backs up with {card}.", "{who}は{card}で助太刀した。"),
    "triggered": ("{who} reveals {card} as the trigger.", "{who}はトリガーで{card}をめくった。"),
    "gain_power": ("{card} gets +{n} power.", "{card}のパワー＋{n}。"),
    "gain_soul": ("{card} gets +{n} AP.", "{card}のAP＋{n}。"),
    "lose_soul": ("{card} gets -{n} AP.", "{card}のAP－{n}。"),
    "icon_pool": ("{who} puts the deck's top card into stock.", "{who}は山札の上から1枚をストックに置いた。"),
    "cancelled": (
        "{who} cancels {n} damage: {cards} go to the waiting room.",
        "{who}は{n}ダメージをキャンセルした：{cards}は控え室へ。",
    ),
    "damaged": ("{who} takes {n} damage: {cards}.", "{who}は{n}ダメージを受けた：{cards}。"),
    "battle": ("Battle: {card} ({n}) against {target} ({m}).", "バトル：{card}（{n}）対{target}（{m}）。"),
    "reversed": ("{card} is reversed.", "{card}はリバースした。"),
    "revenge": ("{card} takes {target} down with it.", "{card}の能力で{target}もリバースした。"),
    "to_waiting": ("{card} goes to the waiting room.", "{card}は控え室に置かれた。"),
    "encored": (
        "{who} pays {n} stock: {card} stays, rested (encore).",
        "{who}はストック{n}枚で{card}を大活躍させた。",
    ),
    "levelled": ("{who} reaches level {n} with {card}.", "{who}は{card}でレベル{n}になった。"),
    "refresh": (
        "{who}'s deck runs out: the waiting room is shuffled into a new deck of {n}.",
        "{who}の山札が尽きた：控え室をシャッフルし、{n}枚の山札にした。",
    ),
    "penalty": (
        "{who} pays the refresh penalty: {card} goes to the clock.",
        "{who}はリフレッシュの罰として{card}をクロックに置いた。",
    ),
    "to_stock": (
        "{card}: {who} puts the deck's top card into stock.",
        "{card}：{who}は山札の上から1枚をストックに置いた。",
    ),
    "salvaged": (
        "{who} returns {card} from the waiting room to hand.",
        "{who}は控え室の{card}を手札に戻した。",
    ),
    "bounced": ("{card} returns to {who}'s hand.", "{card}は{who}の手札に戻った。"),
    "discarded": ("{who} puts {card} into the waiting room.", "{who}は{card}を控え室に置いた。"),
    "climax_ends": ("{card} leaves the climax zone.", "{card}はクライマックス置場から控え室へ。"),
    "hand_limit": ("{who} must discard {n_cards} down to 7.", "{who}は手札が7枚になるよう{n}枚捨てる。"),
    "lose_level": ("{who} reaches level 4: {winner} wins.", "{who}はレベル4になった：{winner}の勝利。"),
    "lose_deckout": (
        "{who} has no deck and no waiting room to refresh from: {winner} wins.",
        "{who}は山札も控え室も尽きた：{winner}の勝利。",
    ),
    # ------------------------------------------------------------------ action labels
    "mulligan_mark": ("Replace {card}", "{card}を引き直す"),
    "mulligan_unmark": ("Keep {card} after all", "{card}を手札に残す"),
    "mulligan_done": ("Done: replace {n_cards}", "決定：{n}枚を引き直す"),
    "clock_card": ("Clock {card} (then draw 2)", "{card}をクロックに置く（2枚引く）"),
    "clock_pass": ("Do not clock", "クロックに置かない"),
    "play_char": ("Play {card} to {slot} ({cost} stock)", "{card}を{slot}にプレイ（ストック{cost}）"),
    "play_event": ("Play {card} ({cost} stock)", "{card}をプレイ（ストック{cost}）"),
    "activate": ("Use {card}'s ability", "{card}の能力を使う"),
    "move": ("Swap {one} and {two}", "{one}と{two}を入れ替える"),
    "end_main": ("End the main phase", "メイン・フェイズを終える"),
    "play_climax": ("Play the climax {card}", "クライマックス{card}をプレイ"),
    "climax_pass": ("No climax", "クライマックスを置かない"),
    "attack_battle": ("{card} attacks {target}: battle", "{card}で{target}に攻撃：バトルする"),
    "attack_nobattle": ("{card} attacks {target}: no battle", "{card}で{target}に攻撃：バトルしない"),
    "attack_direct": ("{card} attacks from {slot}", "{slot}の{card}で攻撃"),
    "end_attack": ("End the attack phase", "アタック・フェイズを終える"),
    "counter_card": ("Counter with {card} ({cost} stock)", "{card}で助太刀（ストック{cost}）"),
    "counter_pass": ("No counter", "助太刀しない"),
    "encore_yes": ("Encore {card} ({n} stock)", "{card}を大活躍させる（ストック{n}）"),
    "encore_no": ("Let {card} go", "{card}を控え室に置く"),
    "level_card": ("Level up with {card}", "{card}をレベル置場に置く"),
    "pick_salvage": ("Return {card} to hand", "{card}を手札に戻す"),
    "pick_rally": ("Give {card} the bonus", "{card}を選ぶ"),
    "pick_bounce": ("Return {card} to its owner's hand", "{card}を手札に戻す"),
    "pick_destroy": ("Send {card} to the waiting room", "{card}を控え室に置く"),
    "pick_none": ("Take nothing", "選ばない"),
    "discard_card": ("Discard {card}", "{card}を捨てる"),
    # ------------------------------------------------------------------ prompts (own text / public line)
    "ask_mulligan": (
        "Mulligan: mark the cards to replace, then confirm.",
        "引き直し：引き直すカードを選び、決定してください。",
    ),
    "ask_clock": (
        "Clock phase: you may put 1 card into your clock and draw 2.",
        "クロック・フェイズ：手札1枚をクロックに置くと2枚引けます。",
    ),
    "ask_main": (
        "Main phase: play, rearrange, use abilities, or end.",
        "メイン・フェイズ：プレイ、並べ直し、能力の使用、または終了。",
    ),
    "ask_climax": (
        "Climax phase: you may play 1 climax.",
        "クライマックス・フェイズ：クライマックスを1枚置けます。",
    ),
    "ask_attack": (
        "Attack phase: declare an attack or end.",
        "アタック・フェイズ：攻撃を宣言するか、終了します。",
    ),
    "ask_counter": (
        "Counter step: you may play 1 counter card.",
        "助太刀ステップ：防御中に使えるカードを1枚使えます。",
    ),
    "ask_encore": (
        "Encore: pay stock to keep this character?",
        "大活躍：ストックを払ってこのキャラを残しますか？",
    ),
    "ask_level": (
        "Level up: choose 1 of your 7 oldest clock cards.",
        "レベルアップ：クロックの古い7枚から1枚を選んでください。",
    ),
    "ask_pick": ("Choose a card for the effect.", "効果の対象を選んでください。"),
    "ask_discard": ("Discard {n_cards} from your hand.", "手札を{n}枚捨ててください。"),
    "public_mulligan": ("{who} is choosing cards to replace", "{who}は引き直すカードを選んでいる"),
    "public_clock": ("{who} is in the clock phase", "{who}はクロック・フェイズ中"),
    "public_main": ("{who} is in the main phase", "{who}はメイン・フェイズ中"),
    "public_climax": ("{who} is in the climax phase", "{who}はクライマックス・フェイズ中"),
    "public_attack": ("{who} is declaring attacks", "{who}は攻撃を宣言中"),
    "public_counter": ("{who} may counter", "{who}は助太刀を検討中"),
    "public_encore": ("{who} decides on an encore", "{who}は大活躍を検討中"),
    "public_level": ("{who} is levelling up", "{who}はレベルアップ中"),
    "public_pick": ("{who} is choosing a target", "{who}は対象を選んでいる"),
    "public_discard": ("{who} is discarding", "{who}は手札を捨てている"),
    # ------------------------------------------------------------------ bots' reasons (hints)
    "why_only": ("{label}: the only legal choice.", "{label}：ほかに選べる手がない。"),
    "why_any": ("{label}: nothing else on offer scores better.", "{label}：ほかにこれより良い手がない。"),
    "why_keep": (
        "{label}: no climax or level 2+ card is left to send back.",
        "{label}：引き直すべきクライマックスやレベル2以上のカードはもうない。",
    ),
    "why_mark": (
        "{label}: a climax or a level 2+ card is of no use in the first turns.",
        "{label}：クライマックスやレベル2以上のカードは序盤に役立たない。",
    ),
    "why_unmark": ("{label}: a low-level card is useful early.", "{label}：低レベルのカードは序盤に役立つ。"),
    "why_clock": (
        "{label}: the card least worth keeping, while the clock is short ({n} damage).",
        "{label}：手札で最も要らないカード。クロックはまだ短い（{n}ダメージ）。",
    ),
    "why_clock_long": (
        "{label}: {n} damage already, or too few cards in hand to clock one.",
        "{label}：すでに{n}ダメージ、または手札が少なすぎる。",
    ),
    "why_clock_keep": (
        "{label}: every card in hand is worth keeping.",
        "{label}：手札はどれも残す価値がある。",
    ),
    "why_play": (
        "{label}: {power} power at level {level}, the biggest gain on the stage now.",
        "{label}：パワー{power}・レベル{level}、今いちばん舞台を強くする。",
    ),
    "why_event": ("{label}: it has something to act on now.", "{label}：今なら効果の対象がある。"),
    "why_rally": (
        "{label}: its bonus lets {card} win its battle.",
        "{label}：その効果で{card}がバトルに勝てる。",
    ),
    "why_end_main": (
        "{label}: nothing left worth playing.",
        "{label}：もうプレイする価値のあるカードがない。",
    ),
    "why_climax": (
        "{label}: {n} characters stand ready to attack.",
        "{label}：攻撃できるキャラが{n}体いる。",
    ),
    "why_climax_pass": (
        "{label}: fewer than 2 characters stand ready to attack.",
        "{label}：攻撃できるキャラが2体未満。",
    ),
    "why_direct": (
        "{label}: nobody in front, so no battle to lose.",
        "{label}：正面に敵がいないので負けるバトルがない。",
    ),
    "why_battle": (
        "{label}: {n} power against {m}, it wins the battle.",
        "{label}：パワー{n}対{m}でバトルに勝つ。",
    ),
    "why_trade": (
        "{label}: {n} power against {m}: both go down, a trade worth making.",
        "{label}：パワー{n}対{m}。相打ちだが損はない。",
    ),
    "why_battle_left": (
        "{label}: {n} power against {m}, the best attack left.",
        "{label}：パワー{n}対{m}。残る攻撃の中では最善。",
    ),
    "why_past": (
        "{label}: a battle with {card} would not pay, so it goes past.",
        "{label}：{card}とのバトルは割に合わないので、バトルしない。",
    ),
    "why_end_attack": (
        "{label}: no standing character is worth attacking with.",
        "{label}：攻撃させる価値のあるスタンドのキャラがいない。",
    ),
    "why_counter": (
        "{label}: it changes the battle ({n} power against {m}).",
        "{label}：バトルの結果が変わる（パワー{n}対{m}）。",
    ),
    "why_counter_pass": (
        "{label}: no counter would change this battle.",
        "{label}：助太刀してもこのバトルは変わらない。",
    ),
    "why_encore": (
        "{label}: {n} stock leaves at least 2 to spare.",
        "{label}：ストック{n}枚なら2枚以上残る。",
    ),
    "why_no_encore": (
        "{label}: paying would leave under 2 stock.",
        "{label}：払うとストックが2枚未満になる。",
    ),
    "why_level_colour": (
        "{label}: the first {colour} card there, a colour the deck plays.",
        "{label}：デッキが使う{colour}の最初の1枚になる。",
    ),
    "why_level": (
        "{label}: the clock card least worth having back.",
        "{label}：クロックで最も要らないカード。",
    ),
    "why_pick": ("{label}: the highest level card on offer.", "{label}：選べる中で最もレベルが高い。"),
    "why_pick_none": ("{label}: nothing worth taking.", "{label}：選ぶ価値のあるカードがない。"),
    "why_discard": ("{label}: the card in hand least worth keeping.", "{label}：手札で最も要らないカード。"),
    "why_won": ("won {n} of {w} sampled playout{s}", "{w}回の試行で{n}勝"),
    "why_it_won": ("it won {n} of {w} sampled playout{s}", "{w}回の試行で{n}勝"),
    "why_won_n": ("{n}", "{n}勝"),
    "why_scale": (" (damage, stock and board)", "（ダメージ・ストック・盤面）"),
    "why_score": (
        "scores {x} on average over {w} sampled playout{s}{scale}",
        "{w}回の試行で平均{x}点{scale}",
    ),
    "why_it_score": (
        "it scores {x} on average over {w} sampled playout{s}{scale}",
        "{w}回の試行で平均{x}点{scale}",
    ),
    "why_best": (
        "{label}: {mine}; the next best ({other}) {theirs}.",
        "{label}：{mine}。次点（{other}）は{theirs}。",
    ),
    "why_best_short": ("{label}: {mine}; the next best {theirs}.", "{label}：{mine}。次点は{theirs}。"),
    "why_kept": (
        "{label}: the rule of thumb's pick; {it_mine}; the best other ({other}) {theirs}.",
        "{label}：経験則どおりの手。{mine}。ほかの最善（{other}）は{theirs}。",
    ),
    "why_kept_short": (
        "{label}: the rule of thumb's pick; {it_mine}; the best other {theirs}.",
        "{label}：経験則どおりの手。{mine}。ほかの最善は{theirs}。",
    ),
    "why_ranked": (
        "{label}: ranked first by the rules of thumb; {it_mine}; the best other ({other}) {theirs}.",
        "{label}：経験則で上位の手。{mine}。ほかの最善（{other}）は{theirs}。",
    ),
    "why_ranked_short": (
        "{label}: ranked first by the rules of thumb; {it_mine}; the best other {theirs}.",
        "{label}：経験則で上位の手。{mine}。ほかの最善は{theirs}。",
    ),
    "why_random": ("Picked at random among the legal choices.", "選べる手の中から無作為に選んだ。"),
    # ------------------------------------------------------------------ card text pieces
    "trigger_text": ("Trigger: {icons}.", "トリガー：{icons}。"),
    "vanilla": ("No ability.", "能力なし。"),
    "boost_power": (
        "While this is in your climax zone, all your characters get +{n} power.",
        "このカードがクライマックス置場にある間、あなたのキャラすべてに、パワーを＋{n}。",
    ),
    "boost_soul": (
        "While this is in your climax zone, all your characters get +{soul} AP.",
        "このカードがクライマックス置場にある間、あなたのキャラすべてに、APを＋{soul}。",
    ),
}

#: trigger icons by name (B7: ☆ is the soul icon)
ICONS: dict[str, tuple[str, str]] = {
    "soul": ("soul ☆ (+1 AP)", "ソウル☆（AP＋1）"),
    "pool": ("pool (deck top to stock)", "プール（山札の上をストックへ）"),
    "comeback": ("comeback (waiting-room character to hand)", "カムバック（控え室のキャラを手札へ）"),
    "draw": ("draw (draw 1)", "ドロー（1枚引く）"),
    "shot": ("shot (1 damage if the attack is cancelled)", "ショット（キャンセルされたら1ダメージ）"),
}

#: stage slots in table coordinates: 0-2 the front row, 3-4 the back row
SLOT_NAMES: tuple[tuple[str, str], ...] = (
    ("front left", "前列左"),
    ("front centre", "前列中央"),
    ("front right", "前列右"),
    ("back left", "後列左"),
    ("back right", "後列右"),
)

#: words renderers and the catalogue need (zone and state names)
TERMS: dict[str, tuple[str, str]] = {
    "character": ("Character", "キャラ"),
    "event": ("Event", "イベント"),
    "climax": ("Climax", "クライマックス"),
    "yellow": ("yellow", "黄"),
    "green": ("green", "緑"),
    "red": ("red", "赤"),
    "blue": ("blue", "青"),
    "level": ("Level", "レベル"),
    "cost": ("Cost", "コスト"),
    "power": ("Power", "パワー"),
    "soul": ("AP (soul)", "AP"),
    "deck": ("Deck", "山札"),
    "hand": ("Hand", "手札"),
    "clock": ("Clock", "クロック"),
    "level_zone": ("Level zone", "レベル置場"),
    "stock": ("Stock", "ストック"),
    "waiting": ("Waiting room", "控え室"),
    "climax_zone": ("Climax zone", "クライマックス置場"),
    "stage": ("Stage", "舞台"),
    "stand": ("standing", "スタンド"),
    "rest": ("rested", "レスト"),
    "reverse": ("reversed", "リバース"),
    "counter": ("Counter", "助太刀"),
}


def say(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` (``en`` or ``ja``) with its parameters filled in.

    English counts cards in words that agree with the number (``{n_cards}``: "1 card", "3 cards");
    Japanese counts them with 枚 and needs no plural, so only ``{n}`` appears there.
    """
    en, ja = MESSAGES[key]
    if lang == "ja":
        return ja.format(**params)
    count = params.get("n")
    extra = {"n_cards": counted(count, "card")} if isinstance(count, int) else {}
    return en.format(**params, **extra)


def templates(lang: str, prefix: str) -> dict[str, str]:
    """Every message whose key starts with ``prefix``, unfilled, in ``lang``, keyed by the rest of its key."""
    side = 1 if lang == "ja" else 0
    return {k.removeprefix(prefix): v[side] for k, v in MESSAGES.items() if k.startswith(prefix)}


def icon_name(icon: str, lang: str) -> str:
    """A trigger icon's name in ``lang``."""
    en, ja = ICONS[icon]
    return ja if lang == "ja" else en


def slot_name(lang: str, index: int) -> str:
    """A stage slot's name in ``lang``."""
    en, ja = SLOT_NAMES[index]
    return ja if lang == "ja" else en


def term(key: str, lang: str) -> str:
    """A glossary word in ``lang``."""
    en, ja = TERMS[key]
    return ja if lang == "ja" else en
