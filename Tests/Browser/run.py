"""Runs the browser tests (every Tests/Browser/test_*.py) in each engine, one engine after the other.

    xvfb-run -a .build/browser-venv/bin/python Tests/Browser/run.py [--engine chromium|webkit] [-k PATTERN]... [-v]

-k selects tests as unittest's -k does (a substring of "module.Class_engine.test_name", or a
wildcard pattern); --engine runs one engine only. Prints a line per engine and a total line
("N passed, N failed"); exits 1 when any test failed or none ran.
"""

import argparse
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402  (after the path it lives in)


class _Result(unittest.TextTestResult):
    """A TextTestResult that also keeps the ids of the tests that passed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.passed = set()

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed.add(test.id())


def _flatten(suite):
    """The test cases of a (nested) suite, in order."""
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _flatten(item)
        else:
            yield item


def _discover(patterns):
    """Every test in Tests/Browser/test_*.py whose name matches one of `patterns` (all if none)."""
    loader = unittest.TestLoader()
    if patterns:
        loader.testNamePatterns = [p if "*" in p else f"*{p}*" for p in patterns]
    suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    if loader.errors:  # a test module that does not import
        for error in loader.errors:
            print(error, file=sys.stderr)
        sys.exit(1)
    return list(_flatten(suite))


def _run(engine, tests, verbosity):
    """Runs `tests` in one suite (class fixtures grouped); returns (passed, failed, skipped, seconds)."""
    print(f"== {engine}: {len(tests)} tests", flush=True)
    start = time.monotonic()
    runner = unittest.TextTestRunner(stream=sys.stdout, verbosity=verbosity, resultclass=_Result)
    result = runner.run(unittest.TestSuite(tests))
    seconds = time.monotonic() - start
    skipped = len(result.skipped)
    passed = len(result.passed) + len(result.expectedFailures)
    # Whatever neither passed nor was skipped failed: a test's failure or error, or its class's
    # setUpClass (a browser that did not start), after which unittest runs none of its tests.
    failed = max(len(tests) - passed - skipped, 0)
    if not result.wasSuccessful() and failed == 0:
        failed = 1  # an error outside any test (a class cleanup, a module fixture)
    return passed, failed, skipped, seconds


def main():
    parser = argparse.ArgumentParser(description="Runs Tests/Browser/test_*.py in Chromium and WebKit.")
    parser.add_argument("--engine", choices=harness.ENGINES, help="run one engine only")
    parser.add_argument("-k", dest="patterns", action="append", default=[],
                        help="only tests whose name matches (substring or wildcard; repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per test")
    args = parser.parse_args()

    engines = [args.engine] if args.engine else list(harness.ENGINES)
    if "webkit" in engines:
        try:
            harness.require_display()
        except RuntimeError as error:
            sys.exit(f"run.py: {error} (or pass --engine chromium)")

    tests = _discover(args.patterns)
    by_engine = {engine: [t for t in tests if getattr(t, "engine", None) == engine] for engine in engines}
    others = [t for t in tests if getattr(t, "engine", None) not in harness.ENGINES]
    if others and not args.engine:
        by_engine["no browser"] = others

    summary = []
    for engine, selected in by_engine.items():
        if selected:
            summary.append((engine, *_run(engine, selected, 2 if args.verbose else 1)))

    total_passed = sum(row[1] for row in summary)
    total_failed = sum(row[2] for row in summary)
    total_skipped = sum(row[3] for row in summary)
    print()
    for engine, passed, failed, skipped, seconds in summary:
        print(f"{engine.replace(' ', '-')}: {passed} passed, {failed} failed, {skipped} skipped ({seconds:.1f}s)")
    print(f"browser: {total_passed} passed, {total_failed} failed" + (f", {total_skipped} skipped" if total_skipped else ""))
    if total_passed + total_failed == 0:
        print("run.py: no test ran", file=sys.stderr)
        return 1
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
