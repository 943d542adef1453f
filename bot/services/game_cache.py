"""Decoded games kept in the process, by id and version.

Decoding a snapshot (JSON, then the rules' own loader) costs more than the database round trip
that fetched it; a game's state changes only with its version, so a copy held at the version
the database reports is the state. Nothing here is trusted for a write: the guarded UPDATE
(``WHERE version = :seen``) catches a copy gone stale, and the action is computed again from a
fresh read.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.services.snapshots import GameSnapshot

#: Games kept: the most recently used ones (a live server has far fewer games in play).
CAPACITY = 4096


class GameCache:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._games: OrderedDict[int, GameSnapshot] = OrderedDict()

    def get(self, game_id: int) -> GameSnapshot | None:
        game = self._games.get(game_id)
        if game is not None:
            self._games.move_to_end(game_id)
        return game

    def at(self, game_id: int, version: int) -> GameSnapshot | None:
        """The game as it was at ``version``, if held."""
        game = self.get(game_id)
        return game if game is not None and game.version == version else None

    def put(self, game: GameSnapshot) -> None:
        held = self._games.get(game.id)
        if held is not None and held.version > game.version:
            return  # a newer copy came in meanwhile
        self._games[game.id] = game
        self._games.move_to_end(game.id)
        while len(self._games) > self._capacity:
            self._games.popitem(last=False)

    def drop(self, game_id: int) -> None:
        self._games.pop(game_id, None)
