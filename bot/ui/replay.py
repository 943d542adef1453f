"""Replays of finished games: step through the event log with buttons, privately (their
clicks: ``bot/cogs/play.py``; /history's menu: ``bot/cogs/player.py``).

custom_ids: ``rp:<game>:<ply>:<slot>`` (show the position after that ply) and ``hs:<user>`` (the
history menu, whose values are game ids). A replay shows the public view only: in 戦列札 no
hand is ever revealed, even after the game.
"""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.services.games import GameService
from bot.services.snapshots import GameSummary
from bot.ui.boards import game_title, outcome_text
from bot.ui.common import clip
from bot.ui.components import DrawnButton, DrawnSelect, LogButton, ShareButton, VerifyButton
from bot.ui.corner import shown_note
from bot.ui.web_links import web_button
from bot.web.links import WebLinks, game_page_open
from rules.core import Locale


async def replay_message(
    games: GameService,
    game_id: int,
    ply: int,
    locale: Locale,
    viewer: int,
    links: WebLinks | None = None,
) -> tuple[str, discord.ui.View]:
    """The position after ``ply`` with its step buttons; ``links``: the web pages', for the
    game's own page beside the log."""
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
        button.disabled = target == ply or not 0 <= target <= plies
        view.add_item(button)
    view.add_item(LogButton(game.id, tr("button.log", locale), row=1))
    if game.spec.board_picture is not None:
        view.add_item(ShareButton(game.id, tr("button.share", locale), row=1))
    # A sealed deal's check, once its seed is out (a daily deal's board, private and never
    # redrawn after its day, can't offer it then).
    today = games.clock().date()
    if game.seed_revealed(today):
        view.add_item(VerifyButton(game.id, tr("button.verify", locale), row=1))
    if links is not None and game_page_open(game, today):
        link = web_button(links.game(game.id, locale), locale)
        link.row = 1
        view.add_item(link)
    return content, view


def history_view(
    games: list[GameSummary], user_id: int, locale: Locale, web_url: str | None = None
) -> discord.ui.View:
    """The menu of finished games; ``web_url``: the player's page, beside it."""
    view = discord.ui.View(timeout=None)
    if web_url is not None:
        view.add_item(web_button(web_url, locale))
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


class ReplayButton(DrawnButton):
    template = r"rp:(?P<game>[0-9]+):(?P<ply>-?[0-9]{1,6}):(?P<slot>[fpnl])"

    # ``slot`` keeps custom_ids unique when two buttons lead to the same ply.
    def __init__(self, game_id: int, ply: int, slot: str, label: str = "…") -> None:
        super().__init__(
            label=label, style=discord.ButtonStyle.secondary, custom_id=f"rp:{game_id}:{ply}:{slot}"
        )


class HistorySelect(DrawnSelect):
    template = r"hs:(?P<user>[0-9]+)"

    def __init__(
        self,
        user_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"hs:{user_id}", options, placeholder)
