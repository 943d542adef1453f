"""The ids in the pages' addresses: signed, so that no address can be guessed or counted.

A game's, a player's, a tournament's or a server's number becomes 23 letters: the number
shuffled by a keyed permutation (a four-round Feistel network over 64 bits with HMAC-SHA256 as
its round function: sequential games get unrelated addresses, and no address tells how many
games there are), then 48 bits of HMAC over the kind and the shuffled number (a made-up address
is refused, never looked up). Each kind has its own keys, so a player's address opens no game.
Without the deployment's secret neither can be made or read.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from enum import StrEnum

ROUNDS = 4
HALF = (1 << 32) - 1
TAG_BYTES = 6
#: 8 bytes of shuffled number and the tag, in base32 without padding.
TOKEN_CHARS = 23


class Kind(StrEnum):
    GAME = "game"
    PLAYER = "player"
    TOURNAMENT = "tournament"
    SERVER = "server"


class Addresses:
    """Turns numbers into signed ids and back, under ``secret``."""

    def __init__(self, secret: bytes) -> None:
        self._key = hashlib.sha256(b"asobiba web addresses\0" + secret).digest()

    def _mac(self, *parts: bytes) -> bytes:
        return hmac.new(self._key, b"\0".join(parts), hashlib.sha256).digest()

    def _round(self, kind: Kind, number: int, half: int) -> int:
        digest = self._mac(kind.encode(), bytes([number]), half.to_bytes(4, "big"))
        return int.from_bytes(digest[:4], "big")

    def token(self, kind: Kind, number: int) -> str:
        """The signed id of ``number`` (0 to 2⁶⁴−1) as ``kind``."""
        if not 0 <= number < 1 << 64:
            raise ValueError(f"{kind} {number} has no address")
        left, right = number >> 32, number & HALF
        for step in range(ROUNDS):
            left, right = right, left ^ self._round(kind, step, right)
        block = (left << 32 | right).to_bytes(8, "big")
        tag = self._mac(b"tag", kind.encode(), block)[:TAG_BYTES]
        return _spelled(block + tag)

    def number(self, kind: Kind, token: str) -> int | None:
        """The number a signed id stands for, or ``None`` for anything this secret did not
        sign as ``kind`` (a typo, a guess, another kind's id)."""
        if len(token) != TOKEN_CHARS or not token.isascii():
            return None
        try:
            raw = base64.b32decode(token.upper() + "=" * 1)
        except ValueError:
            return None
        if _spelled(raw) != token:  # one spelling per id: the last letter's spare bits are 0
            return None
        block, tag = raw[:8], raw[8:]
        if not hmac.compare_digest(tag, self._mac(b"tag", kind.encode(), block)[:TAG_BYTES]):
            return None
        value = int.from_bytes(block, "big")
        left, right = value >> 32, value & HALF
        for step in reversed(range(ROUNDS)):
            left, right = right ^ self._round(kind, step, left), left
        return left << 32 | right


def _spelled(raw: bytes) -> str:
    return base64.b32encode(raw).decode().rstrip("=").lower()
