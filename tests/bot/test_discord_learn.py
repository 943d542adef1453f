"""/learn through the fake Discord: a learner goes through each lesson to its end, in English
and in Japanese, a wrong move is refused with why and tried again, and a lesson left half-way
(or cut by a restart) resumes at the same step. Everything is private (ephemeral)."""

from __future__ import annotations

import pytest

from bot.games.lessons import all_lessons, lesson_for
from rules.core.lesson import Lesson, LessonStep
from tests.bot.harness import World
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.models import InteractionRecord

LESSON_KEYS = [lesson.key for _, lesson in all_lessons()]


async def settle(world: World, record: InteractionRecord) -> None:
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()


async def open_lesson(world: World, user: FakeUser, key: str) -> FakeMessage:
    record = await world.fake.slash(
        "learn", user=user, channel=world.channel, options={"game": key}
    )
    await settle(world, record)
    assert record.ephemeral and record.message is not None
    return record.message


def lesson(key: str) -> Lesson:
    found = lesson_for(key)
    assert found is not None
    return found[1]


async def make(
    world: World, card: FakeMessage, user: FakeUser, key: str, index: int, code: str
) -> None:
    """Make the move ``code`` on step ``index``'s card, by its button or menu."""
    for button in card.buttons():
        if button.get("custom_id") == f"lm:{key}:{index}:{code}":
            await settle(world, await world.fake.click(card, button["custom_id"], user=user))
            return
    for menu in card.selects():
        values = [option["value"] for option in menu.get("options", [])]
        if code in values:
            await settle(world, await world.fake.select(card, menu["custom_id"], [code], user=user))
            return
        # A move that asks for a number (a joker's range): its prefix, then the form.
        for value in values:
            prefix = value[1:]
            if value.startswith("#") and code.startswith(prefix) and code[len(prefix) :].isdigit():
                opened = await world.fake.select(card, menu["custom_id"], [value], user=user)
                await opened.wait_response()
                assert opened.modal is not None
                [label] = opened.modal["components"]
                typed = {label["component"]["custom_id"]: code[len(prefix) :]}
                await settle(world, await world.fake.submit_modal(opened, typed))
                return
    raise AssertionError(f"step {index + 1} offers no {code}: {card.custom_ids()}")


async def do_step(
    world: World, card: FakeMessage, user: FakeUser, key: str, index: int, step: LessonStep
) -> None:
    if step.teaches_move:
        await make(world, card, user, key, index, step.taught[0])
    else:
        await settle(world, await world.fake.click(card, f"ln:{key}:{index}", user=user))


async def learn_to_the_end(world: World, user: FakeUser, key: str, done: str) -> FakeMessage:
    card = await open_lesson(world, user, key)
    steps = lesson(key).steps
    for index, step in enumerate(steps):
        assert f"{index + 1}/{len(steps)}" in card.text
        assert card.attachments, "the game's own picture of the position"
        await do_step(world, card, user, key, index, step)
    assert done in card.text
    assert world.fake.visible_messages(world.channel, world.carol) == []  # nothing in the channel
    return card


@pytest.mark.parametrize("key", LESSON_KEYS)
async def test_each_lesson_to_its_end_in_english(world: World, key: str) -> None:
    await learn_to_the_end(world, world.alice, key, "lesson complete!")
    progress = await world.bot.asobiba.services.lessons.progress(world.alice.id, key)
    assert progress.finished and progress.step == len(lesson(key).steps)


async def test_a_lesson_in_japanese(world: World) -> None:
    card = await learn_to_the_end(world, world.bob, "bushi", "修了！")
    assert "ルール" in card.text


