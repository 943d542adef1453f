"""The application's own emojis in the fake Discord: list, get, create, rename and delete
(``/applications/{application.id}/emojis``), as developers/resources/emoji.mdx describes them
and as openapi.json types them (``list_application_emojis`` … ``delete_application_emoji``).

Checked like Discord: a name of 2–32 characters of letters, digits and underscores, unique
within the application; image data as a ``data:`` URI of a PNG, JPEG, GIF or WebP of at most
256 KiB; at most 2 000 emojis per application. Every call is kept in ``calls`` so tests can
see what the bot uploaded (and that it uploaded nothing twice).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.validation import FieldError

JSON = dict[str, Any]

NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp);base64,(.+)", re.DOTALL)
MAX_BYTES = 256 * 1024
MAX_EMOJIS = 2000
SIGNATURES = {
    "png": b"\x89PNG\r\n\x1a\n",
    "jpeg": b"\xff\xd8\xff",
    "gif": b"GIF8",
    "webp": b"RIFF",
}


@dataclass
class AppEmoji:
    id: int
    name: str
    image: bytes
    animated: bool = False


@dataclass
class AppEmojiStore:
    """The emojis of the fake's one application."""

    emojis: dict[int, AppEmoji] = field(default_factory=dict)
    #: (method, emoji name) of every accepted change, in order.
    calls: list[tuple[str, str]] = field(default_factory=list)

    def by_name(self, name: str) -> AppEmoji | None:
        return next((e for e in self.emojis.values() if e.name == name), None)

    def payload(self, emoji: AppEmoji, user: JSON) -> JSON:
        """The emoji object (EmojiResponse): uploaded through the API, so by the bot user."""
        return {
            "id": str(emoji.id),
            "name": emoji.name,
            "roles": [],
            "user": user,
            "require_colons": True,
            "managed": False,
            "animated": emoji.animated,
            "available": True,
        }

    def check_name(self, name: Any, *, keep: int | None = None) -> list[FieldError]:
        if not isinstance(name, str):
            return [FieldError(("name",), "BASE_TYPE_REQUIRED", "This field is required")]
        if not 2 <= len(name) <= 32:
            return [
                FieldError(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")
            ]
        if not NAME.fullmatch(name):
            return [FieldError(("name",), "STRING_TYPE_REGEX", "String value did not match")]
        taken = self.by_name(name)
        if taken is not None and taken.id != keep:
            return [
                FieldError(
                    ("name",),
                    "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                    "Application emoji with this name already exists",
                )
            ]
        return []

    def check_create(self, body: Any) -> tuple[list[FieldError], bytes]:
        if not isinstance(body, dict):
            return [FieldError((), "MODEL_TYPE_CONVERT", "Only dictionaries may be used")], b""
        unknown = set(body) - {"name", "image"}
        if unknown:
            # Extra fields are dropped by Discord; the spec's request has just these two.
            return [FieldError((sorted(unknown)[0],), "UNKNOWN_FIELD", "Not in the schema")], b""
        errors = self.check_name(body.get("name"))
        image = body.get("image")
        match = IMAGE.fullmatch(image) if isinstance(image, str) else None
        data = b""
        if match is not None:
            try:
                data = base64.b64decode(match[2], validate=True)
            except (binascii.Error, ValueError):
                match = None
        if match is None or not data.startswith(SIGNATURES[match[1]]):
            errors.append(FieldError(("image",), "BINARY_TYPE_MAX_SIZE", "Invalid image data"))
        elif len(data) > MAX_BYTES:
            errors.append(
                FieldError(
                    ("image",), "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb."
                )
            )
        if len(self.emojis) >= MAX_EMOJIS:
            errors.append(FieldError((), "MAX_EMOJIS", "Maximum number of emojis reached (2000)"))
        return errors, data
