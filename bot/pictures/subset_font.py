"""Make the picture font: BIZ UDPGothic (SIL OFL 1.1) cut down to the characters Asobiba draws.

    python -m bot.pictures.subset_font SOURCE_DIR

``SOURCE_DIR`` holds ``BIZUDPGothic-Regular.ttf`` and ``BIZUDPGothic-Bold.ttf`` (Debian's
``fonts-morisawa-bizud-gothic`` package, or the upstream release). The subset keeps ASCII, all
kana, full-width forms, a few symbols, and every other character written anywhere in ``rules/``
and ``bot/pictures/``, so every label, card and major name the pictures draw is covered;
``tests/pictures`` checks that nothing drawn falls outside it. Run it again after adding text with
new kanji. A universal-design face was chosen for legibility at small sizes on phones.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "bot" / "pictures" / "fonts"
WEIGHTS = ("Regular", "Bold")
#: Drawn by code or likely in labels, beyond what the sources spell out.
SYMBOLS = "♠♥♦♣♤♡♢♧↑→↓←⇧⇩●○◆◇■□▲△▼▽◀▶★☆✓×・…―─━│∞≤≥•·"


def characters() -> str:
    found: set[str] = set()
    for folder in ("rules", "bot/pictures"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7E}
    found |= {chr(c) for c in range(0x20, 0x7F)}  # ASCII
    found |= {chr(c) for c in range(0x3000, 0x3100)}  # CJK punctuation, hiragana, katakana
    found |= {chr(c) for c in range(0xFF01, 0xFF5F)}  # full-width forms
    found |= set(SYMBOLS)
    return "".join(sorted(found))


def main() -> None:
    source = Path(sys.argv[1])
    text = characters()
    covered: set[str] = set()
    for weight in WEIGHTS:
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(source / f"BIZUDPGothic-{weight}.ttf"), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        target = OUT / f"BIZUDPGothic-{weight}-subset.ttf"
        subset.save_font(font, str(target), options)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
        covered = {chr(c) for c in font.getBestCmap()}
    # What the font covers, read at run time to replace anything else (bot/pictures/canvas.py).
    (OUT / "charset.txt").write_text("".join(sorted(covered)), encoding="utf-8")
    print(f"{len(text)} characters")


if __name__ == "__main__":
    main()
