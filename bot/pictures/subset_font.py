"""Make the picture font: BIZ UDPGothic (SIL OFL 1.1) cut down to the characters Asobiba draws.

    python -m bot.pictures.subset_font SOURCE_DIR

``SOURCE_DIR`` holds ``BIZUDPGothic-Regular.ttf`` and ``BIZUDPGothic-Bold.ttf`` (Debian's
``fonts-morisawa-bizud-gothic`` package, or the upstream release). The subset keeps ASCII, all
kana, full-width forms, a few symbols, and every other character written anywhere in ``rules/``,
``bot/pictures/`` and the pictures' words (``bot/text/pictures/``), so every label, card and major name the pictures draw is covered;
``tests/pictures`` checks that nothing drawn falls outside it. Run it again after adding text with
new kanji. A universal-design face was chosen for legibility at small sizes on phones.

Players' names are drawn from a second, wider cut of the bold face (``BIZUDPGothic-Bold-names``):
every character it has in the basic plane (Latin, Greek, Cyrillic, kana, both JIS levels of
kanji), without hinting or layout tables; a name's characters outside it are left out.

The face has no ↻ (武士将棋's turn, in its move sentences), so the subset gains one drawn here:
an open circle in the weight of the face's own arrows, with a head at its upper end.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "bot" / "pictures" / "fonts"
WEIGHTS = ("Regular", "Bold")
#: Drawn by code or likely in labels, beyond what the sources spell out.
SYMBOLS = "♠♥♦♣♤♡♢♧↑→↓←⇧⇩●○◆◇■□▲△▼▽◀▶★☆✓×・…―─━│∞≤≥•·"


def characters() -> str:
    # What the subset held stays (a character some text drew once may still be drawn by a
    # stored picture's words); the samples' players' names are drawn in the names font.
    kept = OUT / "charset.txt"
    found: set[str] = set(kept.read_text(encoding="utf-8")) if kept.exists() else set()
    for folder in ("rules", "bot/pictures", "bot/text/pictures"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "samples.py":
                continue
            found |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7E}
    found |= {chr(c) for c in range(0x20, 0x7F)}  # ASCII
    found |= {chr(c) for c in range(0x3000, 0x3100)}  # CJK punctuation, hiragana, katakana
    found |= {chr(c) for c in range(0xFF01, 0xFF5F)}  # full-width forms
    found |= set(SYMBOLS)
    return "".join(sorted(found))


#: Drawn into the subset because the face lacks them: character → glyph name.
DRAWN = {"↻": "uni21BB"}


def _ring_arrow(font: TTFont) -> TTGlyphPen:
    """↻ as outlines: a ring open at the top, sized and weighted as the face's ↑, running
    clockwise from its upper right round to its upper left, where the head points on."""
    glyphs = font["glyf"]
    up = glyphs["arrowup"]
    xs = sorted({x for x, _ in up.getCoordinates(glyphs)[0]})
    stroke = xs[-2] - xs[1]  # the shaft of ↑
    head = (xs[-1] - xs[0]) * 0.75
    cx, cy = 1024.0, (up.yMin + up.yMax) / 2
    radius = (up.yMax - up.yMin) / 2 - head * 0.3
    start, end = math.radians(55), math.radians(-235)
    steps = 48
    angles = [start + (end - start) * k / steps for k in range(steps + 1)]

    def at(angle: float, r: float) -> tuple[int, int]:
        return round(cx + r * math.cos(angle)), round(cy + r * math.sin(angle))

    pen = TTGlyphPen(None)
    # Outer edge clockwise, inner edge back: a clockwise contour, as TrueType fills.
    outline = [at(a, radius + stroke / 2) for a in angles]
    outline += [at(a, radius - stroke / 2) for a in reversed(angles)]
    pen.moveTo(outline[0])
    for point in outline[1:]:
        pen.lineTo(point)
    pen.closePath()
    # The head: a triangle across the ring's end, its tip on along the clockwise tangent.
    tangent = (math.sin(end), -math.cos(end))
    base = at(end, radius)
    left = at(end, radius + head / 2)
    right = at(end, radius - head / 2)
    tip = (round(base[0] + tangent[0] * head * 0.8), round(base[1] + tangent[1] * head * 0.8))
    pen.moveTo(right)
    pen.lineTo(left)
    pen.lineTo(tip)
    pen.closePath()
    return pen


def add_drawn(font: TTFont) -> None:
    """Give ``font`` the glyphs of :data:`DRAWN` it lacks, full-width like the face's arrows."""
    for char, name in DRAWN.items():
        if ord(char) in font.getBestCmap():
            continue
        glyph = _ring_arrow(font).glyph()
        glyph.recalcBounds(font["glyf"])
        font.setGlyphOrder([*font.getGlyphOrder(), name])
        font["glyf"][name] = glyph
        font["hmtx"][name] = font["hmtx"]["arrowup"][0], glyph.xMin
        font["vmtx"][name] = font["vmtx"]["arrowup"]
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[ord(char)] = name


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
        add_drawn(font)
        target = OUT / f"BIZUDPGothic-{weight}-subset.ttf"
        subset.save_font(font, str(target), options)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
        covered = {chr(c) for c in font.getBestCmap()}
    # What the font covers, read at run time to replace anything else (bot/pictures/canvas.py).
    (OUT / "charset.txt").write_text("".join(sorted(covered)), encoding="utf-8")
    print(f"{len(text)} characters")
    names_font(source)


def names_font(source: Path) -> None:
    """The names cut: the bold face's whole basic plane but its private use area."""
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    font = subset.load_font(str(source / "BIZUDPGothic-Bold.ttf"), options)
    wanted = [c for c in font.getBestCmap() if c < 0x10000 and not 0xE000 <= c < 0xF900]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    target = OUT / "BIZUDPGothic-Bold-names.ttf"
    subset.save_font(font, str(target), options)
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
    have = "".join(sorted(chr(c) for c in font.getBestCmap()))
    (OUT / "charset-names.txt").write_text(have, encoding="utf-8")


if __name__ == "__main__":
    main()
