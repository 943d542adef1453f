"""A finished game made into pictures to share: the animation of every move and the result
card, drawn off the event loop from the spectator's views only (:class:`Film`), and the card
that carries them."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.spec import LazyPainter
from bot.i18n import tr
from bot.services.films import Film
from bot.services.snapshots import GameSummary
from bot.statuses import GameStatus
from bot.text.pictures.film import DRAW, MOVES, NO_RESULT, RATING, SOLO_LOSS, START, VERSUS, WIN
from bot.ui.boards import ACCENTS, game_title
from bot.ui.common import seat_names, typed
from bot.ui.easel import EASEL, Easel
from bot.ui.layout import MAX_ALT_TEXT
from rules.core import Locale

ANIMATE = LazyPainter("bot.pictures.film", "animate")
RESULT_CARD = LazyPainter("bot.pictures.film", "result_card")


@dataclass(frozen=True, slots=True)
class Shared:
    """What a Share posts: the animation and the result card, and their files' names."""

    animation: bytes
    card: bytes
    animation_name: str
    card_name: str

    @property
    def files(self) -> list[discord.File]:
        return [
            discord.File(io.BytesIO(self.card), filename=self.card_name),
            discord.File(io.BytesIO(self.animation), filename=self.animation_name),
        ]


def players_line(game: GameSummary, locale: Locale) -> str:
    """``Black Alice  vs  White Bob`` (plain: drawn on pictures, escaped where it is text)."""
    names = [f"{game.rules.seat_name(s.seat, locale)} {s.display_name}" for s in game.seats]
    if len(names) == 2:
        return VERSUS.format(first=names[0], second=names[1])(locale)
    return "  ".join(names)


def result_words(game: GameSummary, locale: Locale) -> str:
    """The result in plain words, with the players' names (no mention, no emoji)."""
    outcome = game.outcome
    if outcome is None:
        return ""
    reason = game.rules.reason_text(outcome.reason)(locale)
    if not game.rules.counts(outcome):
        return NO_RESULT.format(reason=reason)(locale)
    if outcome.winner is None:
        if len(outcome.points) == 1:
            return SOLO_LOSS.format(name=game.player(0).display_name, reason=reason)(locale)
        return DRAW.format(reason=reason)(locale)
    name = game.player(outcome.winner).display_name
    return WIN.format(name=name, reason=reason)(locale)


def rating_words(game: GameSummary, locale: Locale) -> list[str]:
    return [
        RATING.format(
            name=game.player(seat).display_name,
            before=before,
            after=after,
            delta=f"{after - before:+d}",
        )(locale)
        for seat, (before, after) in sorted(game.rating_changes.items())
    ]


async def draw_film(film: Film, locale: Locale, easel: Easel = EASEL) -> Shared | None:
    """The animation and the result card (None for a game without a board picture). The
    boards are drawn by the game's own painter from the spectator's views, spread over the
    drawing workers; neither the frames nor the film are remembered (drawn once, posted once)."""
    game = film.game
    paint = game.spec.board_picture
    if paint is None:
        return None
    # The players by name, as on the boards they played on.
    names = seat_names(game, locale)
    jobs: list[tuple[Any, ...]] = [(film.start, locale, (), names)]
    jobs += [(s.view, locale, s.events, names) for s in film.steps]
    boards = await easel.draw_many(paint, jobs, remember=False)
    last = film.steps[-1].events if film.steps else ()
    final = await easel.draw(paint, film.end, locale, last, names, remember=False)
    total = len(film.steps)
    labels = [START(locale)] + [f"{s.entry.ply} / {total}" for s in film.steps]
    title = [
        game_title(game, locale),
        players_line(game, locale),
        f"#{game.id} · " + MOVES.format(n=len(film.steps))(locale),
    ]
    result = result_words(game, locale)
    animation = await easel.draw(ANIMATE, boards, labels, title, result, final, remember=False)
    heading = f"{game_title(game, locale)} #{game.id}"
    lines = [result, players_line(game, locale), *rating_words(game, locale)]
    card = await easel.draw(RESULT_CARD, final, heading, lines, remember=False)
    stem = f"asobiba-{game.game_type}-{game.id}"
    return Shared(animation, card, f"{stem}.gif", f"{stem}-result.png")


def share_view(
    game: GameSummary, shared: Shared, locale: Locale, sharer: int
) -> discord.ui.LayoutView:
    """The shared card: the game and its players, the result and the ratings in words (names
    escaped, nobody pinged), the result card, then the animation."""
    players = "  vs  ".join(
        f"{game.rules.seat_name(s.seat, locale)} **{typed(s.display_name)}**" for s in game.seats
    )
    heading = tr(
        "share.heading", locale, game=game_title(game, locale), id=game.id, players=players
    )
    words = [typed(result_words(game, locale))]
    words += [typed(line) for line in rating_words(game, locale)]
    words.append(tr("share.by", locale, user=f"<@{sharer}>"))
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=ACCENTS[GameStatus.FINISHED]
    )
    container.add_item(discord.ui.TextDisplay(heading))
    container.add_item(discord.ui.TextDisplay("\n".join(words)))
    alt = result_words(game, locale)[:MAX_ALT_TEXT] or None
    container.add_item(
        discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{shared.card_name}", description=alt)
        )
    )
    container.add_item(
        discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{shared.animation_name}", description=alt)
        )
    )
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view
