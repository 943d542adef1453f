"""The public board message of a game: text and the components that offer legal actions.

Components are ``DynamicItem``s whose custom_ids carry only ids, the game version and a public
action code, so they keep working after a restart and reveal nothing secret.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

import discord

from bot.games.offers import default_offers
from bot.i18n import tr
from bot.services.snapshots import GameSnapshot, GameSummary, SeatInfo
from bot.ui.common import clip, mention
from bot.ui.components import (
    ChallengeButton,
    GameActionButton,
    HandButton,
    HintButton,
    LogButton,
    RematchButton,
    ReplayStartButton,
    ResignButton,
    VerifyButton,
    WhyButton,
)
from bot.ui.layout import add_offers
from rules.core import AcceptDraw, DeclineDraw, Event, Locale, OfferDraw, Resign

PICTURE_NAME = "board.png"


def today() -> date:
    return datetime.now(UTC).date()


def seal_line(game: GameSnapshot, locale: Locale) -> str | None:
    """The deal's seal while it is played; that its seed is out once it may be."""
    seal = game.commitment
    if seal is None or game.status not in ("active", "finished"):
        return None
    if game.status == "active":
        return tr("fair.sealed", locale, code=seal[:16])
    return tr("fair.revealed" if game.seed_revealed(today()) else "fair.tomorrow", locale)


def game_locale(game: GameSummary) -> Locale:
    """Public messages of a game speak the language it was started in."""
    return "ja" if game.locale == "ja" else "en"


def game_title(game: GameSummary, locale: Locale) -> str:
    return game.rules.title_for(game.settings)(locale)


def player_label(info: SeatInfo) -> str:
    return f"{info.display_name} 🤖" if info.is_bot else mention(info.user_id)


def _discord_time(moment: datetime, style: str = "R") -> str:
    return f"<t:{int(moment.timestamp())}:{style}>"