async def test_a_wrong_move_is_refused_with_why_and_tried_again(world: World) -> None:
    key = "bushi"
    steps = lesson(key).steps
    forced = next(i for i, s in enumerate(steps) if s.tempting and s.seat == 1)
    card = await open_lesson(world, world.alice, key)
    for index in range(forced):
        await do_step(world, card, world.alice, key, index, steps[index])
    assert "Forced move 1" in card.text
    await make(world, card, world.alice, key, forced, steps[forced].tempting[0])
    # The rules' own words, then the step's hint; the same step stays.
    assert "The rules refuse it: You are being pointed at and are not pointing back" in card.text
    assert "💡 Turn ↻ is the only move here." in card.text
    assert f"{forced + 1}/{len(steps)}" in card.text
    # A legal move that is not the lesson's is refused with the hint too.
    tips = next(i for i, s in enumerate(steps) if i > forced and s.taught == ("FWD",))
    await do_step(world, card, world.alice, key, forced, steps[forced])
    assert "✅ Right!" in card.text
    for index in range(forced + 1, tips):
        await do_step(world, card, world.alice, key, index, steps[index])
    await make(world, card, world.alice, key, tips, "ROT")
    assert "❌ That is not the move this step teaches." in card.text
    assert "💡 Choose Roll forward ↑." in card.text
    await make(world, card, world.alice, key, tips, "FWD")
    assert f"{tips + 2}/{len(steps)}" in card.text


async def test_a_lesson_resumes_where_it_was_left_even_after_a_restart(world: World) -> None:
    key = "bushi"
    steps = lesson(key).steps
    card = await open_lesson(world, world.alice, key)
    for index in range(3):
        await do_step(world, card, world.alice, key, index, steps[index])
    again = await open_lesson(world, world.alice, key)
    assert "Picking up where you left off (step 4 of" in again.text
    assert f"4/{len(steps)}" in again.text

    await world.restart()
    # The old card's controls still work after the restart, and the step is remembered.
    await do_step(world, card, world.alice, key, 3, steps[3])
    assert f"5/{len(steps)}" in card.text
    resumed = await open_lesson(world, world.alice, key)
    assert "step 5 of" in resumed.text and f"5/{len(steps)}" in resumed.text


async def test_text_boards_for_a_player_who_prefers_text(world: World) -> None:
    await world.bot.asobiba.services.standings.set_prefs(world.alice.id, pictures=False)
    card = await open_lesson(world, world.alice, "bushi")
    assert not card.attachments
    assert "三方払い" in card.text and "facing back" in card.text  # the text board


async def test_a_joker_in_a_lesson_asks_for_its_range(world: World) -> None:
    key = "senretsu"
    steps = lesson(key).steps
    joker = next(i for i, s in enumerate(steps) if s.taught == ("p:JR:+2:3",))
    card = await open_lesson(world, world.alice, key)
    for index in range(joker):
        await do_step(world, card, world.alice, key, index, steps[index])
    assert "The joker" in card.text
    menu = next(m for m in card.selects() if m["custom_id"].startswith("lms:"))
    value = next(o["value"] for o in menu["options"] if o["value"] == "#p:JR:+2:")

    async def submit(typed: str) -> None:
        opened = await world.fake.select(card, menu["custom_id"], [value], user=world.alice)
        await opened.wait_response()
        assert opened.modal is not None
        [label] = opened.modal["components"]
        await settle(
            world, await world.fake.submit_modal(opened, {label["component"]["custom_id"]: typed})
        )

    await submit("0")  # out of range: a polite word, nothing changed
    assert "1 to 99" in world.fake.ephemeral_messages(world.alice)[-1].text
    await submit("5")  # legal, but not what the step teaches
    assert "❌ That is not the move this step teaches." in card.text
    assert "Choose Jk → new back line, then type 3." in card.text
    await submit("3")
    assert f"{joker + 2}/{len(steps)}" in card.text and "Jk(3)" in card.text


async def test_the_solid_method_s_forced_start_is_refused_in_its_own_words(world: World) -> None:
    key = "yosukou:original"
    steps = lesson(key).steps
    solid = next(i for i, s in enumerate(steps) if "start:5" in s.tempting)
    card = await open_lesson(world, world.bob, key)  # Bob's client is Japanese
    for index in range(solid):
        await do_step(world, card, world.bob, key, index, steps[index])
    assert "固式" in card.text and "旋乾" in card.text
    await make(world, card, world.bob, key, solid, "start:5")
    assert "旋乾" in card.text and "下卦" in card.text and f"{solid + 1}/{len(steps)}" in card.text
    await make(world, card, world.bob, key, solid, "start:1")
    assert "戦乱置換" in card.text and f"{solid + 2}/{len(steps)}" in card.text
