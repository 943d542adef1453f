"""Brute force for small fields: every way to pair a set of players."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def pairings_of(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for more in pairings_of(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *more]


def exists(players: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    return any(all(allowed(a, b) for a, b in p) for p in pairings_of(list(players)))
