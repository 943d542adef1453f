"""The README's picture of the bot in Discord, drawn from a test game:

    .venv/bin/python -m docs.render_discord [--out docs/pictures]

The real bot plays a few moves of 武士将棋 against the tests' loopback fake of Discord
(``tests/fakediscord``), and the board message exactly as the fake recorded it — its
Components V2 card, the board picture it uploaded, its menus and buttons — is laid out as
Discord's dark theme shows a message, then photographed by headless Chromium (found as the
browser tests find it: ``tests/web/browser.py``). Nothing is drawn by hand: a change to the
board's card changes the picture the next time this runs.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import html
import re
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.client import AsobibaBot
from tests.bot.harness import make_bot
from tests.conftest import FakeClock
from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from tests.web.browser import FLAGS, chromium
from tests.web.screenshots import small

OUT = Path(__file__).resolve().parent / "pictures"
#: Phone-wide, as the board pictures are made for: the card's picture shows at its own width.
WIDTH = 420
#: Discord's button styles: primary, secondary, success, danger, link.
BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}

JSON = dict[str, Any]


@dataclass(frozen=True)
class Scene:
    """A message as the fake recorded it, and what it needs to be shown: who is who, the
    pictures it uploaded, the time its timestamps are read against, and what it answers: a
    command (``/learn``) or a button's click (``My hand``)."""

    payload: JSON
    files: dict[str, bytes]
    names: dict[int, str]
    now: datetime
    command: str
    invoker: str
    #: Only its player sees it (Discord says so under it).
    private: bool = False


@dataclass
class Stage:
    """The fake Discord with a server, its channel, Hanako and Kenji, and the real bot."""

    fake: FakeDiscord
    channel: FakeChannel
    hanako: FakeUser
    kenji: FakeUser
    clock: FakeClock
    bot: AsobibaBot

    def scene(self, message: FakeMessage, command: str, private: bool = False) -> Scene:
        users = (self.hanako, self.kenji)
        return Scene(
            payload=message.payload(),
            files={a.filename: a.data for a in message.attachments},
            names={u.id: u.global_name or u.username for u in users},
            now=self.clock.now,
            command=command,
            invoker="Hanako",
            private=private,
        )

    async def settle(self, record: InteractionRecord) -> None:
        await record.wait_complete()
        await self.bot.asobiba.activity.wait_idle()

    async def slash(self, command: str, **options: object) -> FakeMessage:
        """Hanako runs ``command``: its answer, once the bot is done with it."""
        record = await self.fake.slash(
            command, user=self.hanako, channel=self.channel, options=options
        )
        await self.settle(record)
        assert record.message is not None
        return record.message


@contextlib.asynccontextmanager
async def stage() -> AsyncIterator[Stage]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Dojo", locale="en-US")
            channel = fake.add_text_channel(guild, "games")
            hanako = fake.add_user("hanako", global_name="Hanako")
            kenji = fake.add_user("kenji", global_name="Kenji")
            clock = FakeClock()
            bot = make_bot(f"sqlite+aiosqlite:///{Path(tmp) / 'scene.sqlite3'}", clock)
            await fake.run_client(bot)
            try:
                yield Stage(fake, channel, hanako, kenji, clock, bot)
            finally:
                await fake.stop_client(bot)


async def bushi_scene() -> Scene:
    """Hanako challenges Kenji to 武士将棋; both drop their cube, and it is Hanako's move."""
    async with stage() as on:
        board = await on.slash("bushi challenge", opponent=on.kenji, colour="black")
        await on.settle(await on.fake.click(board, user=on.kenji, label="Accept"))
        for player in (on.hanako, on.kenji):
            await on.fake.wait_until(lambda: bool(board.selects()))
            drops = board.selects()[0]
            # A fixed choice, so the picture is the same every time it is made.
            value = drops["options"][min(2, len(drops["options"]) - 1)]["value"]
            await on.settle(await on.fake.select(board, drops["custom_id"], [value], user=player))
        await on.fake.wait_until(lambda: len(board.buttons()) > 3)
        return on.scene(board, "/bushi challenge")


