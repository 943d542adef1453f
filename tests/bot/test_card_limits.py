"""A card keeps within Discord's limits for one V2 message: long words are clipped with an
ellipsis at the right place, and rows that would pass 40 components are left out."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.layout import MAX_COMPONENTS, MAX_TEXT, Card, notice_view


def _texts(view: discord.ui.LayoutView) -> list[str]:
    return [
        item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)
    ]


def _count(view: discord.ui.LayoutView) -> int:
    return sum(1 for _ in view.walk_children())


def _buttons(n: int, prefix: str) -> list[discord.ui.Item[Any]]:
    return [discord.ui.Button(label=f"{prefix}{i}", custom_id=f"{prefix}{i}") for i in range(n)]


def test_a_long_heading_is_clipped_to_a_thousand_characters_with_an_ellipsis() -> None:
    heading = "".join(chr(ord("a") + i % 26) for i in range(1500))
    texts = _texts(Card(heading=heading).view())
    assert texts[0] == heading[:999] + "…"
    assert len(texts[0]) == 1000


def test_a_heading_that_fits_is_kept_whole() -> None:
    heading = "x" * 1000
    assert _texts(Card(heading=heading).view())[0] == heading


def test_a_long_status_gives_way_so_the_card_stays_within_the_limit() -> None:
    heading = "H" * 1000
    status = "s" * 5000
    texts = _texts(Card(heading=heading, status=status).view())
    assert texts[1] == "s" * (MAX_TEXT - 1000 - 16 - 1) + "…"
    assert sum(len(t) for t in texts) <= MAX_TEXT


def test_a_long_text_board_gives_way_first_and_ends_with_an_ellipsis() -> None:
    heading, status = "盤", "手番：あなた"
    board = "\n".join(f"{i:04d} ・・・・・" for i in range(1000))
    texts = _texts(Card(heading=heading, status=status, text_board=board).view())
    shown = texts[1]
    assert shown.startswith("```\n0000 ") and shown.endswith("…\n```")
    room = MAX_TEXT - len(heading) - len(status) - 8
    assert shown == "```\n" + board[: room - 1] + "…\n```"
    assert sum(len(t) for t in texts) <= MAX_TEXT
    assert texts[2] == status


def test_a_short_text_board_is_shown_whole() -> None:
    texts = _texts(Card(heading="盤", text_board="一二三").view())
    assert texts[1] == "```\n一二三\n```"


def test_rows_that_would_pass_forty_components_are_left_out() -> None:
    rows = [_buttons(5, f"r{r}-") for r in range(8)]
    view = Card(heading="盤", status="手番", rows=rows).view()
    assert _count(view) <= MAX_COMPONENTS
    labels = [i.label for i in view.walk_children() if isinstance(i, discord.ui.Button)]
    # container + heading + status = 3; each row of five buttons takes six: five rows fit (33),
    # a sixth would make 39 — it fits too; the seventh (45) does not.
    assert "r5-4" in labels and "r6-0" not in labels
    assert _count(view) == 39


def test_a_row_that_exactly_reaches_forty_components_is_kept() -> None:
    rows = [_buttons(5, f"r{r}-") for r in range(6)] + [_buttons(0, "x")] + [[*_buttons(1, "last")]]
    # 3 + 6*6 = 39, then a one-button row needs 2 more (41): left out.
    view = Card(heading="盤", status="手番", rows=rows).view()
    assert _count(view) == 39
    rows = [_buttons(5, f"r{r}-") for r in range(5)] + [_buttons(4, "s")] + [_buttons(0, "x")]
    rows.append(_buttons(1, "last"))
    # 3 + 5*6 + 5 = 38, a one-button row makes exactly 40: kept.
    view = Card(heading="盤", status="手番", rows=rows).view()
    assert _count(view) == MAX_COMPONENTS
    assert "last0" in [i.label for i in view.walk_children() if isinstance(i, discord.ui.Button)]


def test_a_long_notice_is_clipped_to_the_limit() -> None:
    text = "n" * (MAX_TEXT + 50)
    assert _texts(notice_view(text)) == ["n" * (MAX_TEXT - 1) + "…"]
    assert _texts(notice_view("n" * MAX_TEXT)) == ["n" * MAX_TEXT]