def clock_label(seconds: int | None, locale: Locale) -> str:
    """``1 day``, ``3 days``, ``6 hours`` — in words that read naturally in each language."""
    if not seconds:
        return tr("clock.none", locale)
    hours = max(seconds // 3600, 1)
    if hours % 24 == 0:
        days = hours // 24
        return tr("day" if days == 1 else "days", locale, n=days)
    return tr("hour" if hours == 1 else "hours", locale, n=hours)


def outcome_text(game: GameSummary, locale: Locale) -> str:
    outcome = game.outcome
    if outcome is None:
        return ""
    reason = game.rules.reason_text(outcome.reason)
    if len(outcome.points) == 1 and outcome.winner is None:
        return tr(
            "result.solo_loss", locale, user=player_label(game.player(0)), reason=reason(locale)
        )
    if outcome.winner is None:
        return tr("result.draw", locale, reason=reason(locale))
    return tr(
        "result.win", locale, user=player_label(game.player(outcome.winner)), reason=reason(locale)
    )


def board_content(
    game: GameSnapshot, locale: Locale, recent: Sequence[Event] = (), text_board: bool = True
) -> str:
    """The board's words: who plays, the text board (unless a picture shows it), the last
    move, whose turn and the clock, or the result."""
    rules = game.rules
    title = game_title(game, locale)
    lines: list[str] = []
    if game.status == "challenge":
        challenger, challenged = game.challenger, game.challenged
        lines.append(
            tr(
                "challenge.header",
                locale,
                challenger=player_label(challenger),
                opponent=player_label(challenged),
                game=f"**{title}**",
            )
        )
        side = rules.seat_name
        lines.append(
            tr(
                "challenge.terms",
                locale,
                challenger_side=side(challenger.seat, locale),
                challenger=challenger.display_name,
                opponent_side=side(challenged.seat, locale),
                opponent=challenged.display_name,
                rated=tr("rated" if game.rated else "casual", locale),
                expires=_discord_time(game.expires_at) if game.expires_at else "—",
            )
        )
    elif len(game.seats) == 1:
        lines.append(f"**{title}** #{game.id} · {player_label(game.seats[0])}")
    else:
        players = "  vs  ".join(
            f"{rules.seat_name(s.seat, locale)} {player_label(s)}" for s in game.seats
        )
        rated = tr("rated" if game.rated else "casual", locale)
        lines.append(f"**{title}** #{game.id} · {rated}")
        lines.append(players)
    if text_board or game.status == "challenge":
        lines.append("```")
        # The full board until the first move (choosing needs everything: settings, values);
        # the short one after it, re-posted on every move. "Why?" shows the full one again.
        render = rules.render if game.ply == 0 else rules.render_compact
        lines.append(render(rules.view_for(game.state, None), locale))
        lines.append("```")
    public = [rules.describe_event(e, locale) for e in recent if e.visible_to is None]
    public = [p for p in public if p]
    if public and game.status in ("active", "finished"):
        lines.append(tr("last_move", locale, text=" / ".join(public[-3:])))
    if game.status == "active":
        to_act = game.seats_to_act
        if to_act and len(game.seats) > 1:
            lines.append(tr("turn.status", locale, user=", ".join(player_label(s) for s in to_act)))
        if game.deadline_at is not None and game.move_seconds:
            lines.append(
                tr(
                    "clock.deadline",
                    locale,
                    per_move=clock_label(game.move_seconds, locale),
                    deadline=_discord_time(game.deadline_at),
                )
            )
        offer = game.state.draw_offer
        if offer is not None:
            lines.append(tr("draw.offered", locale, user=player_label(game.player(offer))))
    elif game.status == "finished":
        lines.append(outcome_text(game, locale))
        changes = game.rating_changes
        if changes:
            parts = [
                f"{game.player(seat).display_name} {before} → {after} ({after - before:+d})"
                for seat, (before, after) in sorted(changes.items())
            ]
            lines.append(tr("rating.change", locale, changes=" · ".join(parts)))
    elif game.status == "declined":
        lines.append(tr("challenge.declined", locale, user=game.challenged.display_name))
    elif game.status == "expired":
        lines.append(tr("challenge.expired", locale))
    elif game.status == "aborted":
        lines.append(tr("challenge.aborted", locale))
    seal = seal_line(game, locale)
    if seal is not None:
        lines.append(seal)
    return clip("\n".join(lines))


def board_view(game: GameSnapshot, locale: Locale, recent: Sequence[Event] = ()) -> discord.ui.View:
    """Only what can be done now: answers to a challenge, or the legal moves of the player to
    move plus resign / draw / hint."""
    view = discord.ui.View(timeout=None)
    if game.status == "challenge":
        for answer, style in (
            ("accept", discord.ButtonStyle.success),
            ("decline", discord.ButtonStyle.danger),
            ("cancel", discord.ButtonStyle.secondary),
        ):
            view.add_item(
                ChallengeButton(
                    game.id, game.version, answer, tr(f"challenge.{answer}", locale), style
                )
            )
        return view
    if game.status == "finished":
        view.add_item(LogButton(game.id, tr("button.log", locale)))
        view.add_item(ReplayStartButton(game.id, tr("button.replay", locale)))
        if len(game.seats) == 2:
            view.add_item(RematchButton(game.id, tr("button.rematch", locale)))
        if game.seed_revealed(today()):
            view.add_item(VerifyButton(game.id, tr("button.verify", locale)))
    if game.status != "active":
        return view
    rules = game.rules
    spec = game.spec
    humans_to_act = [s for s in game.seats_to_act if not s.is_bot]
    row = 0
    if spec.panel is not None:
        view.add_item(HandButton(game.id, tr("button.hand", locale), row=0))
        row = 1
    if humans_to_act:
        seat = humans_to_act[0].seat
        actions = rules.legal_actions(game.state, seat)
        make = spec.board_offers or default_offers
        if spec.panel is None:  # secret-hand games are played from the private panel only
            row = add_offers(
                view, game.id, game.version, make(rules, game.state, seat, actions, locale), row
            )
    meta_row = min(row, 4)
    seats = [s.seat for s in game.seats if not s.is_bot]
    metas = {type(m) for seat in seats for m in rules.meta_actions(game.state, seat)}
    if Resign in metas:
        view.add_item(
            ResignButton(game.id, game.version, tr("button.resign", locale), row=meta_row)
        )
    draw_offer = game.state.draw_offer
    if draw_offer is None and OfferDraw in metas:
        view.add_item(
            GameActionButton(
                game.id,
                game.version,
                OfferDraw.code,
                tr("button.offer_draw", locale),
                discord.ButtonStyle.secondary,
                row=meta_row,
            )
        )
    elif draw_offer is not None and AcceptDraw in metas:
        view.add_item(
            GameActionButton(
                game.id,
                game.version,
                AcceptDraw.code,
                tr("button.accept_draw", locale),
                discord.ButtonStyle.success,
                row=meta_row,
            )
        )
        view.add_item(
            GameActionButton(
                game.id,
                game.version,
                DeclineDraw.code,
                tr("button.decline_draw", locale),
                discord.ButtonStyle.secondary,
                row=meta_row,
            )
        )
    hints = not game.rated and game.tournament_id is None
    if spec.hinter is not None and hints and spec.hint_available(game.state):
        view.add_item(HintButton(game.id, tr("button.hint", locale), row=meta_row))
    if any(rules.explain_event(e, locale) for e in recent if e.visible_to is None):
        view.add_item(WhyButton(game.id, tr("button.why", locale), row=meta_row))
    return view


def board_message(
    game: GameSnapshot, locale: Locale | None = None, recent: Sequence[Event] = ()
) -> tuple[str, discord.ui.View]:
    """The text-only board: its words with the text board, and its components."""
    loc = game_locale(game) if locale is None else locale
    return board_content(game, loc, recent), board_view(game, loc, recent)


@dataclass(frozen=True, slots=True)
class Board:
    """A board message ready to send or edit: words, components and (maybe) its picture."""

    content: str
    view: discord.ui.View
    picture: bytes | None = None

    @property
    def files(self) -> list[discord.File]:
        if self.picture is None:
            return []
        return [discord.File(io.BytesIO(self.picture), filename=PICTURE_NAME)]


async def render_board(
    game: GameSnapshot, recent: Sequence[Event] = (), *, pictures: bool = True
) -> Board:
    """The board as pictures-or-text chooses. A picture is drawn off the event loop (it takes
    tens of milliseconds) from the public view only, so it can show no hidden card."""
    locale = game_locale(game)
    paint = game.spec.board_picture
    if not pictures or paint is None or game.status == "challenge":
        content, view = board_message(game, locale, recent)
        return Board(content, view)
    rules = game.rules
    public = [e for e in recent if e.visible_to is None]
    picture = await asyncio.to_thread(paint, rules.view_for(game.state, None), locale, public)
    return Board(
        board_content(game, locale, recent, text_board=False),
        board_view(game, locale, recent),
        picture,
    )
