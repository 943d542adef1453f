"""Replays of finished games: step through the event log with buttons, privately.

custom_ids: ``rp:<game>:<ply>:<slot>`` (show the position after that ply) and ``hs:<user>`` (the
history menu, whose values are game ids). A replay shows the public view only: in 戦列札 no
hand is ever revealed, even after the game.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import tr
from bot.services.games import GameService
from bot.services.snapshots import GameSummary
from bot.ui.answering import FirstAnswer
from bot.ui.boards import game_title, outcome_text
from bot.ui.common import clip, selected_values, send_ephemeral, user_locale
from bot.ui.components import GameItem, Guarded, LogButton, ShareButton, VerifyButton
from bot.ui.context import context_of
from bot.ui.corner import shown_note
from bot.ui.reach import BadButton, refuse_unless_reachable
from rules.core import Locale


async def replay_message(
    games: GameService, game_id: int, ply: int, locale: Locale, viewer: int
) -> tuple[str, discord.ui.View]:
    game, state, row, plies = await games.queries.state_at(game_id, ply, viewer)
    ply = min(max(ply, 0), plies)
    rules = game.rules
    header = tr(
        "replay.header", locale, game=game_title(game, locale), id=game.id, ply=ply, plies=plies
    )
    text = row.public_text(locale) if row else ""
    lines = [header, "```", rules.render(rules.view_for(state, None), locale), "```"]
    if text:
        lines.append(tr("last_move", locale, text=" / ".join(text.splitlines()[-3:])))
    if ply == plies and game.outcome is not None:
        lines.append(outcome_text(game, locale))
    # The viewer's own note on a game they played (a replay is private to who asked for it).
    note = await games.asides.note(game_id, viewer) if game.seat_of(viewer) is not None else None
    if note:
        lines.append(tr("replay.note", locale, note=shown_note(note)))
    content = clip("\n".join(lines))
    view = discord.ui.View(timeout=None)
    steps = (("f", 0, "⏮"), ("p", ply - 1, "◀"), ("n", ply + 1, "▶"), ("l", plies, "⏭"))
    for slot, target, label in steps:
        button = ReplayButton(game.id, target, slot, label)
        button.item.disabled = target == ply or not 0 <= target <= plies
        view.add_item(button)
    view.add_item(LogButton(game.id, tr("button.log", locale), row=1))
    if game.spec.board_picture is not None:
        view.add_item(ShareButton(game.id, tr("button.share", locale), row=1))
    # A sealed deal's check, once its seed is out (a daily deal's board, private and never
    # redrawn after its day, can't offer it then).
    if game.seed_revealed(games.clock().date()):
        view.add_item(VerifyButton(game.id, tr("button.verify", locale), row=1))
    return content, view


def history_view(games: list[GameSummary], user_id: int, locale: Locale) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if games:
        options = [
            discord.SelectOption(
                label=f"#{g.id} {game_title(g, locale)}"[:100],
                description=outcome_text(g, locale).replace("**", "")[:100] or None,
                value=str(g.id),
            )
            for g in games[:25]
        ]
        view.add_item(HistorySelect(user_id, options, tr("history.choose", locale)))
    return view


class ReplayButton(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<game>[0-9]+):(?P<ply>-?[0-9]{1,6}):(?P<slot>[fpnl])",
):
    answer_kind = FirstAnswer.UPDATE  # the replay steps in place

    viewing = True

    # ``slot`` keeps custom_ids unique when two buttons lead to the same ply.
    def __init__(self, game_id: int, ply: int, slot: str, label: str = "…") -> None:
        self.game_id, self.ply = game_id, ply
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{game_id}:{ply}:{slot}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["ply"]), match["slot"])

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        content, view = await replay_message(
            context_of(interaction).services.games,
            self.game_id,
            self.ply,
            user_locale(interaction),
            interaction.user.id,
        )
        await interaction.edit_original_response(content=content, view=view)


class HistorySelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"hs:(?P<user>[0-9]+)",
):
    answer_kind = FirstAnswer.UPDATE  # /history's list becomes the replay

    def __init__(
        self,
        user_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.user_id = user_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"hs:{user_id}", options=options or [], placeholder=placeholder
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistorySelect:
        return cls(int(match["user"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if not values or not values[0].isdigit():
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        games = context_of(interaction).services.games
        # The chosen value is the client's word: one of the listed games, as /history lists
        # them — a finished game of that player's, of this server (or any, away from one).
        game = await games.queries.summary(int(values[0]))
        if game.seat_of(self.user_id) is None:
            raise BadButton()
        refuse_unless_reachable(interaction, game, viewing=True)
        await interaction.response.defer()
        content, view = await replay_message(
            games,
            game.id,
            0,
            user_locale(interaction),
            interaction.user.id,
        )
        await interaction.edit_original_response(content=content, view=view)


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ReplayButton,
    HistorySelect,
)
