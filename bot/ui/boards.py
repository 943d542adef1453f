"""The public board message of a game: text and the components that offer legal actions.

Its controls (:mod:`bot.ui.components`) carry in their custom_ids only ids, the position they
were drawn at and a public action code, so their clicks work after a restart and reveal nothing
secret.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

import discord

from bot.games.offers import default_offers
from bot.i18n import tr
from bot.metrics import METRICS
from bot.services.freshness import Seen
from bot.services.snapshots import GameSnapshot, GameSummary, SeatInfo, is_former_player
from bot.statuses import PLAYED_GAME_STATUSES, BoardReach, GameStatus
from bot.ui.adjourning import adjourn_lines, adjourn_row
from bot.ui.app_emojis import BOOK
from bot.ui.away import hold_lines
from bot.ui.clock_words import discord_time
from bot.ui.common import mention, player_name, seat_namer, seat_names, typed
from bot.ui.components import (
    ChallengeButton,
    GameActionButton,
    HandButton,
    HintButton,
    LogButton,
    RematchButton,
    ReplayStartButton,
    ResignButton,
    ReviewButton,
    ShareButton,
    VerifyButton,
    WhyButton,
)
from bot.ui.corner_components import CornerButton
from bot.ui.easel import EASEL
from bot.ui.layout import Card, Row, offer_rows
from bot.ui.open_challenges import is_open_seat, open_header, open_rows
from bot.ui.web_links import with_web_link
from rules.core import AcceptDraw, DeclineDraw, Event, Locale, OfferDraw, Resign
from rules.core.levels import LEVEL_SETTING

PICTURE_NAME = "board.png"
#: The event every game ends with: its outcome, which the board's result line says.
GAME_OVER = "game_over"
DRAW_OFFER = "draw_offer"


def seal_line(game: GameSnapshot, locale: Locale, today: date) -> str | None:
    """The deal's seal while it is played; that its seed is out once it may be (``today``:
    the services' date, in UTC)."""
    seal = game.commitment
    if seal is None or game.status not in PLAYED_GAME_STATUSES:
        return None
    if game.status == GameStatus.ACTIVE:
        key = "fair.sealed" if game.daily_key is None else "fair.sealed_daily"
        return tr(key, locale, code=seal[:16])
    return tr("fair.revealed" if game.seed_revealed(today) else "fair.tomorrow", locale)


def game_locale(game: GameSummary) -> Locale:
    """Public messages of a game speak the language it was started in."""
    return "ja" if game.locale == "ja" else "en"


def game_title(game: GameSummary, locale: Locale) -> str:
    return game.rules.title_for(game.settings)(locale)


def player_label(info: SeatInfo, locale: Locale | None = None) -> str:
    """A mention; the bot by name; a player who deleted their data as "a former player" (in
    both languages where the reader's is not known)."""
    if is_open_seat(info):  # an open challenge's empty seat: "anyone"
        return f"**{info.display_name}**"
    if is_former_player(info.user_id):
        return tr("former.player", locale) if locale else info.display_name
    return f"{typed(info.display_name)} 🤖" if info.is_bot else mention(info.user_id)


def outcome_text(game: GameSummary, locale: Locale) -> str:
    outcome = game.outcome
    if outcome is None:
        return ""
    reason = game.rules.reason_text(outcome.reason)
    if not game.rules.counts(outcome):  # the rules say this ending is no result at all
        if len(outcome.points) == 1:
            user = player_label(game.player(0), locale)
            return tr("result.solo_no_result", locale, user=user, reason=reason(locale))
        return tr("result.no_result", locale, reason=reason(locale))
    if len(outcome.points) == 1 and outcome.winner is None:
        return tr(
            "result.solo_loss",
            locale,
            user=player_label(game.player(0), locale),
            reason=reason(locale),
        )
    if outcome.winner is None:
        return tr("result.draw", locale, reason=reason(locale))
    return tr(
        "result.win",
        locale,
        user=player_label(game.player(outcome.winner), locale),
        reason=reason(locale),
    )


