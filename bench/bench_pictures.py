"""How long a picture takes to draw and how big it is, beside the text board it accompanies.

    python -m bench.bench_pictures [--rounds 50]

For each sample position of ``bot.pictures.samples`` (both languages): p50 and p99 of the time
to draw the PNG, its size, and p50 of the text render of the same view. Targets: p99 under
30 ms and under 150 KB per picture. The canvas remembers rendered text and small boxes; "cold"
is the p50 with that memory emptied before every draw (a bot just started), the others are
warm, as in play, where most words of a board recur from one picture to the next.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from bot.pictures.canvas import clear_caches
from bot.pictures.samples import samples
from bot.ui.easel import keep_memory
from rules.core import LOCALES, Locale


def timings(work: Callable[[], object], rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def _cold(draw: Callable[[Locale], bytes], locale: Locale) -> bytes:
    clear_caches()
    return draw(locale)


def p(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50, help="draws per picture and language")
    args = parser.parse_args()
    keep_memory()  # as where the bot draws
    print(f"{'picture':<22}{'p50 ms':>8}{'p99 ms':>8}{'cold':>7}{'KB':>6}{'text p50 ms':>13}")
    for sample in samples():
        for locale in LOCALES:
            sample.draw(locale)  # fonts and caches warm
            drawn = timings(partial(sample.draw, locale), args.rounds)
            cold = timings(partial(_cold, sample.draw, locale), max(5, args.rounds // 5))
            text = timings(partial(sample.text, locale), args.rounds)
            size = len(sample.draw(locale)) / 1024
            print(
                f"{sample.name + '-' + locale:<22}{statistics.median(drawn):8.1f}"
                f"{p(drawn, 0.99):8.1f}{statistics.median(cold):7.1f}{size:6.0f}"
                f"{statistics.median(text):13.2f}"
            )


if __name__ == "__main__":
    main()
