"""How much slower than a quiet machine this one runs right now, for limits that are a quiet
machine's seconds: Discord's 3 s to answer an interaction, a test's wait for the bot.

A limit in plain wall-clock seconds makes a test red by accident on a loaded machine (the
suite beside other work, CI's two shared cores): the bot took no more steps, it got fewer
turns on a core. :func:`load_factor` is the number of tasks that want each core (the one-minute
load average over the cores), at least 1; a limit is multiplied by it where it is checked.
"""

from __future__ import annotations

import os


def load_factor() -> float:
    """Runnable tasks per core, at least 1 (1 where the system does not say)."""
    try:
        one_minute = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    return max(1.0, one_minute / (os.cpu_count() or 1))


def quiet_seconds(seconds: float) -> float:
    """``seconds`` of a quiet machine, in this machine's seconds now."""
    return seconds * load_factor()
