"""Studio's frame time and fit time (Benchmarks/README.md "Studio").

    .build/browser-venv/bin/python Benchmarks/studio_frame_time.py [--studio DIR] [--engine chromium|webkit]
                                                                    [--changes N] [--fits N] [--csv FILE]

For each slider — the circle's k (error tables, magnified error, k chart), a ball parameter
(the ball, with onion skin and the r/1.8 ball overlaid) and the progress scrubber — the page is
driven through N changes, one per animation frame. Each change is timed with the Performance
API from just before its `input` event is dispatched to after the page's style and layout are
brought up to date (a forced layout read): the work a frame must fit. Prints the median, the
95th percentile and the largest per slider against the 16 ms goal (one frame at 60 Hz), and
writes them as CSV with --csv. Needs make web's output (default .build/web).

The fit: examples/squash-0.5.svg put into the Fit panel's file input, then the Fit button
clicked N times (after 3 for warm-up), each timed from the click to the drawn result (the 720
points `beztune fit` samples by default, the ball's four free parameters, one thread), and the
library's `fit` call alone; median, 95th percentile and largest against the 50 ms goal.
"""

import argparse
import csv
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))

import harness  # noqa: E402

GOAL_MS = 16.0
FIT_GOAL_MS = 50.0

FIT = """
const [text, count, done] = arguments;
const input = document.querySelector('[data-test="file"]');
const data = new DataTransfer();
data.items.add(new File([text], 'squash-0.5.svg'));
input.files = data.files;
input.dispatchEvent(new Event('change', { bubbles: true }));
const button = document.querySelector('[data-test="fit-run"]');
const status = document.querySelector('[data-test="fit-status"]');
const wait = () => new Promise((resolve) => {
    const poll = () => (status.dataset.value ? resolve() : setTimeout(poll, 5));
    poll();
});
(async () => {
    await wait();
    const clicks = [], calls = [];
    const points = window.beztune.fit({ svg: text, radius: 50 }).residuals.x.length;
    for (let i = 0; i < count + 3; i++) {
        const start = performance.now();
        button.click();
        document.body.getBoundingClientRect();
        const clicked = performance.now() - start;
        const callStart = performance.now();
        window.beztune.fit({ svg: text, radius: 50 });
        const call = performance.now() - callStart;
        if (i >= 3) { clicks.push(clicked); calls.push(call); }
    }
    done({ clicks, calls, points, status: status.textContent });
})();
"""

SLIDERS = [
    # (name, data-test of the slider, values from, to)
    ("circle k", "k-slider", 0.545, 0.565),
    ("ball yFactor", "slider-yFactor", 0.5, 1.2),
    ("progress", "progress", 0.0, 1.0),
]

DRIVE = """
const [test, from, to, count, done] = arguments;
const slider = document.querySelector(`[data-test="${test}"]`);
const times = [];
let i = 0;
const step = () => {
    if (i === count) { done(times); return; }
    const value = from + (to - from) * ((i * 7919) % count) / (count - 1);
    const start = performance.now();
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    document.body.getBoundingClientRect();  // style and layout brought up to date
    times.push(performance.now() - start);
    i += 1;
    requestAnimationFrame(step);
};
requestAnimationFrame(step);
"""


def percentile(values, q):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studio", default=str(ROOT / ".build" / "web"))
    parser.add_argument("--engine", choices=harness.ENGINES, default="chromium")
    parser.add_argument("--changes", type=int, default=400)
    parser.add_argument("--fits", type=int, default=20)
    parser.add_argument("--csv")
    options = parser.parse_args()
    if options.changes < 20:
        parser.error("--changes must be at least 20")
    studio = pathlib.Path(options.studio)
    if not (studio / "index.html").is_file():
        print(f"studio_frame_time: {studio}/index.html is missing: run make web", file=sys.stderr)
        return 1
    base_url, stop = harness.serve(str(studio))
    driver = harness.open_driver(options.engine)
    rows = []
    try:
        driver.set_script_timeout(300)
        driver.get(base_url + "/index.html")
        harness.wait_for(driver, "window.studioReady === true", timeout=60)
        # The heaviest drawing: onion skin and a second setting overlaid.
        driver.execute_script("""for (const t of ['onion', 'compare']) document.querySelector(`[data-test="${t}"]`).click();""")
        for name, test, lo, hi in SLIDERS:
            driver.execute_async_script(DRIVE, test, lo, hi, 40)  # warm-up: the JIT and the caches
            times = driver.execute_async_script(DRIVE, test, lo, hi, options.changes)
            errors = driver.execute_script("return window.beztuneErrors")
            if errors:
                print(f"studio_frame_time: {errors} uncaught errors in the page", file=sys.stderr)
                return 1
            rows.append({"engine": options.engine, "slider": name, "changes": len(times),
                         "median_ms": statistics.median(times), "p95_ms": percentile(times, 0.95), "max_ms": max(times)})
        fit = driver.execute_async_script(FIT, (ROOT / "examples" / "squash-0.5.svg").read_text(), options.fits)
        if fit["status"] != "converged":
            print(f"studio_frame_time: the benchmark's fit did not converge ({fit['status']})", file=sys.stderr)
            return 1
        for name, times in (("fit: click to drawn", fit["clicks"]), ("fit: library call", fit["calls"])):
            rows.append({"engine": options.engine, "slider": name, "changes": len(times),
                         "median_ms": statistics.median(times), "p95_ms": percentile(times, 0.95), "max_ms": max(times)})
        version = driver.capabilities.get("browserVersion", "?")
    finally:
        harness.quit_driver(driver)
        stop()
    print(f"Studio frame time, {options.engine} {version}, {options.changes} changes per slider (goal: p95 ≤ {GOAL_MS:g} ms)")
    print(f"{'change':<20} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}  goal")
    for r in rows:
        goal = FIT_GOAL_MS if r["slider"].startswith("fit") else GOAL_MS
        verdict = f"≤ {goal:g} ms " + ("met" if r["p95_ms"] <= goal else "MISSED")
        print(f"{r['slider']:<20} {r['median_ms']:>10.2f} {r['p95_ms']:>8.2f} {r['max_ms']:>8.2f}  {verdict}")
    print(f"(the fit: {fit['points']} target points)")
    if options.csv:
        with open(options.csv, "w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
