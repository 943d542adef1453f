"""Answering first: every command, click and form is acknowledged within Discord's 3 seconds,
whatever the database does.

Each interaction a handler takes (the command tree, a component, a form) runs inside
:func:`answering`. Should its handler not have answered within :data:`ANSWER_WITHIN` (a busy
database, a slow picture), it is acknowledged meanwhile, as its first answer will come: what a
command or control declares (:class:`FirstAnswer`) — a "thinking…" everyone sees, one only its
user sees, or, for a click that changes the message it is on, a silent deferral. Quick work
costs no extra request.

The handler is none the wiser: its ``interaction.response`` (an :class:`AnsweringResponse`)
still looks unanswered, and turns its first answer into the one that fits the deferral — a
message into an edit of the "thinking…" it replaces (or, where that one is public and the
answer private, the "thinking…" deleted and a private follow-up sent), a click's update into
an edit of its message, a deferral into nothing. So commands need not know about it.

A control that opens a form (a modal) is never deferred: Discord takes a form only as the
first answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import AsyncIterator
from typing import Any, cast

import discord
from discord.utils import MISSING

from bot.metrics import METRICS
from bot.text.errors import FORM_TOO_SLOW
from bot.ui.common import ANSWERED, NO_PINGS, THINKING_PRIVATELY, user_locale

log = logging.getLogger(__name__)

#: How long a handler may work before its interaction is acknowledged: well inside Discord's
#: 3 seconds from the interaction's creation, some of which it spent reaching us.
ANSWER_WITHIN = 1.5
#: How long a click may prepare the form it opens: a form can't be held, only sent before
#: Discord's 3 seconds are out, so past this the click is answered with words instead.
FORM_WITHIN = 2.5

#: ``app_commands.Command.extras`` key: the command's :class:`FirstAnswer`.
FIRST_ANSWER = "asobiba.first_answer"
#: ``Interaction.extras`` key: the first answer went out as a follow-up, not as the response.
FOLLOWED_UP = "asobiba.followed_up"

THINKING = discord.InteractionResponseType.deferred_channel_message


class FirstAnswer(enum.Enum):
    """How an interaction's first answer comes, and so how it is acknowledged if it is slow."""

    #: A message everyone there sees (a new game's board, a table): a public "thinking…".
    PUBLIC = "public"
    #: A message only its user sees: a private "thinking…".
    PRIVATE = "private"
    #: The message clicked changes (a move on a board, a page turned): a silent deferral.
    UPDATE = "update"
    #: A form opens: never deferred (Discord would refuse the form after it).
    FORM = "form"


def answers(first: FirstAnswer) -> dict[Any, Any]:
    """A command's ``extras`` saying how its first answer comes."""
    return {FIRST_ANSWER: first}


def declared(command: object) -> FirstAnswer | None:
    """What ``command`` (an ``app_commands.Command``) declares, if anything."""
    extras = getattr(command, "extras", None)
    first = extras.get(FIRST_ANSWER) if isinstance(extras, dict) else None
    return first if isinstance(first, FirstAnswer) else None


def answered_by_followup(interaction: discord.Interaction) -> bool:
    """Whether the first answer became a follow-up (a public "thinking…" replaced by a
    private answer): that message is then edited as a follow-up, not as the response."""
    return bool(interaction.extras.get(FOLLOWED_UP))