async def hand_scene() -> Scene:
    """Hanako plays 戦列札 against the bot; her private hand, ready to place."""
    async with stage() as on:
        board = await on.slash("senretsu challenge", opponent=on.fake.bot_user, first="coin")
        await on.settle(await on.fake.click(board, user=on.hanako, prefix="hand:"))
        panel = on.fake.ephemeral_messages(on.hanako)[-1]
        if any(b.get("label") == "Draw 5" for b in panel.buttons()):  # she moves second
            await on.settle(await on.fake.click(panel, user=on.hanako, label="Draw 5"))
            panel = on.fake.ephemeral_messages(on.hanako)[-1]
        return on.scene(panel, "My hand", private=True)


async def lesson_scene() -> Scene:
    """The first step of 武士将棋's lesson, as ``/learn`` shows it."""
    async with stage() as on:
        await on.slash("learn", game="bushi")
        return on.scene(on.fake.ephemeral_messages(on.hanako)[-1], "/learn", private=True)


#: The pictures this makes, by file name.
SCENES: dict[str, Callable[[], Awaitable[Scene]]] = {
    "discord-bushi-en.png": bushi_scene,
    "discord-senretsu-hand-en.png": hand_scene,
    "discord-learn-en.png": lesson_scene,
}


# --- the message as HTML ----------------------------------------------------------------------


def render_message(scene: Scene, fonts: str = "") -> str:
    """The message as a page: Discord's dark theme, the card's components in order (``fonts``:
    ``@font-face`` rules to draw it with)."""
    body = "".join(_component(c, scene) for c in scene.payload.get("components", []))
    content = scene.payload.get("content") or ""
    text = f'<div class="text">{_markdown(content, scene)}</div>' if content else ""
    return _PAGE.format(
        fonts=fonts,
        width=WIDTH,
        invoker=html.escape(scene.invoker),
        answers=_answers(scene.command),
        when=scene.now.strftime("%H:%M"),
        body=text + body + (_PRIVATE if scene.private else ""),
    )


def _answers(what: str) -> str:
    """How Discord heads an answer: the command used, or the button clicked."""
    if what.startswith("/"):
        return f"used <b>{html.escape(what)}</b>"
    return f"clicked <b>{html.escape(what)}</b>"


def _component(component: JSON, scene: Scene) -> str:
    kind = component.get("type")
    if kind == 17:  # container: the card, its accent colour down its left edge
        accent = component.get("accent_color")
        edge = f"#{accent:06x}" if isinstance(accent, int) else "#4e5058"
        inner = "".join(_component(c, scene) for c in component.get("components", []))
        return f'<div class="card" style="border-left-color:{edge}">{inner}</div>'
    if kind == 10:  # text display
        return f'<div class="text">{_markdown(component.get("content", ""), scene)}</div>'
    if kind == 9:  # section: text, and an accessory beside it
        texts = "".join(_component(c, scene) for c in component.get("components", []))
        accessory = _component(component.get("accessory", {}), scene)
        return f'<div class="section"><div>{texts}</div><div>{accessory}</div></div>'
    if kind == 12:  # media gallery
        return "".join(
            _picture(item.get("media", {}).get("url", ""), item.get("description"), scene)
            for item in component.get("items", [])
        )
    if kind == 11:  # thumbnail
        media = component.get("media", {}).get("url", "")
        return _picture(media, component.get("description"), scene, "thumb")
    if kind == 14:  # separator
        line = "divider" if component.get("divider", True) else "gap"
        return f'<div class="{line}"></div>'
    if kind == 1:  # action row
        inner = "".join(_component(c, scene) for c in component.get("components", []))
        return f'<div class="row">{inner}</div>'
    if kind == 2:  # button
        colour = BUTTON_COLOURS.get(component.get("style", 2), "#4e5058")
        emoji = (component.get("emoji") or {}).get("name", "")
        # An app emoji (with an id) is a picture Discord fetches: words only here.
        shown = "" if (component.get("emoji") or {}).get("id") else emoji
        label = " ".join(x for x in (shown, component.get("label", "")) if x)
        dim = " disabled" if component.get("disabled") else ""
        return f'<span class="button{dim}" style="background:{colour}">{html.escape(label)}</span>'
    if kind in (3, 5, 6, 7, 8):  # the selects
        return f'<div class="select">{html.escape(component.get("placeholder", ""))}<i>⌄</i></div>'
    return ""


