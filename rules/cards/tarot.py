"""The 78-card tarot deck: 22 major arcana and four suits of 14 minor arcana.

Cards are values (frozen, hashable); every card exists once in :data:`TAROT_DECK` and
:func:`parse_card` returns those same objects. Codes are short ASCII: ``A00``–``A21`` for the
majors, and the suit letter with a two-digit rank for the minors (``S01`` ace of swords …
``H14`` king of cups). Suit letters follow the Youscout reference game: ``S`` swords, ``D``
coins (pentacles), ``H`` cups, ``C`` wands.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.cards.deck import CardIndex
from rules.core.text import Locale, Text


class Suit(Enum):
    """The minor suits in the order of the codes; the value is the code letter."""

    SWORDS = "S"
    COINS = "D"
    CUPS = "H"
    WANDS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def text(self) -> Text:
        return _SUIT_TEXT[self]


_SUIT_SYMBOL = {Suit.SWORDS: "♠", Suit.COINS: "♦", Suit.CUPS: "♥", Suit.WANDS: "♣"}
_SUIT_TEXT = {
    Suit.SWORDS: Text("ソード", "Swords"),
    Suit.COINS: Text("コイン", "Coins"),
    Suit.CUPS: Text("カップ", "Cups"),
    Suit.WANDS: Text("ワンド", "Wands"),
}

ACE, PAGE, KNIGHT, QUEEN, KING = 1, 11, 12, 13, 14
RANKS = tuple(range(ACE, KING + 1))
_RANK_TEXT = {
    ACE: Text("エース", "Ace"),
    PAGE: Text("ペイジ", "Page"),
    KNIGHT: Text("ナイト", "Knight"),
    QUEEN: Text("クイーン", "Queen"),
    KING: Text("キング", "King"),
}

#: The major arcana by number, in the Rider–Waite order (8 Strength, 11 Justice).
MAJOR_NAMES: tuple[Text, ...] = (
    Text("愚者", "The Fool"),
    Text("魔術師", "The Magician"),
    Text("女教皇", "The High Priestess"),
    Text("女帝", "The Empress"),
    Text("皇帝", "The Emperor"),
    Text("法王", "The Hierophant"),
    Text("恋人", "The Lovers"),
    Text("戦車", "The Chariot"),
    Text("力", "Strength"),
    Text("隠者", "The Hermit"),
    Text("運命の輪", "Wheel of Fortune"),
    Text("正義", "Justice"),
    Text("吊るされた男", "The Hanged Man"),
    Text("死神", "Death"),
    Text("節制", "Temperance"),
    Text("悪魔", "The Devil"),
    Text("塔", "The Tower"),
    Text("星", "The Star"),
    Text("月", "The Moon"),
    Text("太陽", "The Sun"),
    Text("審判", "Judgement"),
    Text("世界", "The World"),
)
MAJOR_NUMBERS = tuple(range(len(MAJOR_NAMES)))


def rank_text(rank: int) -> Text:
    """``エース``/``Ace``, ``2`` … ``10``, then the four court ranks."""
    return _RANK_TEXT.get(rank, Text(str(rank), str(rank)))


@dataclass(frozen=True, slots=True)
class Major:
    """A major arcanum, 0 (The Fool) to 21 (The World)."""

    number: int

    def __post_init__(self) -> None:
        if self.number not in MAJOR_NUMBERS:
            raise ValueError("not a major arcanum")

    @property
    def code(self) -> str:
        return f"A{self.number:02d}"

    @property
    def text(self) -> Text:
        return MAJOR_NAMES[self.number]

    def name(self, locale: Locale) -> str:
        return self.text(locale)

    def short_name(self, locale: Locale) -> str:
        """The name without a leading English article (``Moon``), for narrow boards."""
        name = self.text(locale)
        return name[4:] if name.startswith("The ") else name

    @property
    def label(self) -> str:
        return f"({self.number})"

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Minor:
    """A minor arcanum: a suit and a rank 1 (ace) to 14 (king)."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError("not a minor arcanum")

    @property
    def code(self) -> str:
        return f"{self.suit.value}{self.rank:02d}"

    @property
    def label(self) -> str:
        """Suit symbol and rank number (``♠7``, ``♦14``)."""
        return f"{self.suit.symbol}{self.rank}"

    def name(self, locale: Locale) -> str:
        rank = rank_text(self.rank)(locale)
        if locale == "ja":
            return f"{self.suit.text.ja}の{rank}"
        return f"{rank} of {self.suit.text.en}"

    def __str__(self) -> str:
        return self.code


TarotCard = Major | Minor

#: The 22 majors in number order.
MAJORS: tuple[Major, ...] = tuple(Major(n) for n in MAJOR_NUMBERS)
#: The 56 minors: swords, coins, cups, wands, each ace to king.
MINORS: tuple[Minor, ...] = tuple(Minor(suit, rank) for suit in Suit for rank in RANKS)
#: All 78 cards: the majors, then the minors.
TAROT_DECK: tuple[TarotCard, ...] = (*MAJORS, *MINORS)
MAJOR_CODES: tuple[str, ...] = tuple(card.code for card in MAJORS)
MINOR_CODES: tuple[str, ...] = tuple(card.code for card in MINORS)

_INDEX: CardIndex[TarotCard] = CardIndex(TAROT_DECK, "tarot card")


def parse_card(code: str) -> TarotCard:
    """The card spelled by ``code`` (case-insensitive), or :class:`ValueError`."""
    return _INDEX.parse(code)


def format_card(card: TarotCard) -> str:
    return card.code


def is_major_code(code: str) -> bool:
    return isinstance(_INDEX.get(code), Major)


def is_minor_code(code: str) -> bool:
    return isinstance(_INDEX.get(code), Minor)


def card_label(code: str) -> str:
    """A short label for a card code: ``♠7`` for a minor, ``(13)`` for a major."""
    return parse_card(code).label


def card_name(code: str, locale: Locale) -> str:
    """The full name of the card spelled by ``code``: ``ソードの7`` / ``7 of Swords``."""
    return parse_card(code).name(locale)


def sort_key(card: TarotCard) -> int:
    """The card's place in :data:`TAROT_DECK`."""
    return _INDEX.position(card)
