"""Small helpers shared by cogs and components: locale, the one error path, links."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.app_commands import locale_str

from bot.errors import FriendlyError
from bot.games.offers import NumberPrompt
from bot.i18n import tr
from bot.metrics import METRICS
from bot.services.snapshots import GameSummary, SeatInfo, is_former_player
from bot.text.errors import OPTION_TOO_LONG
from bot.ui.context import OUTCOME
from rules.core import GameRules, Locale, RulesError, Text, normalize_locale

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
USER_PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
MAX_CONTENT = 2000


def localized(text: Text) -> locale_str:
    """A command, option or choice name in both languages: English is the source, and the
    Japanese travels with it, chosen for this very place (see ``CatalogueTranslator``)."""
    return locale_str(text.en, ja=text.ja)


def user_locale(interaction: discord.Interaction) -> Locale:
    return normalize_locale(str(interaction.locale))


def public_locale(interaction: discord.Interaction) -> Locale:
    """Messages everyone reads follow the server's language when it has one."""
    guild_locale = interaction.guild_locale
    return normalize_locale(str(guild_locale) if guild_locale else str(interaction.locale))


def installed_guild_id(interaction: discord.Interaction) -> int | None:
    """The server this interaction happened in, if that server installed the bot; ``None`` in
    DMs, group DMs, and servers where only the player added Asobiba to their own account.
    Only in such a server is the bot a member: it can post there, and the server's settings,
    tables and tournaments apply. (Discord: "Interaction Object — authorizing integration
    owners": the key ``0`` holds the guild for a server install.)"""
    if interaction.guild_id is not None and interaction.is_guild_integration():
        return interaction.guild_id
    return None


def shares_a_server(interaction: discord.Interaction) -> bool:
    """Whether Discord vouches, in ``interaction``, that its user shares a server with the bot
    (and so that the bot may post in its own DM with them, and DM them): it came from a server
    that installed the bot, or from the bot's DM under the server install ("An individual
    app's global commands are also available in DMs if that app has a bot that shares a mutual
    guild with the user", developers/interactions/application-commands.mdx). Anywhere else
    Discord says nothing of the user's other servers."""
    if installed_guild_id(interaction) is not None:
        return True
    return bool(interaction.context.dm_channel) and not interaction.is_user_integration()


def jump_url(guild_id: int | None, channel_id: int | None, message_id: int | None) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def shown_name(user_id: int, display_name: str, locale: Locale) -> str:
    """A stored name as shown: a player who deleted their data (/privacy) is "a former player"
    in the reader's language."""
    return tr("former.player", locale) if is_former_player(user_id) else display_name


def seat_names(game: GameSummary, locale: Locale) -> list[str]:
    """Each seat's name as shown, in seat order (what a picture writes for the players)."""
    return [shown_name(s.user_id, s.display_name, locale) for s in game.seats]


def seat_namer(game: GameSummary, locale: Locale) -> Callable[[str], str]:
    """The players' names, as shown and safe in markdown, written where the rules' text names
    seats that are only numbers (戦列札's ``Player 1``, ``P1``): the pictures name them so."""
    names = {s.seat: typed(shown_name(s.user_id, s.display_name, locale)) for s in game.seats}
    return game.spec.seat_namer(names, locale)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def typed(text: str) -> str:
    """Text a user chose (a display name, a tournament's name) as it reads in Discord's
    markdown: its markdown escaped, so ``Autumn **league**`` cannot bold or break the line
    around it, and its mentions defused (``@everyone`` shows, and would not ping even where
    mentions are allowed). Not for component labels, which show no markdown."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def clip(content: str, limit: int = MAX_CONTENT) -> str:
    """Discord refuses longer messages: cut with an ellipsis rather than fail."""
    return content if len(content) <= limit else content[: limit - 1] + "…"


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select menu interaction carries (strings only)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or []]


def is_panel(interaction: discord.Interaction) -> bool:
    """Whether the interaction came from a private message (a panel: an ephemeral message)."""
    return interaction.message is not None and interaction.message.flags.ephemeral


def custom_ids_on(message: discord.Message | None) -> set[str]:
    """Every custom_id on ``message``'s components (rows, containers, sections' accessories)."""
    found: set[str] = set()
    stack: list[Any] = list(message.components) if message is not None else []
    while stack:
        component = stack.pop()
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        stack.extend(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return found


def refuse_overlong_options(interaction: discord.Interaction) -> None:
    """A command's typed text (a string option) longer than the command allows is refused
    whole, saying what fits and how long it was: Discord's client keeps to ``max_length``, but
    an interaction is the client's word, and typed text is never cut without a word."""
    command = interaction.command
    if interaction.type is not discord.InteractionType.application_command or not isinstance(
        command, discord.app_commands.Command
    ):
        return
    data: dict[str, Any] = dict(interaction.data) if isinstance(interaction.data, dict) else {}
    options = list(data.get("options") or [])
    while options and isinstance(options[0], dict) and options[0].get("type") in (1, 2):
        options = list(options[0].get("options") or [])  # into the subcommand (group)
    typed = {o.get("name"): o.get("value") for o in options if isinstance(o, dict)}
    for parameter in command.parameters:
        value, limit = typed.get(parameter.display_name), parameter.max_value
        if parameter.type is not discord.AppCommandOptionType.string or limit is None:
            continue
        if isinstance(value, str) and len(value) > limit:
            name = parameter.locale_name
            en = name.message if name is not None else parameter.display_name
            ja = str(name.extras.get("ja", en)) if name is not None else en
            fields = {"limit": int(limit), "length": len(value)}
            raise FriendlyError(
                Text(
                    OPTION_TOO_LONG.ja.format(option=ja, **fields),
                    OPTION_TOO_LONG.en.format(option=en, **fields),
                )
            )


