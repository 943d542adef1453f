"""Every control of every board, panel and page, and the test that clicks it as a player would.

A control is known by its custom_id (a select menu's by ``<custom_id>=<chosen value>``): the
custom_id layouts are the bot's lasting contract with Discord (a board posted a year ago still
carries them), so they outlive any renaming of the classes behind them.
``test_click_inventory.py`` fails if a component of the bot has no control here; the ``world``
of ``tests/bot`` (see ``conftest.py``) fails a test listed here that no longer clicks its
control (and has the bot answer it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

ID = r"[0-9]+"
#: What a control was drawn against: ``p<ply>`` (the position), or on a control drawn before
#: positions decided freshness the game's version — both stay understood.
SEEN = r"p?[0-9]+"


@dataclass(frozen=True)
class Control:
    label: str  #: what the player sees on it (English)
    pattern: str  #: a regex on its click key (see ``click_key``)
    tests: tuple[str, ...]  #: ``file.py::test`` in tests/bot that click it and check the effect

    @property
    def prefix(self) -> str:
        return self.pattern.split(":", 1)[0]

    def matches(self, key: str) -> bool:
        return re.fullmatch(self.pattern, key) is not None


BUSHI = "test_discord_bushi.py::"
EVERY = "test_every_button.py::"
SENRETSU = "test_discord_senretsu.py::"
YOSUKOU = "test_discord_yosukou.py::"
PUZZLES = "test_discord_puzzles.py::"
MISTAKES = "test_discord_mistakes.py::"
LEARN = "test_discord_learn.py::"
PRIVACY = "test_discord_privacy.py::"
ADJOURN = "test_discord_adjourn.py::"
LESSON = r"[a-z0-9_]+(?::[a-z0-9_]+)?"
CORNER = "test_discord_corner.py::"

CONTROLS: tuple[Control, ...] = (
    # The challenge board.
    Control("Accept", rf"ch:{ID}:{SEEN}:accept", (BUSHI + "test_a_whole_game_between_two_people",)),
    Control(
        "Decline",
        rf"ch:{ID}:{SEEN}:decline",
        (
            EVERY + "test_decline_closes_the_challenge_and_says_who_declined",
            EVERY + "test_decline_on_a_japanese_board",
        ),
    ),
    Control(
        "Withdraw",
        rf"ch:{ID}:{SEEN}:cancel",
        (
            EVERY + "test_withdraw_calls_the_challenge_off",
            EVERY + "test_withdraw_on_a_japanese_board",
        ),
    ),
    # The board of a game on.
    Control(
        "a move from a menu",
        rf"gs:{ID}:{SEEN}:[0-9]=[^~#].*",
        (BUSHI + "test_a_whole_game_between_two_people",),
    ),
    Control(
        "a move button",
        rf"g:{ID}:{SEEN}:(?!resign$|draw-)[^~#].*",
        (BUSHI + "test_playing_the_bot_itself",),
    ),
    Control("Resign", rf"rs:{ID}:{SEEN}", (BUSHI + "test_a_whole_game_between_two_people",)),
    # Time off: adjournment on the board, and /away's way back.
    Control("Adjourn", rf"adj:{ID}:{SEEN}:ask", (ADJOURN + "test_adjourn_seal_restart_resume",)),
    Control(
        "Accept adjournment",
        rf"adj:{ID}:{SEEN}:yes",
        (ADJOURN + "test_adjourn_seal_restart_resume",),
    ),
    Control(
        "Decline (adjournment)",
        rf"adj:{ID}:{SEEN}:no",
        (ADJOURN + "test_a_declined_adjournment_leaves_the_game_running",),
    ),
    Control("Resume", rf"adj:{ID}:{SEEN}:resume", (ADJOURN + "test_adjourn_seal_restart_resume",)),
    Control(
        "I'm back now (/away)",
        rf"away:back:{ID}",
        (
            "test_discord_away.py::"
            "test_away_stops_the_clock_survives_a_restart_and_one_click_brings_it_back",
        ),
    ),
    Control(
        "Show a game's board here (/games)",
        rf"games:reopen={ID}",
        ("test_play_anywhere.py::test_games_posts_a_board_afresh_and_buttons_survive_a_restart",),
    ),
    Control(
        "Resign (confirm)",
        rf"g:{ID}:{SEEN}:resign",
        (BUSHI + "test_a_whole_game_between_two_people",),
    ),
    Control(
        "Offer draw",
        rf"g:{ID}:{SEEN}:draw-offer",
        (EVERY + "test_a_draw_offered_then_accepted_ends_the_game_drawn",),
    ),
    Control(
        "Accept draw",
        rf"g:{ID}:{SEEN}:draw-accept",
        (EVERY + "test_a_draw_offered_then_accepted_ends_the_game_drawn",),
    ),
    Control(
        "Decline draw",
        rf"g:{ID}:{SEEN}:draw-decline",
        (EVERY + "test_a_declined_draw_lets_the_game_go_on",),
    ),
    Control("Hint", rf"hint:{ID}", (BUSHI + "test_hint_and_rules_are_private_and_localised",)),
    Control(
        "Why?",
        rf"why:{ID}",
        (YOSUKOU + "test_a_draw_reads_as_a_sentence_with_its_numbers_one_click_away",),
    ),
    # A secret hand's private panel.
    Control("My hand", rf"hand:{ID}", (SENRETSU + "test_janken_hands_staging_and_secrecy",)),
    Control(
        "a panel step (a card, then where it goes)",
        rf"gs:{ID}:{SEEN}:[0-9]=~.*",
        (EVERY + "test_a_long_hand_is_placed_card_first_then_where",),
    ),
    Control(
        "a joker (asks for its range)",
        rf"gs:{ID}:{SEEN}:[0-9]=#.*",
        (SENRETSU + "test_a_joker_asks_for_its_range",),
    ),
    Control(
        "the joker's range form",
        rf"nm:{ID}:{SEEN}:.+",
        (SENRETSU + "test_a_joker_asks_for_its_range",),
    ),
    # A finished board.
    Control("Game log", rf"log:{ID}", (BUSHI + "test_a_whole_game_between_two_people",)),
    Control(
        "Rematch", rf"rm:{ID}", (EVERY + "test_rematch_challenges_again_with_the_sides_swapped",)
    ),
    Control(
        "Replay",
        rf"rps:{ID}",
        (
            EVERY + "test_replay_steps_back_and_forth_privately",
            EVERY + "test_replay_speaks_the_clickers_language",
        ),
    ),
    Control(
        "Share",
        rf"sh:{ID}",
        (
            "test_discord_share.py::test_share_posts_the_animation_and_result_card_once",
            "test_discord_share.py::test_share_from_history_in_japanese",
        ),
    ),
    Control(
        "Review",
        rf"rv:{ID}",
        ("test_discord_levels.py::test_review_names_the_first_slip_privately_in_both_languages",),
    ),
    Control(
        "Verify", rf"vf:{ID}", (YOSUKOU + "test_the_deal_is_sealed_then_revealed_and_verified",)
    ),
    # A replay, and the history that opens one.
    Control("⏮", rf"rp:{ID}:-?{ID}:f", (EVERY + "test_replay_steps_back_and_forth_privately",)),
    Control("◀", rf"rp:{ID}:-?{ID}:p", (EVERY + "test_replay_steps_back_and_forth_privately",)),
    Control("▶", rf"rp:{ID}:-?{ID}:n", (EVERY + "test_replay_steps_back_and_forth_privately",)),
    Control("⏭", rf"rp:{ID}:-?{ID}:l", (EVERY + "test_replay_steps_back_and_forth_privately",)),
    Control(
        "a game in /history",
        rf"hs:{ID}={ID}",
        ("test_discord_player.py::test_history_replays_a_finished_game_step_by_step",),
    ),
    Control(
        "/history ◀ ▶",
        rf"hp:{ID}:{ID}:[no]:{ID}:{ID}",
        ("test_discord_player.py::test_history_pages_forward_and_back",),
    ),
    # Pages of tables.
    Control(
        "/standings ◀ ▶",
        rf"stp:{ID}:[a-z0-9_:]+:-?{ID}",
        (EVERY + "test_standings_pages_forward_and_back",),
    ),
    Control(
        "/tournament show ◀ ▶",
        rf"tpg:{ID}:-?{ID}",
        ("test_discord_tournament_pages.py::test_sixty_entrants_see_every_line",),
    ),
    # The puzzle card (/puzzle).
    Control(
        "a puzzle's answer menu",
        r"pza:[a-z_:]+:[A-Za-z0-9_\-]+:([0-9]{8}|-)=.+",
        (
            PUZZLES + "test_a_bushi_puzzle_solved_in_english_then_the_next",
            PUZZLES + "test_a_wrong_answer_says_why_and_only_the_first_answer_counts",
            PUZZLES + "test_the_daily_puzzle_is_the_servers_and_keeps_a_streak",
        ),
    ),
    Control(
        "Show as text / Show as picture",
        r"pzv:[a-z_:]+:[A-Za-z0-9_\-]+:([0-9]{8}|-):[tp]",
        (PUZZLES + "test_the_position_as_text_and_back",),
    ),
    Control(
        "Next puzzle",
        r"pzn:[a-z_:]+",
        (PUZZLES + "test_a_bushi_puzzle_solved_in_english_then_the_next",),
    ),
    # A player's own mistakes, back in /puzzle.
    Control(
        "Review my mistakes / Next mistake",
        r"mkn:[ne]",
        (
            MISTAKES + "test_a_blunder_comes_back_in_english",
            MISTAKES + "test_a_blunder_comes_back_in_japanese",
        ),
    ),
    Control(
        "a mistake card's answer menu",
        r"mka:[0-9]+:[0-9]+=.+",
        (
            MISTAKES + "test_a_blunder_comes_back_in_english",
            MISTAKES + "test_a_blunder_comes_back_in_japanese",
        ),
    ),
    # A lesson's card (/learn).
    Control(
        "a lesson's move button",
        rf"lm:{LESSON}:{ID}:[^~#].*",
        (LEARN + "test_a_wrong_move_is_refused_with_why_and_tried_again",),
    ),
    Control(
        "a lesson's move from a menu",
        rf"lms:{LESSON}:{ID}:[0-9]=[^~#].*",
        (LEARN + "test_a_lesson_in_japanese",),
    ),
    Control("Next (a lesson)", rf"ln:{LESSON}:{ID}", (LEARN + "test_a_lesson_in_japanese",)),
    Control(
        "a lesson's joker (asks for its range)",
        rf"lms:{LESSON}:{ID}:[0-9]=#.+",
        (LEARN + "test_a_joker_in_a_lesson_asks_for_its_range",),
    ),
    # /privacy's card.
    Control(
        "Export my data",
        "pv:export",
        (
            PRIVACY + "test_export_then_delete_in_english_and_the_opponent_sees_a_former_player",
            PRIVACY + "test_keeping_and_an_expired_confirmation_in_japanese",
        ),
    ),
    Control(
        "Delete my data…",
        "pv:delete",
        (PRIVACY + "test_export_then_delete_in_english_and_the_opponent_sees_a_former_player",),
    ),
    Control(
        "Yes, continue…",
        rf"pv:continue:{ID}",
        (PRIVACY + "test_export_then_delete_in_english_and_the_opponent_sees_a_former_player",),
    ),
    Control(
        "Delete everything now",
        rf"pv:now:{ID}",
        (PRIVACY + "test_export_then_delete_in_english_and_the_opponent_sees_a_former_player",),
    ),
    Control(
        "Keep my data",
        "pv:keep",
        (PRIVACY + "test_keeping_and_an_expired_confirmation_in_japanese",),
    ),
    Control(
        "a lesson's range form",
        rf"lnum:{LESSON}:{ID}:.+",
        (LEARN + "test_a_joker_in_a_lesson_asks_for_its_range",),
    ),
    # A player's corner: their note and planned moves.
    Control(
        "Note & plans",
        rf"cn:{ID}",
        (CORNER + "test_the_opponent_cannot_see_or_use_a_plan",),
    ),
    Control(
        "Write note",
        rf"nt:{ID}",
        (CORNER + "test_a_private_note_is_kept_escaped_and_shown_to_its_author_only",),
    ),
    Control(
        "the note form",
        rf"ntf:{ID}",
        (CORNER + "test_a_private_note_is_kept_escaped_and_shown_to_its_author_only",),
    ),
    Control(
        "If they play…",
        rf"pt:{ID}:{SEEN}:[0-9]:[0-9]=.+",
        (CORNER + "test_a_planned_answer_plays_itself_after_a_restart",),
    ),
    Control(
        "…I answer with",
        rf"pm:{ID}:{SEEN}:[0-9]:.+=.+",
        (CORNER + "test_a_planned_answer_plays_itself_after_a_restart",),
    ),
    Control(
        "Cancel plan",
        rf"pc:{ID}",
        (CORNER + "test_the_opponent_cannot_see_or_use_a_plan",),
    ),
)

#: Forms are not components: their custom_ids are answered by the client's own listener.
FORM_PREFIXES = frozenset({"nm", "lnum", "ntf"})


def click_key(payload: dict[str, Any]) -> str | None:
    """The key a player's click, choice or form carries: its custom_id, a menu's with the
    chosen value after ``=``."""
    data = payload.get("data")
    if not isinstance(data, dict) or not isinstance(data.get("custom_id"), str):
        return None
    values = data.get("values")
    if payload.get("type") == 3 and isinstance(values, list) and values:
        return f"{data['custom_id']}={values[0]}"
    return str(data["custom_id"])
