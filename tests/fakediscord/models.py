# Waiting helpers deliberately take ``timeout=`` (the test-facing API reads better that way).
# ruff: noqa: ASYNC109
"""Data model of the fake: users, guilds, channels, messages, interactions and violations.

Everything here is plain Python state owned by one :class:`~fakediscord.server.FakeDiscord`.
The ``payload()`` methods render Discord API JSON (snowflakes as strings) in the shape
discord.py parses.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import FakeDiscord

JSON = dict[str, Any]


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and scalars): ``copy.deepcopy`` keeps a memo for
    shared and cyclic objects JSON never has, and took a tenth of a test's time in the fake."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


DISCORD_EPOCH_MS = 1_420_070_400_000

# Message flags (https://discord.com/developers/docs/resources/message#message-object-message-flags)
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
APPLICATION_COMMAND_AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction context types and installation (integration) types
# (developers/interactions/receiving-and-responding.mdx: "Interaction Context Types";
# developers/resources/application.mdx: "Application Integration Types").
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1
CONTEXT_PRIVATE_CHANNEL = 2
GUILD_INSTALL = 0
USER_INSTALL = 1

# Interaction callback types
CB_PONG = 1
CB_CHANNEL_MESSAGE = 4
CB_DEFERRED_CHANNEL_MESSAGE = 5
CB_DEFERRED_UPDATE_MESSAGE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE_RESULT = 8
CB_MODAL = 9
CB_LAUNCH_ACTIVITY = 12

# Channel types
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GROUP_DM = 3
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11


class FakeDiscordError(AssertionError):
    """A test used the fake wrongly, or something Discord would never allow a user to do.

    Subclasses ``AssertionError`` so pytest reports it as a plain test failure.
    """


class SnowflakeGenerator:
    """Time-based, strictly increasing snowflakes (like Discord's, worker/process bits zero)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def for_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh snowflake whose guild shard ``(id >> 22) % shard_count`` is ``shard_id``."""
        value = self()
        while (value >> 22) % shard_count != shard_id:
            self._last = ((value >> 22) + 1) << 22
            value = self._last
        return value


def snowflake_time(snowflake: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=dt.UTC)


def iso(moment: dt.datetime | None = None) -> str:
    return (moment or dt.datetime.now(dt.UTC)).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    accepts_dms: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    color: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    nick: str | None = None
    roles: list[FakeRole] = field(default_factory=list)
    joined_at: str = field(default_factory=iso)
    #: Explicit permission bits; ``None`` = computed from @everyone and ``roles``.
    permissions_override: int | None = None

    @property
    def id(self) -> int:
        return self.user.id

    def permissions(self) -> int:
        if self.permissions_override is not None:
            return self.permissions_override
        if self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        value = self.guild.everyone_role.permissions
        for role in self.roles:
            value |= role.permissions
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return value

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> JSON:
        data: JSON = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "avatar_decoration_data": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions())
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    locale: str
    owner_id: int
    everyone_role: FakeRole
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    #: False: the server never installed the bot (it is not a member; only user installs
    #: reach it, see ``FakeDiscord.add_guild(bot_installed=False)``).
    bot_installed: bool = True

    def member(self, user: FakeUser | int) -> FakeMember:
        uid = user if isinstance(user, int) else user.id
        try:
            return self.members[uid]
        except KeyError:
            raise FakeDiscordError(f"user {uid} is not a member of guild {self.name!r}") from None

    def payload(self, *, include_members: list[FakeMember]) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.everyone_role.payload(), *(r.payload() for r in self.roles)],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "joined_at": iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in include_members],
            "channels": [c.payload() for c in self.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild: FakeGuild | None = None
    #: For the bot's DM channels: the (non-bot) recipient.
    recipient: FakeUser | None = None
    #: For DMs and group DMs between users (the bot is not in them): everyone in it.
    private_members: list[FakeUser] = field(default_factory=list)
    #: For group DMs: the user who made it.
    owner: FakeUser | None = None
    topic: str | None = None
    position: int = 0
    last_message_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_bot_dm(self) -> bool:
        """The DM between the bot and one user (interaction context BOT_DM)."""
        return self.type == DM and self.recipient is not None

    @property
    def is_private_channel(self) -> bool:
        """A DM or group DM between users, without the bot (context PRIVATE_CHANNEL)."""
        return self.type == GROUP_DM or (self.type == DM and self.recipient is None)

    def payload(self, *, permissions: int | None = None, viewer: FakeUser | None = None) -> JSON:
        """The channel object; for DMs between users ``recipients`` leaves out ``viewer``
        (a channel object lists the *other* people in it, developers/resources/channel.mdx
        "Example DM Channel" / "Example Group DM Channel")."""
        data: JSON
        last = str(self.last_message_id) if self.last_message_id else None
        if self.is_private_channel:
            others = [u for u in self.private_members if viewer is None or u.id != viewer.id]
            data = {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": last,
                "recipients": [u.payload() for u in others],
                "flags": 0,
            }
            if self.type == GROUP_DM:
                data["name"] = self.name
                data["icon"] = None
                data["owner_id"] = str((self.owner or self.private_members[0]).id)
        elif self.type == DM:
            data = {
                "id": str(self.id),
                "type": DM,
                "last_message_id": last,
                "recipients": [self.recipient.payload()] if self.recipient else [],
                "flags": 0,
            }
        else:
            assert self.guild is not None
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "nsfw": False,
                "topic": self.topic,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "rate_limit_per_user": 0,
                "parent_id": None,
                "flags": 0,
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file; ``data`` holds the exact bytes the client sent."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": self.ephemeral,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


def iter_components(components: list[JSON]) -> Iterator[JSON]:
    """Depth-first walk over a component tree (action rows, v2 containers, sections, labels)."""
    for comp in components:
        yield comp
        for key in ("components",):
            children = comp.get(key)
            if isinstance(children, list):
                yield from iter_components(children)
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


def readable_text(data: JSON) -> str:
    """What a person reads in a message: its content, then its V2 text displays in order."""
    parts = [str(data.get("content") or "")]
    parts += [
        str(c.get("content") or "")
        for c in iter_components(list(data.get("components") or []))
        if c.get("type") == 10
    ]
    return "\n".join(part for part in parts if part)


class FakeMessage:
    """A message stored by the fake, always showing its latest state (edits applied).

    Behaves like a read-only mapping over the Discord message JSON (``msg["content"]``) and
    offers helpers for components and attachments. ``history`` holds earlier versions.
    """

    def __init__(
        self,
        *,
        data: JSON,
        channel: FakeChannel,
        attachments: list[FakeAttachment],
        ephemeral_for: FakeUser | None = None,
        interaction: InteractionRecord | None = None,
    ) -> None:
        self.data = data
        self.channel = channel
        self.attachments_store = attachments
        self.ephemeral_for = ephemeral_for
        self.interaction = interaction
        self.history: list[JSON] = []
        self.deleted = False
        #: The users this message notified when it was posted (see ``FakeDiscord._pinged``).
        self.pinged: list[int] = []
        #: When users last saw this message change (``time.monotonic()``): created or edited.
        self.changed_at = time.monotonic()

    # -- mapping-ish access ---------------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __repr__(self) -> str:
        content = self.content
        short = content if len(content) <= 40 else content[:37] + "..."
        return (
            f"<FakeMessage id={self.id} channel={self.channel.id} content={short!r} "
            f"ephemeral={self.ephemeral} edits={self.edit_count}>"
        )

    # -- properties -------------------------------------------------------------------------
    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def text(self) -> str:
        """What a player reads: the content and the V2 text displays (see :func:`readable_text`),
        then the embeds' words."""
        parts = [readable_text(self.data)]
        for embed in self.embeds:
            parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
            for f in embed.get("fields") or []:
                parts += [str(f.get("name") or ""), str(f.get("value") or "")]
            parts.append(str((embed.get("footer") or {}).get("text") or ""))
        return "\n".join(part for part in parts if part)

    @property
    def components(self) -> list[JSON]:
        return list(self.data.get("components") or [])

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking…" placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def author_id(self) -> int:
        return int(self.data["author"]["id"])

    @property
    def attachments(self) -> list[FakeAttachment]:
        return list(self.attachments_store)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    def payload(self) -> JSON:
        """A deep copy of the current message JSON."""
        return json_copy(self.data)

    # -- components ---------------------------------------------------------------------------
    def iter_components(self) -> Iterator[JSON]:
        return iter_components(self.components)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def buttons(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def selects(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def find_components(
        self,
        custom_id: str | None = None,
        *,
        prefix: str | None = None,
        label: str | None = None,
        type: int | None = None,
        predicate: Callable[[JSON], bool] | None = None,
    ) -> list[JSON]:
        """Interactive components matching all given criteria (exact id, id prefix, label, type)."""
        found = []
        for comp in self.iter_components():
            if comp.get("type") in (1, 9, 17, 18):  # rows, sections, containers, labels
                continue
            cid = comp.get("custom_id")
            if custom_id is not None and cid != custom_id:
                continue
            if prefix is not None and not (isinstance(cid, str) and cid.startswith(prefix)):
                continue
            if label is not None and comp.get("label") != label:
                continue
            if type is not None and comp.get("type") != type:
                continue
            if predicate is not None and not predicate(comp):
                continue
            found.append(comp)
        return found

    def find_component(
        self,
        custom_id: str | None = None,
        *,
        prefix: str | None = None,
        label: str | None = None,
        type: int | None = None,
        predicate: Callable[[JSON], bool] | None = None,
    ) -> JSON:
        """Exactly one component matching the criteria, else :class:`FakeDiscordError`."""
        found = self.find_components(
            custom_id, prefix=prefix, label=label, type=type, predicate=predicate
        )
        if len(found) != 1:
            described = ", ".join(
                f"{c.get('type')}:{c.get('custom_id')!r}/{c.get('label')!r}"
                for c in self.iter_components()
                if c.get("type") not in (1, 9, 17, 18)
            )
            raise FakeDiscordError(
                f"expected exactly one component matching custom_id={custom_id!r} prefix={prefix!r} "
                f"label={label!r} type={type!r} on message {self.id}, found {len(found)}; "
                f"components: [{described}]"
            )
        return found[0]

    def attachment(self, which: int | str = 0) -> FakeAttachment:
        """An attachment by index or filename."""
        if isinstance(which, int):
            return self.attachments_store[which]
        for att in self.attachments_store:
            if att.filename == which:
                return att
        raise FakeDiscordError(f"message {self.id} has no attachment named {which!r}")


@dataclass
class Violation:
    """A breach of Discord's rules by the bot (or client), as Discord would have rejected it."""

    rule: str
    message: str
    route: str | None = None
    interaction_id: int | None = None
    detail: Any = None

    def __str__(self) -> str:
        where = f" [{self.route}]" if self.route else ""
        inter = f" (interaction {self.interaction_id})" if self.interaction_id else ""
        return f"{self.rule}: {self.message}{where}{inter}"


@dataclass
class UnhandledRequest:
    method: str
    path: str
    query: str
    body: Any

    def __str__(self) -> str:
        q = f"?{self.query}" if self.query else ""
        return f"{self.method} {self.path}{q}"


class InteractionRecord:
    """One interaction the fake dispatched, and everything the bot did in reply.

    ``response_type`` is the callback type of the (single) initial response, ``message`` the
    message it created or edited (updated as the bot edits @original), ``followups`` the
    follow-up messages. ``modal`` / ``choices`` hold a modal (type 9) or autocomplete
    choices (type 8).
    """

    def __init__(
        self,
        *,
        fake: FakeDiscord,
        id: int,
        token: str,
        type: int,
        payload: JSON,
        user: FakeUser,
        channel: FakeChannel,
        source_message: FakeMessage | None,
        name: str | None,
    ) -> None:
        self._fake = fake
        self.id = id
        self.token = token
        self.type = type
        self.payload = payload
        self.user = user
        self.channel = channel
        self.source_message = source_message
        self.name = name
        self.dispatched_at: float = time.monotonic()
        self.responded_at: float | None = None
        self.response_type: int | None = None
        self.response_data: JSON | None = None
        self.message: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.modal: JSON | None = None
        self.choices: list[JSON] | None = None
        #: Whether the response was private (see :attr:`ephemeral`).
        self.responded_privately = False
        #: A deferred (type 5) placeholder not yet filled by an edit or the first follow-up.
        self.deferred_placeholder: FakeMessage | None = None
        self.expect_no_response = False
        self.violations: list[Violation] = []
        #: Discord's clock (``FakeDiscord.clock()``) when the token was issued: it is valid for
        #: 15 minutes (developers/interactions/receiving-and-responding.mdx, "Followup Messages").
        self.issued_at: float = 0.0
        #: Responses forced ephemeral: a user install in a server that did not install the bot
        #: and denies Use External Apps (developers/topics/permissions.mdx, USE_EXTERNAL_APPS).
        self.forced_ephemeral = False

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord id={self.id} type={self.type} name={self.name!r} "
            f"response_type={self.response_type} followups={len(self.followups)}>"
        )

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def context(self) -> int:
        """The interaction context sent (0 server, 1 the bot's DM, 2 DMs/group DMs)."""
        return int(self.payload.get("context", CONTEXT_GUILD))

    @property
    def authorizing_integration_owners(self) -> dict[str, str]:
        return dict(self.payload.get("authorizing_integration_owners") or {})

    @property
    def user_install_only(self) -> bool:
        """Authorized by a user install alone (the server, if any, did not install the app)."""
        return set(self.authorizing_integration_owners) == {str(USER_INSTALL)}

    @property
    def response_delay(self) -> float | None:
        if self.responded_at is None:
            return None
        return self.responded_at - self.dispatched_at

    @property
    def answer(self) -> FakeMessage | None:
        """The message that answers the person: the response message — unless it was a
        "thinking…" taken away for a follow-up (a public acknowledgement whose answer turned
        out private, as any slow handler's can on a loaded machine), then that follow-up."""
        message = self.message
        if message is not None and message.deleted:
            return next((m for m in self.followups if not m.deleted), message)
        return message

    @property
    def ephemeral(self) -> bool:
        """Whether the answer is private (see :attr:`answer`)."""
        answer = self.answer
        if answer is not None and answer is not self.message:
            return answer.ephemeral
        return self.responded_privately

    @property
    def content(self) -> str:
        """Content of the answer (``""`` when there is none)."""
        answer = self.answer
        return answer.content if answer is not None else ""

    @property
    def text(self) -> str:
        """What the answer says to a person: content and V2 text displays."""
        answer = self.answer
        return answer.text if answer is not None else ""

    @property
    def components(self) -> list[JSON]:
        answer = self.answer
        return answer.components if answer is not None else []

    @property
    def embeds(self) -> list[JSON]:
        answer = self.answer
        return answer.embeds if answer is not None else []

    @property
    def deferred(self) -> bool:
        return self.response_type in (CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE)

    @property
    def all_messages(self) -> list[FakeMessage]:
        """The response message (if any) followed by follow-ups, without duplicates."""
        out: list[FakeMessage] = []
        for m in [self.message, *self.followups]:
            if m is not None and all(m is not o for o in out):
                out.append(m)
        return out

    async def wait_response(self, timeout: float | None = None) -> InteractionRecord:
        """Wait for the initial response; raises :class:`FakeDiscordError` on timeout."""
        limit = timeout if timeout is not None else self._fake.response_deadline + 2.0
        await self.wait_until(lambda r: r.responded, timeout=limit, what="an initial response")
        return self

    async def wait_complete(self, timeout: float = 5.0) -> InteractionRecord:
        """Wait for the initial response and, after a type 5 defer, for the "thinking…"
        message to be filled (by an @original edit or the first follow-up) or taken away for
        a follow-up (a public "thinking…" whose answer turned out private)."""
        await self.wait_until(lambda r: r.complete, timeout=timeout, what="a complete response")
        return self

    @property
    def complete(self) -> bool:
        """Responded, and no "thinking…" left: filled, or taken away for a follow-up."""
        placeholder = self.deferred_placeholder
        return self.responded and (
            placeholder is None or (placeholder.deleted and bool(self.followups))
        )

    @property
    def shown(self) -> list[FakeMessage]:
        """What the interaction left for people to read: its response (unless deleted) and
        its follow-ups. Under load a handler slower than the bot's answer-first limit says
        "thinking…" first, so its answer may be either."""
        return [m for m in self.all_messages if not m.deleted]

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        await self.wait_until(
            lambda r: len(r.followups) >= count, timeout=timeout, what=f"{count} follow-up(s)"
        )
        return self.followups

    async def wait_until(
        self,
        predicate: Callable[[InteractionRecord], bool],
        timeout: float = 5.0,
        what: str = "the condition",
    ) -> InteractionRecord:
        try:
            await self._fake.wait_until(lambda: predicate(self), timeout=timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f"timed out after {timeout}s waiting for {what} on {self!r}; "
                f"violations so far: {[str(v) for v in self._fake.violations]}; "
                f"client errors: {self._fake.client_error_messages()}"
            ) from None
        return self

    def mark_no_response_expected(self) -> None:
        """Declare that the bot is meant to ignore this interaction (no violation at teardown)."""
        self.expect_no_response = True


@dataclass
class Waiter:
    predicate: Callable[[], bool]
    future: asyncio.Future[None]


# Permission bits used for defaults.
ADMINISTRATOR = 1 << 3
MENTION_EVERYONE = 1 << 17
ATTACH_FILES = 1 << 15
EMBED_LINKS = 1 << 14
USE_EXTERNAL_EMOJIS = 1 << 18
USE_EXTERNAL_APPS = 1 << 50
ALL_PERMISSIONS = (1 << 53) - 1
