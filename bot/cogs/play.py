"""Clicks on a game's board, its private panels, pings and replays: a move or a menu's choice,
a challenge's answer, resign, adjourn, the hand, and the asides beside the play (hint, Why?,
log, replay, share, Verify, review, rematch). Each runs its flow; what the controls look like
and the custom_ids they carry are in :mod:`bot.ui.components`."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.clicks import (
    GameClick,
    GameIdClick,
    Guarded,
    choice_answer,
    flows_of,
    menu_answer,
    panel_answer,
    the_one_choice,
)
from bot.i18n import tr
from bot.services.freshness import Seen
from bot.statuses import GameStatus
from bot.ui.adjourning import AdjournButton
from bot.ui.answering import FirstAnswer
from bot.ui.common import send_ephemeral, user_locale
from bot.ui.components import (
    CHOICE,
    ChallengeButton,
    GameActionButton,
    GameActionSelect,
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
from bot.ui.context import context_of
from bot.ui.reach import check_game
from bot.ui.replay import ReplayButton, replay_message

Item = discord.ui.Item[Any]


async def run_choice(
    interaction: discord.Interaction, game_id: int, seen: Seen, value: str
) -> None:
    """Play a move, go to a step of the panel, or ask for a number."""
    flows = flows_of(interaction)
    if not re.fullmatch(CHOICE, value):
        await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
    elif value.startswith("~"):
        await check_game(interaction, game_id)
        await flows.panels.show_panel(interaction, game_id, step=value[1:], seen=seen)
    elif value.startswith("#"):
        await check_game(interaction, game_id)
        await flows.panels.ask_number(interaction, game_id, seen, value[1:])
    else:  # checked on the very read the move is computed from
        await flows.playing.play(interaction, game_id, seen, value)


class MoveClick(Guarded, discord.ui.DynamicItem[Item], template=GameActionButton.template):
    def __init__(self, item: Item, game_id: int, seen: Seen, code: str) -> None:
        self.game_id, self.seen, self.code = game_id, seen, code
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> MoveClick:
        return cls(item, int(match["game"]), Seen.parse(match["seen"]), match["code"])

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return choice_answer(interaction, self.code)

    async def run(self, interaction: discord.Interaction) -> None:
        await run_choice(interaction, self.game_id, self.seen, self.code)


class MenuClick(Guarded, discord.ui.DynamicItem[Item], template=GameActionSelect.template):
    def __init__(self, item: Item, game_id: int, seen: Seen) -> None:
        self.game_id, self.seen = game_id, seen
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> MenuClick:
        return cls(item, int(match["game"]), Seen.parse(match["seen"]))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return menu_answer(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction)
        if value is not None:
            await run_choice(interaction, self.game_id, self.seen, value)


class ChallengeClick(GameClick, discord.ui.DynamicItem[Item], template=ChallengeButton.template):
    answer_kind = FirstAnswer.UPDATE  # the board shows the answer

    def __init__(self, item: Item, game_id: int, seen: Seen, answer: str) -> None:
        self.game_id, self.seen, self.answer = game_id, seen, answer
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> ChallengeClick:
        seen = Seen.parse(match["seen"], GameStatus.CHALLENGE)
        return cls(item, int(match["game"]), seen, match["answer"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).playing.answer_challenge(
            interaction, self.game_id, self.seen, self.answer
        )


class ResignClick(GameClick, discord.ui.DynamicItem[Item], template=ResignButton.template):
    """Only asks, privately (see :class:`bot.ui.components.ResignButton`)."""

    answer_kind = FirstAnswer.PRIVATE

    def __init__(self, item: Item, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> ResignClick:
        return cls(item, int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).playing.confirm_resign(interaction, self.game_id)


class AdjournClick(GameClick, discord.ui.DynamicItem[Item], template=AdjournButton.template):
    answer_kind = FirstAnswer.UPDATE  # the board shows the adjournment

    def __init__(self, item: Item, game_id: int, seen: Seen, step: str) -> None:
        self.game_id, self.seen, self.step = game_id, seen, step
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> AdjournClick:
        return cls(item, int(match["game"]), Seen.parse(match["seen"]), match["step"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).playing.adjourn(interaction, self.game_id, self.seen, self.step)


class HandClick(GameIdClick, discord.ui.DynamicItem[Item], template=HandButton.template):
    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return panel_answer(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).panels.show_panel(interaction, self.game_id)


class HintClick(GameIdClick, discord.ui.DynamicItem[Item], template=HintButton.template):
    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.show_hint(interaction, self.game_id)


class WhyClick(GameIdClick, discord.ui.DynamicItem[Item], template=WhyButton.template):
    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.explain(interaction, self.game_id)


class LogClick(GameIdClick, discord.ui.DynamicItem[Item], template=LogButton.template):
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.send_log(interaction, self.game_id)


class ReplayStartClick(
    GameIdClick, discord.ui.DynamicItem[Item], template=ReplayStartButton.template
):
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.start_replay(interaction, self.game_id)


class ShareClick(GameIdClick, discord.ui.DynamicItem[Item], template=ShareButton.template):
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).sharing.share(interaction, self.game_id)


class VerifyClick(GameIdClick, discord.ui.DynamicItem[Item], template=VerifyButton.template):
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.verify(interaction, self.game_id)


class ReviewClick(GameIdClick, discord.ui.DynamicItem[Item], template=ReviewButton.template):
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).asides.review(interaction, self.game_id)


class RematchClick(GameIdClick, discord.ui.DynamicItem[Item], template=RematchButton.template):
    answer_kind = FirstAnswer.PUBLIC  # the new challenge's board

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).starting.rematch(interaction, self.game_id)


class ReplayStepClick(GameClick, discord.ui.DynamicItem[Item], template=ReplayButton.template):
    """⏮ ◀ ▶ ⏭ under a private replay: the position after that ply."""

    answer_kind = FirstAnswer.UPDATE  # the replay steps in place
    viewing = True

    def __init__(self, item: Item, game_id: int, ply: int) -> None:
        self.game_id, self.ply = game_id, ply
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> ReplayStepClick:
        return cls(item, int(match["game"]), int(match["ply"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        services = context_of(interaction).services
        content, view = await replay_message(
            services.games,
            self.game_id,
            self.ply,
            user_locale(interaction),
            interaction.user.id,
            await services.web.links(),
        )
        await interaction.edit_original_response(content=content, view=view)


PLAY_CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveClick,
    MenuClick,
    ChallengeClick,
    ResignClick,
    AdjournClick,
    HandClick,
    HintClick,
    WhyClick,
    LogClick,
    ReplayStartClick,
    ShareClick,
    VerifyClick,
    ReviewClick,
    RematchClick,
    ReplayStepClick,
)
