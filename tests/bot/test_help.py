"""/rules text: every game has help in both languages; additions to the original are labelled."""

from __future__ import annotations

import pytest

from bot.games.registry import all_specs, spec_for
from bot.games.spec import GameSpec


def test_bushi_help_marks_the_additions() -> None:
    text = spec_for("bushi").help_pages[0]
    assert "追加ルール" in text.ja and "4回目" in text.ja and "千日手" in text.ja
    assert "Additions" in text.en and "fourth occurrence" in text.en
    assert "not in the original" in text.en and "原作にはありません" in text.ja


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.game_type)
def test_every_game_has_help_in_both_languages_within_one_embed(spec: GameSpec) -> None:
    assert spec.help_pages
    for page in spec.help_pages:
        assert page.ja.strip() and page.en.strip()
        assert len(page.ja) < 4096 and len(page.en) < 4096
