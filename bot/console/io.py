"""The terminal: injectable ``read`` and ``write`` (the tests drive it like a person), plain
text only, the few questions every screen asks, and what Ctrl-C and Ctrl-D do.

Ctrl-C at a prompt discards what was typed on that line, never submits it. Outside a game it
ends the session; in a game it says the line was discarded, and a second Ctrl-C in a row ends
the session (the game is saved). Ctrl-C while the console is busy (the bot thinks, a hint
simulates) stops it once that step is done; a second one stops it at once. Ctrl-D (the end of
the input) ends the session like ``q``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import TypeVar

from bot.text.console import CTRL_C_BUSY, CTRL_C_DISCARDED, PASS_KEYBOARD, YES_NO
from rules.core import Locale, Text

#: Reads one line after showing the prompt. Ctrl-C there raises ``KeyboardInterrupt``, the end of
#: the input ``EOFError``, a stop asked for while the console was busy :class:`Stop`.
Reader = Callable[[str], str]
Writer = Callable[[str], None]
T = TypeVar("T")

#: Discord markup the shared texts may carry; a terminal would print it literally.
MARKDOWN = re.compile(r"\*\*|__|~~|\|\||`")
#: Enough empty lines to scroll the previous player's hand off an ordinary terminal.
SCROLL_LINES = 60
YES = frozenset({"y", "yes", "はい", "は"})


class Stop(Exception):
    """The person ended the session (Ctrl-C twice in a game, once outside one, Ctrl-D, or
    Ctrl-C while the console was busy): whatever game is open stays saved as it is."""


def plain(text: str) -> str:
    """``**bold**`` → ``bold``: the console prints what a person reads, not the markup."""
    return MARKDOWN.sub("", text)


def normal(text: str) -> str:
    """Case, spaces and symbols don't matter when matching a typed name: ``Turn ↻`` → ``turn``."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def pick(
    answer: str,
    options: Sequence[T],
    names: Callable[[T], Sequence[str]],
    keys: Sequence[int] | None = None,
) -> T | None:
    """The option ``answer`` means: its key (its number from 1 unless ``keys`` gives each
    option's), one of its names exactly but for case, or — when only one option fits — a name
    with its symbols and spacing ignored."""
    answer = answer.strip()
    if answer.isdecimal():  # full-width ３ too (a Japanese keyboard), never ² (no number)
        numbers = list(keys) if keys is not None else list(range(1, len(options) + 1))
        return options[numbers.index(int(answer))] if int(answer) in numbers else None
    folded = answer.casefold()
    exact = [o for o in options if any(n.casefold() == folded for n in names(o) if n)]
    if exact:
        return exact[0] if len(exact) == 1 else None
    loose = normal(answer)
    fits = [o for o in options if loose and any(normal(n) == loose for n in names(o))]
    return fits[0] if len(fits) == 1 else None


class Terminal:
    """What the console says and asks, in one language."""

    def __init__(
        self, read: Reader, write: Writer, locale: Locale, command: str = "python -m bot console"
    ) -> None:
        self.read = read
        self.write = write
        self.locale = locale
        #: How the person starts the console again (a saved game's resume line names it).
        self.command = command
        #: The game being played, if any: there a first Ctrl-C only discards the line.
        self.game_id: int | None = None
        self._interrupted = False

    def say(self, text: str | Text) -> None:
        self.write(plain(text(self.locale) if isinstance(text, Text) else text))

    def ask(self, prompt: str | Text) -> str:
        """One answer, stripped. Ctrl-C discards the line typed so far (:mod:`bot.console.io`'s
        rules); the end of the input and a second Ctrl-C raise :class:`Stop`."""
        shown = plain(prompt(self.locale) if isinstance(prompt, Text) else prompt)
        while True:
            try:
                answer = self.read(shown)
            except EOFError:
                raise Stop from None
            except KeyboardInterrupt:
                if self.game_id is None or self._interrupted:
                    raise Stop from None
                self._interrupted = True
                self.say(CTRL_C_DISCARDED)
                continue
            self._interrupted = False
            return answer.strip()

    @contextlib.contextmanager
    def playing(self, game_id: int) -> Iterator[None]:
        """While a game is played, a first Ctrl-C only discards the line being typed."""
        self.game_id, self._interrupted = game_id, False
        try:
            yield
        finally:
            self.game_id = None

    def resume_command(self, game_id: int) -> str:
        """The command that goes on with a game, in the language of this session."""
        lang = " --lang ja" if self.locale == "ja" else ""
        return f"{self.command}{lang} --resume {game_id}"

    def confirm(self, question: Text) -> bool:
        """A yes/no question where anything but yes means no."""
        return self.ask(f"{question(self.locale)} {YES_NO(self.locale)} > ").casefold() in YES

    def pass_keyboard(self, name: str) -> None:
        """Hot-seat with secret hands: scroll the last hand away and wait for the next player."""
        self.write("\n" * SCROLL_LINES)
        self.ask(PASS_KEYBOARD.format(name=name))


class Keyboard:
    """The real terminal's reader, and its Ctrl-C (installed by :meth:`catching_ctrl_c`).

    ``asyncio.run`` would turn the first Ctrl-C into a cancellation of the session, delivered at
    its next ``await``: at a prompt that meant the line typed after it was still read and
    played before the session died, without a word. Here Ctrl-C at a prompt interrupts the
    reading itself (the terminal drops the half-typed line), and Ctrl-C while the console is
    busy is kept until the step at hand is done."""

    def __init__(self, locale: Locale, read: Reader = input) -> None:
        self.locale = locale
        self._read = read
        self._reading = False
        self._stop_asked = False
        self._task: asyncio.Task[object] | None = None

    def read(self, prompt: str) -> str:
        if self._stop_asked:
            raise Stop
        self._reading = True
        try:
            return self._read(prompt)
        except (KeyboardInterrupt, EOFError):
            print(flush=True)  # the cursor is still after the prompt (and ^C)
            raise
        finally:
            self._reading = False

    def on_ctrl_c(self, signum: int, frame: FrameType | None) -> None:
        if self._reading:
            raise KeyboardInterrupt
        if not self._stop_asked:
            self._stop_asked = True
            print("\n" + CTRL_C_BUSY(self.locale), flush=True)
            return
        # A second Ctrl-C while busy: stop now, as asyncio would have at the first.
        print(flush=True)  # the cursor is after ^C
        task = self._task
        if task is None or task.done():
            raise KeyboardInterrupt
        task.cancel()
        task.get_loop().call_soon_threadsafe(lambda: None)  # wake the loop to see it

    @property
    def stop_asked(self) -> bool:
        """Whether Ctrl-C came while the console was busy (it stops at its next prompt)."""
        return self._stop_asked

    def serving(self, task: asyncio.Task[object] | None) -> None:
        """The session's task: a second Ctrl-C while busy cancels it."""
        self._task = task

    @contextlib.contextmanager
    def catching_ctrl_c(self) -> Iterator[None]:
        """Ctrl-C goes to :meth:`on_ctrl_c` (installed before ``asyncio.run``, which then
        leaves it in place)."""
        try:
            previous = signal.signal(signal.SIGINT, self.on_ctrl_c)
        except ValueError:  # not the main thread: Ctrl-C stays Python's
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
