"""A shield between Discord's gateway and discord.py's event parsers.

discord.py parses every gateway event synchronously inside the websocket's receive loop
(``DiscordWebSocket.received_message`` → ``ConnectionState.parse_*``). An exception there (a
number where a ``custom_id`` string belongs, a missing field, an unknown component type)
escapes ``poll_event`` and the shard worker turns it into a *terminate*: the whole process
exits. One malformed event must never do that, so each parser is wrapped here: the event is
logged once with its context and dropped, and an interaction that can still be answered is
told, privately, that something went wrong."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.state import AutoShardedConnectionState

log = logging.getLogger(__name__)

#: Called with (event name, raw data, error) when a parser failed; never raises.
ParseFailure = Callable[[str, Any, Exception], None]
#: Called with each raw INTERACTION_CREATE before discord.py parses it: False drops it (the
#: gate has answered it itself).
Admission = Callable[[Any], bool]


class GuardedConnectionState(AutoShardedConnectionState[Any]):
    """discord.py's connection state with every ``parse_*`` handler guarded."""

    def __init__(
        self,
        *args: Any,
        on_parse_error: ParseFailure,
        admit: Admission | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        parsers = dict(self.parsers)
        if admit is not None:
            parsers["INTERACTION_CREATE"] = _gated(parsers["INTERACTION_CREATE"], admit)
        # discord.py collects the bound parse_* methods into this table once, at construction;
        # the gateway looks handlers up here, so wrapping the table guards every event.
        self.parsers = {
            event: _guarded(event, parser, on_parse_error) for event, parser in parsers.items()
        }


def _gated(parser: Callable[[Any], None], admit: Admission) -> Callable[[Any], None]:
    def parse(data: Any) -> None:
        if admit(data):
            parser(data)

    return parse


def _guarded(
    event: str, parser: Callable[[Any], None], on_parse_error: ParseFailure
) -> Callable[[Any], None]:
    def parse(data: Any) -> None:
        try:
            parser(data)
        except Exception as error:
            on_parse_error(event, data, error)

    return parse


def interaction_context(data: Any) -> tuple[object, object, object]:
    """(id, type, custom_id) of a raw INTERACTION_CREATE payload, whatever its shape."""
    if not isinstance(data, dict):
        return None, None, None
    inner = data.get("data")
    custom_id = inner.get("custom_id") if isinstance(inner, dict) else None
    return data.get("id"), data.get("type"), custom_id


def interaction_user_id(data: Any) -> int | None:
    """Who sent a raw INTERACTION_CREATE (``member.user`` in a server, ``user`` elsewhere)."""
    if not isinstance(data, dict):
        return None
    member = data.get("member")
    user = member.get("user") if isinstance(member, dict) else data.get("user")
    ident = user.get("id") if isinstance(user, dict) else None
    try:
        return int(ident) if ident is not None else None
    except (TypeError, ValueError):
        return None


def answerable_interaction(
    state: discord.state.ConnectionState[Any], data: Any
) -> discord.Interaction[Any] | None:
    """A bare Interaction built only from what a reply needs (id, token, type, locale), so a
    malformed payload can still be answered; ``None`` when even that much is unusable."""
    if not isinstance(data, dict):
        return None
    ident, token, kind = data.get("id"), data.get("token"), data.get("type")
    if not isinstance(token, str) or not isinstance(kind, int) or kind == 1:
        return None  # a PING, or nothing to answer with
    locale = data.get("locale")
    bare: dict[str, Any] = {
        "id": ident,
        "type": kind,
        "token": token,
        "version": 1,
        "application_id": data.get("application_id") or state.application_id,
        "attachment_size_limit": 0,
        "locale": locale if isinstance(locale, str) else "en-US",
    }
    try:
        return discord.Interaction(data=bare, state=state)  # type: ignore[arg-type]
    except Exception:  # not even an id or application id to reply with
        return None
