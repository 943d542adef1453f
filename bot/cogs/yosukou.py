"""/yosukou: start a 易双六 or 略式易双六 solitaire in this channel and play it card by card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.i18n import tr
from bot.ui.common import public_locale, user_locale
from rules.yosukou import TITLE, TITLE_SIMPLIFIED

if TYPE_CHECKING:
    from bot.client import AsobibaBot


VARIANT_CHOICES = [
    Choice(name=_("original (易双六)"), value="original"),
    Choice(name=_("simplified (略式易双六)"), value="simplified"),
]


class YosukouCog(
    commands.GroupCog,
    group_name=_("yosukou"),
    group_description=_("Play 易双六 (Youscout), the tarot solitaire"),
):
    def __init__(self, bot: AsobibaBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("start"), description=_("Start a solitaire in this channel"))
    @app_commands.guild_only()
    @app_commands.rename(
        variant=_("variant"),
        end_cards=_("end_cards"),
        court=_("court"),
        influence=_("influence"),
        swap=_("swap"),
        war=_("war"),
        cross_border=_("cross_border"),
        co_limit=_("co_limit"),
        judgement=_("judgement"),
    )
    @app_commands.describe(
        variant=_("Original rules, or the simplified 略式 rules"),
        end_cards=_("The game ends at this appearance of the end card (default 3)"),
        court=_("Values of the court cards (default K14)"),
        influence=_("Major arcana multiplier (default ×2)"),
        swap=_("How (8) and (11) are swapped (default: solid; memorial in 略式)"),
        war=_("戦乱置換 war replacement moves per MOVE (original only; default 0)"),
        cross_border=_("Where war replacement may move cards (original only)"),
        co_limit=_("War replacement placements into Co (original only; default 2)"),
        judgement=_("略式 judgement: win on > (default) or ≥"),
    )
    @app_commands.choices(
        variant=VARIANT_CHOICES,
        court=[Choice(name=k, value=k) for k in ("K14", "K13a", "K13b", "K10")],
        influence=[Choice(name=f"×{m:g}", value=f"{m:g}") for m in (3, 2.5, 2, 1.5, 1)],
        swap=[
            Choice(name=_("solid (固式)"), value="solid"),
            Choice(name=_("memorial (記念式)"), value="memorial"),
            Choice(name=_("expansive (開式)"), value="expansive"),
        ],
        war=[Choice(name=str(n), value=str(n)) for n in range(6)]
        + [Choice(name=_("unlimited"), value="infinity")],
        cross_border=[
            Choice(name=_("cups and coins (default)"), value="cups_and_coins"),
            Choice(name=_("none"), value="none"),
            Choice(name=_("all"), value="all"),
        ],
        co_limit=[Choice(name=str(n), value=str(n)) for n in range(6)]
        + [Choice(name=_("unlimited"), value="infinity")],
        judgement=[
            Choice(name=_("greater than (>)"), value="greater"),
            Choice(name=_("greater or equal (≥)"), value="greater_equal"),
        ],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        variant: Choice[str] | None = None,
        end_cards: app_commands.Range[int, 0, 99] | None = None,
        court: Choice[str] | None = None,
        influence: Choice[str] | None = None,
        swap: Choice[str] | None = None,
        war: Choice[str] | None = None,
        cross_border: Choice[str] | None = None,
        co_limit: Choice[str] | None = None,
        judgement: Choice[str] | None = None,
    ) -> None:
        settings: dict[str, object] = {"variant": variant.value if variant else "original"}
        given: dict[str, object | None] = {
            "rule_terminals": end_cards,
            "rule_court_card": court.value if court else None,
            "rule_major_influence": _number(influence.value) if influence else None,
            "rule_swap_8_11": swap.value if swap else None,
            "rule_replacement": _count(war.value) if war else None,
            "rule_cross_border": cross_border.value if cross_border else None,
            "rule_replacement_coins_lower": _count(co_limit.value) if co_limit else None,
            "rule_determinant": judgement.value if judgement else None,
        }
        # Only what the player chose: the rules fill in the defaults, and refuse (politely)
        # an option that belongs to the other variant.
        settings.update({k: v for k, v in given.items() if v is not None})
        await self.bot.flows.start_solitaire(
            interaction, "yosukou", settings, locale=public_locale(interaction)
        )

    @app_commands.command(
        name=_("daily"),
        description=_("Today's deal: the same solitaire for everyone in this server"),
    )
    @app_commands.guild_only()
    @app_commands.rename(variant=_("variant"))
    @app_commands.describe(variant=_("Original rules, or the simplified 略式 rules"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def daily(
        self, interaction: discord.Interaction, variant: Choice[str] | None = None
    ) -> None:
        await self.bot.flows.start_daily(
            interaction,
            {"variant": variant.value if variant else "original"},
            locale=public_locale(interaction),
        )

    @app_commands.command(
        name=_("today"), description=_("Today's results of the daily deal in this server")
    )
    @app_commands.guild_only()
    @app_commands.rename(variant=_("variant"))
    @app_commands.describe(variant=_("Original rules, or the simplified 略式 rules"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def today(
        self, interaction: discord.Interaction, variant: Choice[str] | None = None
    ) -> None:
        name = variant.value if variant else "original"
        day = self.bot.games.clock().date().isoformat()
        games = await self.bot.games.daily_results(interaction.guild_id, f"{day}:{name}")
        locale = user_locale(interaction)
        title = (TITLE_SIMPLIFIED if name == "simplified" else TITLE)(locale)
        lines = [tr("daily.title", locale, game=title, day=day)]
        if not games:
            lines.append(tr("daily.none", locale))
        for game in games[:30]:
            user = f"<@{game.seats[0].user_id}>"
            draws, start = game.state.draws, game.state.start or "—"
            if game.outcome is None:
                lines.append(tr("daily.row_playing", locale, user=user, draws=draws))
            else:
                key = "daily.row_won" if game.outcome.winner == 0 else "daily.row_lost"
                lines.append(tr(key, locale, user=user, draws=draws, start=start))
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _count(text: str) -> int | str:
    return text if text == "infinity" else int(text)
