"""/puzzle through the fake Discord, as a player sees it: a private card with the position and
the question, answered from its menu; right or wrong with why, the rating moving on the first
answer only; the next puzzle; the position as text; and the server's daily puzzle with its
streak over two days."""

from __future__ import annotations

from typing import Any

from bot.games.registry import spec_for
from bot.services.puzzles import PuzzleRef
from tests.bot.harness import World
from tests.fakediscord import FakeMessage, FakeUser

ANSWER, SHOW, NEXT = "pza:", "pzv:", "pzn:"


async def open_puzzle(world: World, who: FakeUser, game: str, **options: Any) -> FakeMessage:
    record = await world.fake.slash(
        "puzzle", user=who, channel=world.channel, options={"game": game, **options}
    )
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    assert record.ephemeral
    return world.fake.ephemeral_messages(who)[-1]


def menu_of(card: FakeMessage) -> dict[str, Any]:
    [menu] = [s for s in card.selects() if s["custom_id"].startswith(ANSWER)]
    return menu


async def shown_puzzle(world: World, card: FakeMessage) -> PuzzleRef:
    """The puzzle a card asks (its menu's custom_id names it)."""
    _, game, *variant, puzzle_id, day = menu_of(card)["custom_id"].split(":")
    key = ":".join([game, *variant])
    daily = None if day == "-" else f"{day[:4]}-{day[4:6]}-{day[6:]}"
    return await world.bot.asobiba.services.puzzles.find(key, puzzle_id, daily)


async def choose(world: World, card: FakeMessage, who: FakeUser, code: str) -> str:
    record = await world.fake.select(card, menu_of(card)["custom_id"], [code], user=who)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    return card.text


def a_wrong_answer(card: FakeMessage, ref: PuzzleRef) -> str:
    return next(
        o["value"] for o in menu_of(card)["options"] if o["value"] not in ref.puzzle.answers
    )


async def solve(world: World, who: FakeUser, game: str) -> tuple[FakeMessage, PuzzleRef, str]:
    card = await open_puzzle(world, who, game)
    assert card.attachments, "the position comes as the game's picture"
    ref = await shown_puzzle(world, card)
    offered = {o["value"] for o in menu_of(card)["options"]}
    assert set(ref.puzzle.answers) <= offered and len(offered) >= 2
    return card, ref, await choose(world, card, who, ref.puzzle.answers[0])


async def test_a_bushi_puzzle_solved_in_english_then_the_next(world: World) -> None:
    card, ref, verdict = await solve(world, world.alice, "bushi")
    assert "Exactly one move wins fastest" in ref.book.question(ref.puzzle, "en")
    assert "⭕ Right!" in verdict
    assert "Why?" in verdict and "working out all 576 positions" in verdict
    assert "alternate reading" in ref.book.question(ref.puzzle, "en")
    assert "Puzzle rating: 1500 → " in verdict
    rating, _ = await world.bot.asobiba.services.puzzles.player_rating(world.alice.id, "bushi")
    assert rating > 1500
    first = ref.puzzle.id
    record = await world.fake.click(card, user=world.alice, prefix=NEXT)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    assert (await shown_puzzle(world, card)).puzzle.id != first
    assert "Right!" not in card.text


async def test_a_senretsu_puzzle_solved_in_japanese(world: World) -> None:
    card, ref, verdict = await solve(world, world.bob, "senretsu")
    assert "相手の手札" in card.text
    assert "⭕ 正解！" in verdict
    # How "best" is judged is said once, in the why, not in every question.
    question = ref.book.question(ref.puzzle, "ja")
    assert "最善の決め方" not in question and verdict.count("最善の決め方") == 1
    assert "全" in verdict and "通りの置き方を実際に置いて試しました" in verdict
    assert "パズルレーティング：1500 → " in verdict


async def test_yosukou_puzzles_of_both_forms_solved_in_both_languages(world: World) -> None:
    _, ref, verdict = await solve(world, world.alice, "yosukou:original")
    assert "⭕ Right!" in verdict
    assert "played-out games" in verdict and "by luck less than once in a hundred" in verdict
    assert "p = " not in verdict and "z-test" not in verdict
    _, ref, verdict = await solve(world, world.bob, "yosukou:simplified")
    assert "⭕ 正解！" in verdict
    assert "最後まで遊んでみました" in verdict and "偶然" in verdict
    assert "z検定" not in verdict and "p = " not in verdict
    assert spec_for("yosukou").variant_of(ref.puzzle.settings).key == "yosukou:simplified"


async def test_a_wrong_answer_says_why_and_only_the_first_answer_counts(world: World) -> None:
    card = await open_puzzle(world, world.alice, "bushi")
    ref = await shown_puzzle(world, card)
    wrong = a_wrong_answer(card, ref)
    verdict = await choose(world, card, world.alice, wrong)
    assert "❌ Not quite." in verdict and "Why?" in verdict
    puzzles = world.bot.asobiba.services.puzzles
    after_wrong, _ = await puzzles.player_rating(world.alice.id, "bushi")
    assert after_wrong < 1500
    # Trying again is practice: right now, but the rating stays.
    verdict = await choose(world, card, world.alice, ref.puzzle.answers[0])
    assert "⭕ Right!" in verdict and "practice" in verdict
    assert (await puzzles.player_rating(world.alice.id, "bushi"))[0] == after_wrong


