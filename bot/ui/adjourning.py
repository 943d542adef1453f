"""Adjournment on Discord: the board's Adjourn / Accept / Decline / Resume buttons, its status
lines for a paused game, and a move played on an adjourned game sealed instead.

Only the opponent of whoever asked can answer (the service refuses anyone else); a click made
before a move, or a second click on a step already taken, just shows the board as it is now."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import tr
from bot.services.adjournment import Revealed, can_adjourn
from bot.services.freshness import SEEN_TOKEN, Seen
from bot.services.holds import Hold
from bot.services.snapshots import ActionResult, GameSnapshot
from bot.ui.answering import FirstAnswer
from bot.ui.common import send_ephemeral, user_locale
from bot.ui.components import GameItem
from bot.ui.context import context_of
from bot.ui.layout import Row
from rules.core import Event, Locale

STEPS = {
    "ask": ("adjourn.button", discord.ButtonStyle.secondary),
    "yes": ("adjourn.accept", discord.ButtonStyle.success),
    "no": ("adjourn.decline", discord.ButtonStyle.secondary),
    "resume": ("adjourn.resume", discord.ButtonStyle.primary),
}


def short_seal(commitment: str) -> str:
    return commitment[:12]


def adjourn_lines(game: GameSnapshot, locale: Locale) -> list[str]:
    """The board's words while an adjournment is asked for or running."""
    hold = Hold.load(game.pause)
    if hold.asked is not None and len(game.seats) == 2:
        return [
            tr(
                "adjourn.asked",
                locale,
                user=game.player(hold.asked).display_name,
                other=game.player(1 - hold.asked).display_name,
            )
        ]
    if not hold.adjourned:
        return []
    lines = [tr("adjourn.status", locale)]
    if hold.sealed is not None:
        sealer = game.player(hold.sealed["seat"]).display_name
        seal = short_seal(hold.sealed["commitment"])
        lines.append(tr("adjourn.sealed", locale, user=sealer, seal=seal))
    else:
        to_act = [s for s in game.seats_to_act if not s.is_bot]
        if len(to_act) == 1:
            lines.append(tr("adjourn.may_seal", locale, user=to_act[0].display_name))
    return lines


def adjourn_row(game: GameSnapshot, locale: Locale) -> Row:
    """Adjourn (in a game that may be), or the answers to a request, or Resume."""
    if not can_adjourn(game):
        return []
    hold = Hold.load(game.pause)
    steps = ["resume"] if hold.adjourned else ["yes", "no"] if hold.asked is not None else ["ask"]
    return [
        AdjournButton(game.id, Seen.at(game), step, tr(STEPS[step][0], locale)) for step in steps
    ]


class AdjournButton(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"adj:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<step>ask|yes|no|resume)",
):
    answer_kind = FirstAnswer.UPDATE  # the board shows the adjournment

    def __init__(self, game_id: int, seen: Seen, step: str, label: str = "…") -> None:
        self.game_id, self.seen, self.step = game_id, seen, step
        super().__init__(
            discord.ui.Button(
                label=label, style=STEPS[step][1], custom_id=f"adj:{game_id}:{seen.token}:{step}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AdjournButton:
        return cls(int(match["game"]), Seen.parse(match["seen"]), match["step"])

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.playing.adjourn(
            interaction, self.game_id, self.seen, self.step
        )


async def adjourn_step(
    interaction: discord.Interaction, game_id: int, seen: Seen, step: str
) -> tuple[ActionResult, Revealed | None]:
    """The service call behind a click on one of the buttons."""
    service = context_of(interaction).services.adjournments
    user_id = interaction.user.id
    if step == "resume":
        return await service.resume(game_id, user_id, seen)
    if step == "ask":
        game = await service.ask(game_id, user_id, seen)
    else:
        game = await service.answer(game_id, user_id, seen, accept=step == "yes")
        if step == "no":
            await send_ephemeral(interaction, tr("adjourn.declined", user_locale(interaction)))
    return ActionResult(game, (), game.version), None


def revealed_text(
    revealed: Revealed, game: GameSnapshot, events: Sequence[Event], locale: Locale
) -> str:
    """Everyone sees what was sealed, and can check the seal. In a game with hidden cards the
    move's code may name one, so it is said by its public words only: the code is in the
    game's log (open once the game is over), where the seal can be checked then."""
    if game.spec.secret_hands:
        said = [game.rules.describe_event(e, locale) for e in events if e.visible_to is None]
        return tr(
            "adjourn.revealed_hidden",
            locale,
            move=" / ".join(x for x in said if x) or "—",
            seal=revealed.commitment,
            salt=revealed.salt,
        )
    return tr(
        "adjourn.revealed",
        locale,
        move=revealed.code,
        seal=revealed.commitment,
        salt=revealed.salt,
    )


async def seal_instead(
    interaction: discord.Interaction, game_id: int, seen: Seen, code: str
) -> GameSnapshot:
    """A move played on an adjourned game: sealed (told privately, with its seal)."""
    context = context_of(interaction)
    game = await context.services.adjournments.seal(game_id, interaction.user.id, seen, code)
    sealed = Hold.load(game.pause).sealed
    assert sealed is not None
    locale = user_locale(interaction)
    seat = sealed["seat"]
    _, events = game.rules.apply(game.state, seat, game.rules.parse(code))
    said = [game.rules.describe_event(e, locale) for e in events if e.visible_for(seat)]
    move = " / ".join(s for s in said if s) or code
    await send_ephemeral(
        interaction,
        tr("adjourn.you_sealed", locale, move=move, seal=short_seal(sealed["commitment"])),
    )
    return game
