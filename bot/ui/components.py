"""Restart-proof components (discord.py ``DynamicItem``s) and the number form.

custom_id layouts (all ≤ 100 characters; ids, positions and public codes only — a code naming a
secret card appears only in its owner's private panel). ``<seen>`` is what the control was
drawn against: ``p<ply>``, the position (:mod:`bot.services.freshness`), or on controls drawn
before positions decided freshness the game's version (digits only), still understood:

- ``g:<game>:<seen>:<choice>``     a button: a move, ``~step`` or ``#number-prefix``
- ``gs:<game>:<seen>:<n>``         select menu ``n``; its values are choices as above
- ``ch:<game>:<seen>:<answer>``    accept / decline / cancel a challenge
- ``rs:<game>:<seen>``             ask to confirm resignation (privately)
- ``hint:<game>`` ``log:<game>`` ``rm:<game>`` ``rps:<game>`` ``hand:<game>``  hint, the log
  file, a rematch, a private replay, the player's private panel
- ``rv:<game>``                    a finished game against the bot reviewed, privately
- ``nm:<game>:<seen>:<prefix>``    the form asking for a number (a joker's range)
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.games.offers import Choice
from bot.i18n import tr
from bot.services.freshness import SEEN_TOKEN, Seen
from bot.statuses import GameStatus
from bot.ui.answering import FirstAnswer, answering
from bot.ui.common import handle_error, is_panel, selected_values, send_ephemeral, user_locale
from bot.ui.context import context_of
from bot.ui.reach import OlderCopy, check_game

CODE = r"[A-Za-z0-9_:+\-.]{1,80}"
#: A choice as carried by a button or menu value: a move code, ``~step`` or ``#prefix``.
CHOICE = rf"[~#]?{CODE}"
NUMBER_FORM = re.compile(rf"nm:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<prefix>{CODE})")


def choice_value(choice: Choice) -> str:
    if choice.step is not None:
        return "~" + choice.step
    if choice.number is not None:
        return "#" + choice.number.prefix
    return choice.code


def panel_answer(interaction: discord.Interaction) -> FirstAnswer:
    """A private panel opens beside the message clicked, or is redrawn in place when the click
    was inside one (or on a private board, whose panel the handler acknowledges at once)."""
    return FirstAnswer.UPDATE if is_panel(interaction) else FirstAnswer.PRIVATE


def choice_answer(interaction: discord.Interaction, value: str) -> FirstAnswer:
    """A move changes the message clicked; a step shows the panel; a number opens its form."""
    if value.startswith("#"):
        return FirstAnswer.FORM
    if value.startswith("~"):
        return panel_answer(interaction)
    return FirstAnswer.UPDATE


class Guarded:
    """Every component callback goes through ``check``, then ``run``; errors take the one
    error path. A click on an older copy of a game's board closes that copy first. Each
    control says how its first answer comes (``answer_kind``, or ``first_answer`` where that
    depends on the click), so that a slow one is acknowledged as it will be answered."""

    answer_kind: ClassVar[FirstAnswer]

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return self.answer_kind

    async def callback(self, interaction: discord.Interaction) -> None:
        first = self.first_answer(interaction)
        context = context_of(interaction)
        async with context.activity.handling(interaction), answering(interaction, first):
            try:
                try:
                    await self.check(interaction)
                    await self.run(interaction)
                except OlderCopy as copy:
                    await context_of(interaction).flows.playing.close_copy(
                        interaction, copy.game_id
                    )
                    raise
            except Exception as error:  # the one error path decides what to say
                await handle_error(interaction, error)

    async def check(self, interaction: discord.Interaction) -> None:
        """Refuse (raise) if the custom_id names what ``interaction`` may not reach from where
        it happened (see :mod:`bot.ui.reach`); nothing to check by default."""

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class GameItem(Guarded):
    """A component naming a game: used only where that game can be reached (its channel, a
    player's DM with the bot, a private board; a finished game's views also from /history)."""

    game_id: int
    #: Only looks at a finished game (its log, replay, share or seal): also from /history.
    viewing = False

    async def check(self, interaction: discord.Interaction) -> None:
        await check_game(interaction, self.game_id, viewing=self.viewing)


async def run_choice(
    interaction: discord.Interaction, game_id: int, seen: Seen, value: str
) -> None:
    """Play a move, go to a step of the panel, or ask for a number."""
    flows = context_of(interaction).flows
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


class GameActionButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"g:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<code>{CHOICE})",
):
    def __init__(
        self,
        game_id: int,
        seen: Seen,
        code: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        self.game_id, self.seen, self.code = game_id, seen, code
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                row=row,
                custom_id=f"g:{game_id}:{seen.token}:{code}",
                emoji=emoji,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActionButton:
        return cls(int(match["game"]), Seen.parse(match["seen"]), match["code"])

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return choice_answer(interaction, self.code)

    async def run(self, interaction: discord.Interaction) -> None:
        await run_choice(interaction, self.game_id, self.seen, self.code)


def one_choice_menu(
    custom_id: str,
    options: list[discord.SelectOption] | None,
    placeholder: str | None,
    row: int | None = None,
) -> discord.ui.Select[Any]:
    """A menu of which exactly one option is chosen."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or [],
        placeholder=placeholder,
        min_values=1,
        max_values=1,
        row=row,
    )