def board_heading(game: GameSnapshot, locale: Locale, tag: str = "") -> str:
    """Who plays what: the game's title and players, or a challenge and its terms. ``tag``
    says where the game belongs (a tournament's round), under the title."""
    rules = game.rules
    title = game_title(game, locale)
    if game.status == GameStatus.CHALLENGE:
        challenger, challenged = game.challenger, game.challenged
        side = rules.seat_name
        header = (
            open_header(game, locale, player_label(challenger, locale), title)
            if game.open_to is not None
            else tr(
                "challenge.header",
                locale,
                challenger=player_label(challenger, locale),
                opponent=player_label(challenged, locale),
                game=f"**{title}**",
            )
        )
        return "\n".join(
            (
                header,
                tr(
                    "challenge.terms",
                    locale,
                    challenger_side=side(challenger.seat, locale),
                    challenger=player_name(challenger, locale),
                    opponent_side=side(challenged.seat, locale),
                    opponent=player_name(challenged, locale),
                    rated=tr("rated" if game.rated else "casual", locale),
                    expires=discord_time(game.expires_at) if game.expires_at else "—",
                ),
            )
        )
    top = f"### {title} #{game.id}" + (f"\n{tag}" if tag else "")
    if len(game.seats) == 1:
        return f"{top}\n{player_label(game.seats[0], locale)}"
    players = "  vs  ".join(
        f"{rules.seat_name(s.seat, locale)} {player_label(s, locale)}" for s in game.seats
    )
    rated = tr("rated" if game.rated else "casual", locale)
    named = game.settings.get(LEVEL_SETTING)
    # A level since retired is played by the default one: the board names who plays.
    level = game.spec.level(str(named)) or game.spec.level(str(game.spec.default_level))
    if named and level is not None:  # the bot's strength, as the challenger picked it
        rated += " · " + tr("board.bot_level", locale, level=level.name(locale))
    return f"{top}\n{rated} · {players}"


def text_board(game: GameSnapshot, locale: Locale) -> str:
    """The public text board: in full until the first move (choosing needs everything:
    settings, values), short after it, re-posted on every move ("Why?" shows the full one)."""
    rules = game.rules
    render = rules.render if game.ply == 0 else rules.render_compact
    return render(rules.view_for(game.state, None), locale)


def board_status(
    game: GameSnapshot, locale: Locale, recent: Sequence[Event], today: date, *, live: bool = True
) -> str:
    """What matters now: the last move in words, whose turn and the clock, or the result.
    Not ``live`` (an older copy of the board): the last move or the result only — whose turn
    it is, the clock and any offer are for the newest board to say."""
    rules = game.rules
    lines: list[str] = []
    # The end is said once, by the result line below, and a pending offer by its own line.
    said_below = {GAME_OVER}
    if game.status == GameStatus.ACTIVE and game.state.draw_offer is not None:
        said_below.add(DRAW_OFFER)
    faces = game.spec.faces
    shows = faces.of_event if faces is not None else None
    named = seat_namer(game, locale)
    public = [
        # The top a move leaves showing, as the app's emoji, before its words (which stay).
        (BOOK.inline(shows(e)) if shows is not None else "") + named(words)
        for e in recent
        if e.visible_to is None and e.kind not in said_below
        for words in [rules.describe_event(e, locale)]
        if words
    ]
    if public and game.status in PLAYED_GAME_STATUSES:
        lines.append(tr("last_move", locale, text=" / ".join(public[-3:])))
    if game.status == GameStatus.ACTIVE and live:
        to_act = game.seats_to_act
        if to_act and len(game.seats) > 1:
            lines.append(
                tr("turn.status", locale, user=", ".join(player_label(s, locale) for s in to_act))
            )
        held = hold_lines(game, locale) if game.held_since is not None else []
        lines += held + adjourn_lines(game, locale)
        from bot.ui.clock_words import clock_lines  # it words the clock with this module's

        lines += clock_lines(game, locale)
        offer = game.state.draw_offer
        if offer is not None:
            lines.append(tr("draw.offered", locale, user=player_label(game.player(offer), locale)))
    elif game.status == GameStatus.FINISHED:
        lines.append(outcome_text(game, locale))
        changes = game.rating_changes
        if changes:
            parts = [
                f"{player_name(game.player(seat), locale)} {before} → {after} ({after - before:+d})"
                for seat, (before, after) in sorted(changes.items())
            ]
            lines.append(tr("rating.change", locale, changes=" · ".join(parts)))
    elif game.status == GameStatus.DECLINED:
        lines.append(tr("challenge.declined", locale, user=player_name(game.challenged, locale)))
    elif game.status == GameStatus.EXPIRED:
        lines.append(tr("challenge.expired", locale))
    elif game.status == GameStatus.ABORTED:
        lines.append(tr("challenge.aborted", locale))
    seal = seal_line(game, locale, today)
    if seal is not None:
        lines.append(f"-# {seal}")
    return "\n".join(line for line in lines if line)


