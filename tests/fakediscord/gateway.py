"""The fake gateway: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME and dispatch.

Frames go out as plain-text JSON (never compressed): discord.py only decompresses binary
frames, so text frames work whatever ``compress`` query parameter the client asked for.

One :class:`GatewaySession` per IDENTIFY. Per shard (``(shard_id, shard_count)``) only the
most recent IDENTIFY receives events, so a restarted client is never starved by a dead
session. A session that loses its connection buffers events and replays them on RESUME.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .models import JSON

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

BUFFER_LIMIT = 1000


@dataclass(eq=False)
class GatewayConnection:
    ws: web.WebSocketResponse
    query: dict[str, str]
    session: GatewaySession | None = None
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    heartbeats: int = 0

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, frame: JSON) -> bool:
        """Send one text frame; False if the socket is gone."""
        async with self.send_lock:
            if self.ws.closed:
                return False
            try:
                await self.ws.send_str(json.dumps(frame, ensure_ascii=False))
            except (ConnectionError, RuntimeError):
                return False
            return True


@dataclass(eq=False)
class GatewaySession:
    id: str
    shard_id: int
    shard_count: int
    intents: int
    identify: JSON
    conn: GatewayConnection | None = None
    seq: int = 0
    buffer: list[JSON] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    superseded: bool = False
    ready_sent: bool = False
    resumes: int = 0
    presence: JSON | None = None

    @property
    def shard(self) -> tuple[int, int]:
        return (self.shard_id, self.shard_count)

    @property
    def connected(self) -> bool:
        return self.conn is not None and self.conn.open

    def has_intent(self, bit: int) -> bool:
        return bool(self.intents & bit)


@dataclass
class IdentifyRecord:
    session: GatewaySession
    payload: JSON
    at: float

    @property
    def shard(self) -> tuple[int, int]:
        return self.session.shard


class GatewayHub:
    """Gateway endpoint and session registry of one :class:`FakeDiscord`."""

    def __init__(self, fake: FakeDiscord, *, heartbeat_interval_ms: int) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.connections: set[GatewayConnection] = set()
        self.sessions: dict[str, GatewaySession] = {}
        self.shard_sessions: dict[tuple[int, int], GatewaySession] = {}
        self.active_shard_count = 1
        self.identifies: list[IdentifyRecord] = []
        self.resumed: list[GatewaySession] = []

    # ---------------------------------------------------------------------------- routing
    def shard_for_guild(self, guild_id: int | None, shard_count: int | None = None) -> int:
        count = shard_count or self.active_shard_count
        return 0 if guild_id is None else (guild_id >> 22) % count

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        count = self.active_shard_count
        return self.shard_sessions.get((self.shard_for_guild(guild_id, count), count))

    # ---------------------------------------------------------------------------- dispatch
    async def dispatch(self, session: GatewaySession, event: str, data: JSON) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
            session.buffer.append(frame)
            if len(session.buffer) > BUFFER_LIMIT:
                del session.buffer[: len(session.buffer) - BUFFER_LIMIT]
            conn = session.conn
            if conn is not None:
                await conn.send(frame)

    async def dispatch_to_guild(
        self,
        guild_id: int | None,
        event: str,
        data: JSON | Callable[[GatewaySession], JSON | None],
        *,
        intent: int = 0,
    ) -> None:
        """Dispatch to the session owning ``guild_id`` (shard 0 for DMs) if it has ``intent``."""
        session = self.session_for(guild_id)
        if session is None or (intent and not session.has_intent(intent)):
            return
        payload = data(session) if callable(data) else data
        if payload is not None:
            await self.dispatch(session, event, payload)

    async def send_reconnect(self, shard_id: int = 0) -> GatewaySession:
        session = self.shard_sessions.get((shard_id, self.active_shard_count))
        if session is None or session.conn is None:
            raise RuntimeError(f"no connected session for shard {shard_id}")
        await session.conn.send({"op": OP_RECONNECT, "d": None})
        return session

    async def close_all(self) -> None:
        for conn in list(self.connections):
            if conn.open:
                await conn.ws.close(code=1001, message=b"fake discord shutting down")

    # ---------------------------------------------------------------------------- endpoint
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = GatewayConnection(ws=ws, query=dict(request.query))
        self.connections.add(conn)
        try:
            if request.query.get("encoding", "json") != "json":
                await ws.close(code=4002, message=b"fake gateway speaks JSON only")
                return ws
            await conn.send(
                {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                    except ValueError:
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    try:
                        await self._on_frame(conn, frame)
                    except Exception as exc:
                        log.exception("fake gateway failed on %r", frame.get("op"))
                        self.fake.record_violation(
                            "fake.internal", f"gateway op {frame.get('op')}: {exc!r}"
                        )
                        await ws.close(code=4000, message=b"fake gateway internal error")
                        break
                elif msg.type is WSMsgType.BINARY:
                    self.fake.record_violation(
                        "gateway.binary_frame", "client sent a binary gateway frame"
                    )
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                elif msg.type is WSMsgType.ERROR:
                    break
        finally:
            self.connections.discard(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
            self.fake.notify()
        return ws

    async def _on_frame(self, conn: GatewayConnection, frame: JSON) -> None:
        op = frame.get("op")
        d = frame.get("d")
        if op == OP_HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            await self._identify(conn, d or {})
        elif op == OP_RESUME:
            await self._resume(conn, d or {})
        elif conn.session is None:
            await conn.ws.close(code=4003, message=b"Not authenticated.")
        elif op == OP_PRESENCE:
            conn.session.presence = d
        elif op == OP_REQUEST_MEMBERS:
            await self._request_members(conn.session, d or {})
        elif op == OP_VOICE_STATE:
            pass
        else:
            self.fake.record_violation("gateway.unknown_opcode", f"client sent unknown op {op!r}")
            await conn.ws.close(code=4001, message=b"Unknown opcode.")

    async def _identify(self, conn: GatewayConnection, d: JSON) -> None:
        fake = self.fake
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if d.get("token") != fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int):
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~fake.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = d.get("shard") or [0, 1]
        shard_id, shard_count = int(shard[0]), int(shard[1])
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return

        session = GatewaySession(
            id=uuid.uuid4().hex,
            shard_id=shard_id,
            shard_count=shard_count,
            intents=intents,
            identify=d,
            conn=conn,
        )
        conn.session = session
        old = self.shard_sessions.get(session.shard)
        if old is not None:
            old.superseded = True
        self.sessions[session.id] = session
        self.shard_sessions[session.shard] = session
        self.active_shard_count = shard_count

        guilds = [
            g
            for g in fake.guilds.values()
            if g.bot_installed and self.shard_for_guild(g.id, shard_count) == shard_id
        ]
        ready = {
            "v": 10,
            "user": fake.bot_user_payload(),
            "user_settings": {},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "shard": [shard_id, shard_count],
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
        }
        await self.dispatch(session, "READY", ready)
        for guild in guilds:
            await self.dispatch(session, "GUILD_CREATE", fake.guild_create_payload(guild, session))
        session.ready_sent = True
        self.identifies.append(IdentifyRecord(session=session, payload=d, at=time.monotonic()))
        log.debug("IDENTIFY shard %s/%s -> session %s", shard_id, shard_count, session.id)
        fake.notify()

    async def _resume(self, conn: GatewayConnection, d: JSON) -> None:
        session = self.sessions.get(str(d.get("session_id")))
        if (
            session is None
            or session.superseded
            or d.get("token") != self.fake.token
            or conn.session is not None
        ):
            await conn.send({"op": OP_INVALID_SESSION, "d": False})
            return
        seq = d.get("seq") or 0
        async with session.lock:
            old = session.conn
            session.conn = conn
            conn.session = session
            if old is not None and old is not conn and old.open:
                await old.ws.close(code=4000, message=b"session resumed elsewhere")
            for frame in session.buffer:
                if frame["s"] > seq:
                    await conn.send(frame)
        await self.dispatch(session, "RESUMED", {})
        session.resumes += 1
        self.resumed.append(session)
        self.fake.notify()

    async def _request_members(self, session: GatewaySession, d: JSON) -> None:
        guild = self.fake.guilds.get(int(d.get("guild_id", 0)))
        if guild is None or not guild.bot_installed:
            return
        members = list(guild.members.values())
        user_ids = d.get("user_ids")
        not_found: list[str] = []
        if user_ids:
            wanted = {int(u) for u in user_ids}
            members = [m for m in members if m.user.id in wanted]
            not_found = [str(u) for u in wanted - {m.user.id for m in members}]
        query = d.get("query")
        if query:
            members = [m for m in members if m.user.username.lower().startswith(query.lower())]
        limit = d.get("limit") or 0
        if limit:
            members = members[:limit]
        payload: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if d.get("nonce"):
            payload["nonce"] = d["nonce"]
        if d.get("presences"):
            payload["presences"] = []
        await self.dispatch(session, "GUILD_MEMBERS_CHUNK", payload)
