"""The puzzle simulations in C: :func:`rules.yosukou.puzzles.option_wins`, game for game the same.

The puzzle books rest on 100 000 played-out games per choice, and a board's starts are often
within half a point of each other, so finding the few boards with one clearly best start takes
tens of millions of games: hours in Python on a shared machine, minutes in C. ``fastsim.c``
plays exactly the games the Python engine plays (the same SplitMix64 draws and shuffles, the
same rule code as :class:`rules.yosukou.engine.Table`, sword policy ``goal``, no 戦乱置換), so a
book's figures are reproduced by the Python engine to the game (the tests check this).

It is built on first use with the system's C compiler (``cc``, or ``$CC``) into a cache
directory (``$ASOBIBA_CACHE``, else ``~/.cache/asobiba``); without a compiler, or with
``ASOBIBA_PURE_SIM=1``, :func:`load` returns None and the Python engine plays instead. Nothing
at run time in the bot uses it.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from rules.cards.tarot import MINOR_CODES
from rules.yosukou.engine import PILES, Config, Table, goal_of

SOURCE = Path(__file__).with_name("fastsim.c")
#: Card indices of the C code: the 56 minors, then the two end cards.
CARDS: tuple[str, ...] = (*MINOR_CODES, "A00", "A13")
INDEX: dict[str, int] = {code: i for i, code in enumerate(CARDS)}
CAP = 64

_IntArray = ctypes.POINTER(ctypes.c_int)


def _cache_dir() -> Path:
    root = os.environ.get("ASOBIBA_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "asobiba"


@cache
def load() -> ctypes.CDLL | None:
    """The compiled library, built if needed; None when it cannot be (then play in Python)."""
    if os.environ.get("ASOBIBA_PURE_SIM"):
        return None
    text = SOURCE.read_bytes()
    target = _cache_dir() / f"yosukou_fastsim_{hashlib.sha256(text).hexdigest()[:16]}.so"
    if not target.exists():
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            # Built beside the target and renamed: workers of a pool may build at once.
            with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
                built = Path(tmp) / target.name
                command = [os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC"]
                subprocess.run(
                    [*command, "-o", str(built), str(SOURCE)],
                    check=True,
                    capture_output=True,
                    timeout=120,
                )
                os.replace(built, target)
        except (OSError, subprocess.SubprocessError):
            return None
    try:
        lib = ctypes.CDLL(str(target))
    except OSError:
        return None
    lib.yosukou_play.restype = ctypes.c_int
    return lib


def _ints(values: list[int]) -> ctypes.Array[ctypes.c_int]:
    return (ctypes.c_int * max(1, len(values)))(*values)


def play(
    cfg: Config, table: Table, games: int, raw: int, *, fresh: bool, move: bool = True
) -> tuple[int, int] | None:
    """Wins of ``games`` games from ``table`` and the generator's state after them, as
    :func:`rules.yosukou.puzzles.option_wins` plays them: ``fresh``, a new game (the table's
    stack in :func:`rules.yosukou.engine.new_talon`'s order before its shuffle), else MOVE
    (``move``) or STAY on the table's pending lower sword after the stack's shuffle. None
    when the C code is not available or the table is beyond it (planned reshuffles)."""
    lib = load()
    if lib is None or table.planned:
        return None
    piles = [0] * (len(PILES) * CAP)
    for i, pile in enumerate(table.piles):
        piles[i * CAP : i * CAP + len(pile)] = [INDEX[c] for c in pile]
    vals = [0] * 8 + [v for p in range(1, 7) for v in table.vals[p]]
    goal = goal_of(table.start)
    state = ctypes.c_uint64(raw)
    wins = lib.yosukou_play(
        int(cfg.simplified),
        cfg.terminals,
        int(cfg.greater_equal),
        _ints([cfg.values.get(c, 0) for c in CARDS]),
        ctypes.c_char_p("".join(c[0] for c in CARDS).encode()),
        _ints(vals),
        table.start,
        goal[0],
        goal[1],
        INDEX[table.terminal],
        table.drawn_terminals,
        table.token,
        int(fresh),
        INDEX[table.pending] if table.pending is not None else -1,
        int(move),
        _ints([INDEX[c] for c in table.stack]),
        len(table.stack),
        _ints(piles),
        _ints([len(p) for p in table.piles]),
        games,
        ctypes.byref(state),
    )
    return int(wins), int(state.value)