def board_rows(
    game: GameSnapshot, locale: Locale, recent: Sequence[Event], today: date
) -> list[Row]:
    """Only what can be done now, row by row: answers to a challenge; the legal moves of the
    player to move; then resign / draw / hint / why."""
    if game.status == GameStatus.CHALLENGE and game.open_to is not None:
        return open_rows(game, locale)
    if game.status == GameStatus.CHALLENGE:
        return [
            [
                ChallengeButton(
                    game.id, Seen.at(game), answer, tr(f"challenge.{answer}", locale), style
                )
                for answer, style in (
                    ("accept", discord.ButtonStyle.success),
                    ("decline", discord.ButtonStyle.danger),
                    ("cancel", discord.ButtonStyle.secondary),
                )
            ]
        ]
    if game.status == GameStatus.FINISHED:
        after: Row = [
            LogButton(game.id, tr("button.log", locale)),
            ReplayStartButton(game.id, tr("button.replay", locale)),
        ]
        if len(game.seats) == 2:
            after.append(RematchButton(game.id, tr("button.rematch", locale)))
        if game.seed_revealed(today):
            after.append(VerifyButton(game.id, tr("button.verify", locale)))
        if game.spec.reviewer is not None and any(s.is_bot for s in game.seats):
            after.append(ReviewButton(game.id, tr("button.review", locale)))
        if game.spec.board_picture is None:
            return [after]
        # Alone on its row, Share stands beside the result it shares.
        return [[ShareButton(game.id, tr("button.share", locale))], after]
    if game.status != GameStatus.ACTIVE:
        return []
    rules = game.rules
    spec = game.spec
    rows: list[Row] = []
    if spec.secret_hands:  # played from the private panel only
        rows.append([HandButton(game.id, tr("button.hand", locale))])
    humans_to_act = [s for s in game.seats_to_act if not s.is_bot]
    if humans_to_act and not spec.secret_hands:
        seat = humans_to_act[0].seat
        make = spec.board_offers or default_offers
        offers = make(rules, game.state, seat, rules.legal_actions(game.state, seat), locale)
        rows += offer_rows(game.id, Seen.at(game), offers, max_rows=4)
    meta = meta_row(game, locale, recent)
    # Beside resign and draw where there is room: the player's corner, then adjournment.
    extras: Row = [
        corner_button(game, locale),
        *adjourn_row(game, locale),
    ]
    room = max(MAX_ROW - len(meta), 0)
    meta, rest = meta + extras[:room], extras[room:]
    rows += [row for row in (meta, rest) if row]
    return rows


#: Buttons in one row (Discord's limit).
MAX_ROW = 5


def corner_button(game: GameSnapshot, locale: Locale) -> CornerButton:
    """Each player's own corner of the game: their note, and their plans where the game
    allows planning answers (what is in it is shown to the clicker alone)."""
    key = "button.corner" if game.spec.planned_moves else "button.corner_note"
    return CornerButton(game.id, tr(key, locale))


def meta_row(game: GameSnapshot, locale: Locale, recent: Sequence[Event]) -> Row:
    """Resign, the draw offer and its answers, a hint, and "Why?" for the last move."""
    rules = game.rules
    seats = [s.seat for s in game.seats if not s.is_bot]
    metas = {type(m) for seat in seats for m in rules.meta_actions(game.state, seat)}
    row: Row = []
    if Resign in metas:
        row.append(ResignButton(game.id, Seen.at(game), tr("button.resign", locale)))
    draw_offer = game.state.draw_offer
    answers: list[tuple[str, str, discord.ButtonStyle]] = []
    if draw_offer is None and OfferDraw in metas:
        answers.append((OfferDraw.code, "button.offer_draw", discord.ButtonStyle.secondary))
    elif draw_offer is not None and AcceptDraw in metas:
        answers.append((AcceptDraw.code, "button.accept_draw", discord.ButtonStyle.success))
        answers.append((DeclineDraw.code, "button.decline_draw", discord.ButtonStyle.secondary))
    for code, key, style in answers:
        row.append(GameActionButton(game.id, Seen.at(game), code, tr(key, locale), style))
    # No hints while a rated game or any tournament game is being played.
    hints = not game.rated and game.tournament_id is None
    if game.spec.hinter is not None and hints and game.spec.hint_available(game.state):
        row.append(HintButton(game.id, tr("button.hint", locale)))
    if any(rules.explain_event(e, locale) for e in recent if e.visible_to is None):
        row.append(WhyButton(game.id, tr("button.why", locale)))
    return row[:5]


