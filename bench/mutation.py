"""Mutation benchmark: how many small bugs in ``bot/services`` and ``bot/ui`` the tests catch.

    python -m bench.mutation [--sample 150] [--seed 1] [--paths bot/services bot/ui]
                             [--tests tests/bot tests/services] [--timeout 180] [--keep DIR]

cosmic-ray (a dev extra) lists every mutant of the modules under ``--paths`` (an operator
flipped, a comparison turned, a constant changed, a ``break`` for a ``continue``, …); a seeded
random sample of ``--sample`` of them (0: all, which takes hours on two cores) is run, each
against ``--tests`` (stopping at the first failure). A mutant is killed when a test fails, and
timed out when the tests run past ``--timeout`` seconds (reported apart: on a shared machine a
surviving mutant's whole run can be that slow too). Mutants inside type annotations are left out: with
``from __future__ import annotations`` no annotation is ever evaluated, so they cannot be
killed and say nothing about the tests.

cosmic-ray rewrites the source files in place, so everything happens in a copy of the checkout
in a temporary directory (``--keep DIR`` keeps the copy and its session database there).
The last lines are the share killed, with its sampling error (a 95 % Wilson interval), and the
survivors' diffs, the best pointers to what the tests miss.

Not a test: pytest never collects it and CI never runs it.
"""

from __future__ import annotations

import argparse
import ast
import math
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


def annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(start, end) positions, cosmic-ray's (line, column) numbering, of every annotation."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            nodes.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            nodes.append(node.returns)
    return [
        ((n.lineno, n.col_offset), (n.end_lineno or n.lineno, n.end_col_offset or 0)) for n in nodes
    ]


def in_annotation(
    start: tuple[int, int], spans: list[tuple[tuple[int, int], tuple[int, int]]]
) -> bool:
    return any(low <= start < high for low, high in spans)


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound near 0 % and 100 % too)."""
    if total == 0:
        return 0.0, 1.0
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def copy_checkout(target: Path) -> None:
    def ignore(_directory: str, names: list[str]) -> set[str]:
        return {n for n in names if n in SKIP_DIRS or n.endswith(".sqlite3-journal")}

    shutil.copytree(ROOT, target, ignore=ignore)


def write_config(work: Path, paths: list[str], tests: list[str], timeout: float) -> Path:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    command += ["-m", "not slow and not postgres", *tests]
    modules = ", ".join(f'"{p}"' for p in paths)
    config = work / "mutation.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {shlex.join(command)!r}\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n',
        encoding="utf-8",
    )
    return config


def cosmic_ray(work: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "cosmic_ray.cli", *args], cwd=work, check=True)


def sample_session(session: Path, work: Path, size: int, seed: int) -> tuple[int, int]:
    """Skip every mutant but a seeded sample (annotations never count). Returns (mutants
    outside annotations, sampled)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans: dict[Path, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        items = sorted(db.work_items, key=lambda item: item.job_id)
        eligible, ignored = [], []
        for item in items:
            mutation = item.mutations[0]
            path = work / mutation.module_path
            if path not in spans:
                spans[path] = annotation_spans(path)
            target = ignored if in_annotation(tuple(mutation.start_pos), spans[path]) else eligible
            target.append(item)
        eligible.sort(key=lambda item: (str(item.mutations[0].module_path), item.job_id))
        chosen = eligible if size <= 0 else random.Random(seed).sample(eligible, size)
        chosen_ids = {item.job_id for item in chosen}
        skipped = [item.job_id for item in items if item.job_id not in chosen_ids]
        if skipped:
            db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(eligible), len(chosen)


def report(session: Path) -> int:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    with use_db(str(session), WorkDB.Mode.open) as db:
        done = [
            (item, result)
            for item, result in db.completed_work_items
            if result.worker_outcome is not WorkerOutcome.SKIPPED
        ]

    def outcome(result: Any) -> str:
        if result.test_outcome is TestOutcome.KILLED and (result.output or "").strip() == "timeout":
            return "timed out"
        return str(
            result.test_outcome.value if result.test_outcome else result.worker_outcome.value
        )

    outcomes = Counter(outcome(result) for _, result in done)
    survivors = [(i, r) for i, r in done if r.test_outcome is TestOutcome.SURVIVED]
    by_module = Counter(str(i.mutations[0].module_path) for i, _ in survivors)
    for item, result in sorted(survivors, key=lambda pair: str(pair[0].mutations[0].module_path)):
        mutation = item.mutations[0]
        print(
            f"\n--- survived: {mutation.module_path}:{mutation.start_pos[0]} {mutation.operator_name}"
        )
        print((result.diff or "").strip())
    print(f"\noutcomes: {dict(outcomes)}")
    print("survivors by module: " + ", ".join(f"{m} {n}" for m, n in by_module.most_common()))
    # A time-out counts as a kill only when the tests really hang: on a busy machine a
    # surviving mutant's full run can pass the limit too, so the share is also given without.
    for label, killed in (
        ("a test failed", outcomes["killed"]),
        ("a test failed or the tests timed out", outcomes["killed"] + outcomes["timed out"]),
    ):
        counted = killed + outcomes["survived"]
        low, high = wilson(killed, counted)
        share = killed / counted if counted else 0.0
        print(
            f"killed ({label}) {killed} of {counted} sampled mutants: {share:.1%} "
            f"(95 % interval {low:.1%}–{high:.1%}, ±{(high - low) / 2:.1%})"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=150, help="mutants to run (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paths", nargs="+", default=["bot/services", "bot/ui"])
    parser.add_argument("--tests", nargs="+", default=["tests/bot", "tests/services"])
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per mutant")
    parser.add_argument("--keep", type=Path, help="work in this directory and keep it")
    parser.add_argument(
        "--report", type=Path, help="only report a kept run (its directory), finished or not"
    )
    args = parser.parse_args(argv)
    if args.report is not None:
        return report(args.report / "mutation.sqlite")

    temporary = None if args.keep else tempfile.TemporaryDirectory(prefix="asobiba-mutation-")
    work = args.keep or Path(temporary.name if temporary else ".") / "checkout"
    try:
        if args.keep and args.keep.exists():
            shutil.rmtree(args.keep)
        copy_checkout(work)
        config = write_config(work, args.paths, args.tests, args.timeout)
        session = work / "mutation.sqlite"
        cosmic_ray(work, "init", str(config), str(session))
        eligible, chosen = sample_session(session, work, args.sample, args.seed)
        print(f"{eligible} mutants outside annotations in {' '.join(args.paths)}; running {chosen}")
        started = time.monotonic()
        cosmic_ray(work, "exec", str(config), str(session))
        print(f"ran in {time.monotonic() - started:.0f} s")
        return report(session)
    finally:
        if temporary is not None:
            temporary.cleanup()


if __name__ == "__main__":
    sys.exit(main())
