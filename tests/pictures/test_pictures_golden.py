"""Golden pictures: every sample position in both languages looks as it did.

Compared at half size with a tolerance (mean absolute difference per channel), so a different
FreeType or zlib build does not fail them, while a moved card or a missing label does.
Regenerate after an intended change, and look at them::

    python -m bot.pictures.samples --golden tests/pictures/golden
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.pictures.samples import Sample, golden, samples
from rules.core import LOCALES, Locale

GOLDEN = Path(__file__).parent / "golden"
#: Mean absolute difference per channel (0–255) allowed; a moved card costs several units.
TOLERANCE = 1.5
CASES = [(s, loc) for s in samples() for loc in LOCALES]


@pytest.mark.parametrize(("sample", "locale"), CASES, ids=[f"{s.name}-{loc}" for s, loc in CASES])
def test_pictures_match_their_goldens(sample: Sample, locale: Locale) -> None:
    drawn = golden(sample.draw(locale))
    with Image.open(GOLDEN / f"{sample.name}-{locale}.png") as stored:
        expected = stored.convert("RGB")
    assert drawn.size == expected.size
    difference = ImageStat.Stat(ImageChops.difference(drawn, expected)).mean
    assert max(difference) < TOLERANCE, difference


def test_the_tolerance_catches_a_changed_position() -> None:
    by_name = {s.name: s for s in samples()}
    before = golden(by_name["senretsu"].draw("en"))
    after = golden(by_name["senretsu-staging"].draw("en")).crop((0, 0, *before.size))
    difference = ImageStat.Stat(ImageChops.difference(before, after)).mean
    assert max(difference) > TOLERANCE
