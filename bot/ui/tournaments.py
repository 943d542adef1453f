"""The words of tournaments: the table ``/tournament show`` posts, the server's list, a
round's pairings and the announcements — plain text, built from the service's snapshots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.games.spec import CommandOption
from bot.i18n import tr
from bot.services.snapshots import GameSummary
from bot.services.tournament_snapshots import (
    BoardLabel,
    PairingInfo,
    RoundStarted,
    Standing,
    TournamentInfo,
)
from bot.statuses import GameStatus, TournamentFormat, TournamentStatus
from bot.ui.clock_words import clock_label
from bot.ui.common import jump_url, shown_name, typed
from rules.core import Locale


def when(moment: datetime | None, style: str = "f") -> str:
    return "—" if moment is None else f"<t:{int(moment.timestamp())}:{style}>"


def points(value: float) -> str:
    """``3``, ``2.5``: halves stay, whole numbers lose the ``.0``."""
    return f"{value:g}"


def format_label(info: TournamentInfo, locale: Locale) -> str:
    one = (
        "_one"
        if info.rounds == 1 and info.format in (TournamentFormat.SWISS, TournamentFormat.SOLITAIRE)
        else ""
    )
    return tr(f"tournament.format.{info.format}{one}", locale, rounds=info.rounds)


def terms_label(info: TournamentInfo, locale: Locale) -> str:
    """Rated or casual, and the move clock (a time bank in words)."""
    rated = tr("rated" if info.rated else "casual", locale)
    if not info.move_seconds:
        return f"{rated} · {tr('clock.none', locale)}"
    if info.bank is not None:
        return f"{rated} · {bank_label(info.bank, locale)}"
    clock = tr("tournament.per_move", locale, clock=clock_label(info.move_seconds, locale))
    return f"{rated} · {clock}"


def bank_label(bank: Mapping[str, int], locale: Locale) -> str:
    """``bank 4 days + 2 days a move (up to 8 days)``."""
    return tr(
        "clock.bank_label",
        locale,
        start=clock_label(bank["start"], locale),
        add=clock_label(bank["add"], locale),
        cap=clock_label(bank["cap"], locale),
    )


def player_count(n: int, locale: Locale) -> str:
    """``1 player``, ``3 players`` (``1人``, ``3人``)."""
    return tr("tournament.player_count_one" if n == 1 else "tournament.player_count", locale, n=n)


def status_label(info: TournamentInfo, locale: Locale) -> str:
    if info.status == TournamentStatus.SIGNUP:
        return tr(
            "tournament.status.signup",
            locale,
            deadline=when(info.signup_until, "R"),
            players=player_count(info.entrant_count, locale),
        )
    if info.status == TournamentStatus.RUNNING and info.solitaire:
        return tr("tournament.status.running_solitaire", locale, deadline=when(info.closes_at))
    if info.status == TournamentStatus.RUNNING and info.round_deadline_at is not None:
        return tr(
            "tournament.status.running_deadline",
            locale,
            round=info.current_round,
            rounds=info.rounds,
            deadline=when(info.round_deadline_at),
        )
    if info.status == TournamentStatus.RUNNING:
        return tr("tournament.status.running", locale, round=info.current_round, rounds=info.rounds)
    return tr(f"tournament.status.{info.status}", locale)


def header(info: TournamentInfo, locale: Locale) -> str:
    if info.solitaire:
        terms = status_label(info, locale)
    else:
        terms = f"{terms_label(info, locale)} · {status_label(info, locale)}"
    return tr(
        "tournament.header",
        locale,
        name=typed(info.name),
        id=info.id,
        game=info.title(locale),
        format=format_label(info, locale),
        terms=terms,
    )


def board_tag(label: BoardLabel, game: GameSummary, locale: Locale) -> str:
    """The line under a tournament game's title: the tournament and the round, or the deal —
    whose board only its player sees while it is played."""
    if not label.solitaire:
        return tr(
            "tournament.board_round",
            locale,
            name=typed(label.name),
            round=label.number,
            rounds=label.of,
        )
    tag = tr(
        "tournament.board_deal",
        locale,
        name=typed(label.name),
        deal=label.number,
        deals=label.of,
    )
    if game.status == GameStatus.ACTIVE:
        tag += "\n-# " + tr("tournament.deal_private", locale)
    return tag


def seal_line(info: TournamentInfo, locale: Locale) -> str | None:
    """Solitaire events deal from a sealed seed: the seal while it runs, the seed after."""
    if not info.solitaire:
        return None
    if info.revealed is None:
        return tr("tournament.sealed", locale, code=info.commitment[:16])
    seed, salt = info.revealed
    return tr("tournament.revealed", locale, seed=seed, salt=salt, code=info.commitment)


def round_rule_line(info: TournamentInfo, locale: Locale) -> str:
    """The round length and the rule that decides a game unfinished at its deadline, stated
    before the event (when it is made and joined); empty when rounds have no deadline."""
    if info.solitaire or not info.round_seconds:
        return ""
    return tr(
        "tournament.round_rule",
        locale,
        length=clock_label(info.round_seconds, locale),
        rule=info.spec.round_rule.statement(locale),
    )


def adjudicated_lines(standing: Standing, locale: Locale) -> list[str]:
    """Which games a round's deadline decided, and how: the rule's proof for each."""
    if not standing.adjudicated:
        return []
    side = standing.tournament.spec.rules.seat_name
    lines = [tr("tournament.adjudicated_title", locale)]
    for game in standing.adjudicated:
        white = typed(shown_name(game.white, standing.name_of(game.white), locale))
        black = typed(shown_name(game.black, standing.name_of(game.black), locale))
        lines.append(
            tr(
                "tournament.adjudicated",
                locale,
                round=game.round_no,
                board=game.board,
                white=f"{side(0, locale)} {white}",
                black=f"{side(1, locale)} {black}",
                result=game.result,
                proof=game.proof(locale),
            )
        )
    # The title stays with its first game.
    return [f"{lines[0]}\n{lines[1]}", *lines[2:]]


def table_lines(standing: Standing, locale: Locale) -> list[str]:
    if standing.tournament.solitaire:
        return solitaire_lines(standing, locale)
    lines: list[str] = []
    labels = [tr(f"tiebreak.{name}", locale) for name in standing.tie_breaks]
    for row in standing.rows:
        breaks = " · ".join(
            f"{label} {points(value)}" for label, value in zip(labels, row.tie_breaks, strict=True)
        )
        lines.append(
            tr(
                "tournament.row",
                locale,
                rank=row.rank,
                user=typed(shown_name(row.player, standing.name_of(row.player), locale)),
                points=tr(
                    "tournament.point" if row.points == 1 else "tournament.points",
                    locale,
                    n=points(row.points),
                ),
                breaks=breaks,
                won=row.wins,
                drawn=row.draws,
                lost=row.losses,
                withdrawn=_withdrawn(standing, row.player, locale),
            )
        )
    return lines


def solitaire_lines(standing: Standing, locale: Locale) -> list[str]:
    """Deals won, then the game's tally (fewer is better) in the deals won and in all."""
    tally = standing.tournament.spec.tally
    lines: list[str] = []
    for row in standing.solitaire_rows:
        fields: dict[str, object] = {
            "rank": row.rank,
            "user": typed(shown_name(row.player, standing.name_of(row.player), locale)),
            "won": row.wins,
            "deals": row.deals,
            "withdrawn": _withdrawn(standing, row.player, locale),
        }
        if tally is None:
            lines.append(tr("tournament.solitaire_row_plain", locale, **fields))
        else:
            lines.append(
                tr(
                    "tournament.solitaire_row",
                    locale,
                    tally=tally.name(locale),
                    in_wins=row.draws_in_wins,
                    total=row.draws,
                    **fields,
                )
            )
    return lines


