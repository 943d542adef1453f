"""The moves of 戦列札 and their codes.

==========================  ======================  =============================================
action                      code                    meaning
==========================  ======================  =============================================
``Janken("rock")``          ``j:rock``              a secret janken pick (``paper``, ``scissors``)
``DrawCount(6)``            ``draw:6``              the second player's first draw (3–6)
``Place(H5, 2)``            ``p:H5:2``              stage ♥5 onto own line 2 (0 = front)
``Place(H5, 0, new=True)``  ``p:H5:+0``             stage ♥5 as a new line at index 0 (the front)
``Place(JR, 4, True, 7)``   ``p:JR:+4:7``           a joker as a new line at index 4, range 7
``TakeBack(H5)``            ``t:H5``                return a card staged this phase to the hand
``EndPlacement()``          ``end``                 commit the staged cards, end the turn
``Casualty(S9)``            ``x:S9``                the defender loses ♠9 from a line that was hit
==========================  ======================  =============================================

A new line's index is where it would stand: 0 is a new front line, the current number of lines
(deck line included) a new back line; anything in between is a (refused) insertion between two
lines. ``Place``, ``TakeBack`` and ``Janken`` codes name what the mover keeps secret: they must
stay visible to the mover only (see :func:`private_to_mover`); the public record of a placement
phase is the ``placed`` event at ``EndPlacement``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.cards.playing import Card, format_card, parse_card
from rules.core.errors import InvalidActionError
from rules.senretsu.state import JANKEN_HANDS, JankenHand


@dataclass(frozen=True, slots=True)
class Janken:
    hand: JankenHand


@dataclass(frozen=True, slots=True)
class DrawCount:
    n: int


@dataclass(frozen=True, slots=True)
class Place:
    """Stage ``card`` from the hand onto own line ``line``, or as a new line at that index."""

    card: Card
    line: int
    new: bool = False
    #: The declared range of a joker (1–99); ``None`` for any other card.
    joker_range: int | None = None


@dataclass(frozen=True, slots=True)
class TakeBack:
    card: Card


@dataclass(frozen=True, slots=True)
class EndPlacement:
    code: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Casualty:
    card: Card


Action = Janken | DrawCount | Place | TakeBack | EndPlacement | Casualty


def private_to_mover(action: Action) -> bool:
    """Whether the action's code reveals something only the mover may know.

    A taken-back card stays in the hand, so placement codes stay private for the whole game,
    not only until the phase ends; janken picks until both have picked (the result event then
    shows both).
    """
    return isinstance(action, Place | TakeBack | Janken)


def format_action(action: Action) -> str:
    if isinstance(action, Janken):
        return f"j:{action.hand}"
    if isinstance(action, DrawCount):
        return f"draw:{action.n}"
    if isinstance(action, Place):
        target = f"+{action.line}" if action.new else str(action.line)
        code = f"p:{format_card(action.card)}:{target}"
        return code if action.joker_range is None else f"{code}:{action.joker_range}"
    if isinstance(action, TakeBack):
        return f"t:{format_card(action.card)}"
    if isinstance(action, EndPlacement):
        return action.code
    return f"x:{format_card(action.card)}"


def _small_int(text: str) -> int:
    # Only plain decimal numbers of at most two digits: codes stay canonical and short.
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        raise InvalidActionError()
    return int(text)


def _card(text: str) -> Card:
    try:
        card = parse_card(text)
    except ValueError:
        raise InvalidActionError() from None
    if card.code != text:
        raise InvalidActionError()  # one spelling per card, so codes compare as strings
    return card


def parse_action(code: str) -> Action:
    parts = code.split(":")
    head, args = parts[0], parts[1:]
    if head == "end" and not args:
        return EndPlacement()
    if head == "j" and len(args) == 1 and args[0] in JANKEN_HANDS:
        return Janken(args[0])
    if head == "draw" and len(args) == 1:
        return DrawCount(_small_int(args[0]))
    if head == "t" and len(args) == 1:
        return TakeBack(_card(args[0]))
    if head == "x" and len(args) == 1:
        return Casualty(_card(args[0]))
    if head == "p" and len(args) in (2, 3):
        card = _card(args[0])
        target = args[1]
        new = target.startswith("+")
        line = _small_int(target[1:] if new else target)
        joker_range = _small_int(args[2]) if len(args) == 3 else None
        return Place(card, line, new, joker_range)
    raise InvalidActionError()
