"""/rules text: both languages, and the additions to the original are labelled."""

from __future__ import annotations

from bot.help import RULES_HELP


def test_bushi_help_marks_the_additions() -> None:
    text = RULES_HELP["bushi"]
    assert "追加ルール" in text.ja and "4回目" in text.ja and "千日手" in text.ja
    assert "Additions" in text.en and "fourth occurrence" in text.en
    assert "not in the original" in text.en and "原作にはありません" in text.ja
    assert len(text.ja) < 4096 and len(text.en) < 4096  # one embed description
