"""戦列札's private panel: each player's hand, shown only to them (ephemeral), where they play
janken, choose their first draw, stage and commit placements, and choose casualties.

Nothing secret goes into a public message or a custom_id: the panel's custom_ids carry the game,
the version and at most an index into the viewer's own hand; card codes appear only as option
values inside the viewer's own ephemeral message.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.services.snapshots import GameSnapshot
from bot.ui.common import flows_of
from bot.ui.components import (
    CODE,
    GameActionButton,
    GameActionSelect,
    GameButton,
    Guarded,
    selected_values,
)
from rules.core import Locale, Seat, Text

PANEL_TITLE = Text(
    "🂠 あなたの手札（あなたにだけ見えています）", "🂠 Your hand (only you can see this)"
)
CHOOSE_CARD = Text("置くカードを選ぶ…", "Choose a card to place…")
CHOOSE_LINE = Text("{card} をどこに置く？", "Where does {card} go?")
CHOOSE_JOKER_LINE = Text(
    "ジョーカーをどこに置く？（次に射程を決めます）", "Where does the joker go? (then its range)"
)
CHOOSE_CASUALTY = Text("失うカードを選ぶ…", "Choose a card to lose…")
TAKE_BACK = Text("最後の1枚を戻す", "Undo last")
JOKER_RANGE = Text("ジョーカーの射程（1〜99）", "Joker range (1–99)")
JOKER_TITLE = Text("ジョーカーの射程", "Joker range")
WAITING = Text(
    "相手の番です。手札はいつでもここで確認できます。",
    "Not your move now. You can check your hand here any time.",
)
PROMPTS = {
    "janken": Text(
        "じゃんけん！ 手を選んでください（相手には見えません）。",
        "Janken! Pick your hand (your opponent can't see it).",
    ),
    "draw": Text("最初に何枚引きますか？（3〜6枚）", "How many cards do you draw first? (3–6)"),
    "place": Text(
        "カードを置いて（何枚でも、置かなくても可）、最後に「配置終了」。置いた札は終了まで相手に見えません。",
        "Place cards (any number, or none), then End placement. Your opponent sees nothing until you end.",
    ),
    "casualties": Text(
        "攻撃を受けました。失うカードを選んでください。",
        "You were hit. Choose which cards you lose.",
    ),
}


def _hand(game: GameSnapshot, seat: Seat) -> Any:
    return game.rules.view_for(game.state, seat)


def panel_message(
    game: GameSnapshot, seat: Seat, locale: Locale, chosen: int | None = None
) -> tuple[str, discord.ui.View]:
    """The panel for ``seat``; ``chosen`` is the index of a hand card picked to place."""
    rules = game.rules
    view_data = _hand(game, seat)
    lines = [PANEL_TITLE(locale), "```", rules.render_hand(view_data, locale), "```"]  # type: ignore[attr-defined]
    view = discord.ui.View(timeout=None)
    to_act = game.status == "active" and seat in rules.to_act(game.state)
    if not to_act:
        lines.append(WAITING(locale) if game.status == "active" else "")
        return "\n".join(lines).strip(), view
    phase = view_data.phase
    lines.append(PROMPTS.get(phase, WAITING)(locale))
    actions = rules.legal_actions(game.state, seat)
    if phase in ("janken", "draw"):
        for action in actions:
            view.add_item(_button(game, rules.format(action), rules.action_label(action, locale)))
    elif phase == "casualties":
        _select_or_buttons(view, game, actions, CHOOSE_CASUALTY(locale), locale)
    elif phase == "place":
        hand = view_data.hand
        # A menu holds 25 options: a long hand gets a second menu (on the last row).
        for part, start in enumerate(range(0, min(len(hand), 50), 25)):
            options = [
                discord.SelectOption(label=card.label, value=str(i), default=(i == chosen))
                for i, card in enumerate(hand[start : start + 25], start)
            ]
            view.add_item(
                HandCardSelect(game.id, game.version, options, CHOOSE_CARD(locale), part=part)
            )
        if chosen is not None and 0 <= chosen < len(hand):
            card = hand[chosen]
            places = [a for a in actions if getattr(a, "card", None) == card]
            if card.is_joker:
                destinations: dict[str, str] = {}
                for a in places:
                    code = rules.format(a)  # p:JR:+4:7 → the line part "+4"
                    destinations.setdefault(
                        code.split(":")[2], rules.action_label(a, locale).split("(")[0]
                    )
                options = [
                    discord.SelectOption(label=_line_label(dest, locale), value=dest)
                    for dest in list(destinations)[:25]
                ]
                view.add_item(
                    JokerLineSelect(
                        game.id, game.version, chosen, options, CHOOSE_JOKER_LINE(locale)
                    )
                )
            else:
                options = [
                    discord.SelectOption(
                        label=rules.action_label(a, locale)[:100], value=rules.format(a)
                    )
                    for a in places[:25]
                ]
                if options:
                    view.add_item(
                        GameActionSelect(
                            game.id,
                            game.version,
                            1,
                            options,
                            CHOOSE_LINE.format(card=card.label)(locale),
                            row=1,
                        )
                    )
        row_items: list[discord.ui.Item[Any]] = []
        if view_data.staged:
            row_items.append(TakeBackButton(game.id, game.version, TAKE_BACK(locale)))
        end = next((a for a in actions if rules.format(a) == "end"), None)
        if end is not None:
            row_items.append(
                _button(
                    game,
                    "end",
                    rules.action_label(end, locale),
                    row=2,
                    style=discord.ButtonStyle.success,
                )
            )
        for item in row_items:
            view.add_item(item)
    content = "\n".join(lines)
    return (content if len(content) <= 2000 else content[:1999] + "…"), view


def _line_label(dest: str, locale: Locale) -> str:
    if dest.startswith("+"):
        return Text("新しい戦列（位置 {n}）", "New line (position {n})").format(
            n=int(dest[1:]) + 1
        )(locale)
    return Text("{n}列目に加える", "Join line {n}").format(n=int(dest) + 1)(locale)


def _button(
    game: GameSnapshot,
    code: str,
    label: str,
    row: int | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> GameActionButton:
    return GameActionButton(game.id, game.version, code, label, style, row=row)


def _select_or_buttons(
    view: discord.ui.View,
    game: GameSnapshot,
    actions: tuple[Any, ...],
    placeholder: str,
    locale: Locale,
) -> None:
    rules = game.rules
    if len(actions) <= 5:
        for action in actions:
            view.add_item(_button(game, rules.format(action), rules.action_label(action, locale)))
        return
    options = [
        discord.SelectOption(label=rules.action_label(a, locale)[:100], value=rules.format(a))
        for a in actions[:25]
    ]
    view.add_item(GameActionSelect(game.id, game.version, 0, options, placeholder))


# --- the panel's own components ---------------------------------------------------------------


class HandButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hand:(?P<game>[0-9]+)",
):
    """On the public board: opens the clicking player's private panel."""

    prefix, emoji = "hand", "🂠"
    style = discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_panel(interaction, self.game_id)


class HandCardSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"hc:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<part>[01])",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        part: int = 0,
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"hc:{game_id}:{version}:{part}",
                options=options or [],
                placeholder=placeholder,
                row=0 if part == 0 else 3,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandCardSelect:
        return cls(int(match["game"]), int(match["ver"]), part=int(match["part"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        index = int(values[0]) if values and values[0].isdigit() else -1
        await flows_of(interaction).show_panel(
            interaction, self.game_id, chosen=index, version=self.version
        )


class JokerLineSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"jl:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<idx>[0-9]+)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.game_id, self.version, self.index = game_id, version, index
        super().__init__(
            discord.ui.Select(
                custom_id=f"jl:{game_id}:{version}:{index}",
                options=options or [],
                placeholder=placeholder,
                row=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JokerLineSelect:
        return cls(int(match["game"]), int(match["ver"]), int(match["idx"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        dest = values[0] if values else ""
        if not re.fullmatch(r"\+?[0-9]{1,2}", dest):
            raise ValueError("bad joker destination")
        await interaction.response.send_modal(
            JokerRangeModal(self.game_id, self.version, self.index, dest, interaction)
        )


class JokerRangeModal(discord.ui.Modal):
    def __init__(
        self, game_id: int, version: int, index: int, dest: str, origin: discord.Interaction
    ) -> None:
        from bot.ui.common import user_locale

        locale = user_locale(origin)
        super().__init__(
            title=JOKER_TITLE(locale), custom_id=f"jm:{game_id}:{version}:{index}:{dest}"
        )
        self.game_id, self.version, self.index, self.dest = game_id, version, index, dest
        self.range_input: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=JOKER_RANGE(locale), min_length=1, max_length=2, placeholder="7"
        )
        self.add_item(self.range_input)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        from bot.ui.common import bot_of, handle_error

        async with bot_of(interaction).handling():
            try:
                await flows_of(interaction).place_joker(
                    interaction,
                    self.game_id,
                    self.version,
                    self.index,
                    self.dest,
                    self.range_input.value,
                )
            except Exception as error:  # the one error path decides what to say
                await handle_error(interaction, error)


class TakeBackButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tb:(?P<game>[0-9]+):(?P<ver>[0-9]+)",
):
    """Takes back the card staged last (its code is worked out on the server, not carried)."""

    def __init__(self, game_id: int, version: int, label: str = "…") -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                row=2,
                custom_id=f"tb:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakeBackButton:
        return cls(int(match["game"]), int(match["ver"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).take_back(interaction, self.game_id, self.version)


PANEL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HandButton,
    HandCardSelect,
    JokerLineSelect,
    TakeBackButton,
)
__all__ = ["CODE", "PANEL_ITEMS", "HandButton", "panel_message"]
