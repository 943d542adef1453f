"""Players at the loopback fake of Discord, for the click benchmarks: pairs at 武士将棋 boards
clicking their moves in turn, each click timed until the board is edited."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from rules.core import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

if TYPE_CHECKING:
    from bot.client import AsobibaBot


def moves_on(board: FakeMessage) -> tuple[str, list[str]] | None:
    """A move the board offers: (the drop menu's custom_id, its values) or (a move button's
    custom_id, []); None when the board offers none (the game is over)."""
    menus = [m for m in board.selects() if str(m["custom_id"]).startswith("gs:")]
    if menus:
        return str(menus[0]["custom_id"]), [str(o["value"]) for o in menus[0]["options"]]
    buttons = [
        str(b["custom_id"])
        for b in board.buttons()
        if str(b["custom_id"]).startswith("g:") and "draw" not in str(b["custom_id"])
    ]
    return (buttons[0], []) if buttons else None


def draw_button(board: FakeMessage) -> str | None:
    """A 易双六 board's Draw button (None once the game is over)."""
    for button in board.buttons():
        if str(button["custom_id"]).endswith(":draw"):
            return str(button["custom_id"])
    return None


async def click_until_edited(
    fake: FakeDiscord, board: FakeMessage, user: FakeUser, custom_id: str, value: str | None = None
) -> float:
    """Press a button (or pick ``value`` in a menu); seconds until the board was edited."""
    edits = board.edit_count
    started = time.perf_counter()
    if value is None:
        await fake.click(board, custom_id, user=user)
    else:
        await fake.select(board, custom_id, [value], user=user)
    await fake.wait_until(lambda: board.edit_count > edits, timeout=30)
    return time.perf_counter() - started


class Table:
    """Two players at one board, taking turns."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, black: FakeUser, white: FakeUser):
        self.fake, self.channel, self.players = fake, channel, (black, white)

    async def start(self) -> FakeMessage:
        black, white = self.players
        record = await self.fake.slash(
            "bushi challenge",
            user=black,
            channel=self.channel,
            options={"opponent": white, "colour": "black"},
        )
        await record.wait_response()
        board = record.message
        assert board is not None
        # On a loaded machine the first answer may be the watchdog's, the board following.
        await self.fake.wait_until(lambda: _accept(board) is not None, timeout=30)
        accept = _accept(board)
        assert accept is not None
        await self.fake.click(board, str(accept["custom_id"]), user=white)
        await self.fake.wait_until(lambda: moves_on(board) is not None, timeout=30)
        return board

    async def play(
        self,
        clicks: int,
        latencies: list[float],
        rng: Rng,
        bot: AsobibaBot | None = None,
        board: FakeMessage | None = None,
        think: float = 0.0,
    ) -> None:
        """``clicks`` moves (a new game when one ends) on ``board`` (by default a new game);
        with ``bot``, each waits until the bot has done everything the move set off (the turn
        ping too). ``think``: seconds a player looks at the board before clicking."""
        board = await self.start() if board is None else board
        turn = 0
        for _ in range(clicks):
            offered = moves_on(board)
            if offered is None or "🏆" in board.text:
                board, turn = await self.start(), 0
                offered = moves_on(board)
                assert offered is not None
            custom_id, values = offered
            value = None
            if values:
                value, rng = rng.choice(values)
            user = self.players[turn]
            if think:
                await asyncio.sleep(think)
            latencies.append(await click_until_edited(self.fake, board, user, custom_id, value))
            if bot is not None:
                await bot.asobiba.activity.wait_idle()
            turn = 1 - turn


def _accept(board: FakeMessage) -> dict[str, object] | None:
    """A challenge's Accept button, once its board is there."""
    return next((b for b in board.buttons() if str(b["custom_id"]).endswith(":accept")), None)
