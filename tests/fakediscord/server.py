"""``FakeDiscord``: the loopback server, its REST routes, and the test-facing API."""

# Waiting helpers deliberately take ``timeout=`` (the test-facing API reads better that way).
# ruff: noqa: ASYNC109

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, ClassVar

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import BodyPartReader, web

from . import validation as V
from .app_emojis import AppEmoji, AppEmojiStore
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILD_PRESENCES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    GatewayHub,
    GatewaySession,
    IdentifyRecord,
)
from .models import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    ATTACH_FILES,
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    CONTEXT_PRIVATE_CHANNEL,
    DM,
    EMBED_LINKS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GROUP_DM,
    GUILD_INSTALL,
    GUILD_TEXT,
    JSON,
    MENTION_EVERYONE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    USE_EXTERNAL_APPS,
    USE_EXTERNAL_EMOJIS,
    USER_INSTALL,
    FakeAttachment,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    SnowflakeGenerator,
    UnhandledRequest,
    Violation,
    Waiter,
    iso,
    json_copy,
    readable_text,
    snowflake_time,
)
from .pace import load_factor

log = logging.getLogger("fakediscord")

API_PREFIX = "/api/v10"

DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_external_stickers=True,
    use_application_commands=True,
    # "enabled for servers by default" (developers/change-log.mdx, User-Installed Apps GA).
    use_external_apps=True,
    create_instant_invite=True,
    change_nickname=True,
    connect=True,
    speak=True,
).value
DEFAULT_BOT_PERMISSIONS = (
    DEFAULT_EVERYONE_PERMISSIONS
    | discord.Permissions(manage_messages=True, manage_threads=True, embed_links=True).value
)

#: Flags a bot may set when creating a message (ephemeral only through interactions).
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_CREATE_FLAGS = CREATE_FLAGS | FLAG_EPHEMERAL

