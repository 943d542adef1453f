"""The game's controls as drawn, and the custom_id each carries: what a click sends back. A
click is answered by the click class registered for its custom_id's template (``bot/cogs``,
above the flows that draw these), never by the message's view: so these are drawn with
nothing to run, and discord.py keeps no view for them.

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
- ``games:reopen``                 /games' menu of the player's boards
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.games.offers import Choice
from bot.services.freshness import SEEN_TOKEN, Seen
from bot.ui.answering import FirstAnswer

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


class DrawnButton(discord.ui.Button[Any]):
    """A button whose click its custom_id alone brings back, laid out as ``template``."""

    template: ClassVar[str]

    def is_dispatchable(self) -> bool:
        # The click class registered for ``template`` answers it: were discord.py to keep the
        # view this is sent in, every board would stay in memory, and be run a second time.
        return False


class DrawnSelect(discord.ui.Select[Any]):
    """A menu of which exactly one option is chosen; answered like :class:`DrawnButton`."""

    template: ClassVar[str]

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None,
        placeholder: str | None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            custom_id=custom_id,
            options=options or [],
            placeholder=placeholder,
            min_values=1,
            max_values=1,
            row=row,
        )

    def is_dispatchable(self) -> bool:
        return False  # as DrawnButton's


class GameActionButton(DrawnButton):
    template = rf"g:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<code>{CHOICE})"

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
        super().__init__(
            label=label[:80],
            style=style,
            row=row,
            custom_id=f"g:{game_id}:{seen.token}:{code}",
            emoji=emoji,
        )


class GameActionSelect(DrawnSelect):
    template = rf"gs:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<n>[0-9])"

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(f"gs:{game_id}:{seen.token}:{number}", options, placeholder, row)


class ChallengeButton(DrawnButton):
    """An answer to a challenge: drawn while the game is one, so stale once it is not."""

    template = rf"ch:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<answer>accept|decline|cancel)"

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        answer: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(label=label, style=style, custom_id=f"ch:{game_id}:{seen.token}:{answer}")


class ResignButton(DrawnButton):
    """Resigning by accident is too easy: the board's button only asks, privately (the
    question carries the position it is asked at, whatever the board showed)."""

    template = rf"rs:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN})"

    def __init__(self, game_id: int, seen: Seen, label: str = "…", row: int | None = None) -> None:
        super().__init__(
            label=label,
            style=discord.ButtonStyle.danger,
            row=row,
            custom_id=f"rs:{game_id}:{seen.token}",
        )


class GameButton(DrawnButton):
    """A button that needs only the game id (``<prefix>:<game>``): its subclasses say which
    prefix and emoji (``icon``); the layout is here once."""

    prefix: ClassVar[str]
    icon: ClassVar[str]
    look: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.template = rf"{cls.prefix}:(?P<game>[0-9]+)"

    def __init__(self, game_id: int, label: str = "…", row: int | None = None) -> None:
        super().__init__(
            label=label,
            emoji=self.icon,
            style=self.look,
            row=row,
            custom_id=f"{self.prefix}:{game_id}",
        )


class HintButton(GameButton):
    prefix, icon = "hint", "🔎"


class LogButton(GameButton):
    prefix, icon = "log", "📜"


class RematchButton(GameButton):
    prefix, icon = "rm", "🔁"
    look = discord.ButtonStyle.primary


class ReplayStartButton(GameButton):
    """On a finished board: a private replay from the start."""

    prefix, icon = "rps", "⏯️"


class ShareButton(GameButton):
    """On a finished board and its replay: post the game as an animation with its result card,
    for everyone."""

    prefix, icon = "sh", "🎞️"
    look = discord.ButtonStyle.primary


class VerifyButton(GameButton):
    """On a finished board with hidden randomness: check the revealed seed against its seal."""

    prefix, icon = "vf", "🔓"


class WhyButton(GameButton):
    """Beside a move explained in words: the numbers behind it and the full board, privately."""

    prefix, icon = "why", "❓"


class ReviewButton(GameButton):
    """On a finished board of a game against the bot: where it turned, privately."""

    prefix, icon = "rv", "🧭"


class HandButton(GameButton):
    """On the board and in turn pings: opens the clicking player's private panel, fresh."""

    prefix, icon = "hand", "🎴"
    look = discord.ButtonStyle.success


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


class ReopenSelect(DrawnSelect):
    """Under /games: one of the player's games, whose board is posted afresh where this
    runs (a board out of reach, lost far up a conversation, or in another place)."""

    template = r"games:reopen"

    def __init__(
        self, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__("games:reopen", options, placeholder)
