"""Mutation benchmark: how many small bugs in ``bot/services`` and ``bot/ui`` the tests catch.

    python -m bench.mutation [--sample 150] [--seed 1] [--paths bot/services bot/ui]
                             [--tests tests/bot tests/services] [--timeout 900] [--keep DIR]
                             [--coverage KEPT_DIR] [--report KEPT_DIR]

cosmic-ray (a dev extra) lists every mutant of the modules under ``--paths`` (an operator
flipped, a comparison turned, a constant changed, a ``break`` for a ``continue``, …); a seeded
random sample of ``--sample`` of them (0: all) is run. A mutant is killed when a test fails, and
timed out when the tests run past ``--timeout`` seconds (reported apart: on a shared machine a
surviving mutant's run can be that slow too). Mutants inside type annotations are left out: with
``from __future__ import annotations`` no annotation is ever evaluated, so they cannot be
killed and say nothing about the tests.

Each mutant runs only against the tests that can see it, as mutmut does. The unmutated
``--tests`` run once under coverage.py with one context per test (pytest-cov's
``--cov-context=test``, on two xdist workers), which records the tests that ran each line of
the mutated modules and how long each took; a mutant then runs against the tests that ran its
statement (any line of it: Python may trace a statement spread over lines on any of them), the
quickest first, stopping at the first failure (``-x``; two xdist workers past 40 tests).
Coverage follows the event loop's tasks and the threads (``asyncio.to_thread``) inside the
test's process, so a line reached through a task counts for the test that awaited it. A mutant
no test runs is a survivor without running anything (reported as "no test runs it"). Code that
also runs outside any test (at import or collection: a module's constant, a default argument, a
decorator, a function called to build one) can change what any test sees: its module's tests
run first and, if none fails, all of ``--tests``. What coverage cannot see: code run in another
process (a bot started as a subprocess, the drawing workers; ``tests/bot``'s harness draws in a
thread), and a test relying on state an earlier test left behind (a cache filled once). A test
that fails unmutated is named and left out. ``--coverage KEPT_DIR`` takes the map of a kept run
(``--keep``) instead of gathering it again, while the code under test is unchanged.

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
import os
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

import attrs

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
# Which tests (pytest node ids; "" for import and collection time) ran each line of each file.
CoverageMap = dict[Path, dict[int, set[str]]]
Lines = set[int]


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


def pytest_command(tests: list[str], *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "-m", "not slow and not postgres", *extra, *tests,
    ]  # fmt: skip


def write_config(work: Path, paths: list[str], tests: list[str], timeout: float) -> Path:
    """cosmic-ray's configuration: only ``init`` reads it (the mutants are run here)."""
    modules = ", ".join(f'"{p}"' for p in paths)
    config = work / "mutation.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {shlex.join(pytest_command(tests, '-x'))!r}\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n',
        encoding="utf-8",
    )
    return config


def cosmic_ray(work: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "cosmic_ray.cli", *args], cwd=work, check=True)


def niced(command: list[str]) -> list[str]:
    """The coverage run is the heaviest step: nice it unless the whole tool already is."""
    return command if os.nice(0) > 0 else ["nice", "-n", "10", *command]