class AnsweringResponse(discord.InteractionResponse[Any]):
    """``interaction.response`` for an interaction that may have been acknowledged behind its
    handler's back (:meth:`hold`): until the handler answers, it looks unanswered, and its
    first answer is turned into what fits the acknowledgement already made."""

    __slots__ = ("_first", "_gave_way", "_held", "_lock")

    def __init__(self, parent: discord.Interaction[Any]) -> None:
        super().__init__(parent)
        #: One initial response at a time: the hold and the handler's answer never race.
        self._lock = asyncio.Lock()
        #: Acknowledged by :meth:`hold`, and the handler has not answered yet.
        self._held = False
        self._first: FirstAnswer | None = None
        #: A form too slow to open: the clicker was told to press again (:meth:`hold`).
        self._gave_way = False

    # --- what the handler sees -------------------------------------------------------------

    def is_done(self) -> bool:
        return super().is_done() and not self._held

    @property
    def type(self) -> discord.InteractionResponseType | None:
        return None if self._held else self._response_type

    # --- the acknowledgement ---------------------------------------------------------------

    async def hold(self, first: FirstAnswer) -> None:
        """Acknowledge now, as ``first`` will answer, unless the handler has answered."""
        async with self._lock:
            if self._response_type is not None:
                return
            parent = self._parent
            if first is FirstAnswer.FORM:
                # A form can only be a first answer, so a slow one can't be held: the click is
                # told to come again, and the form it would have opened is let go.
                await super().send_message(
                    FORM_TOO_SLOW(user_locale(parent)), ephemeral=True, allowed_mentions=NO_PINGS
                )
                self._gave_way = True
                METRICS.answered_ahead.labels(first.value).inc()
                return
            if first is FirstAnswer.UPDATE and parent.type in (
                discord.InteractionType.component,
                discord.InteractionType.modal_submit,
            ):
                await super().defer()
            else:
                privately = first is not FirstAnswer.PUBLIC
                await super().defer(ephemeral=privately, thinking=True)
                parent.extras[THINKING_PRIVATELY] = privately
            self._held, self._first = True, first
        METRICS.answered_ahead.labels(first.value).inc()

    async def let_go(self) -> None:
        """The handler is over: a "thinking…" it never answered is taken away (nothing hangs)."""
        async with self._lock:
            if not self._held:
                return
            self._held = False
            log.warning("interaction %s ended without an answer", self._parent.id)
            if self._response_type is THINKING:
                with contextlib.suppress(discord.HTTPException):
                    await self._parent.delete_original_response()

    # --- the handler's answers -------------------------------------------------------------

    async def defer(
        self, *, ephemeral: bool = False, thinking: bool = False
    ) -> discord.InteractionCallbackResponse[Any] | None:
        async with self._lock:
            if not self._held:
                return await super().defer(ephemeral=ephemeral, thinking=thinking)
            self._held = False  # the acknowledgement it asks for is made already
            shown = self._response_type is THINKING
            if shown != (
                thinking or self._parent.type is discord.InteractionType.application_command
            ):
                self._mismatch("a deferral")
            return None

    async def send_message(
        self, content: Any = None, **options: Any
    ) -> discord.InteractionCallbackResponse[Any]:
        async with self._lock:
            if not self._held:
                return await super().send_message(content, **options)
            self._held = False
            return await self._send_late(content, options)

    async def edit_message(self, **options: Any) -> discord.InteractionCallbackResponse[Any] | None:
        async with self._lock:
            if not self._held:
                return await super().edit_message(**options)
            self._held = False
            self._parent.extras[ANSWERED] = True
            if self._response_type is THINKING:
                # Not what was declared: the change shows in the "thinking…" message instead.
                self._mismatch("an edit of the message clicked")
            message = await self._parent.edit_original_response(**_edit_fields(options))
            return self._late_callback(message, message.flags.ephemeral)

    async def send_modal(
        self, modal: discord.ui.Modal, /
    ) -> discord.InteractionCallbackResponse[Any]:
        async with self._lock:
            if self._held:  # a form can only be the first answer: declared FORM, never held
                self._mismatch("a form")
                self._held = False
                raise discord.InteractionResponded(self._parent)
            if self._gave_way:  # too late: the clicker was told to press again
                log.info("interaction %s: a form ready too late, not opened", self._parent.id)
                return cast(discord.InteractionCallbackResponse[Any], None)
            return await super().send_modal(modal)

    # --- turning a late answer into what fits --------------------------------------------

    async def _send_late(
        self, content: Any, options: dict[str, Any]
    ) -> discord.InteractionCallbackResponse[Any]:
        parent = self._parent
        parent.extras[ANSWERED] = True  # a later private word must not replace this one
        ephemeral = bool(options.get("ephemeral"))
        if self._response_type is THINKING:
            if bool(parent.extras.get(THINKING_PRIVATELY)) == ephemeral:
                fields = _edit_fields({"content": content, **options})
                message = await parent.edit_original_response(**fields)
                return self._late_callback(message, ephemeral)
            # Everyone saw "thinking…" and only the user may see the answer (or the other way
            # round): the "thinking…" goes, and the answer follows on its own.
            with contextlib.suppress(discord.HTTPException):
                await parent.delete_original_response()
        parent.extras[FOLLOWED_UP] = True
        sent = await parent.followup.send(**_followup_fields(content, options), wait=True)
        return self._late_callback(sent, ephemeral, resource=False)

    def _late_callback(
        self, message: discord.Message, ephemeral: bool, *, resource: bool = True
    ) -> discord.InteractionCallbackResponse[Any]:
        """What discord.py returns for an answer, made for one given late: the message it is."""
        parent = self._parent
        data = {
            "interaction": {
                "id": str(parent.id),
                "type": parent.type.value,
                "response_message_id": str(message.id),
                "response_message_loading": False,
                "response_message_ephemeral": ephemeral,
            }
        }
        callback = discord.InteractionCallbackResponse(
            data=cast(Any, data),
            parent=parent,
            state=parent._state,
            type=self._response_type or discord.InteractionResponseType.channel_message,
        )
        if resource and isinstance(message, discord.InteractionMessage):
            callback.resource = message
        return callback

    def _mismatch(self, what: str) -> None:
        first = self._first.value if self._first is not None else "?"
        log.warning(
            "interaction %s was acknowledged as %s but answered with %s: its declaration is wrong",
            self._parent.id,
            first,
            what,
        )