def _picture(url: str, description: str | None, scene: Scene, kind: str = "media") -> str:
    name = url.removeprefix("attachment://")
    data = scene.files.get(name)
    if data is None:
        return ""
    source = "data:image/png;base64," + base64.b64encode(data).decode()
    alt = html.escape(description or "", quote=True)
    return f'<img class="{kind}" src="{source}" alt="{alt}">'


def _markdown(text: str, scene: Scene) -> str:
    """The markdown Discord shows in a message: headings, -# small print, quotes, code blocks,
    bold, italics, inline code, links, mentions and timestamps."""
    out: list[str] = []
    blocks = re.split(r"```(?:\w*\n)?(.*?)```", text, flags=re.S)
    for index, block in enumerate(blocks):
        if index % 2:
            out.append(f"<pre>{html.escape(block.strip(chr(10)))}</pre>")
            continue
        for line in block.split("\n"):
            out.append(_line(line, scene))
    return "".join(out)


def _line(line: str, scene: Scene) -> str:
    for prefix, tag in (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("-# ", "small")):
        if line.startswith(prefix):
            return f'<div class="{tag}">{_inline(line[len(prefix) :], scene)}</div>'
    if line.startswith("> "):
        return f'<div class="quote">{_inline(line[2:], scene)}</div>'
    if not line.strip():
        return '<div class="blank"></div>'
    return f"<div>{_inline(line, scene)}</div>"


def _inline(text: str, scene: Scene) -> str:
    shown = html.escape(text, quote=False)
    replacements: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (r"`([^`]+)`", lambda m: f"<code>{m[1]}</code>"),
        (r"\*\*(.+?)\*\*", lambda m: f"<b>{m[1]}</b>"),
        (r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", lambda m: f"<i>{m[1]}</i>"),
        (r"\[([^\]]+)\]\((https?://[^)\s]+)\)", lambda m: f'<span class="link">{m[1]}</span>'),
        (
            r"&lt;@!?(\d+)&gt;",
            lambda m: (
                f'<span class="mention">@{html.escape(scene.names.get(int(m[1]), "user"))}</span>'
            ),
        ),
        (r"&lt;t:(\d+)(?::([tTdDfFR]))?&gt;", lambda m: _timestamp(int(m[1]), m[2], scene.now)),
        (r"&lt;a?:(\w+):\d+&gt;", lambda m: ""),
    ]
    for pattern, replace in replacements:
        shown = re.sub(pattern, replace, shown)
    return shown


def _timestamp(seconds: int, style: str | None, now: datetime) -> str:
    """As an English-speaking client shows ``<t:…>`` in UTC."""
    when = datetime.fromtimestamp(seconds, UTC)
    if style == "R":
        return f'<span class="time">{_relative(when - now)}</span>'
    formats = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%d/%m/%Y", "D": "%-d %B %Y"}
    shown = when.strftime(formats.get(style or "f", "%-d %B %Y %H:%M"))
    if style == "F":
        shown = when.strftime("%A, %-d %B %Y %H:%M")
    return f'<span class="time">{shown}</span>'


def _relative(delta: timedelta) -> str:
    seconds = delta.total_seconds()
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if abs(seconds) >= size:
            count = round(abs(seconds) / size)
            words = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {words}" if seconds > 0 else f"{words} ago"
    return "now"


_PRIVATE = (
    '<div class="private">👁 Only you can see this · <span class="link">Dismiss message</span></div>'
)

_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
{fonts}
body {{ margin: 0; background: #313338; color: #dbdee1; width: {width}px;
  font: 15px/1.375 "BIZ UDPGothic", "DejaVu Sans", "IPAPGothic", "Noto Color Emoji",
  sans-serif; }}
