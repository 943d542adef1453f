"""Where new games' (and tournaments') seeds come from."""

from __future__ import annotations

import secrets

from rules.core import Rng


class Seeds:
    """Seeds drawn from the OS; tests inject a seeded ``source`` so every deal is repeatable."""

    def __init__(self, source: Rng | None = None) -> None:
        self._source = source

    def new(self) -> int:
        """A fresh seed for a game or a tournament."""
        if self._source is None:
            return secrets.randbits(63)
        value, self._source = self._source.next_u64()
        return value >> 1