def _withdrawn(standing: Standing, player: int, locale: Locale) -> str:
    entrant = standing.entrant(player)
    return tr("tournament.withdrawn_mark", locale) if entrant and entrant.withdrawn else ""


def pairing_lines(
    info: TournamentInfo,
    pairings: Sequence[PairingInfo],
    names: Mapping[int, str],
    locale: Locale,
    links: Mapping[int, tuple[int | None, int | None]] | None = None,
) -> list[str]:
    """A round's boards: who has which side, the result or a link to the board, and the bye.
    ``links``: where each game's board is, by game id (else the pairing's own)."""
    side = info.spec.rules.seat_name
    lines = []
    for p in sorted(pairings, key=lambda p: p.board):
        if p.black is None:
            lines.append(
                tr(
                    "tournament.bye",
                    locale,
                    user=typed(names.get(p.white, "?")),
                    points=points(info.bye_points),
                )
            )
            continue
        channel, message = (links or {}).get(p.game_id or 0, (p.channel_id, p.message_id))
        result = p.result or tr("tournament.playing", locale)
        if p.game_id is not None and message is not None:
            result += f" · [#{p.game_id}]({jump_url(info.guild_id, channel, message)})"
        lines.append(
            tr(
                "tournament.board",
                locale,
                board=p.board,
                white=f"{side(0, locale)} {typed(names.get(p.white, '?'))}",
                black=f"{side(1, locale)} {typed(names.get(p.black, '?'))}",
                result=result,
            )
        )
    return lines