MENTION_RE = re.compile(r"<@!?(\d+)>")
#: Interaction tokens are valid for 15 minutes (developers/interactions/
#: receiving-and-responding.mdx, "Followup Messages").
TOKEN_LIFETIME_SECONDS = 15 * 60
#: "Apps are limited to 5 followup messages per interaction if it was initiated from a
#: user-installed app and isn't installed in the server" (receiving-and-responding.mdx,
#: "Create Followup Message"); the error is 40094 (topics/opcodes-and-status-codes.mdx).
USER_INSTALL_FOLLOWUP_LIMIT = 5
#: What ``app_permissions`` holds in (G)DMs with other users (receiving-and-responding.mdx,
#: Interaction Structure, note ***); the bot's DM adds USE_EXTERNAL_EMOJIS.
PRIVATE_CHANNEL_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
#: Discord checks an enforced nonce for uniqueness "in the past few minutes".
NONCE_WINDOW_SECONDS = 300.0
MAX_NONCE = 25

ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_MODAL}),
    MESSAGE_COMPONENT: frozenset(
        {
            CB_CHANNEL_MESSAGE,
            CB_DEFERRED_CHANNEL_MESSAGE,
            CB_DEFERRED_UPDATE_MESSAGE,
            CB_UPDATE_MESSAGE,
            CB_MODAL,
        }
    ),
    APPLICATION_COMMAND_AUTOCOMPLETE: frozenset({CB_AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset(
        {
            CB_CHANNEL_MESSAGE,
            CB_DEFERRED_CHANNEL_MESSAGE,
            CB_DEFERRED_UPDATE_MESSAGE,
            CB_UPDATE_MESSAGE,
        }
    ),
}

OPTION_SUB_COMMAND = 1
OPTION_SUB_COMMAND_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_BOOLEAN = 5
OPTION_USER = 6
OPTION_CHANNEL = 7
OPTION_ROLE = 8
OPTION_MENTIONABLE = 9
OPTION_NUMBER = 10
OPTION_ATTACHMENT = 11


@dataclass
class UploadedFile:
    index: int
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RestRequest:
    method: str
    path: str
    params: dict[str, str]
    query: Mapping[str, str]
    body: Any
    files: list[UploadedFile]
    headers: Mapping[str, str]

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    def int_param(self, name: str) -> int:
        return int(self.params[name])


@dataclass
class RequestLog:
    method: str
    path: str
    query: str
    body: Any
    authorized: bool
    status: int = 0
    #: When it arrived (``time.monotonic()``): how a client paces its calls.
    at: float = field(default_factory=time.monotonic)


@dataclass
class SyncRecord:
    """One bulk overwrite of application commands (``tree.sync()``)."""

    guild_id: int | None
    payload: list[JSON]
    result: list[JSON]


@dataclass
class Injection:
    method: str
    pattern: re.Pattern[str]
    status: int
    body: Any
    headers: dict[str, str]
    remaining: int


@dataclass(eq=False)
class ClientRun:
    client: discord.Client
    task: asyncio.Task[None]
    shards: set[tuple[int, int]]
    identify_start: int
    errors: list[BaseException] = field(default_factory=list)


Handler = Callable[[RestRequest], Awaitable[web.StreamResponse]]


def json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (discord.py compares)."""
    hdrs = {"Content-Type": "application/json"}
    if headers:
        hdrs.update(headers)
    return web.Response(
        body=json.dumps(data, ensure_ascii=False).encode("utf-8"), status=status, headers=hdrs
    )


def error_response(status: int, code: int, message: str) -> web.Response:
    return json_response({"code": code, "message": message}, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


class _ErrorLogCollector(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class FakeDiscord:
    """A loopback Discord (gateway + REST) for driving an unmodified discord.py client.

    See the package docstring for a tour. All state lives on this object; tests mutate it with
    ``add_*`` helpers and act as users with :meth:`slash`, :meth:`click`, :meth:`select`,
    :meth:`submit_modal`, etc.
    """

    _active: ClassVar[FakeDiscord | None] = None

    def __init__(
        self,
        *,
        token: str = "fake-token",
        bot_name: str = "Asobiba",
        shard_count: int = 1,
        response_deadline: float = 3.0,
        heartbeat_interval: float = 41.25,
        privileged_intents: int = PRIVILEGED_INTENTS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        attachment_size_limit: int = 10 * 1024 * 1024,
        capture_client_errors: bool = True,
        assert_clean_on_exit: bool = True,
        reaction_time: float = 0.02,
        refuse_v2_webhook_files: bool = False,
        pace: Callable[[], float] = load_factor,
    ) -> None:
        self.token = token
        #: How many of this machine's seconds a quiet machine's second takes now
        #: (:mod:`.pace`): ``response_deadline`` and every wait's timeout are a quiet
        #: machine's seconds, so a loaded machine is not taken for a slow bot.
        self.pace = pace
        #: Whether a follow-up (Execute Webhook) with IS_COMPONENTS_V2 and files is refused
        #: (400): developers/resources/webhook.mdx says so ("Providing `content`, `embeds`,
        #: `files[n]` or `poll` will fail with a 400 BAD REQUEST response"); the components
        #: reference has V2 cards show uploaded files, and Create Message's same footnote lost
        #: `files[n]` in discord-api-docs #8301 ("files can be included in components v2
        #: messages"). The default follows those: files go with V2.
        self.refuse_v2_webhook_files = refuse_v2_webhook_files
        #: A user acts on a message (click, select) or a modal no sooner than this after it
        #: appeared or changed — as no person can. Without it the component interaction could
        #: overtake, over the gateway, the HTTP response that showed the component, which
        #: discord.py must read before it registers a non-persistent ``View`` (``store_view``
        #: runs after ``create_interaction_response`` returns): the interaction then finds no
        #: view and is never answered. Which socket the event loop serves first is not
        #: specified (it differs between Python 3.11 and 3.12+), so the fake must not depend on it.
        self.reaction_time = reaction_time
        self.assert_clean_on_exit = assert_clean_on_exit
        self.shard_count = shard_count
        self.response_deadline = response_deadline
        self.privileged_intents = privileged_intents
        self.bot_permissions = bot_permissions
        self.attachment_size_limit = attachment_size_limit
        self.capture_client_errors = capture_client_errors

        self.snowflake = SnowflakeGenerator()
        self.application_id = self.snowflake()
        #: The application's own emojis (``/applications/{id}/emojis``).
        self.app_emojis = AppEmojiStore()
        self.bot_user = FakeUser(id=self.application_id, username=bot_name, bot=True)
        self.owner = FakeUser(id=self.snowflake(), username="app-owner")

        self.users: dict[int, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.owner.id: self.owner,
        }
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        #: (author, nonce) -> (message, when): posts with ``enforce_nonce`` made once.
        self.nonces: dict[tuple[int, str], tuple[FakeMessage, float]] = {}
        #: How many posts repeated a nonce and got the first message back.
        self.nonce_repeats = 0
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.ephemeral: list[FakeMessage] = []
        self.uploads: dict[int, FakeAttachment] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.syncs: list[SyncRecord] = []

        self.violations: list[Violation] = []
        self.unhandled: list[UnhandledRequest] = []
        self.requests: list[RequestLog] = []
        #: Every REST request under the API prefix, as parsed (see :meth:`rest_calls_to`).
        self.rest_requests: list[RestRequest] = []
        #: Ids of users who added the app to their account (:meth:`install_for_user`).
        self.user_installs: set[int] = set()
        #: Invite codes, to the server each leads to (``add_invite``).
        self.invites: dict[str, FakeGuild] = {}
        #: Calls with an interaction token older than 15 minutes (answered 401, 50027).
        self.expired_token_requests: list[RestRequest] = []
        #: Seconds Discord's clock is ahead of ``time.monotonic()`` (:meth:`advance`).
        self._clock_offset = 0.0
        self.client_errors: list[logging.LogRecord] = []

        self.gateway = GatewayHub(self, heartbeat_interval_ms=int(heartbeat_interval * 1000))
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        self._injections: list[Injection] = []
        self._waiters: list[Waiter] = []
        self._runs: list[ClientRun] = []
        self._timers: list[asyncio.TimerHandle] = []
        self._outbox: list[
            tuple[int | None, str, JSON | Callable[[GatewaySession], JSON | None], int]
        ] = []
        self._outbox_lock: asyncio.Lock | None = None
        self._flush_task: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self._log_handler: _ErrorLogCollector | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.base_url = ""
        self.gateway_url = ""
        self._register_routes()

    # =========================================================================================
    # Lifecycle
    # =========================================================================================
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close(check_pending=exc_type is None)
        if exc_type is None and self.assert_clean_on_exit:
            self.assert_clean()

    async def start(self) -> None:
        if FakeDiscord._active is not None:
            raise FakeDiscordError("another FakeDiscord is already running in this process")
        try:
            await self._start()
        except BaseException:
            await self.close(check_pending=False)
            raise

    async def _start(self) -> None:
        self._outbox_lock = asyncio.Lock()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        app.router.add_route("*", "/{tail:.*}", self._rest_entry)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"
        self.gateway_url = f"ws://{host}:{port}/gateway"

        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        FakeDiscord._active = self
        if self.capture_client_errors:
            self._log_handler = _ErrorLogCollector(self.client_errors)
            logging.getLogger("discord").addHandler(self._log_handler)

    async def close(self, *, check_pending: bool = True) -> None:
        """Stop all clients, the server, and restore discord.py's URLs."""
        try:
            if check_pending:
                await self._await_pending_interactions()
            for run in list(reversed(self._runs)):
                await self.stop_client(run.client, raise_errors=False)
            await self._sweep_discord_tasks()
            if self._flush_task is not None and not self._flush_task.done():
                self._flush_task.cancel()
                await asyncio.gather(self._flush_task, return_exceptions=True)
            for timer in self._timers:
                timer.cancel()
            self._timers.clear()
            await self.gateway.close_all()
            if self._runner is not None:
                await self._runner.cleanup()
                self._runner = None
        finally:
            if self._saved is not None:
                discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = (
                    self._saved
                )
                self._saved = None
            if FakeDiscord._active is self:
                FakeDiscord._active = None
            if self._log_handler is not None:
                logging.getLogger("discord").removeHandler(self._log_handler)
                self._log_handler = None

    def _outstanding(self) -> list[InteractionRecord]:
        """Interactions still owed something: an initial response, or the content of a
        deferred "thinking…" message."""
        return [
            r
            for r in self.interactions.values()
            if not r.expect_no_response
            and (
                (
                    not r.responded
                    and not any(v.rule.startswith("interaction.") for v in r.violations)
                )
                or (r.deferred_placeholder is not None and not r.deferred_placeholder.deleted)
            )
        ]

    async def _await_pending_interactions(self) -> None:
        """At shutdown: give unfinished interactions up to ``response_deadline`` to finish,
        then flag them."""
        if not self._outstanding():
            return
        with contextlib.suppress(TimeoutError):
            await self.wait_until(lambda: not self._outstanding(), timeout=self.response_deadline)
        for rec in self._outstanding():
            if not rec.responded:
                self._check_no_response(rec)
            else:
                self.record_violation(
                    "interaction.deferred_never_completed",
                    f"deferred response to {rec.name or rec.type!r} was never followed up or "
                    "edited (users see 'thinking…' until it fails)",
                    interaction=rec,
                )

    # =========================================================================================
    # Clients
    # =========================================================================================
    def _expected_shards(self, client: discord.Client) -> set[tuple[int, int]]:
        if isinstance(client, discord.AutoShardedClient):
            count = client.shard_count or self.shard_count
            ids = client.shard_ids or range(count)
            return {(i, count) for i in ids}
        if client.shard_id is not None and client.shard_count:
            return {(client.shard_id, client.shard_count)}
        return {(0, 1)}

    async def run_client(
        self,
        client: discord.Client,
        *,
        token: str | None = None,
        wait_for_sync: bool = False,
        wait_ready: bool = False,
        timeout: float = 10.0,
    ) -> asyncio.Task[None]:
        """Start ``client.start(token)`` in a task and wait until every shard has IDENTIFYed
        (READY and GUILD_CREATEs sent). A ``tree.sync()`` in ``setup_hook`` is complete by
        then; pass ``wait_for_sync=True`` if the bot syncs later (e.g. in ``on_ready``), and
        ``wait_ready=True`` to also wait for ``on_ready`` (~2 s: discord.py waits
        ``guild_ready_timeout`` after the last GUILD_CREATE).
        """
        if self._runner is None:
            raise FakeDiscordError("FakeDiscord is not started (use `async with FakeDiscord()`)")
        shards = self._expected_shards(client)
        run = ClientRun(
            client=client,
            task=asyncio.create_task(
                client.start(token if token is not None else self.token),
                name=f"fakediscord-client-{type(client).__name__}",
            ),
            shards=shards,
            identify_start=len(self.gateway.identifies),
        )
        sync_start = len(self.syncs)
        run.task.add_done_callback(lambda _t: self.notify())
        self._runs.append(run)

        def identified() -> bool:
            done = {rec.shard for rec in self.gateway.identifies[run.identify_start :]}
            return run.task.done() or shards <= done

        await self._wait_or_fail(
            identified, timeout, f"{type(client).__name__} to IDENTIFY {sorted(shards)}"
        )
        await self._raise_if_client_died(run)
        if wait_for_sync:
            await self._wait_or_fail(
                lambda: run.task.done() or len(self.syncs) > sync_start,
                timeout,
                "the client to sync its application commands",
            )
            await self._raise_if_client_died(run)
        if wait_ready:
            try:
                await asyncio.wait_for(client.wait_until_ready(), timeout)
            except TimeoutError:
                raise FakeDiscordError(f"client not ready after {timeout}s") from None
        return run.task

    async def _raise_if_client_died(self, run: ClientRun) -> None:
        if run.task.done():
            self._runs.remove(run)
            exc = None if run.task.cancelled() else run.task.exception()
            # e.g. LoginFailure leaves discord.py's HTTP session open.
            await run.client.close()
            await self._tidy_client(run.client)
            raise FakeDiscordError(f"client stopped during startup: {exc!r}") from exc

    async def stop_client(
        self, client: discord.Client, *, timeout: float = 10.0, raise_errors: bool = True
    ) -> None:
        """``await client.close()``, wait for its ``start()`` task, and tidy discord.py leftovers."""
        run = next((r for r in self._runs if r.client is client), None)
        await client.close()
        if run is None:
            return
        self._runs.remove(run)
        error: BaseException | None = None
        try:
            await asyncio.wait_for(asyncio.shield(run.task), timeout)
        except TimeoutError:
            run.task.cancel()
            error = FakeDiscordError(f"client did not stop within {timeout}s")
        except asyncio.CancelledError:
            if not run.task.cancelled():
                raise
        except Exception as exc:
            error = exc
        await self._tidy_client(client)
        if error is not None:
            if raise_errors:
                raise FakeDiscordError(f"client exited with an error: {error!r}") from error
            log.warning("client exited with an error: %r", error)

    @staticmethod
    async def _tidy_client(client: discord.Client) -> None:
        """Cancel what discord.py leaves running after ``close()``: the on_ready countdown
        task(s) and the timeout tasks of views that are still listening."""
        state: Any = client._connection
        tasks: list[asyncio.Task[Any] | None] = [getattr(state, "_ready_task", None)]
        tasks += list(getattr(state, "_ready_tasks", {}).values())
        store: Any = getattr(state, "_view_store", None)
        if store is not None:
            views: set[Any] = {
                item.view
                for items in store._views.values()
                for item in items.values()
                if item.view is not None
            }
            views |= set(store._synced_message_views.values()) | set(store._modals.values())
            for view in views:
                tasks.append(getattr(view, "_BaseView__timeout_task", None))
                view.stop()
        pending = [t for t in tasks if t is not None and not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    #: Coroutines discord.py leaves sleeping after ``close()``: timeouts of views that were
    #: replaced by an edit (no longer in any view store) and the on_ready countdowns.
    _LINGERING_CORO_NAMES: ClassVar[frozenset[str]] = frozenset(
        {
            "BaseView.__timeout_task_impl",
            "ConnectionState._delay_ready",
            "AutoShardedConnectionState._delay_ready",
            "AutoShardedConnectionState._delay_shard_ready",
        }
    )

    async def _sweep_discord_tasks(self) -> None:
        if self._runs:
            return  # a client is still running; its tasks are legitimate
        lingering = [
            t
            for t in asyncio.all_tasks()
            if not t.done()
            and getattr(t.get_coro(), "__qualname__", "") in self._LINGERING_CORO_NAMES
        ]
        for t in lingering:
            t.cancel()
        if lingering:
            await asyncio.gather(*lingering, return_exceptions=True)

    # =========================================================================================
    # Waiting / notification
    # =========================================================================================
    def notify(self) -> None:
        """Re-evaluate everything :meth:`wait_until` is waiting on."""
        for waiter in list(self._waiters):
            if waiter.future.done():
                continue
            try:
                ok = waiter.predicate()
            except Exception as exc:
                waiter.future.set_exception(exc)
                continue
            if ok:
                waiter.future.set_result(None)

    def deadline(self) -> float:
        """``response_deadline`` in this machine's seconds now (see ``pace``)."""
        return self.response_deadline * self.pace()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait until ``predicate()`` holds (re-checked whenever the fake's state changes),
        for at most ``timeout`` seconds of a quiet machine (see ``pace``).

        Raises ``TimeoutError``.
        """
        if predicate():
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiter = Waiter(predicate, future)
        self._waiters.append(waiter)
        try:
            await asyncio.wait_for(future, timeout * self.pace())
        finally:
            self._waiters.remove(waiter)

    async def _wait_or_fail(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        try:
            await self.wait_until(predicate, timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f"timed out after {timeout}s waiting for {what}; unhandled requests: "
                f"{[str(u) for u in self.unhandled]}; violations: {[str(v) for v in self.violations]}; "
                f"client errors: {self.client_error_messages()}"
            ) from None

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        timeout: float = 5.0,
    ) -> FakeMessage:
        """The newest public message in ``channel`` matching ``predicate`` (waits for one)."""
        found: list[FakeMessage] = []

        def check() -> bool:
            for msg in reversed(self.messages_in(channel)):
                if predicate is None or predicate(msg):
                    found.append(msg)
                    return True
            return False

        await self._wait_or_fail(check, timeout, f"a matching message in #{channel.name}")
        return found[-1]

    # =========================================================================================
    # Violations and checks
    # =========================================================================================
    def record_violation(
        self,
        rule: str,
        message: str,
        *,
        route: str | None = None,
        interaction: InteractionRecord | None = None,
        detail: Any = None,
    ) -> Violation:
        violation = Violation(
            rule=rule,
            message=message,
            route=route,
            interaction_id=interaction.id if interaction else None,
            detail=detail,
        )
        self.violations.append(violation)
        if interaction is not None:
            interaction.violations.append(violation)
        log.warning("Discord rule violation: %s", violation)
        self.notify()
        return violation

    def take_violations(self) -> list[Violation]:
        """Return and clear the recorded violations (for tests that provoke them on purpose)."""
        out, self.violations = self.violations, []
        return out

    def take_client_errors(self) -> list[logging.LogRecord]:
        out, self.client_errors[:] = list(self.client_errors), []
        return out

    def client_error_messages(self) -> list[str]:
        out = []
        for rec in self.client_errors:
            text = rec.getMessage()
            if rec.exc_info and rec.exc_info[1] is not None:
                text += f" ({rec.exc_info[1]!r})"
            out.append(text)
        return out

    def problems(self) -> list[str]:
        return (
            [f"violation: {v}" for v in self.violations]
            + [f"unimplemented route: {u}" for u in self.unhandled]
            + [f"client error log: {m}" for m in self.client_error_messages()]
        )

    def assert_clean(self) -> None:
        """Fail if Discord rules were broken, unimplemented routes hit, or the client logged errors."""
        problems = self.problems()
        if problems:
            raise FakeDiscordError("fake Discord saw problems:\n  " + "\n  ".join(problems))

    def _check_no_response(self, rec: InteractionRecord) -> None:
        if rec.responded or rec.expect_no_response:
            return
        if any(v.rule == "interaction.no_response" for v in rec.violations):
            return
        self.record_violation(
            "interaction.no_response",
            f"no initial response within {self.response_deadline}s to {rec.name or rec.type!r} "
            "(users see 'This interaction failed')",
            interaction=rec,
        )

    # =========================================================================================
    # World building
    # =========================================================================================
    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        shard: int | None = None,
        bot_installed: bool = True,
    ) -> FakeGuild:
        """A guild, by default one the bot is in. ``shard`` picks an id that lands on that
        shard (out of ``shard_count``).

        ``bot_installed=False``: the server never installed the bot, so the bot is not a
        member, the gateway never tells the bot about it, and every REST call on it or its
        channels answers 403 50001 (and is a ``rest.no_access`` violation). Users who installed
        the app to their account can still use its commands there (developers/resources/
        application.mdx, "Installation Context")."""
        gid = (
            self.snowflake() if shard is None else self.snowflake.for_shard(shard, self.shard_count)
        )
        everyone = FakeRole(
            id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions
        )
        guild = FakeGuild(
            id=gid,
            name=name,
            locale=locale,
            owner_id=(owner or self.owner).id,
            everyone_role=everyone,
            bot_installed=bot_installed,
        )
        self.guilds[gid] = guild
        if owner is not None:
            guild.members[owner.id] = FakeMember(user=owner, guild=guild)
        if not bot_installed:
            return guild
        bot_role = FakeRole(
            id=self.snowflake(),
            guild_id=gid,
            name=self.bot_user.username,
            permissions=self.bot_permissions,
            position=1,
            managed=True,
        )
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = FakeMember(
            user=self.bot_user, guild=guild, roles=[bot_role]
        )

        def guild_create(session: GatewaySession) -> JSON:
            return self.guild_create_payload(guild, session)

        self._queue_event(gid, "GUILD_CREATE", guild_create, INTENT_GUILDS)
        return guild

    def add_text_channel(
        self, guild: FakeGuild, name: str, *, topic: str | None = None
    ) -> FakeChannel:
        channel = FakeChannel(
            id=self.snowflake(),
            name=name,
            type=GUILD_TEXT,
            guild=guild,
            topic=topic,
            position=len(guild.channels),
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        self._queue_event(guild.id, "CHANNEL_CREATE", channel.payload(), INTENT_GUILDS)
        return channel

    def add_role(
        self, guild: FakeGuild, name: str, *, permissions: int = 0, color: int = 0
    ) -> FakeRole:
        role = FakeRole(
            id=self.snowflake(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            position=len(guild.roles) + 1,
            color=color,
        )
        guild.roles.append(role)
        self._queue_event(
            guild.id,
            "GUILD_ROLE_CREATE",
            {"guild_id": str(guild.id), "role": role.payload()},
            INTENT_GUILDS,
        )
        return role

    def add_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        locale: str = "en-US",
        guilds: Iterable[FakeGuild] | None = None,
        bot: bool = False,
        accepts_dms: bool = True,
    ) -> FakeUser:
        """A user; by default a member of every guild added so far."""
        user = FakeUser(
            id=self.snowflake(),
            username=username,
            global_name=global_name,
            bot=bot,
            locale=locale,
            accepts_dms=accepts_dms,
        )
        self.users[user.id] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        nick: str | None = None,
        roles: Sequence[FakeRole] = (),
        permissions: int | None = None,
    ) -> FakeMember:
        member = FakeMember(
            user=user, guild=guild, nick=nick, roles=list(roles), permissions_override=permissions
        )
        guild.members[user.id] = member
        self._queue_event(
            guild.id,
            "GUILD_MEMBER_ADD",
            {**member.payload(), "guild_id": str(guild.id)},
            INTENT_GUILD_MEMBERS,
        )
        return member

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created on first use, like Discord)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(
                id=self.snowflake(), name=f"dm-{user.username}", type=DM, recipient=user
            )
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
            self.channel_messages[channel.id] = []
        return channel

    def install_for_user(self, user: FakeUser) -> None:
        """``user`` added the app to their account (a user install): its user-installable
        commands follow them into every server, DM and group DM (developers/resources/
        application.mdx, "User Context")."""
        self.user_installs.add(user.id)

    def set_external_apps(self, guild: FakeGuild, allowed: bool) -> None:
        """The server's "Use External Apps" permission for @everyone (on by default). Denied,
        a user-installed app that the server did not install answers only ephemerally
        (developers/topics/permissions.mdx, USE_EXTERNAL_APPS)."""
        role = guild.everyone_role
        if allowed:
            role.permissions |= USE_EXTERNAL_APPS
        else:
            role.permissions &= ~USE_EXTERNAL_APPS

    def add_invite(self, guild: FakeGuild, code: str | None = None) -> str:
        """An invite to ``guild`` (``https://discord.gg/<code>``); its code."""
        code = code or f"invite{len(self.invites) + 1}"
        self.invites[code] = guild
        return code

    def close_dms(self, user: FakeUser) -> None:
        """``user`` refuses DMs: the bot's posts to them answer 403 50007."""
        user.accepts_dms = False

    def add_group_dm(self, *users: FakeUser, name: str | None = None) -> FakeChannel:
        """A group DM (channel type 3) between ``users``; the first one made it. Bots cannot
        be in group DMs (developers/topics/oauth2.mdx, "Bot Vs User Accounts"), so every REST
        call on it answers 403 50001."""
        if len(users) < 2:
            raise FakeDiscordError("a group DM needs at least two users")
        return self._private_channel(GROUP_DM, list(users), name or "group-dm")

    def add_private_dm(self, a: FakeUser, b: FakeUser) -> FakeChannel:
        """A DM between two users (type 1), the bot not in it: REST on it answers 403 50001."""
        return self._private_channel(DM, [a, b], f"dm-{a.username}-{b.username}")

    def _private_channel(self, ctype: int, users: list[FakeUser], name: str) -> FakeChannel:
        channel = FakeChannel(
            id=self.snowflake(),
            name=name,
            type=ctype,
            private_members=users,
            owner=users[0] if ctype == GROUP_DM else None,
        )
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        return channel

    def bot_can_access(self, channel: FakeChannel) -> bool:
        """Whether the bot may use REST on ``channel``: a channel of a server that installed
        it, or its own DM."""
        if channel.guild is not None:
            return channel.guild.bot_installed
        return channel.is_bot_dm

    # -- Discord's clock ----------------------------------------------------------------------
    def clock(self) -> float:
        """Discord's notion of time (monotonic seconds, moved on by :meth:`advance`)."""
        return time.monotonic() + self._clock_offset

    def advance(self, seconds: float) -> None:
        """Move Discord's clock on by ``seconds`` (the bot's clock is not touched): interaction
        tokens older than 15 minutes stop working."""
        if seconds < 0:
            raise FakeDiscordError("Discord's clock only moves forward")
        self._clock_offset += seconds
        self.notify()

    def make_attachment(
        self, filename: str, data: bytes | str, *, content_type: str | None = None
    ) -> FakeAttachment:
        """An uploaded file a user can pass as an attachment option."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        aid = self.snowflake()
        att = FakeAttachment(
            id=aid,
            filename=filename,
            data=raw,
            url=f"{self.base_url}/attachments/0/{aid}/{filename}",
            content_type=content_type,
            ephemeral=True,
        )
        self.uploads[aid] = att
        return att

    # -- gateway event outbox (sync world-building may happen while clients are connected) --
    def _queue_event(
        self,
        guild_id: int | None,
        event: str,
        data: JSON | Callable[[GatewaySession], JSON | None],
        intent: int,
    ) -> None:
        if not self.gateway.sessions:
            return
        guild = self.guilds.get(guild_id) if guild_id is not None else None
        if guild is not None and not guild.bot_installed:
            return  # the bot is not a member: the gateway never tells it about this server
        self._outbox.append((guild_id, event, data, intent))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._flush_task is None or self._flush_task.done():
            self._flush_task = loop.create_task(self.flush())

    async def flush(self) -> None:
        """Deliver gateway events queued by the synchronous ``add_*`` helpers."""
        assert self._outbox_lock is not None
        async with self._outbox_lock:
            while self._outbox:
                guild_id, event, data, intent = self._outbox.pop(0)
                await self.gateway.dispatch_to_guild(guild_id, event, data, intent=intent)

    # =========================================================================================
    # Queries
    # =========================================================================================
    def messages_in(
        self, channel: FakeChannel, *, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Public (non-ephemeral) messages in a channel, oldest first, edits applied."""
        msgs = self.channel_messages.get(channel.id, [])
        return [m for m in msgs if include_deleted or not m.deleted]

    def last_message(self, channel: FakeChannel) -> FakeMessage | None:
        msgs = self.messages_in(channel)
        return msgs[-1] if msgs else None

    def ephemeral_messages(self, user: FakeUser | None = None) -> list[FakeMessage]:
        return [
            m
            for m in self.ephemeral
            if not m.deleted
            and (user is None or (m.ephemeral_for is not None and m.ephemeral_for.id == user.id))
        ]

    def visible_messages(self, channel: FakeChannel, user: FakeUser) -> list[FakeMessage]:
        """What ``user`` sees in ``channel``: its messages that are not deleted, without the
        ephemeral ones of other users, oldest first."""
        mine = [
            m
            for m in self.ephemeral
            if m.channel is channel
            and not m.deleted
            and m.ephemeral_for is not None
            and m.ephemeral_for.id == user.id
        ]
        return sorted([*self.messages_in(channel), *mine], key=lambda m: m.id)

    def rest_calls_to(self, channel: FakeChannel) -> list[RestRequest]:
        """Every REST request whose route names ``channel``'s id (``/channels/<id>...``)."""
        pattern = re.compile(rf"/channels/{channel.id}(?:/|$)")
        return [r for r in self.rest_requests if pattern.search(r.path)]

    def invalid_requests(self) -> list[RequestLog]:
        """The REST requests Discord counts against the bot's address: "IP addresses that make
        too many invalid HTTP requests are automatically and temporarily restricted from
        accessing the Discord API. Currently, this limit is 10,000 per 10 minutes. An invalid
        request is one that results in 401, 403, or 429 statuses" (rate-limits.mdx, "Invalid
        Request Limit"; a 429 of the ``shared`` scope is not counted, and the fake sends none)."""
        return [r for r in self.requests if r.status in (401, 403, 429)]

    def refused_dms(self) -> list[RequestLog]:
        """The bot's DMs Discord refused (403 50007 or 50278): its posts to its DM channels
        that were answered 403."""
        dms = {f"/channels/{c.id}/messages" for c in self.dm_channels.values()}
        return [r for r in self.invalid_requests() if r.method == "POST" and r.path in dms]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.messages_in(channel)

    def message(self, message_id: int) -> FakeMessage:
        try:
            return self.messages[message_id]
        except KeyError:
            raise FakeDiscordError(f"no message {message_id}") from None

    def commands(self, guild: FakeGuild | None = None) -> list[JSON]:
        """Application commands as last synced (global, or for ``guild``)."""
        if guild is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(guild.id, []))

    def command(self, name: str, guild: FakeGuild | None = None, *, type: int = 1) -> JSON:
        for cmd in self.commands(guild):
            if cmd["name"] == name and cmd.get("type", 1) == type:
                return cmd
        raise FakeDiscordError(
            f"command {name!r} (type {type}) is not registered "
            f"({'guild ' + guild.name if guild else 'global'}); registered: "
            f"{[c['name'] for c in self.commands(guild)]}"
        )

    @property
    def identifies(self) -> list[IdentifyRecord]:
        return self.gateway.identifies

    # =========================================================================================
    # Payload builders
    # =========================================================================================
    @property
    def application_flags(self) -> int:
        flags = 0
        if self.privileged_intents & INTENT_GUILD_PRESENCES:
            flags |= 1 << 13
        if self.privileged_intents & INTENT_GUILD_MEMBERS:
            flags |= 1 << 15
        if self.privileged_intents & INTENT_MESSAGE_CONTENT:
            flags |= 1 << 19
        return flags

    def bot_user_payload(self) -> JSON:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
        }

    def application_payload(self) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": self.application_flags,
            "rpc_origins": [],
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "approximate_guild_count": sum(g.bot_installed for g in self.guilds.values()),
            "approximate_user_install_count": len(self.user_installs),
            "redirect_uris": [],
        }

    def guild_create_payload(self, guild: FakeGuild, session: GatewaySession) -> JSON:
        if session.has_intent(INTENT_GUILD_PRESENCES):
            members = list(guild.members.values())
        else:
            members = [guild.members[self.bot_user.id]]
        return guild.payload(include_members=members)

    def _channel_permissions(self, channel: FakeChannel, user: FakeUser) -> int:
        if channel.guild is None:
            return DEFAULT_EVERYONE_PERMISSIONS & ~USE_EXTERNAL_APPS
        return channel.guild.member(user).permissions()

    def _message_event_payload(self, msg: FakeMessage) -> JSON:
        data = msg.payload()
        guild = msg.channel.guild
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.members.get(msg.author_id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        return data

    # =========================================================================================
    # Messages (storage)
    # =========================================================================================
    def _attachments_for(
        self, channel: FakeChannel, data: JSON, files: list[UploadedFile], *, ephemeral: bool
    ) -> list[FakeAttachment]:
        by_index = {f.index: f for f in files}
        used: set[int] = set()
        out: list[FakeAttachment] = []
        for entry in data.get("attachments") or []:
            key = int(entry["id"])
            if key in by_index and key not in used:
                used.add(key)
                out.append(
                    self._store_upload(
                        channel,
                        by_index[key],
                        entry.get("filename"),
                        entry.get("description"),
                        ephemeral,
                    )
                )
        for f in files:
            if f.index not in used:
                out.append(self._store_upload(channel, f, None, None, ephemeral))
        return out

    def _store_upload(
        self,
        channel: FakeChannel,
        upload: UploadedFile,
        filename: str | None,
        description: str | None,
        ephemeral: bool,
    ) -> FakeAttachment:
        aid = self.snowflake()
        name = filename or upload.filename
        att = FakeAttachment(
            id=aid,
            filename=name,
            data=upload.data,
            url=f"{self.base_url}/attachments/{channel.id}/{aid}/{name}",
            content_type=upload.content_type,
            description=description,
            ephemeral=ephemeral,
        )
        self.uploads[aid] = att
        return att

    def _pinged(self, data: JSON) -> list[int]:
        """Whom a new message notifies: the users it mentions that its ``allowed_mentions``
        lets through (without it, every mentioned user). Edits never notify anyone."""
        mentioned = [int(u["id"]) for u in self._mentions(readable_text(data))]
        allowed = data.get("allowed_mentions")
        if not isinstance(allowed, dict):
            return mentioned
        if "users" in (allowed.get("parse") or []):
            return mentioned
        listed = {int(u) for u in allowed.get("users") or []}
        return [u for u in mentioned if u in listed]

    def _mentions(self, content: str) -> list[JSON]:
        out = []
        for uid in dict.fromkeys(int(m) for m in MENTION_RE.findall(content or "")):
            user = self.users.get(uid)
            if user is not None:
                out.append(user.payload())
        return out

    async def _create_message(
        self,
        *,
        channel: FakeChannel,
        author: FakeUser,
        data: JSON,
        files: list[UploadedFile],
        flags: int = 0,
        msg_type: int = 0,
        interaction: InteractionRecord | None = None,
    ) -> FakeMessage:
        mid = self.snowflake()
        ephemeral = bool(flags & FLAG_EPHEMERAL)
        attachments = self._attachments_for(channel, data, files, ephemeral=ephemeral)
        embeds = [{"type": "rich", **e} for e in data.get("embeds") or []]
        content = data.get("content") or ""
        payload: JSON = {
            "id": str(mid),
            "channel_id": str(channel.id),
            "type": msg_type,
            "content": content,
            "author": author.payload(),
            "attachments": [a.payload() for a in attachments],
            "embeds": embeds,
            "components": json_copy(data.get("components") or []),
            "mentions": self._mentions(readable_text(data)),
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": bool(data.get("tts")),
            "timestamp": iso(snowflake_time(mid)),
            "edited_timestamp": None,
            "flags": flags,
        }
        if data.get("message_reference"):
            ref = data["message_reference"]
            payload["message_reference"] = ref
            payload["type"] = 19
            referenced = self.messages.get(int(ref.get("message_id", 0) or 0))
            payload["referenced_message"] = referenced.payload() if referenced else None
        if data.get("poll"):
            payload["poll"] = data["poll"]
        if interaction is not None:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
            payload["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if interaction.name:
                payload["interaction"] = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "name": interaction.name,
                    "user": interaction.user.payload(),
                }
        msg = FakeMessage(
            data=payload,
            channel=channel,
            attachments=attachments,
            ephemeral_for=interaction.user if (ephemeral and interaction) else None,
            interaction=interaction,
        )
        msg.pinged = self._pinged(data)
        self.messages[mid] = msg
        if ephemeral:
            self.ephemeral.append(msg)
        else:
            self.channel_messages.setdefault(channel.id, []).append(msg)
            channel.last_message_id = mid
            await self._dispatch_message_event("MESSAGE_CREATE", msg)
        self.notify()
        return msg

    async def _dispatch_message_event(self, event: str, msg: FakeMessage) -> None:
        if msg.ephemeral or not self.bot_can_access(msg.channel):
            return
        guild = msg.channel.guild
        intent = INTENT_GUILD_MESSAGES if guild is not None else INTENT_DIRECT_MESSAGES

        def build(session: GatewaySession) -> JSON:
            data = self._message_event_payload(msg)
            private = guild is None or any(
                int(u["id"]) == self.bot_user.id for u in data.get("mentions", [])
            )
            if (
                msg.author_id != self.bot_user.id
                and not private
                and not session.has_intent(INTENT_MESSAGE_CONTENT)
            ):
                data.update(content="", embeds=[], attachments=[], components=[])
            return data

        await self.gateway.dispatch_to_guild(
            guild.id if guild else None, event, build, intent=intent
        )

    async def _edit_message(
        self, msg: FakeMessage, data: JSON, files: list[UploadedFile]
    ) -> FakeMessage:
        msg.history.append(json_copy(msg.data))
        new = msg.data
        if "content" in data:
            new["content"] = data["content"] or ""
        if "embeds" in data:
            new["embeds"] = [{"type": "rich", **e} for e in data["embeds"] or []]
        if "components" in data:
            new["components"] = json_copy(data["components"] or [])
        if "content" in data or "components" in data:
            new["mentions"] = self._mentions(readable_text(new))
        flags = int(new.get("flags") or 0) & ~FLAG_LOADING
        if "flags" in data and data["flags"] is not None:
            requested = int(data["flags"])
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (requested & FLAG_SUPPRESS_EMBEDS)
            flags |= requested & FLAG_COMPONENTS_V2
        new["flags"] = flags
        if "attachments" in data and data["attachments"] is not None:
            keep_ids = {int(a["id"]) for a in data["attachments"]}
            kept = [a for a in msg.attachments_store if a.id in keep_ids]
            index_entries = [
                a for a in data["attachments"] if int(a["id"]) not in {k.id for k in kept}
            ]
            added = self._attachments_for(
                msg.channel, {"attachments": index_entries}, files, ephemeral=msg.ephemeral
            )
            msg.attachments_store[:] = kept + added
        elif files:
            msg.attachments_store.extend(
                self._attachments_for(msg.channel, {}, files, ephemeral=msg.ephemeral)
            )
        new["attachments"] = [a.payload() for a in msg.attachments_store]
        new["edited_timestamp"] = iso()
        msg.changed_at = time.monotonic()
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        self.notify()
        return msg

    async def _delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        guild = msg.channel.guild
        if not msg.ephemeral and self.bot_can_access(msg.channel):
            payload: JSON = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if guild is not None:
                payload["guild_id"] = str(guild.id)
            await self.gateway.dispatch_to_guild(
                guild.id if guild else None,
                "MESSAGE_DELETE",
                payload,
                intent=INTENT_GUILD_MESSAGES if guild else INTENT_DIRECT_MESSAGES,
            )
        self.notify()

    # =========================================================================================
    # Acting as users
    # =========================================================================================
    async def post_user_message(
        self, channel: FakeChannel, user: FakeUser, content: str
    ) -> FakeMessage:
        """A user writes a message (dispatched as MESSAGE_CREATE, subject to intents)."""
        await self.flush()
        self._resolve_channel(channel, user)
        return await self._create_message(
            channel=channel, author=user, data={"content": content}, files=[]
        )

    def _resolve_channel(self, channel: FakeChannel | None, user: FakeUser) -> FakeChannel:
        if channel is None:
            return self.dm_channel(user)
        if channel.guild is not None:
            channel.guild.member(user)
        elif channel.is_private_channel and all(u.id != user.id for u in channel.private_members):
            raise FakeDiscordError(
                f"{user.username} is not in the private channel {channel.name!r}"
            )
        elif (
            channel.is_bot_dm and channel.recipient is not None and channel.recipient.id != user.id
        ):
            raise FakeDiscordError(f"{channel.name!r} is another user's DM with the bot")
        return channel

    # -- where the app is installed (developers/resources/application.mdx, "Installation
    # Context"; developers/interactions/receiving-and-responding.mdx, "Authorizing Integration
    # Owners Object") ---------------------------------------------------------------------------
    @staticmethod
    def _context_of(channel: FakeChannel) -> int:
        if channel.guild is not None:
            return CONTEXT_GUILD
        return CONTEXT_BOT_DM if channel.is_bot_dm else CONTEXT_PRIVATE_CHANNEL

    def _shares_server_with_bot(self, user: FakeUser) -> bool:
        return any(g.bot_installed and user.id in g.members for g in self.guilds.values())

    def _installs_here(self, user: FakeUser, channel: FakeChannel) -> set[int]:
        """The installation contexts that bring the app to ``user`` in ``channel``: the server's
        install in its channels; in the bot's DM the guild install only when the user shares a
        server with the bot ("An individual app's global commands are also available in DMs if
        that app has a bot that shares a mutual guild with the user", application-commands.mdx);
        a user install everywhere. PRIVATE_CHANNEL "is only meaningful for commands installed to
        a user" (application-commands.mdx, "Interaction Contexts")."""
        installs: set[int] = set()
        guild = channel.guild
        if guild is not None:
            if guild.bot_installed:
                installs.add(GUILD_INSTALL)
        elif channel.is_bot_dm and self._shares_server_with_bot(user):
            installs.add(GUILD_INSTALL)
        if user.id in self.user_installs:
            installs.add(USER_INSTALL)
        return installs

    def _owners(self, installs: set[int], user: FakeUser, channel: FakeChannel) -> dict[str, str]:
        """``authorizing_integration_owners`` for these installs: "0" is the guild id (``"0"``
        in the bot's DM), "1" the authorizing user's id."""
        guild = channel.guild
        if channel.is_bot_dm:
            # The bot's DM names the user install when there is one, else the guild install.
            return {"1": str(user.id)} if USER_INSTALL in installs else {"0": "0"}
        owners: dict[str, str] = {}
        if GUILD_INSTALL in installs and guild is not None:
            owners[str(GUILD_INSTALL)] = str(guild.id)
        if USER_INSTALL in installs:
            owners[str(USER_INSTALL)] = str(user.id)
        return owners

    def _component_owners(
        self, source_message: FakeMessage | None, user: FakeUser, channel: FakeChannel
    ) -> dict[str, str]:
        """A component on a message answers for the installs of the interaction that made the
        message ("it can be used to tell the difference between the authorizing user and the
        user that triggered an interaction (like a message component)"); on a message the bot
        posted itself, for the server's install."""
        if source_message is not None and source_message.interaction is not None:
            return source_message.interaction.authorizing_integration_owners
        return self._owners(self._installs_here(user, channel) - {USER_INSTALL}, user, channel)

    def _app_permissions(self, user: FakeUser, channel: FakeChannel) -> int:
        """``app_permissions``: the bot's where it is installed; a user install "is forced to
        respect the user's permissions in the surface where the app is being used"
        (application.mdx, "User Context"); in (G)DMs with other users ATTACH_FILES |
        EMBED_LINKS | MENTION_EVERYONE, plus USE_EXTERNAL_EMOJIS in the bot's DM
        (receiving-and-responding.mdx, Interaction Structure, note ***)."""
        guild = channel.guild
        if guild is not None:
            if guild.bot_installed:
                return self.bot_permissions
            return guild.member(user).permissions()
        if channel.is_bot_dm:
            return self.bot_permissions | PRIVATE_CHANNEL_APP_PERMISSIONS | USE_EXTERNAL_EMOJIS
        return PRIVATE_CHANNEL_APP_PERMISSIONS

    @staticmethod
    def _forced_ephemeral(
        channel: FakeChannel, owners: Mapping[str, str], app_permissions: int
    ) -> bool:
        """USE_EXTERNAL_APPS "Allows user-installed apps to send public responses. When
        disabled, users will still be allowed to use their apps but the responses will be
        ephemeral. This only applies to apps not also installed to the server."
        (developers/topics/permissions.mdx)."""
        guild = channel.guild
        if guild is None or guild.bot_installed or set(owners) != {str(USER_INSTALL)}:
            return False
        return not app_permissions & (USE_EXTERNAL_APPS | ADMINISTRATOR)

    def _new_interaction(
        self,
        *,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: JSON,
        name: str | None,
        source_message: FakeMessage | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
        owners: Mapping[str, str] | None = None,
    ) -> InteractionRecord:
        """An interaction as Discord sends it. ``owners`` (authorizing_integration_owners)
        defaults to the owners of ``source_message``'s interaction, else the server's install."""
        iid = self.snowflake()
        token = f"fake-interaction-{iid}-{secrets.token_urlsafe(24)}"
        guild = channel.guild
        if owners is None:
            owners = self._component_owners(source_message, user, channel)
        app_permissions = self._app_permissions(user, channel)
        if channel.guild is not None or channel.is_private_channel:
            channel_payload = channel.payload(
                permissions=self._channel_permissions(channel, user), viewer=user
            )
        else:
            channel_payload = {
                "id": str(channel.id),
                "type": DM,
                "flags": 0,
                "last_message_id": None,
            }
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "app_permissions": str(app_permissions),
            "attachment_size_limit": self.attachment_size_limit,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": dict(owners),
            "context": self._context_of(channel),
            "channel_id": str(channel.id),
            "channel": channel_payload,
        }
        if guild is not None:
            member = guild.member(user)
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild_locale or guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["member"] = member.payload(with_permissions=True)
        else:
            payload["user"] = user.payload()
        if source_message is not None:
            payload["message"] = source_message.payload()
        rec = InteractionRecord(
            fake=self,
            id=iid,
            token=token,
            type=itype,
            payload=payload,
            user=user,
            channel=channel,
            source_message=source_message,
            name=name,
        )
        rec.issued_at = self.clock()
        rec.forced_ephemeral = self._forced_ephemeral(channel, owners, app_permissions)
        return rec

    async def _dispatch_interaction(self, rec: InteractionRecord) -> InteractionRecord:
        await self.flush()
        guild = rec.channel.guild
        session = self.gateway.session_for(guild.id if guild else None)
        if session is None or not session.connected:
            raise FakeDiscordError(
                "no connected gateway session to deliver the interaction to "
                f"(guild {guild.name if guild else 'DM'}); is a client running? "
                f"(use `await fake.run_client(bot)`)"
            )
        self.interactions[rec.id] = rec
        self._interactions_by_token[rec.token] = rec
        rec.dispatched_at = time.monotonic()
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(self.deadline(), self._check_no_response, rec))
        await self.gateway.dispatch(session, "INTERACTION_CREATE", rec.payload)
        return rec

    # -- application commands ------------------------------------------------------------
    def _find_command(
        self, name: str, ctype: int, guild: FakeGuild | None
    ) -> tuple[JSON, int | None]:
        scopes: list[tuple[list[JSON], int | None]] = []
        if guild is not None:
            scopes.append((self.guild_commands.get(guild.id, []), guild.id))
        scopes.append((self.global_commands, None))
        for cmds, scope in scopes:
            for cmd in cmds:
                if cmd.get("type", 1) != ctype:
                    continue
                if cmd["name"] == name or name in (cmd.get("name_localizations") or {}).values():
                    return cmd, scope
        available = [c["name"] for cmds, _ in scopes for c in cmds if c.get("type", 1) == ctype]
        raise FakeDiscordError(
            f"command {name!r} (type {ctype}) is not registered with the fake "
            f"(did the bot sync? registered: {available}; syncs so far: {len(self.syncs)})"
        )

    def _check_can_use(
        self, cmd: JSON, user: FakeUser, channel: FakeChannel, scope: int | None = None
    ) -> dict[str, str]:
        """Raise :class:`FakeDiscordError` where Discord would not offer ``cmd`` to ``user`` in
        ``channel``; else return the interaction's ``authorizing_integration_owners``.

        A command is offered through an installation context in its ``integration_types``
        (absent: ``[0]``, GUILD_INSTALL) that brings the app here, and only in its ``contexts``
        (absent: all of ``[0, 1, 2]``) — developers/interactions/application-commands.mdx,
        "Contexts" and Create Global Application Command. Guild commands belong to that
        server's install. ``default_member_permissions`` gates the server's install only.
        """
        name = cmd["name"]
        context = self._context_of(channel)
        where = {0: "servers", 1: "the bot's DM", 2: "DMs/group DMs between users"}[context]
        contexts = cmd.get("contexts")
        if contexts is not None and context not in contexts:
            raise FakeDiscordError(
                f"command {name!r} is not available in {where} (contexts={contexts})"
            )
        if context == CONTEXT_BOT_DM and cmd.get("dm_permission") is False:
            raise FakeDiscordError(f"command {name!r} is not available in DMs")
        types = set(cmd.get("integration_types") or [GUILD_INSTALL])
        if scope is not None:
            types &= {GUILD_INSTALL}
        installs = self._installs_here(user, channel) & types
        if context == CONTEXT_PRIVATE_CHANNEL:
            installs &= {USER_INSTALL}
        if not installs:
            raise FakeDiscordError(
                f"command {name!r} (integration_types={sorted(types)}) is not offered to "
                f"{user.username} in {where}: the app reaches them there only through "
                f"{sorted(self._installs_here(user, channel)) or 'no install'} "
                "(0 = server install, 1 = user install; see install_for_user / add_guild)"
            )
        guild = channel.guild
        required = cmd.get("default_member_permissions")
        if GUILD_INSTALL in installs and guild is not None and required is not None:
            perms = guild.member(user).permissions()
            need = int(required)
            if not perms & ADMINISTRATOR and (need == 0 or perms & need != need):
                installs.discard(GUILD_INSTALL)
                if not installs:
                    raise FakeDiscordError(
                        f"{user.username} lacks default_member_permissions={need} for "
                        f"{name!r}; Discord would not offer the command"
                    )
        return self._owners(installs, user, channel)

    @staticmethod
    def _match_option(defs: list[JSON], name: str) -> JSON | None:
        for d in defs:
            if d["name"] == name or name in (d.get("name_localizations") or {}).values():
                return d
        return None

    def _option_value(
        self,
        odef: JSON,
        value: Any,
        guild: FakeGuild | None,
        resolved: dict[str, dict[str, JSON]],
        *,
        partial: bool,
    ) -> Any:
        otype = odef["type"]
        name = odef["name"]

        def fail(msg: str) -> FakeDiscordError:
            return FakeDiscordError(f"option {name!r}: {msg}")

        if partial:
            return value if isinstance(value, (int, float, bool)) else str(value)
        if otype == OPTION_STRING:
            if not isinstance(value, str):
                raise fail(f"expected str, got {value!r}")
            if "min_length" in odef and len(value) < odef["min_length"]:
                raise fail(f"shorter than min_length {odef['min_length']}")
            if "max_length" in odef and len(value) > odef["max_length"]:
                raise fail(f"longer than max_length {odef['max_length']}")
        elif otype in (OPTION_INTEGER, OPTION_NUMBER):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise fail(f"expected a number, got {value!r}")
            if otype == OPTION_INTEGER and not isinstance(value, int):
                raise fail(f"expected an integer, got {value!r}")
            if "min_value" in odef and value < odef["min_value"]:
                raise fail(f"below min_value {odef['min_value']}")
            if "max_value" in odef and value > odef["max_value"]:
                raise fail(f"above max_value {odef['max_value']}")
        elif otype == OPTION_BOOLEAN:
            if not isinstance(value, bool):
                raise fail(f"expected bool, got {value!r}")
        elif otype in (OPTION_USER, OPTION_MENTIONABLE) and isinstance(
            value, (FakeUser, FakeMember, int)
        ):
            user = value.user if isinstance(value, FakeMember) else value
            if isinstance(user, int):
                user = self.users.get(user) or FakeUser(id=user, username=f"user{user}")
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            member = guild.members.get(user.id) if guild else None
            if member is not None:
                resolved.setdefault("members", {})[str(user.id)] = member.payload(
                    with_user=False, with_permissions=True
                )
            return str(user.id)
        elif otype in (OPTION_ROLE, OPTION_MENTIONABLE) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif otype == OPTION_CHANNEL:
            if not isinstance(value, FakeChannel):
                raise fail(f"expected a FakeChannel, got {value!r}")
            allowed = odef.get("channel_types")
            if allowed and value.type not in allowed:
                raise fail(f"channel type {value.type} not in channel_types {allowed}")
            resolved.setdefault("channels", {})[str(value.id)] = {
                **value.payload(),
                "permissions": str(DEFAULT_EVERYONE_PERMISSIONS),
            }
            return str(value.id)
        elif otype == OPTION_ATTACHMENT:
            if not isinstance(value, FakeAttachment):
                raise fail("expected a FakeAttachment (see make_attachment)")
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            return str(value.id)
        else:
            raise fail(f"unsupported value {value!r} for option type {otype}")
        choices = odef.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise fail(f"{value!r} is not one of the choices {[c['value'] for c in choices]}")
        return value

    def _build_options(
        self,
        defs: list[JSON],
        options: Mapping[str, Any],
        guild: FakeGuild | None,
        *,
        focused: str | None = None,
    ) -> tuple[list[JSON], dict[str, dict[str, JSON]]]:
        resolved: dict[str, dict[str, JSON]] = {}
        out: list[JSON] = []
        given: set[str] = set()
        for key, value in options.items():
            odef = self._match_option(defs, key)
            if odef is None:
                raise FakeDiscordError(
                    f"unknown option {key!r}; declared: {[d['name'] for d in defs]}"
                )
            given.add(odef["name"])
            is_focused = focused is not None and key == focused
            entry: JSON = {
                "name": odef["name"],
                "type": odef["type"],
                "value": self._option_value(odef, value, guild, resolved, partial=is_focused),
            }
            if is_focused:
                entry["focused"] = True
            out.append(entry)
        if focused is None:
            missing = [d["name"] for d in defs if d.get("required") and d["name"] not in given]
            if missing:
                raise FakeDiscordError(f"missing required option(s) {missing}")
        elif self._match_option(defs, focused) is None or focused not in options:
            raise FakeDiscordError(f"focused option {focused!r} must be one of the given options")
        return out, resolved

    async def slash(
        self,
        command: str,
        *,
        user: FakeUser,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> InteractionRecord:
        """Invoke a chat-input command as ``user``: ``"game challenge"`` = group + subcommand.

        ``channel=None`` means the bot's DM with ``user``. Options are matched by (base or
        localized) name and typed per the synced definition; users/members, channels, roles
        and attachments go into ``resolved``.
        """
        return await self._command_interaction(
            command,
            user=user,
            channel=channel,
            options=options or {},
            locale=locale,
            guild_locale=guild_locale,
            focused=None,
        )

    async def autocomplete(
        self,
        command: str,
        *,
        user: FakeUser,
        focused: str,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """An autocomplete request; the bot's choices land in ``record.choices``."""
        return await self._command_interaction(
            command,
            user=user,
            channel=channel,
            options=options or {},
            locale=locale,
            guild_locale=None,
            focused=focused,
        )

    async def _command_interaction(
        self,
        command: str,
        *,
        user: FakeUser,
        channel: FakeChannel | None,
        options: Mapping[str, Any],
        locale: str | None,
        guild_locale: str | None,
        focused: str | None,
    ) -> InteractionRecord:
        await self.flush()
        channel = self._resolve_channel(channel, user)
        guild = channel.guild
        parts = command.split()
        if not parts:
            raise FakeDiscordError("empty command name")
        cmd, scope = self._find_command(parts[0], 1, guild)
        owners = self._check_can_use(cmd, user, channel, scope)
        defs: list[JSON] = cmd.get("options") or []
        path: list[JSON] = []
        for part in parts[1:]:
            sub = self._match_option(
                [d for d in defs if d["type"] in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP)],
                part,
            )
            if sub is None:
                raise FakeDiscordError(
                    f"{' '.join(p['name'] for p in [cmd, *path])!r} has no subcommand {part!r}; "
                    f"available: {[d['name'] for d in defs if d['type'] in (1, 2)]}"
                )
            path.append(sub)
            defs = sub.get("options") or []
        if any(d["type"] in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP) for d in defs):
            raise FakeDiscordError(f"{command!r} needs a subcommand: {[d['name'] for d in defs]}")
        values, resolved = self._build_options(defs, options, guild, focused=focused)
        inner = values
        for sub in reversed(path):
            inner = [{"type": sub["type"], "name": sub["name"], "options": inner}]
        data: JSON = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": inner}
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        full_name = " ".join([cmd["name"], *(p["name"] for p in path)])
        rec = self._new_interaction(
            itype=APPLICATION_COMMAND if focused is None else APPLICATION_COMMAND_AUTOCOMPLETE,
            user=user,
            channel=channel,
            data=data,
            name=full_name,
            locale=locale,
            guild_locale=guild_locale,
            owners=owners,
        )
        return await self._dispatch_interaction(rec)

    async def user_command(
        self,
        name: str,
        target: FakeUser,
        *,
        user: FakeUser,
        channel: FakeChannel | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """A user context-menu command (type 2) on ``target``."""
        await self.flush()
        channel = self._resolve_channel(channel, user)
        cmd, scope = self._find_command(name, 2, channel.guild)
        owners = self._check_can_use(cmd, user, channel, scope)
        resolved: dict[str, dict[str, JSON]] = {"users": {str(target.id): target.payload()}}
        member = channel.guild.members.get(target.id) if channel.guild else None
        if member is not None:
            resolved["members"] = {
                str(target.id): member.payload(with_user=False, with_permissions=True)
            }
        data: JSON = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 2,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        rec = self._new_interaction(
            itype=APPLICATION_COMMAND,
            user=user,
            channel=channel,
            data=data,
            name=cmd["name"],
            locale=locale,
            owners=owners,
        )
        return await self._dispatch_interaction(rec)

    async def message_command(
        self,
        name: str,
        target: FakeMessage,
        *,
        user: FakeUser,
        locale: str | None = None,
    ) -> InteractionRecord:
        """A message context-menu command (type 3) on ``target``."""
        await self.flush()
        channel = self._resolve_channel(target.channel, user)
        cmd, scope = self._find_command(name, 3, channel.guild)
        owners = self._check_can_use(cmd, user, channel, scope)
        data: JSON = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": 3,
            "target_id": str(target.id),
            "resolved": {"messages": {str(target.id): target.payload()}},
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        rec = self._new_interaction(
            itype=APPLICATION_COMMAND,
            user=user,
            channel=channel,
            data=data,
            name=cmd["name"],
            locale=locale,
            owners=owners,
        )
        return await self._dispatch_interaction(rec)

    # -- components and modals ---------------------------------------------------------------
    def _check_visible(self, msg: FakeMessage, user: FakeUser) -> None:
        if msg.deleted:
            raise FakeDiscordError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.ephemeral_for is not None and msg.ephemeral_for.id != user.id:
            raise FakeDiscordError(
                f"message {msg.id} is ephemeral for {msg.ephemeral_for.username}; "
                f"{user.username} cannot see it"
            )

    def _as_message(self, message: FakeMessage | InteractionRecord | int) -> FakeMessage:
        if isinstance(message, InteractionRecord):
            if message.message is None:
                raise FakeDiscordError(f"{message!r} has no response message")
            return message.message
        if isinstance(message, int):
            return self.message(message)
        return message

    async def click(
        self,
        message: FakeMessage | InteractionRecord | int,
        custom_id: str | None = None,
        *,
        user: FakeUser,
        label: str | None = None,
        prefix: str | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Press a button (by exact ``custom_id``, ``prefix`` of it, or ``label``)."""
        await self.flush()
        msg = self._as_message(message)
        self._check_visible(msg, user)
        comp = msg.find_component(custom_id, prefix=prefix, label=label, type=2)
        await self._react(msg.changed_at)
        if comp.get("disabled"):
            raise FakeDiscordError(f"button {comp.get('custom_id')!r} is disabled")
        if comp.get("style") in (5, 6) or not comp.get("custom_id"):
            raise FakeDiscordError("link/premium buttons do not create interactions")
        data: JSON = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        rec = self._new_interaction(
            itype=MESSAGE_COMPONENT,
            user=user,
            channel=self._resolve_channel(msg.channel, user),
            data=data,
            name=None,
            source_message=msg,
            locale=locale,
        )
        return await self._dispatch_interaction(rec)

    async def raw_interaction(
        self,
        *,
        user: FakeUser,
        channel: FakeChannel,
        data: Any,
        itype: Any = MESSAGE_COMPONENT,
        source_message: FakeMessage | None = None,
        shape: Callable[[JSON], None] | None = None,
        expect_response: bool = True,
    ) -> InteractionRecord:
        """Deliver an INTERACTION_CREATE built like a real one but with ``data`` (and ``itype``)
        taken as given, unchecked: for malformed events Discord itself would never send.
        ``shape`` may edit the whole payload further (drop or retype fields); pass
        ``expect_response=False`` when nothing is left to answer with."""
        await self.flush()
        rec = self._new_interaction(
            itype=MESSAGE_COMPONENT,
            user=user,
            channel=channel,
            data={},
            name=None,
            source_message=source_message,
        )
        rec.payload["type"] = itype
        rec.payload["data"] = data
        if shape is not None:
            shape(rec.payload)
        rec.expect_no_response = not expect_response
        return await self._dispatch_interaction(rec)

    async def select(
        self,
        message: FakeMessage | InteractionRecord | int,
        custom_id: str | None,
        values: Sequence[str | FakeUser | FakeChannel | FakeRole],
        *,
        user: FakeUser,
        prefix: str | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` in a select menu (string, user, role, mentionable or channel)."""
        await self.flush()
        msg = self._as_message(message)
        self._check_visible(msg, user)
        comp = msg.find_component(
            custom_id, prefix=prefix, predicate=lambda c: c.get("type") in V.SELECT_TYPES
        )
        if comp.get("disabled"):
            raise FakeDiscordError(f"select {comp.get('custom_id')!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise FakeDiscordError(
                f"select {comp['custom_id']!r} takes {lo}..{hi} values, got {len(values)}"
            )
        await self._react(msg.changed_at)
        guild = msg.channel.guild
        resolved: dict[str, dict[str, JSON]] = {}
        raw: list[str] = []
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            for v in values:
                if v not in allowed:
                    raise FakeDiscordError(
                        f"{v!r} is not an option of {comp['custom_id']!r}: {allowed}"
                    )
                raw.append(str(v))
        else:
            odef = {"name": comp["custom_id"], "type": {5: 6, 6: 8, 7: 9, 8: 7}[comp["type"]]}
            for v in values:
                raw.append(self._option_value(odef, v, guild, resolved, partial=False))
        data: JSON = {"custom_id": comp["custom_id"], "component_type": comp["type"], "values": raw}
        if resolved:
            data["resolved"] = resolved
        if "id" in comp:
            data["id"] = comp["id"]
        rec = self._new_interaction(
            itype=MESSAGE_COMPONENT,
            user=user,
            channel=self._resolve_channel(msg.channel, user),
            data=data,
            name=None,
            source_message=msg,
            locale=locale,
        )
        return await self._dispatch_interaction(rec)

    async def submit_modal(
        self,
        opened_by: InteractionRecord,
        values: Mapping[str, Any],
        *,
        user: FakeUser | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Submit the modal the bot showed in reply to ``opened_by``.

        ``values`` maps custom_id to: a str (text input, radio group), a list of option values,
        users/roles/channels (selects), FakeAttachments (file upload), or a bool (checkbox).
        """
        await self.flush()
        modal = opened_by.modal
        if modal is None:
            raise FakeDiscordError(f"{opened_by!r} did not respond with a modal")
        if opened_by.responded_at is not None:
            await self._react(opened_by.responded_at)
        actor = user or opened_by.user
        remaining: dict[str, Any] = dict(values)
        guild = opened_by.channel.guild
        resolved: dict[str, dict[str, JSON]] = {}

        def mirror(comps: list[JSON]) -> list[JSON]:
            out: list[JSON] = []
            for c in comps:
                ctype = c.get("type")
                if ctype == 1:
                    out.append({"type": 1, "components": mirror(c.get("components") or [])})
                elif ctype == 18 and isinstance(c.get("component"), dict):
                    inner = mirror([c["component"]])
                    if inner:
                        out.append({"type": 18, "component": inner[0]})
                elif ctype == 4:
                    cid = c["custom_id"]
                    value = remaining.pop(cid, c.get("value") or "")
                    if not isinstance(value, str):
                        raise FakeDiscordError(f"text input {cid!r} takes a str")
                    if c.get("required", True) and not value:
                        raise FakeDiscordError(f"text input {cid!r} is required")
                    if value and len(value) < c.get("min_length", 0):
                        raise FakeDiscordError(f"text input {cid!r} below min_length")
                    if len(value) > c.get("max_length", 4000):
                        raise FakeDiscordError(f"text input {cid!r} above max_length")
                    out.append({"type": 4, "custom_id": cid, "value": value})
                elif ctype in (*V.SELECT_TYPES, 19, 22):  # selects, file upload, checkbox group
                    cid = c["custom_id"]
                    chosen = remaining.pop(cid, [])
                    if isinstance(chosen, (str, FakeAttachment)):
                        chosen = [chosen]
                    raw: list[str] = []
                    for v in chosen:
                        if isinstance(v, FakeAttachment):
                            resolved.setdefault("attachments", {})[str(v.id)] = v.payload()
                            raw.append(str(v.id))
                        elif isinstance(v, (FakeUser, FakeMember, FakeRole, FakeChannel)):
                            odef = {"name": cid, "type": {5: 6, 6: 8, 7: 9, 8: 7}.get(ctype, 9)}
                            raw.append(self._option_value(odef, v, guild, resolved, partial=False))
                        else:
                            raw.append(str(v))
                    if ctype == 3:
                        allowed = [o["value"] for o in c.get("options") or []]
                        bad = [v for v in raw if v not in allowed]
                        if bad:
                            raise FakeDiscordError(f"{bad} not among options of {cid!r}: {allowed}")
                    out.append({"type": ctype, "custom_id": cid, "values": raw})
                elif ctype in (21, 23):  # radio group (value: str), checkbox (value: bool)
                    cid = c["custom_id"]
                    default: Any = False if ctype == 23 else None
                    out.append(
                        {"type": ctype, "custom_id": cid, "value": remaining.pop(cid, default)}
                    )
            return out

        components = mirror(modal.get("components") or [])
        if remaining:
            raise FakeDiscordError(f"modal has no inputs {sorted(remaining)}")
        data: JSON = {"custom_id": modal["custom_id"], "components": components}
        if resolved:
            data["resolved"] = resolved
        rec = self._new_interaction(
            itype=MODAL_SUBMIT,
            user=actor,
            channel=opened_by.channel,
            data=data,
            name=None,
            source_message=opened_by.source_message,
            locale=locale,
            # The modal answers for the installs of the interaction that opened it.
            owners=opened_by.authorizing_integration_owners,
        )
        return await self._dispatch_interaction(rec)

    # -- gateway control -------------------------------------------------------------------------
    async def reconnect_shard(self, shard_id: int = 0, *, timeout: float = 10.0) -> None:
        """Send op 7 RECONNECT and wait until the client RESUMEs on a new connection."""
        session = await self.gateway.send_reconnect(shard_id)
        before = session.resumes
        await self._wait_or_fail(
            lambda: session.resumes > before and session.connected, timeout, "RESUME"
        )

    # -- fault injection -------------------------------------------------------------------------
    def inject_rate_limit(
        self,
        method: str,
        path_regex: str,
        *,
        retry_after: float = 0.05,
        count: int = 1,
        is_global: bool = False,
    ) -> None:
        """Answer the next ``count`` matching REST calls with a 429 discord.py honours."""
        self._injections.append(
            Injection(
                method=method.upper(),
                pattern=re.compile(path_regex),
                status=429,
                body={
                    "message": "You are being rate limited.",
                    "retry_after": retry_after,
                    "global": is_global,
                },
                headers={
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, int(retry_after + 0.999))),
                    "X-RateLimit-Scope": "global" if is_global else "user",
                },
                remaining=count,
            )
        )

    def inject_error(
        self, method: str, path_regex: str, *, status: int, body: Any = None, count: int = 1
    ) -> None:
        """Answer the next ``count`` matching REST calls with ``status`` and ``body``."""
        self._injections.append(
            Injection(
                method=method.upper(),
                pattern=re.compile(path_regex),
                status=status,
                body=body if body is not None else {"code": 0, "message": f"{status}: injected"},
                headers={},
                remaining=count,
            )
        )

    def clear_faults(self) -> None:
        """End every injected fault still waiting (an outage is over)."""
        self._injections.clear()

    # =========================================================================================
    # REST plumbing
    # =========================================================================================
    async def _react(self, shown_at: float) -> None:
        """Wait until ``reaction_time`` has passed since the user saw what they act on."""
        wait = shown_at + self.reaction_time - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    def _route(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        self._routes.append((method, re.compile(pattern), handler, auth))

    async def _rest_entry(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        auth = request.headers.get("Authorization")
        authorized = auth == f"Bot {self.token}"
        if not path.startswith(API_PREFIX + "/"):
            self.unhandled.append(
                UnhandledRequest(request.method, path, request.query_string, None)
            )
            self.notify()
            return error_response(404, 0, "404: Not Found")
        sub = path[len(API_PREFIX) :]
        body, files = await self._read_body(request)
        entry = RequestLog(request.method, sub, request.query_string, body, authorized)
        self.requests.append(entry)
        too_big = [f.filename for f in files if len(f.data) > self.attachment_size_limit]
        if too_big:
            self.record_violation(
                "attachment.too_large",
                f"{too_big} exceed attachment_size_limit={self.attachment_size_limit}",
                route=f"{request.method} {sub}",
            )
            entry.status = 413
            return error_response(413, 40005, "Request entity too large")

        for inj in self._injections:
            if inj.remaining > 0 and inj.method == request.method and inj.pattern.search(sub):
                inj.remaining -= 1
                entry.status = inj.status
                return json_response(inj.body, status=inj.status, headers=inj.headers)

        for method, pattern, handler, needs_auth in self._routes:
            if method != request.method:
                continue
            match = pattern.fullmatch(sub)
            if match is None:
                continue
            if needs_auth and not authorized:
                entry.status = 401
                return error_response(401, 0, "401: Unauthorized")
            req = RestRequest(
                method=request.method,
                path=sub,
                params=match.groupdict(),
                query=request.query,
                body=body,
                files=files,
                headers=request.headers,
            )
            self.rest_requests.append(req)
            denied = self._no_access(req)
            if denied is not None:
                entry.status = denied.status
                return denied
            try:
                response = await handler(req)
            except Exception as exc:
                # A bug in the fake (or a payload it cannot digest). Answer 400, not 5xx:
                # discord.py retries 5xx with multi-second sleeps.
                log.exception("fake discord failed on %s", req.route)
                self.record_violation("fake.internal", f"{exc!r}", route=req.route)
                response = error_response(400, 0, f"fake discord internal error: {exc!r}")
            entry.status = response.status
            return response

        self.rest_requests.append(
            RestRequest(request.method, sub, {}, request.query, body, files, request.headers)
        )
        self.unhandled.append(UnhandledRequest(request.method, sub, request.query_string, body))
        log.warning("unimplemented route %s %s", request.method, sub)
        self.notify()
        entry.status = 404
        return error_response(404, 0, "404: Not Found")

    def _no_access(self, req: RestRequest) -> web.Response | None:
        """403 50001 Missing Access for REST on a server that did not install the bot, or on a
        channel the bot is not in (its channels, DMs and group DMs between users): an app reaches
        those only through interaction tokens (developers/resources/application.mdx, "User
        Context"). The bot must never try, so it is also a ``rest.no_access`` violation."""
        where: str | None = None
        channel_id = req.params.get("channel_id")
        guild_id = req.params.get("guild_id")
        if channel_id is not None:
            channel = self.channels.get(int(channel_id))
            if channel is not None and not self.bot_can_access(channel):
                where = f"channel {channel.name!r} ({channel.id})"
        if guild_id is not None:
            guild = self.guilds.get(int(guild_id))
            if guild is not None and not guild.bot_installed:
                where = f"server {guild.name!r} ({guild.id}), which did not install the bot"
        if where is None:
            return None
        self.record_violation(
            "rest.no_access", f"REST call on {where}, which the bot cannot access", route=req.route
        )
        return error_response(403, 50001, "Missing Access")

    async def _read_body(self, request: web.Request) -> tuple[Any, list[UploadedFile]]:
        if not request.can_read_body:
            return None, []
        # Read off the header (aiohttp's parsed content types go through the email package,
        # a third of the fake's time on an upload): the bot sends exactly these.
        if request.headers.get("Content-Type", "").startswith("multipart/form-data"):
            body: Any = None
            files: list[UploadedFile] = []
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                if name == "payload_json":  # UTF-8 JSON, as Discord requires
                    body = json.loads((await part.read(decode=False)).decode("utf-8"))
                elif name.startswith("files[") and name.endswith("]"):
                    files.append(
                        UploadedFile(
                            index=int(name[6:-1]),
                            filename=part.filename or "file",
                            content_type=part.headers.get("Content-Type"),
                            data=bytes(await part.read(decode=False)),
                        )
                    )
            return body, files
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError:
            return raw.decode("utf-8", "replace"), []

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        att = self.uploads.get(int(request.match_info["attachment_id"]))
        if att is None or att.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    def _register_routes(self) -> None:
        r = self._route
        app = r"(?P<app_id>\d+)"
        guild = r"(?P<guild_id>\d+)"
        chan = r"/channels/(?P<channel_id>\d+)"
        hook = r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)"
        r("GET", r"/gateway", self._get_gateway, auth=False)
        r("GET", r"/gateway/bot", self._get_gateway_bot)
        r("GET", r"/users/@me", self._get_me)
        r("GET", r"/users/(?P<user_id>\d+)", self._get_user)
        r("POST", r"/users/@me/channels", self._create_dm)
        r("GET", r"/invites/(?P<code>[A-Za-z0-9-]+)", self._get_invite)
        r("GET", r"/oauth2/applications/@me", self._get_application)
        r("GET", r"/applications/@me", self._get_application)
        for scope in (
            rf"/applications/{app}/commands",
            rf"/applications/{app}/guilds/{guild}/commands",
        ):
            r("GET", scope, self._get_commands)
            r("PUT", scope, self._put_commands)
            r("POST", scope, self._post_command)
            r("GET", scope + r"/(?P<command_id>\d+)", self._get_command)
            r("PATCH", scope + r"/(?P<command_id>\d+)", self._patch_command)
            r("DELETE", scope + r"/(?P<command_id>\d+)", self._delete_command)
        emojis = rf"/applications/{app}/emojis"
        r("GET", emojis, self._list_app_emojis)
        r("POST", emojis, self._create_app_emoji)
        r("GET", emojis + r"/(?P<emoji_id>\d+)", self._get_app_emoji)
        r("PATCH", emojis + r"/(?P<emoji_id>\d+)", self._patch_app_emoji)
        r("DELETE", emojis + r"/(?P<emoji_id>\d+)", self._delete_app_emoji)
        r("GET", chan, self._get_channel)
        r("GET", chan + r"/messages", self._list_messages)
        r("POST", chan + r"/messages", self._post_channel_message)
        r("GET", chan + r"/messages/(?P<message_id>\d+)", self._get_channel_message)
        r("PATCH", chan + r"/messages/(?P<message_id>\d+)", self._patch_channel_message)
        r("DELETE", chan + r"/messages/(?P<message_id>\d+)", self._delete_channel_message)
        r("POST", chan + r"/typing", self._typing)
        r("GET", rf"/guilds/{guild}", self._get_guild)
        r("GET", rf"/guilds/{guild}/channels", self._get_guild_channels)
        r("GET", rf"/guilds/{guild}/roles", self._get_guild_roles)
        r("GET", rf"/guilds/{guild}/members", self._list_members)
        r("GET", rf"/guilds/{guild}/members/(?P<user_id>\d+)", self._get_member)
        r(
            "POST",
            r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback",
            self._interaction_callback,
            auth=False,
        )
        r("GET", hook + r"/messages/@original", self._get_original, auth=False)
        r("PATCH", hook + r"/messages/@original", self._patch_original, auth=False)
        r("DELETE", hook + r"/messages/@original", self._delete_original, auth=False)
        r("POST", hook, self._post_followup, auth=False)
        r("GET", hook + r"/messages/(?P<message_id>\d+)", self._get_followup, auth=False)
        r("PATCH", hook + r"/messages/(?P<message_id>\d+)", self._patch_followup, auth=False)
        r("DELETE", hook + r"/messages/(?P<message_id>\d+)", self._delete_followup, auth=False)

    def _invalid(
        self,
        req: RestRequest,
        errors: list[V.FieldError],
        rule: str,
        rec: InteractionRecord | None = None,
    ) -> web.Response:
        self.record_violation(
            rule,
            "; ".join(str(e) for e in errors),
            route=req.route,
            interaction=rec,
            detail=[str(e) for e in errors],
        )
        return json_response(V.form_error_body(errors), status=400)

    # -- gateway / identity ------------------------------------------------------------------
    async def _get_gateway(self, req: RestRequest) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, req: RestRequest) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, req: RestRequest) -> web.Response:
        return json_response(self.bot_user_payload())

    async def _get_user(self, req: RestRequest) -> web.Response:
        user = self.users.get(req.int_param("user_id"))
        if user is None:
            return error_response(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def _get_application(self, req: RestRequest) -> web.Response:
        return json_response(self.application_payload())

    async def _get_invite(self, req: RestRequest) -> web.Response:
        """Get Invite (developers/resources/invite.mdx): the invite object, with its server
        and channel; an unknown code answers 404 10006."""
        guild = self.invites.get(req.params["code"])
        if guild is None:
            return error_response(404, 10006, "Unknown Invite")
        channel = guild.channels[0] if guild.channels else None
        return json_response(
            {
                "type": 0,
                "code": req.params["code"],
                "guild": {
                    "id": str(guild.id),
                    "name": guild.name,
                    "splash": None,
                    "banner": None,
                    "description": None,
                    "icon": None,
                    "features": [],
                    "verification_level": 0,
                    "vanity_url_code": None,
                    "nsfw_level": 0,
                    "premium_subscription_count": 0,
                },
                "channel": None
                if channel is None
                else {"id": str(channel.id), "name": channel.name, "type": channel.type},
                "expires_at": None,
            }
        )

    async def _create_dm(self, req: RestRequest) -> web.Response:
        body = req.body or {}
        user = self.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return error_response(404, 10013, "Unknown User")
        return json_response(self.dm_channel(user).payload())

    # -- application commands ----------------------------------------------------------------
    def _command_scope(self, req: RestRequest) -> tuple[int | None, list[JSON]] | web.Response:
        if req.int_param("app_id") != self.application_id:
            return error_response(404, 10002, "Unknown Application")
        gid = req.params.get("guild_id")
        if gid is None:
            return None, self.global_commands
        if int(gid) not in self.guilds:
            return error_response(403, 50001, "Missing Access")
        return int(gid), self.guild_commands.setdefault(int(gid), [])

    def _stored_command(self, payload: JSON, guild_id: int | None, previous: JSON | None) -> JSON:
        stored = json_copy(payload)
        stored.setdefault("type", 1)
        stored.setdefault("description", "")
        stored.setdefault("options", [])
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        stored.setdefault("name_localizations", None)
        stored.setdefault("description_localizations", None)
        # Absent, integration_types is GUILD_INSTALL ([0]) and contexts all ([0, 1, 2], kept
        # as null here) — application-commands.mdx, Bulk Overwrite JSON Params.
        stored.setdefault("contexts", None)
        if stored.get("integration_types") is None:
            stored["integration_types"] = [0]
        stored["id"] = previous["id"] if previous else str(self.snowflake())
        stored["application_id"] = str(self.application_id)
        stored["version"] = str(self.snowflake())
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def _get_commands(self, req: RestRequest) -> web.Response:
        scope = self._command_scope(req)
        if isinstance(scope, web.Response):
            return scope
        return json_response(scope[1])

    async def _put_commands(self, req: RestRequest) -> web.Response:
        scope = self._command_scope(req)
        if isinstance(scope, web.Response):
            return scope
        guild_id, current = scope
        errors = V.check_commands(req.body)
        if errors:
            return self._invalid(req, errors, "commands.invalid")
        existing = {(c.get("type", 1), c["name"]): c for c in current}
        result = [
            self._stored_command(c, guild_id, existing.get((c.get("type", 1), c["name"])))
            for c in req.body
        ]
        current[:] = result
        self.syncs.append(SyncRecord(guild_id=guild_id, payload=req.body, result=result))
        self.notify()
        return json_response(result)

    async def _post_command(self, req: RestRequest) -> web.Response:
        scope = self._command_scope(req)
        if isinstance(scope, web.Response):
            return scope
        guild_id, current = scope
        body = req.body or {}
        errors = V.check_commands([body])
        if errors:
            return self._invalid(req, errors, "commands.invalid")
        key = (body.get("type", 1), body.get("name"))
        previous = next((c for c in current if (c.get("type", 1), c["name"]) == key), None)
        stored = self._stored_command(body, guild_id, previous)
        if previous is not None:
            current[current.index(previous)] = stored
        else:
            current.append(stored)
        self.notify()
        return json_response(stored, status=200 if previous else 201)

    def _find_stored(self, req: RestRequest) -> tuple[list[JSON], JSON] | web.Response:
        scope = self._command_scope(req)
        if isinstance(scope, web.Response):
            return scope
        cmd = next((c for c in scope[1] if c["id"] == req.params["command_id"]), None)
        if cmd is None:
            return error_response(404, 10063, "Unknown application command")
        return scope[1], cmd

    async def _get_command(self, req: RestRequest) -> web.Response:
        found = self._find_stored(req)
        if isinstance(found, web.Response):
            return found
        return json_response(found[1])

    async def _patch_command(self, req: RestRequest) -> web.Response:
        found = self._find_stored(req)
        if isinstance(found, web.Response):
            return found
        _, cmd = found
        merged = {**cmd, **(req.body or {})}
        errors = V.check_commands([merged])
        if errors:
            return self._invalid(req, errors, "commands.invalid")
        cmd.update(req.body or {})
        cmd["version"] = str(self.snowflake())
        self.notify()
        return json_response(cmd)

    async def _delete_command(self, req: RestRequest) -> web.Response:
        found = self._find_stored(req)
        if isinstance(found, web.Response):
            return found
        current, cmd = found
        current.remove(cmd)
        self.notify()
        return no_content()

    # -- application emojis (tests/fakediscord/app_emojis.py) ----------------------------------
    def _check_message(self, data: JSON, **rules: Any) -> list[V.FieldError]:
        """Discord's rules for a message, and that each custom emoji on a component is one
        the application may use: in this fake, one of its own (it is in no server's list)."""
        errors = V.check_message(data, **rules)
        components = data.get("components") if isinstance(data, dict) else None
        for comp in V._walk(components if isinstance(components, list) else []):
            emojis = [comp.get("emoji")] + [
                o.get("emoji") for o in comp.get("options") or [] if isinstance(o, dict)
            ]
            unknown = [
                e
                for e in emojis
                if isinstance(e, dict)
                and e.get("id")
                and int(e["id"]) not in self.app_emojis.emojis
            ]
            errors += [
                V.FieldError(
                    ("components", "emoji", "id"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji"
                )
                for _ in unknown
            ]
        return errors

    def _own_app(self, req: RestRequest) -> web.Response | None:
        if req.int_param("app_id") != self.application_id:
            return error_response(403, 50001, "Missing Access")
        return None

    def _app_emoji(self, req: RestRequest) -> AppEmoji | web.Response:
        refused = self._own_app(req)
        if refused is not None:
            return refused
        emoji = self.app_emojis.emojis.get(req.int_param("emoji_id"))
        if emoji is None:
            return error_response(404, 10014, "Unknown Emoji")
        return emoji

    async def _list_app_emojis(self, req: RestRequest) -> web.Response:
        refused = self._own_app(req)
        if refused is not None:
            return refused
        user = self.bot_user.payload()
        items = [self.app_emojis.payload(e, user) for e in self.app_emojis.emojis.values()]
        return json_response({"items": items})

    async def _get_app_emoji(self, req: RestRequest) -> web.Response:
        emoji = self._app_emoji(req)
        if isinstance(emoji, web.Response):
            return emoji
        return json_response(self.app_emojis.payload(emoji, self.bot_user.payload()))

    async def _create_app_emoji(self, req: RestRequest) -> web.Response:
        refused = self._own_app(req)
        if refused is not None:
            return refused
        errors, data = self.app_emojis.check_create(req.body)
        if errors:
            return self._invalid(req, errors, "app_emojis.invalid")
        emoji = AppEmoji(self.snowflake(), req.body["name"], data)
        self.app_emojis.emojis[emoji.id] = emoji
        self.app_emojis.calls.append(("POST", emoji.name))
        self.notify()
        return json_response(self.app_emojis.payload(emoji, self.bot_user.payload()), status=201)

    async def _patch_app_emoji(self, req: RestRequest) -> web.Response:
        emoji = self._app_emoji(req)
        if isinstance(emoji, web.Response):
            return emoji
        body = req.body if isinstance(req.body, dict) else {}
        errors = self.app_emojis.check_name(body.get("name"), keep=emoji.id)
        if set(body) - {"name"}:
            errors.append(V.FieldError((), "UNKNOWN_FIELD", "Only the name can be changed"))
        if errors:
            return self._invalid(req, errors, "app_emojis.invalid")
        emoji.name = body["name"]
        self.app_emojis.calls.append(("PATCH", emoji.name))
        return json_response(self.app_emojis.payload(emoji, self.bot_user.payload()))

    async def _delete_app_emoji(self, req: RestRequest) -> web.Response:
        emoji = self._app_emoji(req)
        if isinstance(emoji, web.Response):
            return emoji
        del self.app_emojis.emojis[emoji.id]
        self.app_emojis.calls.append(("DELETE", emoji.name))
        self.notify()
        return no_content()

    # -- guilds / channels ---------------------------------------------------------------------
    async def _get_guild(self, req: RestRequest) -> web.Response:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        data = guild.payload(include_members=[])
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "member_count",
            "stage_instances",
            "guild_scheduled_events",
            "soundboard_sounds",
            "unavailable",
        ):
            data.pop(key, None)
        return json_response(data)

    async def _get_guild_channels(self, req: RestRequest) -> web.Response:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response([c.payload() for c in guild.channels])

    async def _get_guild_roles(self, req: RestRequest) -> web.Response:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        return json_response([guild.everyone_role.payload(), *(r.payload() for r in guild.roles)])

    async def _get_member(self, req: RestRequest) -> web.Response:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        member = guild.members.get(req.int_param("user_id"))
        if member is None:
            return error_response(404, 10007, "Unknown Member")
        return json_response(member.payload())

    async def _list_members(self, req: RestRequest) -> web.Response:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            return error_response(404, 10004, "Unknown Guild")
        after = int(req.query.get("after", 0))
        limit = int(req.query.get("limit", 1))
        members = sorted(
            (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
        )
        return json_response([m.payload() for m in members[:limit]])

    def _channel_or_error(self, req: RestRequest) -> FakeChannel | web.Response:
        channel = self.channels.get(req.int_param("channel_id"))
        if channel is None:
            return error_response(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, req: RestRequest) -> web.Response:
        channel = self._channel_or_error(req)
        if isinstance(channel, web.Response):
            return channel
        return json_response(channel.payload())

    async def _typing(self, req: RestRequest) -> web.Response:
        channel = self._channel_or_error(req)
        if isinstance(channel, web.Response):
            return channel
        return no_content()

    async def _list_messages(self, req: RestRequest) -> web.Response:
        channel = self._channel_or_error(req)
        if isinstance(channel, web.Response):
            return channel
        msgs = self.messages_in(channel)
        limit = int(req.query.get("limit", 50))
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])]
            return json_response([m.payload() for m in reversed(msgs[:limit])])
        return json_response([m.payload() for m in reversed(msgs[-limit:])])

    def _channel_message(self, req: RestRequest) -> tuple[FakeChannel, FakeMessage] | web.Response:
        channel = self._channel_or_error(req)
        if isinstance(channel, web.Response):
            return channel
        msg = self.messages.get(req.int_param("message_id"))
        if msg is None or msg.deleted or msg.channel is not channel or msg.ephemeral:
            return error_response(404, 10008, "Unknown Message")
        return channel, msg

    async def _get_channel_message(self, req: RestRequest) -> web.Response:
        found = self._channel_message(req)
        if isinstance(found, web.Response):
            return found
        return json_response(found[1].payload())

    async def _post_channel_message(self, req: RestRequest) -> web.Response:
        channel = self._channel_or_error(req)
        if isinstance(channel, web.Response):
            return channel
        if channel.is_bot_dm and channel.recipient is not None:
            refusal = self._dm_refusal(channel.recipient)
            if refusal is not None:
                return refusal
        data = req.body or {}
        errors = self._check_message(
            data, file_count=len(req.files), file_names=[f.filename for f in req.files]
        )
        if errors:
            return self._invalid(req, errors, "message.invalid")
        flags = int(data.get("flags") or 0) & CREATE_FLAGS
        # With enforce_nonce a repeated post (a retry after a crash) returns the message the
        # first one created instead of creating another, as Discord does for a few minutes.
        nonce = str(data["nonce"]) if data.get("enforce_nonce") and data.get("nonce") else None
        if nonce is not None and len(nonce) > MAX_NONCE:
            bad = V.FieldError(("nonce",), "BASE_TYPE_BAD_LENGTH", "Must be 25 or fewer in length.")
            return self._invalid(req, [bad], "message.invalid")
        key = (self.bot_user.id, nonce) if nonce is not None else None
        seen = self.nonces.get(key) if key is not None else None
        if seen is not None and time.monotonic() - seen[1] < NONCE_WINDOW_SECONDS:
            self.nonce_repeats += 1
            self.notify()
            return json_response(seen[0].payload())
        msg = await self._create_message(
            channel=channel, author=self.bot_user, data=data, files=req.files, flags=flags
        )
        if key is not None:
            self.nonces[key] = (msg, time.monotonic())
        return json_response(msg.payload())

    def _dm_refusal(self, user: FakeUser) -> web.Response | None:
        """Why Discord refuses the bot's DM to ``user``, if it does: the user closed their DMs
        (50007), or shares no server with the bot (50278 "Cannot send messages to this user due
        to having no mutual guilds", developers/topics/opcodes-and-status-codes.mdx). Discord's
        documentation says a user who installed the app "can open a DM with it"
        (tutorials/developing-a-user-installable-app.mdx) but nowhere that a user install lets
        the bot DM the user, so it does not here. A refusal is an answer, not a violation."""
        if not user.accepts_dms:
            return error_response(403, 50007, "Cannot send messages to this user")
        if not self._shares_server_with_bot(user):
            return error_response(
                403, 50278, "Cannot send messages to this user due to having no mutual guilds"
            )
        return None

    async def _patch_channel_message(self, req: RestRequest) -> web.Response:
        found = self._channel_message(req)
        if isinstance(found, web.Response):
            return found
        _, msg = found
        if msg.author_id != self.bot_user.id:
            self.record_violation(
                "message.edit_foreign",
                f"bot tried to edit message {msg.id} by someone else",
                route=req.route,
            )
            return error_response(403, 50005, "Cannot edit a message authored by another user")
        data = req.body or {}
        errors = self._check_message(
            data,
            file_count=len(req.files),
            existing=msg.data,
            file_names=[f.filename for f in req.files],
        )
        if errors:
            return self._invalid(req, errors, "message.invalid")
        await self._edit_message(msg, data, req.files)
        return json_response(msg.payload())

    async def _delete_channel_message(self, req: RestRequest) -> web.Response:
        found = self._channel_message(req)
        if isinstance(found, web.Response):
            return found
        await self._delete_message(found[1])
        return no_content()

    # -- interactions ------------------------------------------------------------------------------
    async def _interaction_callback(self, req: RestRequest) -> web.Response:
        rec = self.interactions.get(req.int_param("interaction_id"))
        if rec is None or rec.token != req.params["token"]:
            self.record_violation(
                "interaction.unknown",
                "callback for an unknown interaction id/token",
                route=req.route,
            )
            return error_response(404, 10062, "Unknown interaction")
        if rec.responded:
            self.record_violation(
                "interaction.already_acknowledged",
                f"second initial response (type {(req.body or {}).get('type')}) after type "
                f"{rec.response_type}",
                route=req.route,
                interaction=rec,
            )
            return error_response(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - rec.dispatched_at
        if elapsed > (limit := self.deadline()):
            self.record_violation(
                "interaction.late_response",
                f"initial response after {elapsed:.2f}s (limit {self.response_deadline}s, "
                f"{limit:.2f}s on this machine now)",
                route=req.route,
                interaction=rec,
            )
            return error_response(404, 10062, "Unknown interaction")
        body = req.body or {}
        cb_type = body.get("type")
        data: JSON = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(rec.type, frozenset())
        # A modal submitted from a slash command may still be acknowledged with type 6.
        needs_message = cb_type == CB_UPDATE_MESSAGE or (
            cb_type == CB_DEFERRED_UPDATE_MESSAGE and rec.type != MODAL_SUBMIT
        )
        if cb_type not in allowed or (needs_message and rec.source_message is None):
            return self._invalid(
                req,
                [
                    V.FieldError(
                        ("type",),
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"callback type {cb_type} is not valid for interaction type {rec.type}",
                    )
                ],
                "interaction.invalid_callback_type",
                rec,
            )

        msg: FakeMessage | None = None
        ephemeral = False
        if cb_type == CB_CHANNEL_MESSAGE:
            errors = self._check_message(
                data,
                base=("data",),
                file_count=len(req.files),
                file_names=[f.filename for f in req.files],
            )
            if errors:
                return self._invalid(req, errors, "message.invalid", rec)
            flags = int(data.get("flags") or 0) & INTERACTION_CREATE_FLAGS
            if rec.forced_ephemeral:
                flags |= FLAG_EPHEMERAL
            ephemeral = bool(flags & FLAG_EPHEMERAL)
            msg = await self._create_message(
                channel=rec.channel,
                author=self.bot_user,
                data=data,
                files=req.files,
                flags=flags,
                msg_type=self._response_message_type(rec),
                interaction=rec,
            )
        elif cb_type == CB_DEFERRED_CHANNEL_MESSAGE:
            ephemeral = rec.forced_ephemeral or bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = await self._create_message(
                channel=rec.channel,
                author=self.bot_user,
                data={},
                files=[],
                flags=FLAG_LOADING | (FLAG_EPHEMERAL if ephemeral else 0),
                msg_type=self._response_message_type(rec),
                interaction=rec,
            )
            rec.deferred_placeholder = msg
        elif cb_type == CB_DEFERRED_UPDATE_MESSAGE:
            msg = rec.source_message
            ephemeral = bool(msg and msg.ephemeral)
        elif cb_type == CB_UPDATE_MESSAGE:
            assert rec.source_message is not None
            errors = self._check_message(
                data,
                base=("data",),
                file_count=len(req.files),
                existing=rec.source_message.data,
                file_names=[f.filename for f in req.files],
            )
            if errors:
                return self._invalid(req, errors, "message.invalid", rec)
            msg = await self._edit_message(rec.source_message, data, req.files)
            ephemeral = msg.ephemeral
        elif cb_type == CB_AUTOCOMPLETE_RESULT:
            errors = V.check_choices(data)
            if errors:
                return self._invalid(req, errors, "autocomplete.invalid", rec)
            rec.choices = list(data["choices"])
        elif cb_type == CB_MODAL:
            errors = V.check_modal(data)
            if errors:
                return self._invalid(req, errors, "modal.invalid", rec)
            for custom_id in V.deprecated_modal_rows(data):
                self.record_violation(
                    "modal.deprecated_action_row",
                    f"text input {custom_id!r} in an action row: put it in a Label (type 18)",
                    route=req.route,
                    interaction=rec,
                )
            rec.modal = json_copy(data)

        rec.response_type = cb_type
        rec.response_data = body
        rec.responded_at = time.monotonic()
        rec.message = msg
        rec.responded_privately = ephemeral
        self.notify()
        if req.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        result: JSON = {
            "interaction": {
                "id": str(rec.id),
                "type": rec.type,
                "response_message_id": str(msg.id) if msg is not None else None,
                "response_message_loading": cb_type == CB_DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": ephemeral,
            },
            "resource": {"type": cb_type},
        }
        if msg is not None and cb_type in (CB_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE):
            result["resource"]["message"] = msg.payload()
        return json_response(result)

    @staticmethod
    def _response_message_type(rec: InteractionRecord) -> int:
        if rec.type == APPLICATION_COMMAND:
            return 20 if rec.payload["data"].get("type", 1) == 1 else 23
        return 0

    def _webhook_interaction(self, req: RestRequest, what: str) -> InteractionRecord | web.Response:
        rec = self._interactions_by_token.get(req.params["token"])
        if rec is None or req.int_param("app_id") != self.application_id:
            self.record_violation(
                "webhook.unknown", f"{what} with an unknown application id/token", route=req.route
            )
            return error_response(404, 10015, "Unknown Webhook")
        if self.clock() - rec.issued_at > TOKEN_LIFETIME_SECONDS:
            # Tokens last 15 minutes (receiving-and-responding.mdx); then Discord answers 401
            # 50027 "Invalid Webhook Token" (topics/opcodes-and-status-codes.mdx). The bot may
            # try, so this is counted (expired_token_requests), not a violation.
            self.expired_token_requests.append(req)
            self.notify()
            return error_response(401, 50027, "Invalid Webhook Token")
        if not rec.responded:
            self.record_violation(
                f"{what}.before_response",
                f"{what} before the interaction's initial response",
                route=req.route,
                interaction=rec,
            )
            return error_response(404, 10015, "Unknown Webhook")
        return rec

    async def _get_original(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "original")
        if isinstance(rec, web.Response):
            return rec
        if rec.message is None or rec.message.deleted:
            return error_response(404, 10008, "Unknown Message")
        return json_response(rec.message.payload())

    async def _patch_original(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "original")
        if isinstance(rec, web.Response):
            return rec
        msg = rec.message
        if msg is None or msg.deleted:
            return error_response(404, 10008, "Unknown Message")
        data = req.body or {}
        errors = self._check_message(
            data,
            file_count=len(req.files),
            existing=msg.data,
            file_names=[f.filename for f in req.files],
        )
        if errors:
            return self._invalid(req, errors, "message.invalid", rec)
        # Clear the placeholder before the edit wakes the waiters, so that wait_complete()
        # sees the "thinking…" message as filled.
        if rec.deferred_placeholder is msg:
            rec.deferred_placeholder = None
        await self._edit_message(msg, data, req.files)
        return json_response(msg.payload())

    async def _delete_original(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "original")
        if isinstance(rec, web.Response):
            return rec
        if rec.message is None or rec.message.deleted:
            return error_response(404, 10008, "Unknown Message")
        await self._delete_message(rec.message)
        return no_content()

    async def _post_followup(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "followup")
        if isinstance(rec, web.Response):
            return rec
        data = req.body or {}
        errors = self._check_message(
            data, file_count=len(req.files), file_names=[f.filename for f in req.files]
        )
        if errors:
            return self._invalid(req, errors, "message.invalid", rec)
        v2 = bool(int(data.get("flags") or 0) & FLAG_COMPONENTS_V2)
        if self.refuse_v2_webhook_files and req.files and v2:
            error = V.FieldError(
                ("files",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'files' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
            return self._invalid(req, [error], "webhook.v2_files_refused", rec)
        if rec.user_install_only and len(rec.followups) >= USER_INSTALL_FOLLOWUP_LIMIT:
            self.record_violation(
                "followup.limit",
                f"follow-up #{len(rec.followups) + 1} to an interaction authorized by a user "
                f"install only (at most {USER_INSTALL_FOLLOWUP_LIMIT})",
                route=req.route,
                interaction=rec,
            )
            return error_response(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )
        placeholder = rec.deferred_placeholder
        if placeholder is not None and not placeholder.deleted:
            # The first follow-up after a deferred response fills the "thinking…" message and
            # keeps the defer's visibility (its own ephemeral flag is ignored). Discord has
            # deprecated this: the answer should edit the original response instead.
            self.record_violation(
                "followup.fills_deferred",
                "a follow-up filled the deferred response: edit the original response instead",
                route=req.route,
                interaction=rec,
            )
            rec.deferred_placeholder = None
            msg = await self._edit_message(
                placeholder, {k: v for k, v in data.items() if k != "flags"}, req.files
            )
        else:
            flags = int(data.get("flags") or 0) & INTERACTION_CREATE_FLAGS
            if rec.forced_ephemeral:
                flags |= FLAG_EPHEMERAL
            msg = await self._create_message(
                channel=rec.channel,
                author=self.bot_user,
                data=data,
                files=req.files,
                flags=flags,
                interaction=rec,
            )
        rec.followups.append(msg)
        self.notify()
        if req.query.get("wait") in ("0", "false", "False"):
            return no_content()
        return json_response(msg.payload())

    def _followup_message(
        self, req: RestRequest, rec: InteractionRecord
    ) -> FakeMessage | web.Response:
        mid = req.int_param("message_id")
        for msg in rec.all_messages:
            if msg.id == mid and not msg.deleted:
                return msg
        return error_response(404, 10008, "Unknown Message")

    async def _get_followup(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "followup")
        if isinstance(rec, web.Response):
            return rec
        msg = self._followup_message(req, rec)
        if isinstance(msg, web.Response):
            return msg
        return json_response(msg.payload())

    async def _patch_followup(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "followup")
        if isinstance(rec, web.Response):
            return rec
        msg = self._followup_message(req, rec)
        if isinstance(msg, web.Response):
            return msg
        data = req.body or {}
        errors = self._check_message(
            data,
            file_count=len(req.files),
            existing=msg.data,
            file_names=[f.filename for f in req.files],
        )
        if errors:
            return self._invalid(req, errors, "message.invalid", rec)
        await self._edit_message(msg, data, req.files)
        return json_response(msg.payload())

    async def _delete_followup(self, req: RestRequest) -> web.Response:
        rec = self._webhook_interaction(req, "followup")
        if isinstance(rec, web.Response):
            return rec
        msg = self._followup_message(req, rec)
        if isinstance(msg, web.Response):
            return msg
        await self._delete_message(msg)
        return no_content()