#message {{ padding: 10px 12px 14px 12px; }}
.reply {{ color: #949ba4; font-size: 13px; margin: 0 0 4px 52px; }}
.reply b {{ color: #c9cdfb; font-weight: 500; }}
.head {{ display: flex; gap: 12px; }}
.avatar {{ width: 40px; height: 40px; border-radius: 50%; background: #5865f2; color: white;
  display: flex; align-items: center; justify-content: center; font-size: 20px;
  flex: none; }}
.name {{ color: #f2f3f5; font-weight: 600; }}
.app {{ background: #5865f2; color: white; font-size: 10px; font-weight: 700;
  border-radius: 3px; padding: 1px 4px; margin: 0 4px; vertical-align: 2px; }}
.stamp {{ color: #949ba4; font-size: 12px; }}
.main {{ flex: 1; min-width: 0; }}
.card {{ background: #2b2d31; border: 1px solid #1e1f22; border-left: 4px solid;
  border-radius: 8px; padding: 12px 14px; margin-top: 4px; }}
.text {{ margin: 4px 0; overflow-wrap: anywhere; }}
.text .blank {{ height: 6px; }}
.h1 {{ font-size: 22px; font-weight: 700; color: #f2f3f5; }}
.h2 {{ font-size: 19px; font-weight: 700; color: #f2f3f5; }}
.h3 {{ font-size: 16px; font-weight: 700; color: #f2f3f5; }}
.small {{ font-size: 12.5px; color: #949ba4; }}
.quote {{ border-left: 4px solid #4e5058; padding-left: 10px; }}
b {{ color: #f2f3f5; }}
code, pre {{ font-family: "DejaVu Sans Mono", "IPAGothic", "Noto Color Emoji", monospace;
  background: #1e1f22; border-radius: 4px; font-size: 13px; }}
code {{ padding: 1px 3px; }}
pre {{ padding: 8px; white-space: pre-wrap; border: 1px solid #1e1f22; margin: 4px 0; }}
.mention {{ background: rgba(88, 101, 242, .3); color: #c9cdfb; border-radius: 3px;
  padding: 0 2px; font-weight: 500; }}
.time {{ background: rgba(255, 255, 255, .06); border-radius: 3px; padding: 0 2px; }}
.link {{ color: #00a8fc; }}
.media {{ display: block; width: 100%; border-radius: 6px; margin: 6px 0; }}
.thumb {{ width: 72px; border-radius: 6px; }}
.section {{ display: flex; justify-content: space-between; align-items: flex-start; gap: 8px; }}
.divider {{ border-top: 1px solid #3f4147; margin: 8px 0; }}
.gap {{ height: 8px; }}
.row {{ display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }}
.button {{ color: white; border-radius: 8px; padding: 6px 14px; font-size: 14px;
  font-weight: 500; white-space: nowrap; }}
.button.disabled {{ opacity: .5; }}
.select {{ flex: 1; background: #1e1f22; border: 1px solid #1e1f22; border-radius: 8px;
  padding: 9px 12px; color: #949ba4; display: flex; justify-content: space-between; }}
.select i {{ font-style: normal; color: #dbdee1; }}
.private {{ color: #949ba4; font-size: 12px; margin-top: 6px; }}
</style></head><body><div id="message">
<div class="reply"><b>@{invoker}</b> {answers}</div>
<div class="head"><div class="avatar">遊</div><div class="main">
<div><span class="name">Asobiba</span><span class="app">APP</span>
<span class="stamp">Today at {when}</span></div>
{body}
</div></div></div></body></html>"""


# --- the photograph ---------------------------------------------------------------------------


async def photograph(page_html: str) -> bytes:
    from playwright.async_api import async_playwright

    path, why = chromium()
    if path is None:
        raise SystemExit(why)
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=path, args=FLAGS)
        try:
            context = await browser.new_context(
                viewport={"width": WIDTH, "height": 600}, device_scale_factor=2, locale="en-US"
            )
            page = await context.new_page()
            await page.set_content(page_html, wait_until="load")
            return small(await page.locator("#message").screenshot())
        finally:
            await browser.close()


def bundled_fonts() -> str:
    """The face the board pictures use (``bot/pictures/fonts``), as Discord's own face is not
    ours to ship; what it lacks falls back to the system's fonts."""
    folder = Path(__file__).resolve().parent.parent / "bot" / "pictures" / "fonts"
    rules = []
    for weight, name in ((400, "Regular-subset"), (700, "Bold-subset")):
        data = base64.b64encode((folder / f"BIZUDPGothic-{name}.ttf").read_bytes()).decode()
        rules.append(
            f'@font-face {{ font-family: "BIZ UDPGothic"; font-weight: {weight}; '
            f"src: url(data:font/ttf;base64,{data}); }}"
        )
    return "\n".join(rules)


async def main(out: Path) -> None:
    fonts = bundled_fonts()
    for name, play in SCENES.items():
        (out / name).write_bytes(await photograph(render_message(await play(), fonts)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    asyncio.run(main(parser.parse_args().out))