async def the_one_choice(interaction: discord.Interaction, valid: str = r".+") -> str | None:
    """The one value chosen in a menu, if it has the shape ``valid``; otherwise the chooser is
    told the menu is out of date or broken, and ``None`` comes back."""
    values = selected_values(interaction)
    if len(values) != 1 or not re.fullmatch(valid, values[0]):
        await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
        return None
    return values[0]


class GameActionSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"gs:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<n>[0-9])",
):
    def __init__(
        self,
        game_id: int,
        seen: Seen,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.game_id, self.seen = game_id, seen
        super().__init__(
            one_choice_menu(f"gs:{game_id}:{seen.token}:{number}", options, placeholder, row)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActionSelect:
        return cls(int(match["game"]), Seen.parse(match["seen"]), int(match["n"]))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        values = selected_values(interaction)
        return choice_answer(interaction, values[0] if len(values) == 1 else "")

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction)
        if value is not None:
            await run_choice(interaction, self.game_id, self.seen, value)


class ChallengeButton(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ch:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<answer>accept|decline|cancel)",
):
    """An answer to a challenge: drawn while the game is one, so stale once it is not."""

    answer_kind = FirstAnswer.UPDATE

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        answer: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.game_id, self.seen, self.answer = game_id, seen, answer
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"ch:{game_id}:{seen.token}:{answer}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        seen = Seen.parse(match["seen"], GameStatus.CHALLENGE)
        return cls(int(match["game"]), seen, match["answer"])

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.playing.answer_challenge(
            interaction, self.game_id, self.seen, self.answer
        )


class ResignButton(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rs:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN})",
):
    """Resigning by accident is too easy: the board's button only asks, privately (the
    question carries the position it is asked at, whatever the board showed)."""

    answer_kind = FirstAnswer.PRIVATE

    def __init__(self, game_id: int, seen: Seen, label: str = "…", row: int | None = None) -> None:
        self.game_id, self.seen = game_id, seen
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                row=row,
                custom_id=f"rs:{game_id}:{seen.token}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), Seen.parse(match["seen"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.playing.confirm_resign(interaction, self.game_id)


class GameButton(GameItem):
    """A button that needs only the game id (``<prefix>:<game>``): its subclasses say which
    prefix, emoji and flow; the layout and parsing are here once."""

    prefix: str
    emoji: str
    style = discord.ButtonStyle.secondary
    #: Most say something to the clicker alone.
    answer_kind = FirstAnswer.PRIVATE

    def __init__(self, game_id: int, label: str = "…", row: int | None = None) -> None:
        self.game_id = game_id
        super().__init__(  # type: ignore[call-arg]
            discord.ui.Button(
                label=label,
                emoji=self.emoji,
                style=self.style,
                row=row,
                custom_id=f"{self.prefix}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(int(match["game"]))


class HintButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hint:(?P<game>[0-9]+)",
):
    prefix, emoji = "hint", "🔎"

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.show_hint(interaction, self.game_id)


class LogButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"log:(?P<game>[0-9]+)",
):
    prefix, emoji = "log", "📜"
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.send_log(interaction, self.game_id)


class RematchButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rm:(?P<game>[0-9]+)",
):
    prefix, emoji = "rm", "🔁"
    style = discord.ButtonStyle.primary
    answer_kind = FirstAnswer.PUBLIC  # the new challenge's board

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.starting.rematch(interaction, self.game_id)


class ReplayStartButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rps:(?P<game>[0-9]+)",
):
    """On a finished board: a private replay from the start."""

    prefix, emoji = "rps", "⏯️"
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.start_replay(interaction, self.game_id)


class ShareButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sh:(?P<game>[0-9]+)",
):
    """On a finished board and its replay: post the game as an animation with its result card,
    for everyone."""

    prefix, emoji = "sh", "🎞️"
    viewing = True
    style = discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.sharing.share(interaction, self.game_id)


class VerifyButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vf:(?P<game>[0-9]+)",
):
    """On a finished board with hidden randomness: check the revealed seed against its seal."""

    prefix, emoji = "vf", "🔓"
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.verify(interaction, self.game_id)


class WhyButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"why:(?P<game>[0-9]+)",
):
    """Beside a move explained in words: the numbers behind it and the full board, privately."""

    prefix, emoji = "why", "❓"

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.explain(interaction, self.game_id)


class ReviewButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rv:(?P<game>[0-9]+)",
):
    """On a finished board of a game against the bot: where it turned, privately."""

    prefix, emoji = "rv", "🧭"
    viewing = True

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.asides.review(interaction, self.game_id)


class HandButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hand:(?P<game>[0-9]+)",
):
    """On the board and in turn pings: opens the clicking player's private panel, fresh."""

    prefix, emoji = "hand", "🎴"
    style = discord.ButtonStyle.success

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return panel_answer(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.panels.show_panel(interaction, self.game_id)


class NumberInputForm(discord.ui.Modal):
    """Asks for a number (a joker's range). Its answer is handled from its custom_id alone
    (by the client's interaction listener, through ``submitted_number``), so a form opened
    before a restart still works after it."""

    #: The move it makes changes the message the form was opened from.
    answer_kind: ClassVar[FirstAnswer] = FirstAnswer.UPDATE

    def __init__(self, custom_id: str, title: str, label: str, high: int) -> None:
        super().__init__(title=title[:45], custom_id=custom_id)
        # A Label around the input: Discord has deprecated text inputs in action rows.
        self.add_item(
            discord.ui.Label(
                text=label[:45],
                component=discord.ui.TextInput(
                    min_length=1, max_length=len(str(high)), placeholder="7"
                ),
            )
        )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Answered by the client's interaction listener instead (restart-proof)."""


def submitted_number(
    interaction: discord.Interaction, form: re.Pattern[str]
) -> tuple[re.Match[str], str] | None:
    """The custom_id of a submitted number form matched by ``form``, and the text typed in
    it; ``None`` for any other interaction."""
    data: dict[str, Any] = (
        dict(interaction.data or {}) if isinstance(interaction.data, dict) else {}
    )
    match = form.fullmatch(str(data.get("custom_id", "")))
    if interaction.type is not discord.InteractionType.modal_submit or match is None:
        return None
    typed = ""
    for top in data.get("components") or []:
        if not isinstance(top, dict):
            continue
        # A Label holds its input; a form opened before Labels holds it in an action row.
        inputs = [top.get("component")] if top.get("type") == 18 else top.get("components")
        for component in inputs or []:
            if isinstance(component, dict) and isinstance(component.get("value"), str):
                typed = component["value"]
    return match, typed


class NumberForm(NumberInputForm):
    """A game's number form: the game, the position it was drawn at, the move's prefix."""

    def __init__(
        self, game_id: int, seen: Seen, prefix: str, title: str, label: str, high: int
    ) -> None:
        super().__init__(f"nm:{game_id}:{seen.token}:{prefix}", title, label, high)


def number_form_answer(interaction: discord.Interaction) -> tuple[int, Seen, str, str] | None:
    """(game, what it was drawn against, prefix, typed text) of a submitted number form, else
    ``None``."""
    submitted = submitted_number(interaction, NUMBER_FORM)
    if submitted is None:
        return None
    match, typed = submitted
    return int(match["game"]), Seen.parse(match["seen"]), match["prefix"], typed


class ReopenSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"games:reopen",
):
    """Under /games: one of the player's games, whose board is posted afresh where this
    runs (a board out of reach, lost far up a conversation, or in another place)."""

    answer_kind = FirstAnswer.PUBLIC  # the board posted afresh (a private deal's: privately)

    def __init__(
        self, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__(one_choice_menu("games:reopen", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReopenSelect:
        return cls()

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction, r"[0-9]+")
        if value is not None:
            await context_of(interaction).flows.starting.reopen(interaction, int(value))


ALL_DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    GameActionButton,
    GameActionSelect,
    ChallengeButton,
    ResignButton,
    HintButton,
    LogButton,
    RematchButton,
    ReplayStartButton,
    ShareButton,
    HandButton,
    VerifyButton,
    WhyButton,
    ReviewButton,
    ReopenSelect,
)