def send_options(
    mentions: discord.AllowedMentions, view: discord.ui.View | None, once: str | None
) -> dict[str, Any]:
    """``send``'s keywords: a view and a nonce only when there is one."""
    options: dict[str, Any] = {"allowed_mentions": mentions}
    if view is not None:
        options["view"] = view
    if once is not None:
        options["nonce"] = once
    return options


#: ``Interaction.extras`` keys: a "thinking…" deferral only its clicker sees, and that the
#: deferred response has had its answer.
THINKING_PRIVATELY = "asobiba.thinking_privately"
ANSWERED = "asobiba.answered"


async def think(interaction: discord.Interaction, *, privately: bool) -> None:
    """Acknowledge now with Discord's "thinking…", to be answered by ``send_ephemeral`` (which
    edits it) or by editing the original response. Where the interaction was acknowledged
    already while it waited (:mod:`bot.ui.answering`), that acknowledgement stands, and so does
    what it said of who sees it."""
    await interaction.response.defer(ephemeral=privately, thinking=True)
    interaction.extras.setdefault(THINKING_PRIVATELY, privately)


async def send_ephemeral(
    interaction: discord.Interaction,
    content: str,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> None:
    """Answer privately, whether or not the interaction was already acknowledged. After a
    "thinking…" deferral the answer edits that response (a follow-up filling it is deprecated);
    one everybody sees makes way for a private follow-up."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if file is not None:
        extra["file"] = file
    deferred = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    if deferred and not interaction.extras.get(ANSWERED):
        interaction.extras[ANSWERED] = True
        if interaction.extras.get(THINKING_PRIVATELY):
            await interaction.edit_original_response(
                content=content,
                view=view,
                attachments=[file] if file is not None else [],
                allowed_mentions=NO_PINGS,
            )
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_PINGS, **extra)
    else:
        await interaction.response.send_message(
            content, ephemeral=True, allowed_mentions=NO_PINGS, **extra
        )


async def refuse_number(interaction: discord.Interaction, prompt: NumberPrompt) -> None:
    """A typed answer that is not a whole number in the prompt's range: say which are."""
    locale = user_locale(interaction)
    await send_ephemeral(interaction, tr("error.number", locale, low=prompt.low, high=prompt.high))


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one error path for commands and components: refusals become a friendly private
    message; anything else is logged with its context and apologised for."""
    original = getattr(error, "original", None) or error.__cause__ or error
    if isinstance(error, RulesError | FriendlyError):
        original = error
    locale = user_locale(interaction)
    interaction.extras[OUTCOME] = "refused"
    if isinstance(original, RulesError | FriendlyError):
        text = original.message(locale)
        METRICS.refusals.labels(type(original).__name__).inc()
    elif isinstance(original, discord.app_commands.MissingPermissions):
        text = tr("error.permissions", locale)
        METRICS.refusals.labels("MissingPermissions").inc()
    elif isinstance(original, discord.app_commands.CheckFailure):
        text = tr("error.guild_only", locale)
        METRICS.refusals.labels("CheckFailure").inc()
    else:
        interaction.extras[OUTCOME] = "error"
        data: dict[str, Any] = dict(interaction.data) if isinstance(interaction.data, dict) else {}
        log.error(
            "unexpected error in interaction %s by %s (custom_id=%r, command=%r)",
            interaction.id,
            interaction.user.id,
            data.get("custom_id"),
            interaction.command.qualified_name if interaction.command else None,
            exc_info=original,
        )
        text = tr("error.unexpected", locale)
    try:
        await send_ephemeral(interaction, text)
    except discord.HTTPException:
        log.warning("could not deliver an error message for interaction %s", interaction.id)


def player_name(info: SeatInfo, locale: Locale) -> str:
    """A seat's name without a mention (a former player's in the reader's language), escaped
    for markdown."""
    return typed(shown_name(info.user_id, info.display_name, locale))


def answer_verdict(
    rules: GameRules[Any, Any, Any],
    code: str,
    answers: Sequence[str],
    right: bool,
    words: tuple[str, str, str],
    explanation: str,
    locale: Locale,
) -> list[str]:
    """The first lines of an answered question (a puzzle, a mistake card): right, or wrong
    naming the best answers, then why. ``words``: the keys of "right", "wrong" and "why"."""
    right_key, wrong_key, why_key = words

    def label(c: str) -> str:
        return rules.action_label(rules.parse(c), locale)

    if right:
        head = tr(right_key, locale)
    else:
        best = " / ".join(label(c) for c in answers)
        head = tr(wrong_key, locale, answer=label(code), best=best)
    return [head, tr(why_key, locale), explanation]
