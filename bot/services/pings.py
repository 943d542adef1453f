"""Each game's newest turn ping, as this process knows it.

A ping is sent after the action that made it due has committed, so its id exists only then.
Rather than a transaction of its own, the id rides along with the game's next write (which
also reads the column back), and a clock tick records any still waiting, in one transaction
for all of them. A ping's predecessor is therefore known without asking the database, and a
click costs one transaction. The record is compare-and-set: where another process recorded a
ping meanwhile, ours is dropped (its message merely stays in the channel).
"""

from __future__ import annotations

#: Games whose newest ping is remembered (beyond it the oldest recorded ones are forgotten:
#: the game's next write reads its column back anyway).
CAPACITY = 4096


class PingBook:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        #: game → its newest ping known here (None: none).
        self._newest: dict[int, int | None] = {}
        #: game → the column's value while the newest ping is not yet recorded.
        self._unsaved: dict[int, int | None] = {}

    def to_write(self, game_id: int) -> int | None:
        """The ping the game's next write should record (None: nothing to record)."""
        return self._newest.get(game_id) if game_id in self._unsaved else None

    def written(self, game_id: int, column: int | None) -> None:
        """A write committed, and the column now reads ``column``."""
        if game_id not in self._unsaved:
            self._newest.pop(game_id, None)  # most recent last
            self._newest[game_id] = column
            self._forget_oldest()
        elif self._newest.get(game_id) == column:
            del self._unsaved[game_id]
        else:
            self._unsaved[game_id] = column  # a newer ping came meanwhile; it replaces this

    def swap(self, game_id: int, message_id: int) -> tuple[bool, int | None]:
        """Make ``message_id`` the newest ping; returns (known here, the ping it replaces)."""
        if game_id not in self._newest:
            return False, None
        previous = self._newest[game_id]
        self._unsaved.setdefault(game_id, previous)
        self._newest[game_id] = message_id
        return True, previous

    def recorded(self, game_id: int, message_id: int | None) -> None:
        """The column was set to ``message_id`` by a transaction of its own."""
        self._newest[game_id] = message_id
        self._unsaved.pop(game_id, None)
        self._forget_oldest()

    def _forget_oldest(self) -> None:
        """One in, one out: the oldest game whose ping is recorded (one that is not is never
        forgotten)."""
        if len(self._newest) <= self._capacity:
            return
        oldest = next((g for g in self._newest if g not in self._unsaved), None)
        if oldest is not None:
            del self._newest[oldest]

    def pending(self) -> dict[int, tuple[int | None, int]]:
        """Pings waiting to be recorded: game → (the column's value now, the new ping)."""
        out: dict[int, tuple[int | None, int]] = {}
        for game_id, column in self._unsaved.items():
            newest = self._newest.get(game_id)
            if newest is not None:
                out[game_id] = (column, newest)
        return out

    def flushed(self, attempted: dict[int, tuple[int | None, int]], saved: set[int]) -> None:
        """After recording ``attempted``: forget what is settled, so the book stays small (the
        next write of a game reads its column back anyway)."""
        for game_id, (_, new) in attempted.items():
            if game_id in saved and self._newest.get(game_id) != new:
                self._unsaved[game_id] = new  # newer still: the next flush records it
                continue
            self._newest.pop(game_id, None)
            self._unsaved.pop(game_id, None)
