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

#: How much less of a contended core each step of niceness leaves a process: Linux's fair
#: scheduler weighs nice ``n`` at 1024 / 1.25 ** n of nice 0's share.
NICE_STEP = 1.25


def load_factor() -> float:
    """Runnable tasks per core, at least 1 (1 where the system does not say); for a niced
    process on a busy machine, times what its niceness takes off its share (a test run under
    ``nice -n 10`` beside work at nice 0 gets a ninth of what the load alone would give it)."""
    try:
        one_minute = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    per_core = max(one_minute, _runnable_now()) / (os.cpu_count() or 1)
    if per_core <= 1.0:
        return 1.0  # a core to itself: niceness changes nothing
    return per_core * NICE_STEP ** _niceness()


def _niceness() -> int:
    """This process's niceness (0 where it cannot be read); a negative one counts as 0."""
    try:
        return max(0, os.nice(0))
    except OSError:
        return 0


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
