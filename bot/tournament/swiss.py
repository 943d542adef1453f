"""Swiss pairings: our own documented system, close to the FIDE Dutch system but simpler.

Why not a library: of the pairing libraries on PyPI, ``caissify-pairings`` implements FIDE Dutch
carefully but took 100-160 s per round for 200 players on our machine (pure-Python networkx
matchings) and ships no type information; ``pairing-core`` had one release and no track record.
So this module pairs by the rules below, which any player can check by hand.

1. **Ranking.** Players are ranked by points, then by seed. Players with equal points form a
   *score group*.
2. **Bye.** With an odd number of players, the lowest-ranked player who has not yet had a point
   without playing (a bye or a win by forfeit) sits out and scores 1 point, provided everyone
   else can still be paired (rule 5); otherwise the next one up.
3. **Score groups, top down.** Each score group is paired together with the players who floated
   down into it from above. Floaters are paired first, each with the highest-ranked resident it
   may meet. The residents left are split into a top half and a bottom half and the i-th of the
   top half meets the i-th of the bottom half; when that pairing is not allowed, the next
   opponent down the bottom half is tried, then the ones above it, then the top half (a
   transposition, then an exchange, in Dutch terms). Among these, opponents with whom both
   players get their preferred colour are tried first. Whoever is left floats down to the
   next score group.
4. **Colours.** See ``colours``: the player with the stronger colour preference gets it; on a
   tie, the players alternate from the last game in which they had different colours, then the
   higher-ranked player has his way. In round 1 the higher-ranked player of each game has White
   on odd boards and Black on even ones.
5. **Hard limits, guaranteed.** Every pair is accepted only if all players not yet paired can
   still be paired among themselves within the limits; a perfect matching of them is kept as
   a witness (``matching``). So the limits below hold whenever *any* pairing of the round could
   keep them, tried in this order until one can be kept:

   a. no repeat games, the bye to a player without one, FIDE's absolute colour limits
      (colour difference within ±2, never three games of one colour running);
   b. no repeats, the bye to a player without one;
   c. no repeats, with colour limits, the bye to anyone;
   d. no repeats, the bye to anyone;
   e. anything (only when there are more rounds than a round robin would need).

What is Dutch here: the ranking, score groups, top half against bottom half, floaters paired
with the top of the next group, the bye rule, the absolute criteria and the colour allocation
rules. What is simplified: Dutch compares *whole-bracket* candidates against a long list of
quality criteria (C.04.3 C.5-C.21: fewest floaters, floater histories, colour-preference counts)
and picks the first in a fixed order of transpositions and exchanges; here pairs are chosen one
at a time, greedily in that spirit, and float histories are not considered. Pairings therefore
match Dutch in ordinary cases (always in round 1) but can differ in hard ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.tournament.colours import (
    ColourHistory,
    colour_of_higher,
)
from bot.tournament.matching import PerfectMatching
from bot.tournament.models import (
    ByeRecord,
    Colour,
    Entrant,
    Pairing,
    PlayerId,
    Record,
    SwissRound,
)


@dataclass(frozen=True, slots=True)
class _Limits:
    repeats: bool
    colours: bool
    bye_to_anyone: bool


# Tried in order; the first that can be kept for the whole round is used (rule 5 above).
_TIERS = (
    _Limits(repeats=False, colours=True, bye_to_anyone=False),
    _Limits(repeats=False, colours=False, bye_to_anyone=False),
    _Limits(repeats=False, colours=True, bye_to_anyone=True),
    _Limits(repeats=False, colours=False, bye_to_anyone=True),
    _Limits(repeats=True, colours=False, bye_to_anyone=True),
)


@dataclass(frozen=True, slots=True)
class _Standing:
    player: PlayerId
    seed: int
    points: float
    colours: ColourHistory
    opponents: frozenset[PlayerId]
    had_free_point: bool


def _standings(entrants: Sequence[Entrant], history: Sequence[Record]) -> list[_Standing]:
    points: dict[PlayerId, float] = {e.player: 0.0 for e in entrants}
    colours: dict[PlayerId, list[tuple[int, Colour]]] = {e.player: [] for e in entrants}
    opponents: dict[PlayerId, set[PlayerId]] = {e.player: set() for e in entrants}
    free_point: set[PlayerId] = set()
    for record in history:
        if isinstance(record, ByeRecord):
            if record.player in points:
                points[record.player] += record.points
                free_point.add(record.player)
            continue
        for player in (record.white, record.black):
            if player not in points:
                continue  # a withdrawn player: their games still count for their opponents
            earned = record.points_of(player)
            points[player] += earned
            if record.outcome.played:
                colours[player].append((record.round_no, record.colour_of(player)))
                opponents[player].add(record.opponent_of(player))
            elif earned == 1.0:
                free_point.add(player)
    ranked = sorted(entrants, key=lambda e: (-points[e.player], e.seed, e.player))
    return [
        _Standing(
            player=e.player,
            seed=e.seed,
            points=points[e.player],
            colours=ColourHistory(tuple(c for _, c in sorted(colours[e.player]))),
            opponents=frozenset(opponents[e.player]),
            had_free_point=e.player in free_point,
        )
        for e in ranked
    ]


def _validate(entrants: Sequence[Entrant], history: Sequence[Record], round_no: int) -> None:
    if len({e.player for e in entrants}) != len(entrants):
        raise ValueError("a player is entered twice")
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    late = [r for r in history if r.round_no >= round_no]
    if late:
        raise ValueError(f"history already has round {late[0].round_no}")


class _RoundBuilder:
    """Pairs one round under one set of limits, given the bye (rules 3 and 5)."""

    def __init__(self, standings: list[_Standing], limits: _Limits):
        self.standings = standings
        self.limits = limits
        size = len(standings)
        # Worked out once per player: the pair loop below looks at every pair of players.
        # Bit 1: may take White; bit 2: may take Black.
        self.colours_allowed = [
            s.colours.allows(Colour.WHITE) | s.colours.allows(Colour.BLACK) << 1 for s in standings
        ]
        self.preferences = [s.colours.preference for s in standings]
        self.allowed: list[set[int]] = [set() for _ in range(size)]
        for i in range(size):
            for j in range(i + 1, size):
                if self._may_pair(i, j):
                    self.allowed[i].add(j)
                    self.allowed[j].add(i)
        self.adjacency = [sorted(neighbours) for neighbours in self.allowed]

    def _may_pair(self, i: int, j: int) -> bool:
        if not self.limits.repeats and self.standings[j].player in self.standings[i].opponents:
            return False
        if not self.limits.colours:
            return True
        mine, theirs = self.colours_allowed[i], self.colours_allowed[j]
        return bool((mine & 1 and theirs & 2) or (mine & 2 and theirs & 1))

    def bye_candidates(self) -> list[int]:
        lowest_first = range(len(self.standings) - 1, -1, -1)
        if self.limits.bye_to_anyone:
            return list(lowest_first)
        return [i for i in lowest_first if not self.standings[i].had_free_point]

    def witness(self, bye: int | None) -> PerfectMatching | None:
        in_play = [i != bye for i in range(len(self.standings))]
        return PerfectMatching.find(self.adjacency, in_play)

    def pair(self, bye: int | None, witness: PerfectMatching) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        paired: set[int] = set() if bye is None else {bye}

        def try_pair(player: int, candidates: Iterable[int]) -> bool:
            mine = self.preferences[player]
            free = [c for c in candidates if c not in paired and c in self.allowed[player]]
            # Stable sort: opponents who let both have their preferred colour first (two equal
            # preferences clash), the Dutch order of opponents second.
            free.sort(key=lambda c: mine is not None and mine is self.preferences[c])
            for candidate in free:
                if witness.take(player, candidate):
                    pairs.append((player, candidate))
                    paired.update((player, candidate))
                    return True
            return False

        floaters: list[int] = []
        for group in self._score_groups(paired):
            next_floaters = []
            for floater in floaters:
                if not try_pair(floater, group):
                    next_floaters.append(floater)
            residents = [i for i in group if i not in paired]
            half = len(residents) // 2
            top, bottom = residents[:half], residents[half:]
            for i, player in enumerate(top):
                if player not in paired:
                    order = bottom[i:] + bottom[:i][::-1] + top[i + 1 :]
                    try_pair(player, order)
            for k, player in enumerate(residents):
                if player not in paired:
                    try_pair(player, residents[k + 1 :])
            next_floaters += [i for i in residents if i not in paired]
            floaters = next_floaters
        # The witness guarantees the last players left can all be paired with one another.
        for k, player in enumerate(floaters):
            if player not in paired and not try_pair(player, floaters[k + 1 :]):
                raise AssertionError("the witness matching promised a pairing")
        return pairs

    def _score_groups(self, paired: set[int]) -> list[list[int]]:
        groups: list[list[int]] = []
        last: float | None = None
        for i, standing in enumerate(self.standings):
            if i in paired:
                continue
            if standing.points != last:
                groups.append([])
                last = standing.points
            groups[-1].append(i)
        return groups


def swiss_pairings(
    entrants: Sequence[Entrant], history: Sequence[Record], round_no: int
) -> SwissRound:
    """Pair round ``round_no`` among ``entrants`` (withdrawn players simply left out).

    ``history`` holds every earlier game and bye, including those of players who have since
    withdrawn. Deterministic: the same arguments always give the same round.
    """
    _validate(entrants, history, round_no)
    standings = _standings(entrants, history)
    if len(standings) < 2:
        bye = standings[0].player if standings else None
        return SwissRound(round_no, (), bye)
    odd = len(standings) % 2 == 1
    for limits in _TIERS:
        builder = _RoundBuilder(standings, limits)
        for bye in builder.bye_candidates() if odd else [None]:
            witness = builder.witness(bye)
            if witness is not None:
                pairs = builder.pair(bye, witness)
                return _seat(round_no, standings, pairs, bye)
    raise AssertionError("with repeats allowed every field can be paired")


def _seat(
    round_no: int, standings: list[_Standing], pairs: list[tuple[int, int]], bye: int | None
) -> SwissRound:
    """Number the boards (top scores first) and allocate colours."""
    ordered = sorted(
        (min(a, b), max(a, b)) for a, b in pairs
    )  # lower index = higher ranked, so sorting by it puts the top games first
    ordered.sort(key=lambda pair: (-max(standings[i].points for i in pair), pair[0]))
    pairings = []
    for board, (higher, lower) in enumerate(ordered, start=1):
        top, other = standings[higher], standings[lower]
        colour = colour_of_higher(top.colours, other.colours, board)
        white, black = (top, other) if colour is Colour.WHITE else (other, top)
        pairings.append(Pairing(white.player, black.player, board))
    return SwissRound(round_no, tuple(pairings), None if bye is None else standings[bye].player)
