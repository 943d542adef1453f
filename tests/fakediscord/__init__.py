"""A loopback fake of Discord's gateway and REST API for end-to-end bot tests.

The *unmodified* discord.py client logs in to an aiohttp server on 127.0.0.1 (ephemeral
port); tests then act as Discord users (slash commands, button clicks, selects, modals) and
inspect what the bot did. Discord's own rules are enforced, so a bot that would be rejected
by the real API fails here too.

Quick start
-----------
::

    from fakediscord import FakeDiscord

    async def test_challenge() -> None:
        async with FakeDiscord() as fake:          # starts server, patches discord.py URLs
            guild = fake.add_guild("Test", locale="ja")
            channel = fake.add_text_channel(guild, "games")
            alice = fake.add_user("alice")         # member of every guild added so far
            bob = fake.add_user("bob", locale="ja")
            bot = make_my_bot()                    # any discord.Client / commands.Bot
            await fake.run_client(bot)             # returns after IDENTIFY (+ setup_hook sync)

            r = await fake.slash("bushi challenge", user=alice, channel=channel,
                                 options={"opponent": bob, "rated": True})
            await r.wait_response()
            assert r.response_type == 4 and not r.ephemeral
            msg = fake.last_message(channel)       # FakeMessage, edits applied
            r2 = await fake.click(msg, prefix="accept:", user=bob)
            await r2.wait_response()
            assert r2.response_type == 7 and "accepted" in msg.content
            await fake.stop_client(bot)
        # leaving the block (without an exception) asserts fake.assert_clean(): no rule
        # violations, no unimplemented routes, no ERROR logs from discord.py

Or use the pytest fixtures in ``fakediscord.fixtures``: ``discord_fake`` (a started default
fake) and ``discord_fake_factory`` (``await discord_fake_factory(shard_count=2)``). Import
them in a conftest with ``from fakediscord.fixtures import discord_fake_fixture,
discord_fake_factory_fixture  # noqa: F401`` (or list ``"fakediscord.fixtures"`` in the root
conftest's ``pytest_plugins``). ``tests/`` has no ``__init__.py``, so pytest puts it on
``sys.path`` and the package imports as ``fakediscord``.

API (``FakeDiscord``)
---------------------
Construction: ``FakeDiscord(*, token="fake-token", bot_name="Asobiba", shard_count=1,
response_deadline=3.0, heartbeat_interval=41.25, privileged_intents=<all>,
bot_permissions=..., attachment_size_limit=10 MiB, capture_client_errors=True,
assert_clean_on_exit=True, reaction_time=0.02, refuse_v2_webhook_files=False,
pace=load_factor)``.
``response_deadline`` and every wait's timeout are a quiet machine's seconds: ``pace()`` says
how many of this machine's seconds one takes now (by default the load average per core, at
least 1; ``lambda: 1.0`` for plain seconds), so a loaded machine is not taken for a slow bot.
``refuse_v2_webhook_files``: a follow-up with IS_COMPONENTS_V2 and files answers 400 (a
``webhook.v2_files_refused`` violation), as Execute Webhook's footnote says; by default it is
taken, as the components reference and Create Message say (see ``FakeDiscord.__init__``).
``reaction_time``: users click, select or submit a modal no sooner than this after the message
(or modal) appeared or changed, so an interaction never overtakes the response that showed it.
``shard_count`` is what ``GET /gateway/bot`` recommends to ``AutoShardedClient``.
Only one FakeDiscord may run at a time (it patches class attributes).

World building (synchronous; gateway events are queued for connected clients):
    ``add_guild(name="Test Guild", *, locale="en-US", owner=None, everyone_permissions=...,
    shard=None, bot_installed=True)`` (``shard`` picks an id that lands on that shard of
    ``shard_count``; ``bot_installed=False``: a server that never installed the bot — not sent
    over the gateway, REST on it or its channels answers 403 50001)
    ``add_text_channel(guild, name, *, topic=None)``
    ``add_role(guild, name, *, permissions=0, color=0)``
    ``add_user(username, *, global_name=None, locale="en-US", guilds=None, bot=False,
    accepts_dms=True)`` (``guilds=None`` = every existing guild)
    ``add_member(guild, user, *, nick=None, roles=(), permissions=None)``
    ``dm_channel(user)``, ``make_attachment(filename, data, *, content_type=None)``
    ``add_invite(guild, code=None) -> code`` (Get Invite answers it; an unknown code 404 10006)

User installs (Discord's user-installed apps):
    ``install_for_user(user)`` (the user added the app to their account),
    ``set_external_apps(guild, allowed)`` (@everyone's Use External Apps; denied, user-install
    responses in a server without the bot are forced ephemeral),
    ``add_group_dm(*users, name=None)`` (type 3) and ``add_private_dm(a, b)`` (type 1): channels
    between users that the bot is not in, ``close_dms(user)`` (the bot's DMs answer 50007; a
    user sharing no server with the bot answers 50278), ``bot_can_access(channel)``.
    Interactions carry ``context`` (0 server, 1 the bot's DM, 2 DMs/group DMs between users),
    ``authorizing_integration_owners`` and ``app_permissions`` as Discord computes them; a
    component or modal answers for the installs of the interaction that made its message.
    Commands are offered per their ``integration_types`` (default ``[0]``) and ``contexts``
    (default all). REST on a channel or server the bot cannot access is a ``rest.no_access``
    violation; a 6th follow-up to a user-install-only interaction answers 40094 and is a
    ``followup.limit`` violation. Discord's clock: ``clock()``, ``advance(seconds)``; tokens
    older than 15 minutes answer 401 50027 and land in ``expired_token_requests``.

Clients:
    ``await run_client(client, *, token=None, wait_for_sync=False, wait_ready=False,
    timeout=10.0) -> asyncio.Task`` starts ``client.start()``; returns once every shard the
    client will open has IDENTIFYed and received READY + GUILD_CREATEs. ``on_ready`` comes
    ~2 s later (discord.py's ``guild_ready_timeout``); interactions work before it.
    ``await stop_client(client, *, timeout=10.0, raise_errors=True)`` closes it cleanly.
    ``await reconnect_shard(shard_id=0)`` sends op 7 RECONNECT and waits for the RESUME.

Acting as users (each returns an :class:`InteractionRecord` right after dispatch):
    ``await slash("group sub", *, user, channel=None, options=None, locale=None,
    guild_locale=None)`` (``channel=None`` = DM; names may be localized; options typed from
    the synced definition: str/int/float/bool, FakeUser/FakeMember, FakeChannel, FakeRole,
    FakeAttachment)
    ``await autocomplete("cmd", *, user, focused, channel=None, options=None)``
    ``await user_command(name, target, *, user, channel=None)``,
    ``await message_command(name, target_message, *, user)``
    ``await click(message, custom_id=None, *, user, label=None, prefix=None)``
    ``await select(message, custom_id, values, *, user, prefix=None)``
    ``await submit_modal(opened_by_record, {custom_id: value}, *, user=None)``
    ``await post_user_message(channel, user, content)`` (MESSAGE_CREATE, intent-aware)
    ``message`` may be a FakeMessage, an InteractionRecord (its response message) or an id.

InteractionRecord: ``context``, ``authorizing_integration_owners``, ``user_install_only``,
``forced_ephemeral``, ``await wait_response(timeout=None)``, ``await wait_complete()`` (also
waits for a type-5 "thinking…" message to be filled), ``await wait_followups(n)``,
``await wait_until(pred)``; ``response_type`` (4/5/6/7/8/9), ``message`` (FakeMessage
created or edited; follows @original edits), ``ephemeral``, ``followups``, ``modal``,
``choices``, ``content``/``components``/``embeds``, ``response_delay``, ``violations``,
``mark_no_response_expected()``.

FakeMessage (live view, latest edit applied): mapping access (``msg["content"]``),
``id``, ``content``, ``components``, ``embeds``, ``flags``, ``ephemeral``, ``loading``,
``attachments`` (:class:`FakeAttachment` with the uploaded ``data`` bytes / ``text``),
``history`` (earlier versions), ``edit_count``, ``deleted``, ``custom_ids()``,
``buttons()``, ``selects()``, ``find_component(custom_id=None, *, prefix, label, type,
predicate)``, ``find_components(...)``, ``attachment(index_or_filename)``.

Queries: ``messages_in(channel)``, ``visible_messages(channel, user)`` (what that user
sees: no other user's ephemerals), ``rest_calls_to(channel)``, ``last_message(channel)``,
``ephemeral_messages(user)``,
``dm_messages(user)``, ``message(id)``, ``await wait_for_message(channel, predicate)``,
``commands(guild=None)``, ``command(name, guild=None)``, ``syncs`` (every bulk overwrite:
``guild_id``, ``payload`` as sent, ``result``), ``identifies``, ``requests`` (REST log,
each with its arrival time ``at``), ``invalid_requests()`` (those answered 401, 403 or 429,
which Discord counts against the bot's address: 10,000 per 10 minutes), ``refused_dms()``
(the bot's DMs answered 403),
``interactions``, ``await wait_until(predicate, timeout)``, ``nonce_repeats`` (posts whose
``enforce_nonce`` nonce was already used in the last ``NONCE_WINDOW_SECONDS``: Discord, and the
fake, return the first message instead of creating another).

Faults: ``inject_rate_limit(method, path_regex, *, retry_after=0.05, count=1,
is_global=False)`` (a 429 with ``Via`` + JSON ``retry_after``, which discord.py retries),
``inject_error(method, path_regex, *, status, body=None, count=1)``, ``clear_faults()`` (the
outage is over).

Violations
----------
Rule breaches are answered the way Discord answers them (400 ``50035 Invalid Form Body``,
``40060 already acknowledged``, ``10062 Unknown interaction``, ``10015 Unknown Webhook``...)
AND appended to ``fake.violations`` (``Violation(rule, message, route, interaction_id,
detail)``). Checked: one initial response per interaction within ``response_deadline``
(``interaction.no_response`` / ``late_response`` / ``already_acknowledged``), a deferred
"thinking…" message eventually filled (``interaction.deferred_never_completed``, checked at
shutdown), callback type valid for the interaction type, follow-ups and @original only after
it (``followup.before_response`` / ``original.before_response``), content <= 2000,
<= 10 embeds and embed limits, <= 5 action rows of <= 5 buttons or one select, <= 25 select
options, custom_id 1..100 and unique per message, v2 component limits, modal and
autocomplete limits, non-empty messages, uploads <= ``attachment_size_limit`` (413),
editing only the bot's own messages, command-sync rules (names, lengths, locales, option
order, nesting). Users cannot do what Discord's UI forbids either: invoking unsynced
commands, commands hidden by ``contexts``/``default_member_permissions``, clicking disabled
buttons or someone else's ephemeral message, picking values that are not options — those
raise :class:`FakeDiscordError` in the test. Unknown routes answer 404 and land in
``fake.unhandled``; ERROR logs of the ``discord`` logger land in ``fake.client_errors``.
``assert_clean()`` fails on any of the three; ``take_violations()`` /
``take_client_errors()`` consume expected ones.

discord.py quirks worth knowing
-------------------------------
* discord.py sleeps 5 s in ``before_identify_hook`` before every non-first IDENTIFY (the
  second shard of an ``AutoShardedClient``, a re-IDENTIFY after INVALID_SESSION). Override
  ``before_identify_hook`` in a test subclass to skip it.
* ``on_ready`` fires ``guild_ready_timeout`` (2 s) after the last GUILD_CREATE; wait for it
  only when a test needs it (``run_client(..., wait_ready=True)``).
* discord.py refuses a second response itself (``InteractionResponded``); a double response
  only reaches Discord through a second code path (e.g. a fresh ``InteractionResponse``).
* Discord always sends base (English) command/option names; ``slash()`` accepts localized
  names and translates them the same way.
* After ``close()`` discord.py leaves its on_ready countdown and view-timeout tasks running;
  ``stop_client``/``close`` cancel them so tests do not leak tasks.
"""

from .models import (
    FakeAttachment,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    UnhandledRequest,
    Violation,
)
from .server import FakeDiscord, RestRequest, SyncRecord

__all__ = [
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionRecord",
    "RestRequest",
    "SyncRecord",
    "UnhandledRequest",
    "Violation",
]
