"""Make the Japanese font subsets shipped in ``render/core/fonts`` (run by hand; not needed to install).

Source: Noto Sans CJK JP 2.004, Regular and Bold (SIL Open Font License 1.1), as packaged by
Debian (``apt-get install fonts-noto-cjk``: ``/usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc``).
Kept: ASCII and Latin-1, general punctuation and arrows, CJK symbols and punctuation, all of
hiragana and katakana, the half- and full-width forms, the 2,965 kanji of JIS X 0208 level 1 (the
common kanji), and every character of the strings in ``--extra`` files (a game's data and words),
so every string a game ships renders even if it strays beyond those blocks.

    python scripts/subset_jp_font.py --extra engines/climax/data/cards.toml engines/climax/words.py \
        render/climax/words.py engines/climax/rules.ja.md
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc"
OUT = Path(__file__).resolve().parent.parent / "render" / "core" / "fonts"
RANGES = [
    (0x20, 0x7E),  # ASCII
    (0xA0, 0xFF),  # Latin-1
    (0x2010, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2460, 0x24FF),  # circled numbers
    (0x25A0, 0x25FF),  # geometric shapes (the ● ○ ■ □ ▲ marks)
    (0x2600, 0x26FF),  # miscellaneous symbols (★ ☆)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF00, 0xFFEF),  # half- and full-width forms
]


def level_one_kanji() -> set[int]:
    """The kanji of JIS X 0208 level 1: Shift JIS lead bytes 0x88 (from 0x9F) to 0x98 (to 0x72)."""
    found: set[int] = set()
    for lead in range(0x88, 0x99):
        for trail in [*range(0x40, 0x7F), *range(0x80, 0xFD)]:
            if (lead, trail) < (0x88, 0x9F) or (lead, trail) > (0x98, 0x72):
                continue
            try:
                char = bytes([lead, trail]).decode("shift_jis")
            except UnicodeDecodeError:
                continue
            found.add(ord(char))
    return found


def wanted(extra: list[Path]) -> set[int]:
    """Every code point the subsets keep."""
    points = level_one_kanji()
    for low, high in RANGES:
        points.update(range(low, high + 1))
    for path in extra:
        points.update(ord(c) for c in path.read_text(encoding="utf-8") if ord(c) >= 0x20)
    return points


def main() -> None:
    """Write the Regular and Bold subsets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", nargs="*", type=Path, default=[], help="files whose characters to keep")
    args = parser.parse_args()
    points = wanted(args.extra)
    for weight in ("Regular", "Bold"):
        font = TTCollection(SOURCE.format(weight=weight)).fonts[0]  # face 0 is Noto Sans CJK JP
        options = subset.Options()
        options.layout_features = ["kern", "palt", "vert", "liga"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(points))
        subsetter.subset(font)
        target = OUT / f"NotoSansCJKjp-{weight}-subset.otf"
        font.save(target)
        print(f"{target.relative_to(OUT.parent.parent.parent)}: {target.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
