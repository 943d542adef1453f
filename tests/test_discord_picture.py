"""The README's pictures of the bot in Discord (``docs/render_discord.py``) show the message the
bot really sent: every line of its card, its picture, every button and menu — as the fake
Discord recorded them for a real game — and nothing drawn by hand. (The photograph itself
needs Chromium; what it photographs is checked here without one.)"""

from __future__ import annotations

import base64
import html
import re
from datetime import UTC, datetime
from pathlib import Path

from docs.render_discord import SCENES, Scene, bushi_scene, render_message

ROOT = Path(__file__).resolve().parent.parent


def scene(payload: dict[str, object], **changed: object) -> Scene:
    values: dict[str, object] = {
        "payload": payload,
        "files": {},
        "names": {42: "Hanako"},
        "now": datetime(2026, 11, 22, 12, 0, tzinfo=UTC),
        "command": "/bushi challenge",
        "invoker": "Hanako",
    }
    return Scene(**{**values, **changed})  # type: ignore[arg-type]


def card(*components: dict[str, object]) -> dict[str, object]:
    return {"components": [{"type": 17, "accent_color": 0x5865F2, "components": components}]}


def test_discords_markdown_is_shown_as_discord_shows_it() -> None:
    text = (
        "### Title\n**bold** and *slanted* `code` <@42> due <t:1795608000:R>\n-# small\n"
        "```\nboard <@42>\n```"
    )
    shown = render_message(scene(card({"type": 10, "content": text})))
    assert '<div class="h3">Title</div>' in shown
    assert "<b>bold</b> and <i>slanted</i> <code>code</code>" in shown
    assert '<span class="mention">@Hanako</span>' in shown
    assert '<span class="time">in 3 days</span>' in shown  # 25 Nov 12:00, seen on 22 Nov
    assert '<div class="small">small</div>' in shown
    assert "<pre>board &lt;@42&gt;</pre>" in shown  # a code block is shown as typed
    assert "border-left-color:#5865f2" in shown


def test_names_and_labels_are_text_not_markup() -> None:
    payload = card(
        {"type": 10, "content": "<script>x</script>"},
        {"type": 1, "components": [{"type": 2, "style": 4, "label": "<b>Resign</b>"}]},
    )
    shown = render_message(scene(payload, invoker="<i>Hanako</i>"))
    assert "<script>" not in shown and "&lt;script&gt;" in shown
    assert "&lt;b&gt;Resign&lt;/b&gt;" in shown and "&lt;i&gt;Hanako&lt;/i&gt;" in shown


def test_a_private_answer_says_only_its_player_sees_it() -> None:
    payload = card({"type": 10, "content": "Your hand"})
    assert "Only you can see this" in render_message(scene(payload, private=True))
    assert "Only you can see this" not in render_message(scene(payload))


async def test_the_board_message_is_drawn_from_what_the_bot_sent() -> None:
    board = await bushi_scene()
    shown = render_message(board)

    def walk(components: list[dict[str, object]]) -> list[dict[str, object]]:
        found = []
        for component in components:
            found.append(component)
            found += walk(component.get("components", []))  # type: ignore[arg-type]
        return found

    parts = walk(board.payload["components"])
    buttons = [c["label"] for c in parts if c["type"] == 2]
    assert {"Resign", "Offer draw"} <= set(buttons) and len(buttons) >= 6
    for label in (html.escape(str(b)) for b in buttons):
        assert f">{label}</span>" in shown or f" {label}</span>" in shown, label
    for menu in (c for c in parts if c["type"] == 3):
        assert str(menu["placeholder"]) in shown
    for text in (str(c["content"]) for c in parts if c["type"] == 10):
        for line in text.splitlines():
            # Each line's own words are there, whatever markup and mentions became.
            words = re.sub(r"<[@#][!&]?\d+>|<t:\d+(:\w)?>|[*`#>_-]", " ", line).split()
            assert all(word.replace("&", "&amp;") in shown for word in words), line
    assert "@Hanako" in shown and "@Kenji" in shown  # mentions by display name
    (picture,) = board.files.values()
    assert base64.b64encode(picture).decode() in shown  # the bot's own board picture


def test_the_pictures_are_committed() -> None:
    for name in SCENES:
        picture = (ROOT / "docs" / "pictures" / name).read_bytes()
        assert picture.startswith(b"\x89PNG") and 20_000 < len(picture) < 400_000, name