def test_order(work: Path, tests: list[str]) -> dict[str, int]:
    """Every test's place in pytest's collection order (file by file, top to bottom)."""
    listed = subprocess.run(
        pytest_command(tests, "-n", "0", "--collect-only"),
        cwd=work, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    node_ids = [line for line in listed.splitlines() if "::" in line and " " not in line]
    return {node_id: place for place, node_id in enumerate(node_ids)}


def gather_coverage(
    work: Path, paths: list[str], tests: list[str], reuse: Path | None = None
) -> tuple[CoverageMap, dict[str, float]]:
    """Run the tests once, unmutated, under coverage.py with one dynamic context per test
    (pytest-cov's ``--cov-context=test``, which survives xdist's workers), and keep which
    tests ran each line of the mutated modules, and how long each test took. Lines run
    outside any test (imports and collection) are kept under the empty context.

    ``reuse``: a kept run's directory whose map is taken as it is (the code under test must
    be the same)."""
    from coverage import CoverageData

    base = (reuse or work).resolve()
    output = base / "coverage-run.txt"
    if reuse is None:
        # coverage.py measures packages and folders: a single module is measured with its folder.
        folders = {path if (work / path).is_dir() else str(Path(path).parent) for path in paths}
        covers = [f"--cov={folder}" for folder in sorted(folders)]
        command = pytest_command(
            tests, "-n", "2", *covers, "--cov-context=test", "--cov-report=", "--durations=0"
        )
        command += ["--durations-min=0"]
        started = time.monotonic()
        run = subprocess.run(niced(command), cwd=work, capture_output=True, text=True)
        output.write_text(run.stdout, encoding="utf-8")
        last = (run.stdout.strip().splitlines() or ["(no output)"])[-1]
        print(f"coverage map: {last} ({time.monotonic() - started:.0f} s)")
        if run.returncode not in (0, 1):
            print(run.stdout[-4000:], run.stderr[-2000:], sep="\n")
            raise SystemExit("the coverage run broke")
    else:
        print(f"coverage map: {reuse}'s")
    lines = output.read_text(encoding="utf-8").splitlines() if output.exists() else []
    # A test failing on the unmutated code (a flaky one, on a loaded machine) would "kill"
    # every mutant it runs: it is left out of every selection, and named.
    failed = {line.split()[1] for line in lines if line.startswith(("FAILED ", "ERROR "))}
    for node_id in sorted(failed):
        print(f"coverage map: {node_id} fails unmutated; no mutant runs it")
    durations: dict[str, float] = {}
    for line in lines:  # "0.52s call     tests/bot/test_x.py::test_y"
        parts = line.split()
        if len(parts) == 3 and parts[0].endswith("s") and parts[1] in PHASES:
            try:
                seconds = float(parts[0][:-1])
            except ValueError:
                continue
            durations[parts[2]] = durations.get(parts[2], 0.0) + seconds
    data = CoverageData(basename=str(base / ".coverage"))
    data.read()
    contexts: CoverageMap = {}
    for measured in data.measured_files():
        path = Path(measured).resolve().relative_to(base)
        by_line = data.contexts_by_lineno(measured)
        contexts[path] = {
            line: {test_of(context) for context in names} - failed
            for line, names in by_line.items()
        }
    return contexts, durations


PHASES = {"setup", "call", "teardown"}


def test_of(context: str) -> str:
    """pytest-cov names a context ``<node id>|setup``, ``|run`` or ``|teardown``; the
    empty context (code run at import or collection) stays empty."""
    node_id, bar, phase = context.rpartition("|")
    return node_id if bar and phase in {"setup", "run", "teardown"} else context


def statement_lines(
    tree: ast.Module, start: tuple[int, int], end: tuple[int, int]
) -> tuple[Lines, bool]:
    """The lines whose execution runs the code at ``start``–``end``, and whether that code
    runs at import time (outside every function body: a module constant, a default
    argument, a decorator, a class attribute), where it can change what any test sees.

    A statement spread over several lines may be traced on any of them (Python reports the
    line of each instruction), so all of the innermost statement's lines count; for a
    compound statement (``if``, ``for``, ``with``, …) its header down to the mutation."""
    innermost: ast.stmt | None = None
    in_function = False
    children: list[ast.stmt] = list(tree.body)
    while True:
        for node in children:
            low = (node.lineno, node.col_offset)
            high = (node.end_lineno or node.lineno, node.end_col_offset or 0)
            if low <= start < high:
                break
        else:
            break
        if isinstance(innermost, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function = True
        innermost = node
        children = [
            child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)
        ] + [
            grand
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.ExceptHandler | ast.match_case)
            for grand in child.body
        ]
    if innermost is None:
        return set(range(start[0], end[0] + 1)), True
    compound = any(isinstance(child, ast.stmt) for child in ast.iter_child_nodes(innermost))
    compound = compound or isinstance(innermost, ast.Try | ast.Match)
    last = end[0] if compound else (innermost.end_lineno or innermost.lineno)
    lines = set(range(innermost.lineno, max(last, end[0]) + 1)) | set(range(start[0], end[0] + 1))
    return lines, not in_function


def covering_tests(
    lines: Lines, import_time: bool, by_line: dict[int, set[str]]
) -> tuple[set[str], bool]:
    """The tests that run any of ``lines``, and whether every test must run too: when the
    code also runs outside any test (at import or collection) its effect can reach any test
    (a constant computed once). The module's other tests are then tried first, the likeliest
    to fail, so that only a mutant they miss pays for the whole run."""
    tests = set().union(*(by_line.get(line, set()) for line in lines))
    if import_time or "" in tests:
        tests = set().union(*by_line.values()) if import_time else tests
        return tests - {""}, True
    return tests, False


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
        # cosmic-ray's job ids are random: order by what the mutant is, so a seed always
        # draws the same mutants.
        eligible.sort(
            key=lambda item: (
                str(item.mutations[0].module_path),
                tuple(item.mutations[0].start_pos),
                item.mutations[0].operator_name,
                item.mutations[0].occurrence,
            )
        )
        chosen = eligible if size <= 0 else random.Random(seed).sample(eligible, size)
        chosen_ids = {item.job_id for item in chosen}
        skipped = [item.job_id for item in items if item.job_id not in chosen_ids]
        if skipped:
            db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(eligible), len(chosen)


NOT_COVERED = "no test runs this line"
#: More tests than this run on two xdist workers (their start-up costs a few seconds).
MANY_TESTS = 40


def diff_of(mutation: Any) -> str:
    """A mutant's diff, made without touching the file (for the mutants never run)."""
    import cosmic_ray.plugins
    from cosmic_ray.mutating import _make_diff, mutate_code

    operator_class = cosmic_ray.plugins.get_operator(mutation.operator_name)
    operator = operator_class(**(getattr(mutation, "operator_args", None) or {}))
    original = mutation.module_path.read_text(encoding="utf-8")
    mutated = mutate_code(original, operator, mutation.occurrence)
    return "\n".join(_make_diff(original, mutated or original, mutation.module_path))


