"""Every picture is a small PNG of a phone's width, drawn with glyphs the bundled font has."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from bot.pictures import canvas
from bot.pictures.samples import Sample, samples
from rules.core import LOCALES, Locale

CASES = [(s, loc) for s in samples() for loc in LOCALES]
IDS = [f"{s.name}-{loc}" for s, loc in CASES]


@pytest.mark.parametrize(("sample", "locale"), CASES, ids=IDS)
def test_a_picture_is_a_small_png_of_a_phones_width(sample: Sample, locale: Locale) -> None:
    png = sample.draw(locale)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) < 150 * 1024
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert 600 <= image.width <= 800
        assert image.height <= 2400


def test_every_character_drawn_is_in_the_bundled_font() -> None:
    drawn: set[str] = set()
    named: set[str] = set()
    for sample, locale in CASES:
        with canvas.watching() as canvases:
            sample.draw(locale)
        for record in canvases[0].texts:
            (named if record.name else drawn).update(record.text)
    missing = drawn - canvas.covered()
    assert not missing, (
        f"add them with python -m bot.pictures.subset_font: {''.join(sorted(missing))}"
    )
    # The samples' names (Cyrillic, kanji) are drawn, in the names font, which has them.
    assert named
    assert not named - canvas.name_covered()


def test_the_character_list_matches_the_font_files() -> None:
    for path in sorted(canvas.FONT_DIR.glob("*-subset.ttf")):
        font = TTFont(path)
        assert {chr(c) for c in font.getBestCmap()} == set(canvas.covered()), path.name
    names = TTFont(canvas.FONT_DIR / "BIZUDPGothic-Bold-names.ttf")
    assert {chr(c) for c in names.getBestCmap()} == set(canvas.name_covered())


def test_a_character_the_font_lacks_becomes_a_question_mark() -> None:
    assert canvas.printable("P1 😀 名前") == "P1 ? 名前"


def test_the_fonts_ship_with_their_licence() -> None:
    licence = (canvas.FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert sum(p.stat().st_size for p in canvas.FONT_DIR.glob("*-subset.ttf")) < 2 * 1024 * 1024
    # The names cut holds both levels of JIS kanji, Latin, Greek and Cyrillic.
    assert (canvas.FONT_DIR / "BIZUDPGothic-Bold-names.ttf").stat().st_size < 4 * 1024 * 1024


def test_the_layer_imports_only_rules_pillow_and_itself() -> None:
    """And its words, from the text home (which itself imports only rules: test_text_home),
    and zlib-ng, which deflates its PNG files."""
    import ast
    import sys

    allowed = set(sys.stdlib_module_names) | {"rules", "PIL", "zlib_ng", "bot", "__future__"}
    for path in Path(canvas.__file__).parent.glob("*.py"):
        if path.name == "subset_font.py":
            continue  # the maintainers' font tool (fontTools is a dev dependency), not drawing
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
                if name.startswith("bot"):
                    assert name.startswith(("bot.pictures", "bot.text.pictures")), (
                        f"{path.name} imports {name}"
                    )
