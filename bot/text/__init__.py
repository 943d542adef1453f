"""The bot's one home for what it says, in Japanese and English — a module per area.

Two kinds live here. *Messages*, looked up by key with :func:`bot.i18n.tr` (which also turns
commands written as ``</tournament join>`` into mentions in the reader's language): each
area's ``*_MESSAGES``, merged below into :data:`MESSAGES`. And *named texts* (``Text``
constants) that code imports by name: command and option names and help, refusals, the
console's prompts, the words drawn on pictures.

- ``corner`` — a player's private note and planned moves in a game
- ``pace`` — how long players take to move (/profile)
- ``play`` — challenges, turns, results, the board's buttons, fairness, logs, replays
- ``player`` — /games, /profile, /history, /settings
- ``away`` — /away (away mode), adjournment and sealed moves
- ``quiet`` — quiet hours (/settings) and time banks
- ``open_challenges`` — challenges anyone may take
- ``daily`` — /<game> daily and /<game> today
- ``puzzles`` — /puzzle, its card and its verdicts
- ``mistakes`` — a player's own mistakes coming back in /puzzle (spaced repetition)
- ``server`` — /server settings and /server abort
- ``tournaments``, ``tournament_commands``, ``tournament_errors`` — /tournament
- ``lessons`` — /learn
- ``privacy`` — /privacy: what is kept, the export, deleting
- ``commands`` — the game groups' commands and shared options, /standings, /rules
- ``errors`` — refusals (every ``FriendlyError``'s words)
- ``console`` — the terminal console
- ``pictures.<game>`` — words drawn on a game's pictures

A game's own words (its rules, its moves, its options) live in its home (``bot/games``) and in
the rules packages; ``tests/bot/test_text_home.py`` keeps every other ``Text`` here.
"""

from __future__ import annotations

from bot.text.away import AWAY_MESSAGES
from bot.text.corner import CORNER_MESSAGES
from bot.text.daily import DAILY_MESSAGES
from bot.text.errors import ERROR_MESSAGES
from bot.text.lessons import LESSON_MESSAGES
from bot.text.mistakes import MISTAKE_MESSAGES
from bot.text.open_challenges import OPEN_CHALLENGE_MESSAGES
from bot.text.pace import PACE_MESSAGES
from bot.text.play import PLAY_MESSAGES
from bot.text.player import PLAYER_MESSAGES
from bot.text.privacy import PRIVACY_MESSAGES
from bot.text.puzzles import PUZZLE_MESSAGES
from bot.text.quiet import QUIET_MESSAGES
from bot.text.server import SERVER_MESSAGES
from bot.text.tournaments import TOURNAMENT_MESSAGES
from rules.core import Text

#: Every message the bot looks up by key (keys are unique across areas: a test checks it).
MESSAGES: dict[str, Text] = {
    **AWAY_MESSAGES,
    **OPEN_CHALLENGE_MESSAGES,
    **PLAY_MESSAGES,
    **PLAYER_MESSAGES,
    **DAILY_MESSAGES,
    **SERVER_MESSAGES,
    **ERROR_MESSAGES,
    **TOURNAMENT_MESSAGES,
    **PUZZLE_MESSAGES,
    **MISTAKE_MESSAGES,
    **LESSON_MESSAGES,
    **PRIVACY_MESSAGES,
    **CORNER_MESSAGES,
    **PACE_MESSAGES,
    **QUIET_MESSAGES,
}