def _edit_fields(options: dict[str, Any]) -> dict[str, Any]:
    """``send_message`` / ``edit_message`` keywords as ``edit_original_response`` takes them."""
    fields: dict[str, Any] = {}
    for key in ("content", "embed", "embeds", "attachments", "view", "allowed_mentions", "poll"):
        if options.get(key, MISSING) is not MISSING:
            fields[key] = options[key]
    files = list(options.get("files") or ())
    if options.get("file", MISSING) is not MISSING:
        files.append(options["file"])
    if files:
        fields["attachments"] = files
    return fields


def _followup_fields(content: Any, options: dict[str, Any]) -> dict[str, Any]:
    """``send_message`` keywords as ``followup.send`` takes them."""
    keys = (
        *("embed", "embeds", "file", "files", "view", "tts", "ephemeral", "allowed_mentions"),
        *("suppress_embeds", "silent", "poll"),
    )
    fields: dict[str, Any] = {key: options[key] for key in keys if key in options}
    if content is not None:
        fields["content"] = content
    return fields


def _install(interaction: discord.Interaction) -> AnsweringResponse | None:
    """The interaction's response, made an :class:`AnsweringResponse` before anything answers
    (``None`` if something has: nothing is held then)."""
    current = getattr(interaction, "_cs_response", None)  # a slot, unset until first read
    if isinstance(current, AnsweringResponse):
        return current
    if current is not None and current.is_done():
        return None
    response = AnsweringResponse(interaction)
    interaction._cs_response = response  # type: ignore[attr-defined]
    return response


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction, first: FirstAnswer) -> AsyncIterator[None]:
    """Run a handler of ``interaction``, acknowledged as ``first`` says should it not have
    answered within :data:`ANSWER_WITHIN`."""
    kinds = (
        discord.InteractionType.application_command,
        discord.InteractionType.component,
        discord.InteractionType.modal_submit,
    )
    response = _install(interaction) if interaction.type in kinds else None
    if response is None:
        yield
        return
    started = asyncio.Event()

    async def watch() -> None:
        await asyncio.sleep(FORM_WITHIN if first is FirstAnswer.FORM else ANSWER_WITHIN)
        started.set()
        try:
            await response.hold(first)
        except discord.HTTPException:
            log.warning("could not acknowledge interaction %s", interaction.id, exc_info=True)

    watcher = asyncio.create_task(watch())
    try:
        yield
    finally:
        if started.is_set():
            await watcher  # an acknowledgement under way is seen through, never cut short
        else:
            watcher.cancel()
        await response.let_go()
