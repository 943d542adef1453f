"""What every deck shares: looking cards up by code, and each card's place in the deck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar


class Coded(Protocol):
    @property
    def code(self) -> str: ...


C = TypeVar("C", bound=Coded)


class CardIndex(Generic[C]):
    """A fixed deck's cards by code (``parse``) and by position (``position``)."""

    def __init__(self, cards: Sequence[C], kind: str) -> None:
        self.cards = tuple(cards)
        self.kind = kind
        self._by_code = {card.code: card for card in self.cards}
        self._order = {card.code: index for index, card in enumerate(self.cards)}

    def get(self, code: str) -> C | None:
        return self._by_code.get(code)

    def parse(self, code: str) -> C:
        """The card spelled by ``code`` (case-insensitive), or :class:`ValueError`."""
        card = self._by_code.get(code.strip().upper()) if isinstance(code, str) else None
        if card is None:
            raise ValueError(f"not a {self.kind} code: {code!r}")
        return card

    def position(self, card: C) -> int:
        return self._order[card.code]