def run_mutants(
    session: Path,
    work: Path,
    tests: list[str],
    contexts: CoverageMap,
    durations: dict[str, float],
    timeout: float,
) -> None:
    """Run each sampled mutant against the tests that run its line, in collection order,
    stopping at the first failure; against all of ``tests`` when its code runs at import
    time; against none when no test runs it (a survivor)."""
    from cosmic_ray.mutating import mutate_and_test
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    order = test_order(work, tests)
    # Without timings (a reused map), a test running few of the mutated lines is likelier to
    # be a quick, focused one.
    breadth: Counter[str] = Counter(
        test for by_line in contexts.values() for names in by_line.values() for test in names
    )
    trees: dict[Path, ast.Module] = {}
    selection = work / "mutant-tests.txt"
    os.chdir(work)  # cosmic-ray mutates, and pytest runs, relative to the checkout
    with use_db(str(session), WorkDB.Mode.open) as db:
        pending = sorted(db.pending_work_items, key=lambda item: item.job_id)
        for number, item in enumerate(pending, 1):
            mutation = item.mutations[0]
            path = Path(mutation.module_path)
            if path not in trees:
                trees[path] = ast.parse(path.read_text(encoding="utf-8"))
            lines, import_time = statement_lines(
                trees[path], tuple(mutation.start_pos), tuple(mutation.end_pos)
            )
            chosen, everything = covering_tests(lines, import_time, contexts.get(path, {}))
            started = time.monotonic()
            if not chosen and not everything:
                result = WorkResult(
                    worker_outcome=WorkerOutcome.NORMAL,
                    test_outcome=TestOutcome.SURVIVED,
                    output=NOT_COVERED,
                    diff=diff_of(mutation),
                )
                ran = "no test"
            else:
                result, ran = None, ""
                if chosen:
                    # The quickest first: a mutant most tests kill dies in seconds.
                    ordered = sorted(
                        chosen,
                        key=lambda test: (
                            durations.get(test, math.inf),
                            breadth[test],
                            order.get(test, len(order)),
                            test,
                        ),
                    )
                    selection.write_text("\n".join(ordered) + "\n", encoding="utf-8")
                    workers = "2" if len(ordered) > MANY_TESTS else "0"
                    command = pytest_command([f"@{selection}"], "-x", "-n", workers)
                    ran = f"{len(ordered)} tests"
                    result = mutate_and_test(item.mutations, shlex.join(command), timeout)
                if everything and (result is None or result.test_outcome is TestOutcome.SURVIVED):
                    command = pytest_command(tests, "-x")
                    ran += (", then " if ran else "") + "all tests (it runs at import)"
                    result = mutate_and_test(item.mutations, shlex.join(command), timeout)
                assert result is not None
                result = attrs.evolve(result, output=f"ran: {ran}\n{result.output or ''}")
            db.set_result(item.job_id, result)
            status = result.test_outcome.value if result.test_outcome else "-"
            if (result.output or "").endswith("\ntimeout"):
                status = "timed out"
            print(
                f"[{number}/{len(pending)}] {path}:{mutation.start_pos[0]} "
                f"{mutation.operator_name}: {status}, {ran}, {time.monotonic() - started:.0f} s",
                flush=True,
            )


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
        last = (result.output or "").strip().rsplit("\n", 1)[-1]
        if result.test_outcome is TestOutcome.KILLED and last == "timeout":
            return "timed out"
        if result.output == NOT_COVERED:
            return "survived, no test runs it"
        return str(
            result.test_outcome.value if result.test_outcome else result.worker_outcome.value
        )

    outcomes = Counter(outcome(result) for _, result in done)
    survivors = [(i, r) for i, r in done if r.test_outcome is TestOutcome.SURVIVED]
    by_module = Counter(str(i.mutations[0].module_path) for i, _ in survivors)
    for item, result in sorted(survivors, key=lambda pair: str(pair[0].mutations[0].module_path)):
        mutation = item.mutations[0]
        unrun = " (no test runs it)" if result.output == NOT_COVERED else ""
        print(
            f"\n--- survived: {mutation.module_path}:{mutation.start_pos[0]} "
            f"{mutation.operator_name}{unrun}"
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
        counted = killed + outcomes["survived"] + outcomes["survived, no test runs it"]
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
    parser.add_argument(
        "--coverage",
        type=Path,
        help="take the coverage map from this kept run (same code under test) instead of "
        "gathering it again",
    )
    args = parser.parse_args(argv)
    if args.report is not None:
        return report(args.report / "mutation.sqlite")

    home = Path.cwd()
    temporary = None if args.keep else tempfile.TemporaryDirectory(prefix="asobiba-mutation-")
    work = (args.keep or Path(temporary.name if temporary else ".") / "checkout").resolve()
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
        contexts, durations = gather_coverage(work, args.paths, args.tests, args.coverage)
        run_mutants(session, work, args.tests, contexts, durations, args.timeout)
        print(f"ran in {time.monotonic() - started:.0f} s (the coverage map included)")
        return report(session)
    finally:
        os.chdir(home)
        if temporary is not None:
            temporary.cleanup()


if __name__ == "__main__":
    sys.exit(main())
