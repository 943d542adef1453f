"""Provably fair deals: commit to a game's seed before play, reveal it after.

Every random choice of a game comes from its seed (``Rng``), so whoever knows the seed knows
the deal. To let players check that the deal was not chosen against them, the platform picks
the seed and a secret random *salt* before the game, publishes only the **commitment**
``commitment(seed, salt)`` (on the board), and reveals ``seed`` and ``salt`` when the game is
over. Anyone can then recompute the commitment (:func:`verify_commitment`) and the whole deal
from the seed (``python -m rules.verify``).

The commitment is the lowercase hex SHA-256 of one unambiguous byte string::

    b"asobiba-commit-v1:" + seed.to_bytes(8, "big") + salt

The seed has a fixed width (8 bytes, unsigned, so ``0 <= seed < 2**64``) and the salt runs to
the end, so no other (seed, salt) pair encodes to the same bytes. The salt hides the seed (at
least 16 random bytes: :func:`new_salt`); SHA-256 binds it (nobody can find another seed with
the same commitment).

Daily deals (everyone in a server gets the same board on the same day) need seeds nobody can
compute in advance, yet the same for every player: :func:`daily_seed` derives them with
HMAC-SHA256 under a deployment secret, over::

    b"asobiba-daily-v1" + guild_id.to_bytes(8, "big")
        + len(day).to_bytes(4, "big") + day + len(variant).to_bytes(4, "big") + variant

(``day`` and ``variant`` UTF-8 encoded, ``day`` an ISO date ``YYYY-MM-DD``), keeping the first
63 bits of the MAC. The length prefixes keep ``("2026-11-22", "ab")`` and other splits apart.
Revealing a day's seed after the day reveals nothing about other days: the secret stays secret.

A tournament's solitaire deals (every entrant plays the same deals) come from the tournament's
own secret seed, sealed like a game's with :func:`commitment` and revealed when the event is
over. Deal ``n`` (1, 2, …) has the seed :func:`deal_seed` gives: HMAC-SHA256 keyed by the
tournament seed's 8 bytes over ``b"asobiba-deal-v1" + n.to_bytes(4, "big")``, first 63 bits.
Knowing one deal's seed tells nothing of the others, and once the tournament seed is revealed
anyone can recompute every deal.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

COMMIT_PREFIX = b"asobiba-commit-v1:"
DAILY_PREFIX = b"asobiba-daily-v1"
DEAL_PREFIX = b"asobiba-deal-v1"
SEALED_PREFIX = b"asobiba-sealed-v1:"
SEED_BYTES = 8
MIN_SALT_BYTES = 16
MIN_SECRET_BYTES = 16
#: Seeds are unsigned 64-bit numbers (``Rng`` keeps 64 bits); daily seeds use 63.
SEED_LIMIT = 1 << 64
DAILY_SEED_BITS = 63


def _check_seed(seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")


def commitment_bytes(seed: int, salt: bytes) -> bytes:
    """The exact bytes that are hashed (see the module docstring)."""
    _check_seed(seed)
    if not isinstance(salt, bytes | bytearray):
        raise TypeError("the salt is bytes")
    return COMMIT_PREFIX + seed.to_bytes(SEED_BYTES, "big") + bytes(salt)


def commitment(seed: int, salt: bytes) -> str:
    """The public commitment to ``seed``: 64 lowercase hex digits.

    ``salt`` must be at least 16 bytes (use :func:`new_salt`): a short salt would let anyone
    find the seed by trying them all."""
    if len(salt) < MIN_SALT_BYTES:
        raise ValueError(f"the salt must be at least {MIN_SALT_BYTES} bytes")
    return hashlib.sha256(commitment_bytes(seed, salt)).hexdigest()


def verify_commitment(commit: str, seed: int, salt: bytes) -> bool:
    """Whether ``commit`` is the commitment to ``seed`` with ``salt``. Never raises for bad
    input (a malformed commitment, seed or salt simply does not match)."""
    if not isinstance(commit, str) or len(commit) != 64:
        return False
    try:
        expected = hashlib.sha256(commitment_bytes(seed, salt)).hexdigest()
    except (TypeError, ValueError):
        return False
    return hmac.compare_digest(expected, commit.lower())


def new_salt() -> bytes:
    """A fresh secret salt (16 random bytes from the operating system)."""
    return secrets.token_bytes(MIN_SALT_BYTES)


def new_seed() -> int:
    """A fresh random 63-bit seed."""
    return secrets.randbits(DAILY_SEED_BITS)


def _prefixed(text: str) -> bytes:
    raw = text.encode("utf-8")
    return len(raw).to_bytes(4, "big") + raw


def daily_seed(secret: bytes, guild_id: int, day: str, variant: str) -> int:
    """The seed of ``variant``'s daily deal in server ``guild_id`` on ``day`` (``YYYY-MM-DD``):
    a 63-bit number, the same for every player, unpredictable without ``secret``."""
    if not isinstance(secret, bytes | bytearray) or len(secret) < MIN_SECRET_BYTES:
        raise ValueError(f"the secret must be at least {MIN_SECRET_BYTES} bytes")
    if type(guild_id) is not int or not 0 <= guild_id < SEED_LIMIT:
        raise ValueError(f"a guild id is an unsigned 64-bit number, not {guild_id!r}")
    try:
        canonical = dt.date.fromisoformat(day).isoformat()
    except (TypeError, ValueError):
        canonical = None
    if canonical != day:
        raise ValueError(f"the day is an ISO date YYYY-MM-DD, not {day!r}")
    if not isinstance(variant, str):
        raise TypeError("the variant is a string")
    message = (
        DAILY_PREFIX + guild_id.to_bytes(SEED_BYTES, "big") + _prefixed(day) + _prefixed(variant)
    )
    mac = hmac.new(bytes(secret), message, hashlib.sha256).digest()
    return int.from_bytes(mac[:SEED_BYTES], "big") >> (64 - DAILY_SEED_BITS)


def deal_seed(event_seed: int, deal_no: int) -> int:
    """The seed of deal ``deal_no`` (from 1) of a tournament with the secret ``event_seed``."""
    _check_seed(event_seed)
    if type(deal_no) is not int or not 1 <= deal_no < 1 << 32:
        raise ValueError(f"deals are numbered from 1, not {deal_no!r}")
    key = event_seed.to_bytes(SEED_BYTES, "big")
    mac = hmac.new(key, DEAL_PREFIX + deal_no.to_bytes(4, "big"), hashlib.sha256).digest()
    return int.from_bytes(mac[:SEED_BYTES], "big") >> (64 - DAILY_SEED_BITS)


def move_commitment(code: str, ply: int, salt: bytes) -> str:
    """The public seal on a move ``code`` made at ``ply`` (see the module docstring)."""
    if len(salt) != MIN_SALT_BYTES:
        raise ValueError(f"the salt is {MIN_SALT_BYTES} bytes")
    if type(ply) is not int or not 0 <= ply < 1 << 32:
        raise ValueError(f"a ply is a whole number from 0, not {ply!r}")
    message = SEALED_PREFIX + bytes(salt) + ply.to_bytes(4, "big") + code.encode("utf-8")
    return hashlib.sha256(message).hexdigest()


def verify_move_commitment(commit: str, code: str, ply: int, salt: bytes) -> bool:
    """Whether ``commit`` seals ``code`` at ``ply`` with ``salt``; never raises."""
    try:
        expected = move_commitment(code, ply, salt)
    except (TypeError, ValueError, AttributeError):
        return False
    return isinstance(commit, str) and hmac.compare_digest(expected, commit.lower())
