"""How much slower than a quiet machine this one runs right now, for limits that are a quiet
machine's seconds: Discord's 3 s to answer an interaction, a test's wait for the bot.

A limit in plain wall-clock seconds makes a test red by accident on a loaded machine (the
suite beside other work, CI's two shared cores): the bot took no more steps, it got fewer
turns on a core. :func:`load_factor` is the number of tasks that want each core, at least 1: the
one-minute load average over the cores, or the tasks runnable this instant where more — the
average lags a burst of other work by a minute, and a wait begun as the burst began was cut
short by it (a clean clone's run beside other work at load 15 saw ten such waits fail).
"""

from __future__ import annotations

import os


def load_factor() -> float:
    """Runnable tasks per core, at least 1 (1 where the system does not say)."""
    try:
        one_minute = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    return max(1.0, max(one_minute, _runnable_now()) / (os.cpu_count() or 1))


def _runnable_now() -> float:
    """Tasks runnable this instant (``/proc/loadavg``'s fourth field), 0 where not known."""
    try:
        with open("/proc/loadavg", encoding="ascii") as loadavg:
            return float(loadavg.read().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return 0.0


def quiet_seconds(seconds: float) -> float:
    """``seconds`` of a quiet machine, in this machine's seconds now."""
    return seconds * load_factor()
