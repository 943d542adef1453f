"""The fake's Components V2 rules, checked directly: what Discord refuses, the fake refuses."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.models import FLAG_COMPONENTS_V2
from tests.fakediscord.validation import check_message

V2 = FLAG_COMPONENTS_V2


def button(n: int) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": f"b{n}", "custom_id": f"b{n}"}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(name: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]}


def card(*children: dict[str, Any]) -> dict[str, Any]:
    return {"flags": V2, "components": [{"type": 17, "components": list(children)}]}


def codes(data: dict[str, Any], **kwargs: Any) -> list[str]:
    return [error.code for error in check_message(data, **kwargs)]


def test_a_well_formed_card_passes() -> None:
    data = card(
        text("### Board"),
        gallery("board.png"),
        {"type": 9, "components": [text("Your move")], "accessory": button(0)},
        {"type": 1, "components": [button(1), button(2)]},
    )
    assert codes(data, file_count=1, file_names=["board.png"]) == []


def test_content_and_embeds_are_refused_with_the_v2_flag() -> None:
    data = card(text("hi"))
    assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in codes({**data, "content": "x"})
    embeds = {**data, "embeds": [{"title": "t"}]}
    assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in codes(embeds)


def test_a_picture_must_be_one_of_the_message_files() -> None:
    data = card(gallery("board.png"))
    assert "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND" in codes(data)
    assert "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND" in codes(
        data, file_count=1, file_names=["hand.png"]
    )
    # An edit may keep the picture the message already has.
    existing = {"flags": V2, "attachments": [{"id": "7", "filename": "board.png"}]}
    assert codes(data, existing=existing) == []
    assert "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND" in codes(
        {**data, "attachments": []}, existing=existing
    )


def test_forty_components_at_most_and_four_thousand_characters() -> None:
    rows = [{"type": 1, "components": [button(5 * r + i) for i in range(5)]} for r in range(7)]
    assert "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED" in codes(card(*rows))
    long = card(text("x" * 2500), text("y" * 2500))
    assert "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED" in codes(long)


def test_rows_sections_and_nesting_follow_discords_rules() -> None:
    six = card({"type": 1, "components": [button(i) for i in range(6)]})
    assert "BASE_TYPE_MAX_LENGTH" in codes(six)
    no_accessory = card({"type": 9, "components": [text("t")]})
    assert "BASE_TYPE_REQUIRED" in codes(no_accessory)
    nested = card({"type": 17, "components": [text("inner")]})
    assert "UNION_TYPE_CHOICES" in codes(nested)
    loose_button = {"flags": V2, "components": [button(1)]}
    assert "UNION_TYPE_CHOICES" in codes(loose_button)


def test_turning_a_message_v2_must_empty_its_words() -> None:
    # "any of the used `content`, `embeds`, `sticker_ids`, or `poll` fields must have their
    # values reset to empty" (message.mdx, Edit Message).
    existing = {"flags": 0, "content": "hi", "embeds": [{"description": "d"}]}
    codes_left = codes(card(text("now a card")), existing=existing)
    assert codes_left.count("MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2") == 2
    emptied = {**card(text("now a card")), "content": None, "embeds": []}
    assert codes(emptied, existing=existing) == []
    # A V2 message edited again needs no such thing.
    assert codes(card(text("again")), existing={"flags": V2}) == []