#: A card's edge colour by the game's state (decoration only: the words say the same).
ACCENTS = {
    GameStatus.CHALLENGE: 0xF0B232,
    GameStatus.ACTIVE: 0x5865F2,
    GameStatus.FINISHED: 0x80848E,
}


@dataclass(frozen=True, slots=True)
class Board:
    """A board (or a private panel) ready to send or edit: one V2 card, and maybe its picture
    under the name the card refers to."""

    view: discord.ui.LayoutView
    picture: bytes | None = None
    picture_name: str = PICTURE_NAME

    @property
    def files(self) -> list[discord.File]:
        if self.picture is None:
            return []
        return [discord.File(io.BytesIO(self.picture), filename=self.picture_name)]

    async def replace_response(self, interaction: discord.Interaction) -> None:
        """Show this card in place of the interaction's message (content=None and embeds=[]
        clear the words of a message posted before boards were cards, or sent as a classic
        message where Discord refused the card: bot/ui/followups.py)."""
        await interaction.edit_original_response(
            content=None, embeds=[], view=self.view, attachments=self.files
        )


def copy_line(game: GameSummary, locale: Locale, link: str) -> str:
    """What an older copy of the board says under it: where the newest one is."""
    if game.board_reach == BoardReach.PRIVATE:  # an ephemeral message has no link
        return tr("board.copy_private", locale)
    return tr("board.copy", locale, link=link)


def board_card(
    game: GameSnapshot,
    locale: Locale,
    recent: Sequence[Event],
    *,
    today: date,
    picture: bool = False,
    tag: str = "",
    copy_of: str | None = None,
    web_url: str | None = None,
) -> Card:
    """The board as one card: heading, picture or text board, status, buttons. ``copy_of``:
    an older copy of the board, closed — no buttons, and a line saying where the newest is
    (that link). ``web_url``: the game's page, linked from the live board."""
    board = text_board(game, locale)
    status = board_status(game, locale, recent, today, live=copy_of is None)
    if copy_of is not None:
        status = "\n".join(x for x in (status, copy_line(game, locale, copy_of)) if x)
    return Card(
        heading=board_heading(game, locale, tag),
        status=status,
        picture=PICTURE_NAME if picture else None,
        picture_alt=board,
        text_board=None if picture else board,
        rows=(
            with_web_link(board_rows(game, locale, recent, today), web_url, locale)
            if copy_of is None
            else []
        ),
        accent=ACCENTS.get(game.status, ACCENTS[GameStatus.FINISHED]),
    )


async def render_board(
    game: GameSnapshot,
    recent: Sequence[Event],
    *,
    today: date,
    pictures: bool = True,
    tag: str = "",
    copy_of: str | None = None,
    web_url: str | None = None,
) -> Board:
    """The board as pictures-or-text chooses (``copy_of``: an older copy, closed — see
    :func:`board_card`). A picture is drawn off the event loop (it takes tens of
    milliseconds) from the public view only, so it can show no hidden card."""
    locale = game_locale(game)
    paint = game.spec.board_picture
    if not pictures or paint is None or game.status == GameStatus.CHALLENGE:
        card = board_card(
            game, locale, recent, today=today, tag=tag, copy_of=copy_of, web_url=web_url
        )
        return Board(card.view())
    public = [e for e in recent if e.visible_to is None]
    view = game.rules.view_for(game.state, None)
    names = seat_names(game, locale)
    with METRICS.picture_seconds.time():
        drawn = await EASEL.draw(paint, view, locale, public, names)
    card = board_card(
        game,
        locale,
        recent,
        today=today,
        picture=True,
        tag=tag,
        copy_of=copy_of,
        web_url=web_url,
    )
    return Board(card.view(), drawn)
