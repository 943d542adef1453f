"""A player's corner of a game: their note and (where the game allows) their planned moves,
in a message only they see. Opened from the board; every step edits that private message.

Nothing here reaches anyone else: the corner is ephemeral, read by the clicking user's id, and
what it offers as the opponent's moves is what the public board shows anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.offers import Choice, default_offers
from bot.i18n import tr
from bot.services.asides import GameAsides, StoredPlan
from bot.services.errors import NotAParticipant, StaleVersion
from bot.services.freshness import Seen
from bot.services.plans import MAX_PLAN_PAIRS, Plans, opponent_of
from bot.services.queries import GameQueries
from bot.services.snapshots import GameSnapshot
from bot.statuses import GameStatus
from bot.ui.app_emojis import BOOK
from bot.ui.common import user_locale
from bot.ui.context import Services
from bot.ui.corner_components import (
    CancelPlanButton,
    MyAnswerSelect,
    NoteButton,
    NoteForm,
    TheirMoveSelect,
)
from bot.ui.layout import OPTIONS_PER_MENU, Card, Row
from bot.ui.reach import refuse_unless_reachable
from rules.core import Locale, Seat

#: Menus of the opponent's moves the corner shows at most (bushi has up to 16 drops and a
#: handful of moves; more would be cut, never broken).
MAX_MOVE_MENUS = 3


def shown_note(note: str) -> str:
    """A note as its author typed it, quoted and with Discord's markup and mentions made
    harmless (it is theirs, but it must not ping or reformat the card around it)."""
    safe = discord.utils.escape_mentions(discord.utils.escape_markdown(note))
    return "\n".join(f"> {line}" if line else ">" for line in safe.splitlines())


def plan_words(game: GameSnapshot, plan: StoredPlan, seats: Sequence[Seat], locale: Locale) -> str:
    """The line in words, each move with its face's emoji where the game has one and it is
    up: "if they play X, you answer Y → if they play …" (``seats``: who plays each code)."""
    rules, state = game.rules, game.state
    labels = [rules.action_label(rules.parse(code), locale) for code in plan.line]
    if plan.ply == game.ply:  # the plan starts here: each move's face can be looked up
        for index, (seat, code) in enumerate(zip(seats, plan.line, strict=True)):
            faces = {c.code: c.face for c in offered(game, state, seat, locale)}
            labels[index] = BOOK.inline(faces.get(code)) + labels[index]
            state, _ = rules.apply(state, seat, rules.parse(code))
    pairs = [
        tr("corner.plan_pair", locale, theirs=labels[i], mine=labels[i + 1])
        for i in range(0, len(labels) - 1, 2)
    ]
    return tr("corner.plan", locale, line=" → ".join(pairs))


def offered(game: GameSnapshot, state: Any, seat: Seat, locale: Locale) -> list[Choice]:
    """The moves the board offers ``seat`` from ``state`` (steps of longer choices left out)."""
    make = game.spec.board_offers or default_offers
    offers = make(game.rules, state, seat, game.rules.legal_actions(state, seat), locale)
    return [choice for offer in offers for choice in offer.choices if choice.code]


def state_after(game: GameSnapshot, seats: Sequence[Seat], codes: Sequence[str]) -> Any:
    state = game.state
    for seat, code in zip(seats, codes, strict=False):
        state, _ = game.rules.apply(state, seat, game.rules.parse(code))
    return state


def move_options(game: GameSnapshot, state: Any, seat: Seat, locale: Locale) -> list[list[Any]]:
    """``seat``'s legal moves from ``state`` as menu options, 25 to a menu: the board's own
    offers (the same words, and the faces' emojis where they are up), as one list."""
    options = [
        discord.SelectOption(
            label=choice.label[:100],
            value=choice.code,
            description=(choice.description or "")[:100] or None,
            emoji=BOOK.emoji(choice.face),
        )
        for choice in offered(game, state, seat, locale)
    ]
    return [options[i : i + OPTIONS_PER_MENU] for i in range(0, len(options), OPTIONS_PER_MENU)][
        :MAX_MOVE_MENUS
    ]


class Corner:
    """Shows a player's corner, keeps their note and leaves or cancels their plan."""

    def __init__(self, services: Services) -> None:
        self.queries: GameQueries = services.games.queries
        self.asides: GameAsides = services.games.asides
        self.plans: Plans = services.games.plans

    async def show(
        self, interaction: discord.Interaction, game_id: int, *, said: str | None = None
    ) -> None:
        game = await self.queries.get(game_id)
        locale = user_locale(interaction)
        card = await self._card(game, interaction.user.id, locale, said)
        await self._answer(interaction, game, card.view())

    async def open_note_form(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.queries.get(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAParticipant()
        note = await self.asides.note(game_id, interaction.user.id)
        await interaction.response.send_modal(NoteForm(game_id, note, user_locale(interaction)))

    async def save_note(self, interaction: discord.Interaction, game_id: int, typed: str) -> None:
        game = await self.queries.get(game_id)
        # A form's custom_id is the client's word too: its game must be reachable from here.
        refuse_unless_reachable(interaction, game)
        if game.seat_of(interaction.user.id) is None:
            raise NotAParticipant()
        kept = await self.asides.set_note(game_id, interaction.user.id, typed)
        locale = user_locale(interaction)
        said = tr("corner.note_saved" if kept else "corner.note_cleared", locale)
        card = await self._card(game, interaction.user.id, locale, said)
        await self._answer(interaction, game, card.view())

    async def pick_theirs(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, kept: int, theirs: str
    ) -> None:
        """The opponent's move is chosen: now the answer to it."""
        planning = await self._planning(interaction, game_id, seen, kept)
        if planning is None:
            return
        game, planner, prefix = planning
        locale = user_locale(interaction)
        opponent = opponent_of(game, planner)
        seats = [opponent if i % 2 == 0 else planner for i in range(len(prefix) + 2)]
        try:
            state = state_after(game, seats, (*prefix, theirs))
        except Exception:
            raise StaleVersion() from None
        label = game.rules.action_label(game.rules.parse(theirs), locale)
        rows: list[Row] = [
            [
                MyAnswerSelect(
                    game_id,
                    seen,
                    kept,
                    theirs,
                    options,
                    tr("corner.i_answer", locale, theirs=label)[:150],
                )
            ]
            for options in move_options(game, state, planner, locale)[:1]
        ]
        card = Card(
            heading=f"### {tr('corner.title', locale)}",
            status=tr("corner.pick_answer", locale, theirs=label),
            rows=rows,
        )
        await self._answer(interaction, game, card.view())

    async def pick_mine(
        self,
        interaction: discord.Interaction,
        game_id: int,
        seen: Seen,
        kept: int,
        theirs: str,
        mine: str,
    ) -> None:
        planning = await self._planning(interaction, game_id, seen, kept)
        if planning is None:
            return
        game, _, prefix = planning
        said = "corner.plan_saved"
        try:
            await self.plans.leave(game, interaction.user.id, (*prefix, theirs, mine))
        except StaleVersion:
            said = "corner.stale"  # they moved meanwhile: the corner as the game is now
        await self.show(interaction, game_id, said=tr(said, user_locale(interaction)))

    async def cancel_plan(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.queries.get(game_id)
        cancelled = await self.plans.cancel(game, interaction.user.id)
        key = "corner.plan_cancelled" if cancelled else "corner.plan_gone"
        await self.show(interaction, game_id, said=tr(key, user_locale(interaction)))

    async def _planning(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, kept: int
    ) -> tuple[GameSnapshot, Seat, tuple[str, ...]] | None:
        """The game, the planner's seat and the kept start of their plan — if the game is
        still where the menu was drawn (no move since); otherwise the corner is shown
        afresh."""
        game = await self.queries.get(game_id)
        planner = game.seat_of(interaction.user.id)
        if planner is None:
            raise NotAParticipant()
        plan = await self.plans.mine(game, interaction.user.id)
        prefix = plan.line[:kept] if plan is not None else ()
        if not seen.fresh(game) or len(prefix) != kept:
            await self.show(interaction, game_id, said=tr("corner.stale", user_locale(interaction)))
            return None
        return game, planner, prefix

    async def _card(
        self, game: GameSnapshot, user_id: int, locale: Locale, said: str | None
    ) -> Card:
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant()
        note = await self.asides.note(game.id, user_id)
        lines = [said] if said else []
        lines.append(
            tr("corner.note", locale, note=shown_note(note))
            if note
            else tr("corner.no_note", locale)
        )
        rows: list[Row] = [[NoteButton(game.id, tr("corner.write_note", locale))]]
        if game.spec.planned_moves and game.status == GameStatus.ACTIVE:
            plan_lines, plan_rows = await self._plan_part(game, seat, user_id, locale)
            lines += plan_lines
            rows += plan_rows
        return Card(
            heading=f"### {tr('corner.title', locale)}",
            status="\n".join(lines),
            rows=rows,
        )

    async def _plan_part(
        self, game: GameSnapshot, seat: Seat, user_id: int, locale: Locale
    ) -> tuple[list[str], list[Row]]:
        if seat in game.rules.to_act(game.state):
            return [tr("corner.plan_later", locale)], []
        plan = await self.plans.mine(game, user_id)
        line = plan.line if plan is not None else ()
        opponent = opponent_of(game, seat)
        seats = [opponent if i % 2 == 0 else seat for i in range(len(line))]
        lines = (
            [plan_words(game, plan, seats, locale)]
            if plan is not None
            else [tr("corner.no_plan", locale)]
        )
        rows: list[Row] = []
        if plan is not None:
            rows.append([CancelPlanButton(game.id, tr("corner.cancel_plan", locale))])
        state = state_after(game, seats, line)
        if len(line) < 2 * MAX_PLAN_PAIRS and getattr(state, "outcome", None) is None:
            placeholder = tr("corner.then_if_they" if line else "corner.if_they", locale)
            for number, options in enumerate(move_options(game, state, opponent, locale)):
                rows.append(
                    [
                        TheirMoveSelect(
                            game.id, Seen.at(game), len(line), number, options, placeholder
                        )
                    ]
                )
        return lines, rows

    @staticmethod
    async def _answer(
        interaction: discord.Interaction, game: GameSnapshot, view: discord.ui.LayoutView
    ) -> None:
        """A new private message from the board; in place inside the corner itself (never in
        place of a private board, such as a daily deal's)."""
        message = interaction.message
        inside = message is not None and message.flags.ephemeral and message.id != game.message_id
        if inside and not interaction.response.is_done():
            await interaction.response.edit_message(view=view)
        elif interaction.response.is_done():
            await interaction.followup.send(view=view, ephemeral=True)
        else:
            await interaction.response.send_message(view=view, ephemeral=True)
