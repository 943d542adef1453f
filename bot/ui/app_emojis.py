"""The app's own emojis: every registered game's faces (cards, majors, cube faces), uploaded at
start-up and shown beside the words that name them in menus and buttons.

Idempotent: an emoji's name carries a hash of its picture (``ab_<face>_<hash>``), so a start-up
lists what the application has, uploads only the faces missing or changed, and deletes only
its own stale ones (names of that shape) — never an emoji the operator added by hand. Where an
upload fails, or the feature is off, the face has no emoji and the words alone are shown (they
are always there, for screen readers too).

Uploads and deletions go one at a time, a second apart (``Settings.emoji_pace_seconds``):
Discord limits the emoji routes on their own, beyond what its rate-limit headers tell ahead,
and a first start has dozens of faces to upload (each 429 is spent from the allowance of
invalid requests). A 429 that outlasts discord.py's own waits ends the sync: what is left is
done at the next start.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Iterable

import discord

from bot.games.spec import AnySpec

log = logging.getLogger(__name__)

#: The names this bot gives its emojis; any other is left alone.
OURS = re.compile(r"ab_(?P<face>[A-Za-z0-9_]+)_(?P<hash>[0-9a-f]{8})")


def emoji_name(face: str, picture: bytes) -> str:
    return f"ab_{face}_{hashlib.sha256(picture).hexdigest()[:8]}"


class EmojiBook:
    """Which face has which emoji in this process (empty until the start-up's sync)."""

    def __init__(self) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = {}

    def emoji(self, face: str | None) -> discord.PartialEmoji | None:
        return self._emojis.get(face) if face else None

    def inline(self, face: str | None) -> str:
        """The emoji as message text (``<:name:id>``), or nothing."""
        found = self.emoji(face)
        return f"{found} " if found is not None else ""

    def learn(self, emojis: Iterable[discord.Emoji], wanted: dict[str, str]) -> None:
        """Keep the emojis whose names are the ones wanted now (``face → name``)."""
        faces = {name: face for face, name in wanted.items()}
        self._emojis = {
            faces[e.name]: discord.PartialEmoji(name=e.name, id=e.id)
            for e in emojis
            if e.name in faces
        }

    def forget(self) -> None:
        self._emojis = {}

    def __len__(self) -> int:
        return len(self._emojis)


#: The process's book: read by the layout when it draws a menu or a button.
BOOK = EmojiBook()


def drawn_faces(specs: Iterable[AnySpec]) -> dict[str, bytes]:
    """Every face of every game, drawn (``face → PNG``)."""
    return {face: spec.faces.draw(face) for spec in specs if spec.faces for face in spec.faces.keys}


async def sync_emojis(
    client: discord.Client,
    specs: Iterable[AnySpec],
    *,
    upload: bool,
    pace: float,
    book: EmojiBook = BOOK,
) -> EmojiBook:
    """Make the application's emojis match the faces (``upload``: this process may change
    them — the one holding shard 0 — otherwise it only reads them), one change every ``pace``
    seconds, and fill ``book``."""
    pictures = await asyncio.to_thread(drawn_faces, list(specs))
    wanted = {face: emoji_name(face, png) for face, png in pictures.items()}
    try:
        existing = await client.fetch_application_emojis()
    except discord.HTTPException as error:
        log.warning("could not list the app's emojis (%s): cards are named in words only", error)
        return book
    ours = [e for e in existing if OURS.fullmatch(e.name)]
    have = {e.name for e in ours}
    if upload:
        await _change(client, ours, pictures, wanted, have, pace)
    book.learn(ours, wanted)
    log.info("%d of %d faces have an emoji", len(book), len(wanted))
    return book


async def _change(
    client: discord.Client,
    ours: list[discord.Emoji],
    pictures: dict[str, bytes],
    wanted: dict[str, str],
    have: set[str],
    pace: float,
) -> None:
    """Upload the faces missing, then delete our stale emojis, one change at a time."""
    missing = [(face, name) for face, name in wanted.items() if name not in have]
    keep = set(wanted.values())
    stale = [e for e in ours if e.name not in keep]
    changes = 0
    for done, (face, name) in enumerate(missing):
        changes = await _paced(changes, pace)
        try:
            ours.append(await client.create_application_emoji(name=name, image=pictures[face]))
        except (discord.HTTPException, discord.RateLimited) as error:
            if _limited(error):
                log.warning(
                    "Discord is limiting the app's emoji uploads (%s): the %d faces left are "
                    "uploaded at the next start",
                    error,
                    len(missing) - done,
                )
                return
            log.warning("could not upload the emoji %s: %s", name, error)
    for emoji in stale:
        changes = await _paced(changes, pace)
        try:
            await emoji.delete()
            ours.remove(emoji)
        except (discord.HTTPException, discord.RateLimited) as error:
            if _limited(error):
                log.warning("Discord is limiting the app's emoji changes (%s)", error)
                return
            log.warning("could not delete the stale emoji %s: %s", emoji.name, error)


async def _paced(changes: int, pace: float) -> int:
    """Wait ``pace`` before every change but the first; the count so far, plus this one."""
    if changes and pace > 0:
        await asyncio.sleep(pace)
    return changes + 1


def _limited(error: Exception) -> bool:
    """A 429 that discord.py gave up waiting out (it retries a few times itself)."""
    return isinstance(error, discord.RateLimited) or getattr(error, "status", None) == 429
