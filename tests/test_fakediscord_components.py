"""The fake refuses the component emoji and modal layouts Discord refuses, the way it does."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.validation import (
    check_message,
    check_modal,
    deprecated_modal_rows,
    form_error_body,
    is_rgi_emoji,
)


def button(emoji: dict[str, Any] | None) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": "Replay", "custom_id": "b", "emoji": emoji}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"components": [{"type": 1, "components": list(children)}]}


def test_unicodes_list_in_its_fully_qualified_form_is_the_test() -> None:
    assert is_rgi_emoji("🎴") and is_rgi_emoji("⏯️") and is_rgi_emoji("❓")
    assert not is_rgi_emoji("🂠")  # a playing-card back: a symbol, not an emoji
    assert not is_rgi_emoji("⏯")  # the emoji without its U+FE0F selector
    assert not is_rgi_emoji("🎴🎴") and not is_rgi_emoji("") and not is_rgi_emoji("A")


def test_an_invalid_button_emoji_is_refused_as_discord_refuses_it() -> None:
    errors = check_message(row(button({"name": "🂠"})))
    assert [str(e) for e in errors] == [
        "components.0.components.0.emoji.name: BUTTON_COMPONENT_INVALID_EMOJI: Invalid emoji"
    ]
    body = form_error_body(errors)
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert body["errors"]["components"]["0"]["components"]["0"]["emoji"]["name"] == {
        "_errors": [{"code": "BUTTON_COMPONENT_INVALID_EMOJI", "message": "Invalid emoji"}]
    }
    assert check_message(row(button({"name": "⏯"})))  # unqualified: refused too
    assert check_message(row(button({"name": "⏯️"}))) == []
    assert check_message(row(button({"id": "123456789012345678", "name": "custom"}))) == []


def test_a_select_options_emoji_is_checked_with_the_same_code() -> None:
    select = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": "a", "value": "a", "emoji": {"name": "🂠"}}],
    }
    [error] = check_message(row(select))
    assert error.path[-4:] == ("options", 0, "emoji", "name")
    assert error.code == "BUTTON_COMPONENT_INVALID_EMOJI"


def test_a_modal_label_is_checked_and_text_inputs_in_rows_are_flagged_as_deprecated() -> None:
    text_input = {"type": 4, "custom_id": "n", "style": 1}
    good = {
        "title": "Range",
        "custom_id": "m",
        "components": [{"type": 18, "label": "Joker's range", "component": text_input}],
    }
    assert check_modal(good) == [] and deprecated_modal_rows(good) == []
    no_words = {**good, "components": [{"type": 18, "component": text_input}]}
    assert [e.code for e in check_modal(no_words)] == ["BASE_TYPE_REQUIRED"]
    long_words = {**good, "components": [{"type": 18, "label": "x" * 46, "component": text_input}]}
    assert [e.code for e in check_modal(long_words)] == ["BASE_TYPE_MAX_LENGTH"]
    a_button = {**good, "components": [{"type": 18, "label": "b", "component": {"type": 2}}]}
    assert [e.code for e in check_modal(a_button)] == ["UNION_TYPE_CHOICES"]
    old = {**good, "components": [{"type": 1, "components": [{**text_input, "label": "Range"}]}]}
    assert check_modal(old) == [] and deprecated_modal_rows(old) == ["n"]