async def test_the_position_as_text_and_back(world: World) -> None:
    card = await open_puzzle(world, world.alice, "bushi")
    assert card.attachments and "```" not in card.text
    record = await world.fake.click(card, user=world.alice, prefix=SHOW)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    assert "```" in card.text and not card.attachments
    assert [b for b in card.buttons() if b.get("label") == "Show as picture"]


async def test_the_daily_puzzle_is_the_servers_and_keeps_a_streak(world: World) -> None:
    card = await open_puzzle(world, world.alice, "bushi", daily=True)
    ref = await shown_puzzle(world, card)
    assert "Daily puzzle of 2026-11-22" in card.text
    other = await open_puzzle(world, world.bob, "bushi", daily=True)
    assert (await shown_puzzle(world, other)).puzzle.id == ref.puzzle.id
    verdict = await choose(world, card, world.alice, ref.puzzle.answers[0])
    assert "Daily puzzle streak: 1 day(s)" in verdict
    world.clock.advance(days=1)
    card = await open_puzzle(world, world.alice, "bushi", daily=True)
    ref = await shown_puzzle(world, card)
    assert "Daily puzzle of 2026-11-23" in card.text
    verdict = await choose(world, card, world.alice, ref.puzzle.answers[0])
    assert "Daily puzzle streak: 2 day(s) (best 2)" in verdict
    # A wrong daily answer on the third day breaks it.
    world.clock.advance(days=1)
    card = await open_puzzle(world, world.alice, "bushi", daily=True)
    ref = await shown_puzzle(world, card)
    verdict = await choose(world, card, world.alice, a_wrong_answer(card, ref))
    assert "Your 2-day daily puzzle streak is broken" in verdict


async def test_a_first_wrong_daily_answer_breaks_no_streak_it_never_had(world: World) -> None:
    for who, words in ((world.alice, "streak"), (world.bob, "連続")):
        card = await open_puzzle(world, who, "bushi", daily=True)
        ref = await shown_puzzle(world, card)
        verdict = await choose(world, card, who, a_wrong_answer(card, ref))
        assert "❌" in verdict and words not in verdict


async def test_showing_an_answered_card_as_text_keeps_the_verdict_and_next(world: World) -> None:
    for who, right, why, show, next_label in (
        (world.alice, "⭕ Right!", "Why?", "Show as picture", "Next puzzle"),
        (world.bob, "⭕", "なぜ？", "画像で表示", "次のパズル"),
    ):
        card, _, verdict = await solve(world, who, "bushi")
        assert right in verdict and why in verdict
        answered = verdict[verdict.index(right) :]
        record = await world.fake.click(card, user=who, prefix=SHOW)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
        assert "```" in card.text and answered in card.text
        labels = [b.get("label") for b in card.buttons()]
        assert show in labels and next_label in labels
        record = await world.fake.click(card, user=who, prefix=SHOW)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
        assert "```" not in card.text and answered in card.text


async def test_every_game_s_answered_card_shown_either_way_keeps_its_whole_answer(
    world: World,
) -> None:
    """A wrong answer too, in each game's books: the verdict, the why (as long as the game's
    explanation runs) and Next survive a trip to text and back, in both languages."""
    for who, key in (
        (world.alice, "senretsu"),
        (world.bob, "senretsu"),
        (world.alice, "yosukou:original"),
        (world.bob, "yosukou:simplified"),
    ):
        card = await open_puzzle(world, who, key)
        ref = await shown_puzzle(world, card)
        verdict = await choose(world, card, who, a_wrong_answer(card, ref))
        answered = verdict[verdict.index("❌") :]
        assert len(answered) > 40  # the verdict and its why, not a bare mark
        labels = [b.get("label") for b in card.buttons()]
        for mode in ("```", ""):
            record = await world.fake.click(card, user=who, prefix=SHOW)
            await record.wait_complete()
            await world.bot.asobiba.activity.wait_idle()
            assert answered in card.text
            assert ("```" in card.text) == bool(mode) and bool(card.attachments) != bool(mode)
            assert [b.get("label") for b in card.buttons() if b.get("custom_id", "")[:4] == NEXT]
        assert [b.get("label") for b in card.buttons()] == labels


async def profile_text(world: World, who: FakeUser, of: FakeUser) -> str:
    record = await world.fake.slash(
        "profile", user=who, channel=world.channel, options={"user": of}
    )
    await record.wait_response()
    return record.text


async def test_profile_shows_the_puzzle_rating_and_daily_streak_in_both_languages(
    world: World,
) -> None:
    assert "Puzzles" not in await profile_text(world, world.alice, world.alice)
    card = await open_puzzle(world, world.alice, "bushi", daily=True)
    ref = await shown_puzzle(world, card)
    await choose(world, card, world.alice, ref.puzzle.answers[0])
    rating, _ = await world.bot.asobiba.services.puzzles.player_rating(world.alice.id, "bushi")
    english = await profile_text(world, world.alice, world.alice)
    assert "🧩 **Puzzles**" in english
    assert (
        f"**Bushi Shogi**: puzzle rating {round(rating)} (1 of 1 solved)"
        " · daily puzzle streak 1 day(s), best 1"
    ) in english
    japanese = await profile_text(world, world.bob, world.alice)  # Bob's client is Japanese
    assert f"パズルレーティング {round(rating)}（1／1問正解）" in japanese
    assert "デイリーパズル連続 1日（最高 1日）" in japanese
    # A day missed: the streak is over, the best stays.
    world.clock.advance(days=2)
    assert "daily puzzle streak 0 day(s), best 1" in await profile_text(
        world, world.alice, world.alice
    )
