"""Perfect matchings in a general graph (Edmonds' blossom algorithm), kept as a witness.

The Swiss pairing walks through score groups choosing pairs one at a time. Before it accepts a
pair it asks this module whether everyone still unpaired can be paired among themselves without
a forbidden game (a repeat, say). Because a perfect matching of the remaining players is kept at
all times, that question costs one augmenting-path search, and a greedy walk guided by it can
never paint itself into a corner: "no repeat pairing while avoidable" holds by construction.

Vertices are the indices 0..n-1; ``adjacency[v]`` lists the vertices v may be paired with.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

UNMATCHED = -1


class _Search:
    """One breadth-first search for an augmenting path from ``root`` (Edmonds, with blossoms)."""

    def __init__(self, adjacency: Sequence[Sequence[int]], alive: list[bool], match: list[int]):
        self.adjacency = adjacency
        self.alive = alive
        self.match = match
        size = len(adjacency)
        self.parent = [UNMATCHED] * size
        self.base = list(range(size))
        self.used = [False] * size
        self.in_blossom = [False] * size

    def lowest_common_ancestor(self, a: int, b: int) -> int:
        seen = [False] * len(self.adjacency)
        while True:
            a = self.base[a]
            seen[a] = True
            if self.match[a] == UNMATCHED:
                break
            a = self.parent[self.match[a]]
        while True:
            b = self.base[b]
            if seen[b]:
                return b
            b = self.parent[self.match[b]]

    def mark_path(self, v: int, blossom_base: int, child: int) -> None:
        while self.base[v] != blossom_base:
            self.in_blossom[self.base[v]] = True
            self.in_blossom[self.base[self.match[v]]] = True
            self.parent[v] = child
            child = self.match[v]
            v = self.parent[self.match[v]]

    def augment_from(self, root: int) -> bool:
        """Find an augmenting path from the exposed ``root``; flip it into ``match`` if found."""
        match, base, parent, used = self.match, self.base, self.parent, self.used
        used[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in self.adjacency[v]:
                if not self.alive[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != UNMATCHED and parent[match[to]] != UNMATCHED):
                    # An odd cycle: contract it into a blossom with base ``blossom_base``.
                    blossom_base = self.lowest_common_ancestor(v, to)
                    self.in_blossom = [False] * len(self.adjacency)
                    self.mark_path(v, blossom_base, to)
                    self.mark_path(to, blossom_base, v)
                    for i, alive in enumerate(self.alive):
                        if alive and self.in_blossom[base[i]]:
                            base[i] = blossom_base
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if match[to] == UNMATCHED:
                        self.flip(to)
                        return True
                    used[match[to]] = True
                    queue.append(match[to])
        return False

    def flip(self, end: int) -> None:
        u = end
        while u != UNMATCHED:
            v = self.parent[u]
            after = self.match[v]
            self.match[u] = v
            self.match[v] = u
            u = after


class PerfectMatching:
    """A perfect matching of the vertices still in play, updated as pairs are taken out."""

    def __init__(self, adjacency: Sequence[Sequence[int]], alive: list[bool], match: list[int]):
        self._adjacency = adjacency
        self._alive = alive
        self._match = match

    @classmethod
    def find(
        cls, adjacency: Sequence[Sequence[int]], in_play: Sequence[bool]
    ) -> PerfectMatching | None:
        """A perfect matching of the vertices in play, or None when there is none."""
        alive = list(in_play)
        match = [UNMATCHED] * len(adjacency)
        for v, neighbours in enumerate(adjacency):
            if alive[v] and match[v] == UNMATCHED:
                for to in neighbours:
                    if alive[to] and match[to] == UNMATCHED and to != v:
                        match[v], match[to] = to, v
                        break
        for v in range(len(adjacency)):
            # An exposed vertex with no augmenting path now never gets one later (Berge).
            exposed = alive[v] and match[v] == UNMATCHED
            if exposed and not _Search(adjacency, alive, match).augment_from(v):
                return None
        return cls(adjacency, alive, match)

    def partner(self, v: int) -> int:
        return self._match[v]

    def take(self, a: int, b: int) -> bool:
        """Take the pair (a, b) out if the others can still all be paired; report whether it was.

        The caller must only offer pairs that are edges of the graph.
        """
        if not (self._alive[a] and self._alive[b]) or a == b:
            return False
        if self._match[a] == b:
            self._alive[a] = self._alive[b] = False
            return True
        left, right = self._match[a], self._match[b]
        trial = list(self._match)
        trial[a] = trial[b] = trial[left] = trial[right] = UNMATCHED
        self._alive[a] = self._alive[b] = False
        # ``left`` and ``right`` are the only exposed vertices: a path from one ends at the other.
        if _Search(self._adjacency, self._alive, trial).augment_from(left):
            self._match = trial
            return True
        self._alive[a] = self._alive[b] = True
        return False
