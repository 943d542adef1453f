"""Snapshots written under an older state schema are rebuilt from their logs after an upgrade.

A game's event log is its record; the snapshot (``game.state``) is a cache of the log's replay.
When a release changes what a game's state holds (a rules package bumps ``schema_version``),
the snapshots of games already stored no longer load, and some facts they lack (戦列札's
previous turn, say) only the whole log can give. So after every migration the bot replays each
such game's log once, stores the new snapshot with its schema version, and moves the game's
version on (a copy held by any process meets the guard and is read again). A log that no longer
replays is left as it is and reported: such a game is damaged whatever we do, and the services
say so when it is opened.
"""

from __future__ import annotations

import logging

from sqlalchemy import select

from bot.db import Database, GameRow
from bot.db.migrations import Upgrade
from bot.games.registry import all_specs
from bot.services.base import logged_moves
from rules.core import RulesError

log = logging.getLogger(__name__)

#: Games rebuilt per transaction: short transactions, so the bot's own work is not held up long.
BATCH = 50


async def refresh_old_snapshots(db: Database) -> int:
    """Rebuild every snapshot whose schema is older than its rules'; returns how many."""
    refreshed = 0
    for spec in all_specs():
        rules = spec.rules
        while True:
            async with db.transaction() as session:
                rows = (
                    await session.execute(
                        select(GameRow.id, GameRow.settings, GameRow.seed)
                        .where(
                            GameRow.game_type == rules.name,
                            GameRow.schema_version < rules.schema_version,
                        )
                        .order_by(GameRow.id)
                        .limit(BATCH)
                    )
                ).all()
                for game_id, settings, seed in rows:
                    moves = await logged_moves(session, game_id)
                    try:
                        state = rules.dump(rules.replay(settings, seed, moves))
                    except RulesError:
                        log.error(
                            "game %s: its log does not replay; snapshot left as it is", game_id
                        )
                        state = None
                    else:
                        refreshed += 1
                    # Either way it is not looked at again.
                    await db.store.rebuild_snapshot(
                        session, game_id, state, schema_version=rules.schema_version
                    )
            if len(rows) < BATCH:
                break
    if refreshed:
        log.info("rebuilt %d game snapshots from their logs for this release", refreshed)
    return refreshed


async def upgrade_database(db: Database) -> Upgrade:
    """What every start does before serving: the schema to head (:meth:`Database.migrate`),
    then the snapshots to this release's rules."""
    upgrade = await db.migrate()
    await refresh_old_snapshots(db)
    return upgrade
