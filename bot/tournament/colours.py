"""Colour history, colour preference and colour allocation for Swiss pairings.

Only games actually played count (FIDE: forfeits and byes leave no colour). From them a player
has a colour *difference* (whites minus blacks) and a *preference* for the next game:

* absolute - the difference is ±2 or more, or the last two games had the same colour;
* strong   - the difference is ±1;
* mild     - the difference is 0: alternate from the last game;
* none     - no game played yet.

The hard limits, kept whenever any repeat-free pairing allows, are FIDE's absolute colour
criteria: nobody's difference goes beyond ±2 and nobody gets one colour three times running.
The softer aim, keeping everyone within ±1, is what the preferences express; the pairing
prefers opponents that let both players have their preferred colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from bot.tournament.models import Colour


class Strength(IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class ColourHistory:
    """The colours a player had in the games they played, oldest first."""

    colours: tuple[Colour, ...] = ()

    @property
    def difference(self) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def preference(self) -> Colour | None:
        d = self.difference
        if d < 0:
            return Colour.WHITE
        if d > 0:
            return Colour.BLACK
        if self.colours:
            return self.colours[-1].opposite
        return None

    @property
    def strength(self) -> Strength:
        d = self.difference
        if abs(d) >= 2 or (len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]):
            return Strength.ABSOLUTE
        if abs(d) == 1:
            return Strength.STRONG
        return Strength.MILD if self.colours else Strength.NONE

    def allows(self, colour: Colour) -> bool:
        """Whether taking ``colour`` stays within the hard limits (±2, never three in a row)."""
        d = self.difference + (1 if colour is Colour.WHITE else -1)
        three_in_a_row = len(self.colours) >= 2 and self.colours[-1] is self.colours[-2] is colour
        return abs(d) <= 2 and not three_in_a_row

    def satisfied_by(self, colour: Colour) -> bool:
        preference = self.preference
        return preference is None or preference is colour


def colour_of_higher(higher: ColourHistory, lower: ColourHistory, board: int) -> Colour:
    """The colour for the higher-ranked of two paired players (the other gets the opposite).

    In order: stay within the hard limits; give both their preferences; let the stronger
    preference (then the bigger difference) win; alternate from the latest game in which the two
    had different colours; give the higher-ranked player theirs. With no history at all the
    higher-ranked player takes White on odd boards and Black on even ones, as in FIDE round 1.
    """
    options = [c for c in Colour if higher.allows(c) and lower.allows(c.opposite)] or list(Colour)
    if len(options) == 1:
        return options[0]
    both = [c for c in options if higher.satisfied_by(c) and lower.satisfied_by(c.opposite)]
    if higher.preference is None and lower.preference is None:
        return Colour.WHITE if board % 2 else Colour.BLACK
    if len(both) == 1:
        return both[0]
    rank_h = (higher.strength, abs(higher.difference))
    rank_l = (lower.strength, abs(lower.difference))
    if rank_h != rank_l:
        if rank_h > rank_l:
            assert higher.preference is not None
            return higher.preference
        assert lower.preference is not None
        return lower.preference.opposite
    for mine, theirs in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
        if mine is not theirs:
            return mine.opposite
    return higher.preference or Colour.WHITE