#: A line of names (entrants) is wrapped at about this many characters.
NAMES_WIDTH = 200


def entrant_lines(standing: Standing, locale: Locale) -> list[str]:
    """Who has joined, wrapped into lines (a long list must not make one huge line)."""
    names = [typed(shown_name(e.user_id, e.display_name, locale)) for e in standing.entrants]
    if not names:
        return [tr("tournament.no_entrants", locale)]
    lines: list[str] = []
    current: list[str] = []
    for name in names:
        if current and len(", ".join([*current, name])) > NAMES_WIDTH:
            lines.append(", ".join(current) + ",")
            current = []
        current.append(name)
    lines.append(", ".join(current))
    lines[0] = tr("tournament.entrants", locale, users=lines[0])
    return lines


def standing_blocks(standing: Standing, locale: Locale) -> list[str]:
    """What ``/tournament show`` says under its header, block by block (a block is never
    split between pages): the table (or who has joined), the current round with a link to
    every board, and the seal of a solitaire event's deals."""
    info = standing.tournament
    if standing.rows or standing.solitaire_rows:
        blocks = table_lines(standing, locale)
    else:
        blocks = entrant_lines(standing, locale)
    if standing.pairings and info.status == TournamentStatus.RUNNING:
        names_by_id = {
            e.user_id: shown_name(e.user_id, e.display_name, locale) for e in standing.entrants
        }
        lines = pairing_lines(info, standing.pairings, names_by_id, locale)
        title = tr("tournament.pairings", locale, round=info.current_round)
        # The section's title stays with its first line.
        blocks += [f"{title}\n{lines[0]}", *lines[1:]] if lines else [title]
    blocks += adjudicated_lines(standing, locale)
    seal = seal_line(info, locale)
    if seal is not None:
        blocks.append(seal)
    return blocks


def round_heading(notice: RoundStarted, locale: Locale) -> str:
    info = notice.tournament
    return tr(
        "tournament.round", locale, name=typed(info.name), round=notice.round_no, rounds=info.rounds
    )


def round_blocks(
    notice: RoundStarted,
    links: Mapping[int, tuple[int | None, int | None]],
    locale: Locale,
) -> list[str]:
    return pairing_lines(notice.tournament, notice.pairings, notice.names, locale, links)


def final_blocks(standing: Standing, locale: Locale) -> list[str]:
    """The final table, the games a round's deadline decided (and how), and the opened seal
    of a solitaire event."""
    blocks = table_lines(standing, locale) + adjudicated_lines(standing, locale)
    seal = seal_line(standing.tournament, locale)
    if seal is not None:
        blocks.append(seal)
    return blocks


def list_blocks(tournaments: Sequence[TournamentInfo], locale: Locale) -> list[str]:
    """The server's tournaments, a line each (under ``tournament.list_title``)."""
    if not tournaments:
        return [tr("tournament.list_empty", locale)]
    return [
        tr(
            "tournament.list_row",
            locale,
            id=info.id,
            name=typed(info.name),
            game=info.title(locale),
            format=format_label(info, locale),
            status=status_label(info, locale),
        )
        for info in tournaments
    ]


def chosen_rules(
    options: Sequence[CommandOption], chosen: Mapping[str, Any], locale: Locale
) -> str:
    """The game's options the organiser chose, in words (`` · end_cards 5 · court K13a``)."""
    parts = []
    for option in options:
        value = chosen.get(option.key)
        if value is None:
            continue
        named = next((c.name(locale) for c in option.choices if c.value == str(value)), None)
        if named is None:
            named = ("✓" if value else "✗") if option.kind == "boolean" else str(value)
        parts.append(f"{option.name(locale)} {named}")
    return "".join(f" · {part}" for part in parts)


def created_text(info: TournamentInfo, organiser: str, locale: Locale, rules: str = "") -> str:
    limit = "" if info.max_players is None else tr("tournament.limit", locale, n=info.max_players)
    if info.solitaire:
        clock = tr("clock.none", locale)
        rated = tr("casual", locale)
    else:
        clock = (
            clock_label(info.move_seconds, locale)
            if info.bank is None
            else bank_label(info.bank, locale)
        )
        rated = tr("rated" if info.rated else "casual", locale)
    text = tr(
        "tournament.created",
        locale,
        organiser=organiser,
        name=typed(info.name),
        id=info.id,
        game=info.title(locale),
        format=format_label(info, locale),
        clock=clock,
        rated=rated,
        limit=limit,
        rules=rules,
        deadline=when(info.signup_until, "R"),
    )
    rule = round_rule_line(info, locale)
    return f"{text}\n{rule}" if rule else text
