"""Studio (web/, make web) in Chromium and WebKit, against the `beztune` command line.

The page's numbers must be the command's: the error table's cells (`data-value`: every digit;
text: the terminal table's digits) against `beztune error --csv` and its table, the drawn
outline's path data against `beztune model`, with set parameters, progress, a timing, spring
sliders, a dragged handle and per-interval keys; a link restores the state; bad input shows one
line next to its control and leaves the state as it was; `window.beztuneErrors` stays 0.

Environment: STUDIO_DIR (make web's output, default .build/web), BEZTUNE_BINARY (default
.build/release/beztune).
"""

import csv
import io
import os
import pathlib
import re
import signal
import subprocess
import tempfile
import unittest
import urllib.error
import urllib.request

from harness import BothEngines, serve, wait_for

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUDIO = pathlib.Path(os.environ.get("STUDIO_DIR", ROOT / ".build" / "web"))
BEZTUNE = os.environ.get("BEZTUNE_BINARY", str(ROOT / ".build" / "release" / "beztune"))

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")


def beztune(*args):
    """The command's standard output; a failure is the test's."""
    done = subprocess.run([BEZTUNE, *args], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"beztune {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def error_rows(*args):
    """`beztune error … --csv FILE`'s rows, by column."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "e.csv"
        beztune("error", *args, "--csv", str(path))
        return list(csv.DictReader(io.StringIO(path.read_text())))


def error_csv(*args):
    """`beztune error … --csv FILE`'s one row, by column."""
    rows = error_rows(*args)
    assert len(rows) == 1, rows
    return rows[0]


def cubic_bezier(x1, y1, x2, y2, x):
    """CSS's cubic-bezier timing at x: the curve's parameter by bisection, then its y."""
    at = lambda a, b, s: 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if at(x1, x2, mid) < x else (lo, mid)
    return at(y1, y2, (lo + hi) / 2)


def path_tokens(d):
    return NUMBER.findall(d)


class TestStudio(BothEngines):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if not (STUDIO / "index.html").is_file():
            raise AssertionError(f"{STUDIO}/index.html is missing: build it with `make web` (or set STUDIO_DIR)")
        cls.base_url, stop = serve(str(STUDIO))
        cls.addClassCleanup(stop)

    # Page helpers.

    def open(self, url=None):
        self.driver.get("about:blank")
        self.driver.get(url or self.base_url + "/index.html")
        wait_for(self.driver, "window.studioReady === true || window.beztuneErrors > 0", timeout=60)
        self.assertNoErrors()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def set_value(self, test, value, events=("input", "change")):
        """Sets a control's value as a user's edit ends: input, then change."""
        self.js("""const el = document.querySelector(`[data-test="${arguments[0]}"]`);
                   if (!el) throw new Error('no control ' + arguments[0]);
                   el.value = arguments[1];
                   for (const name of arguments[2]) el.dispatchEvent(new Event(name, { bubbles: true }));""",
                test, value, list(events))

    def click(self, selector):
        self.js("document.querySelector(arguments[0]).click()", selector)

    def text(self, test):
        return self.js("return document.querySelector(`[data-test=\"${arguments[0]}\"]`).textContent", test)

    def model_path(self):
        return self.js('return document.querySelector(\'[data-test="model-path"]\').getAttribute("d")')

    def table_cells(self):
        return self.js("""return [...document.querySelectorAll('[data-test="error-table"] td')]
                          .map((td) => [td.dataset.column, td.dataset.value, td.textContent]);""")

    def assertNoErrors(self):
        errors = self.js("return [window.beztuneErrors, window.beztuneErrorMessages]")
        self.assertEqual(errors[0], 0, f"{self.engine}: uncaught errors: {errors[1]}")

    def assertPathsClose(self, mine, theirs, tolerance=1e-9):
        a, b = path_tokens(mine), path_tokens(theirs.strip())
        self.assertEqual(len(a), len(b), f"{self.engine}: path lengths differ\n{mine}\n{theirs}")
        for x, y in zip(a, b):
            if x.isalpha() or y.isalpha():
                self.assertEqual(x, y, f"{self.engine}: commands differ\n{mine}\n{theirs}")
            else:
                self.assertLessEqual(abs(float(x) - float(y)), tolerance * max(1.0, abs(float(y))),
                                     f"{self.engine}: {x} vs {y}\n{mine}\n{theirs}")

    # Tests.

    def test_error_table_is_the_commands(self):
        self.open()
        self.set_value("k", "0.5")
        self.set_value("k", "1/1.8")
        self.set_value("segments", "4")
        cells = self.table_cells()
        reference = error_csv("--k", "1/1.8", "--segments", "4")
        self.assertEqual({c[0] for c in cells}, set(reference), f"{self.engine}: the columns of beztune error --csv")
        for column, value, _ in cells:
            if column == "k_input":
                self.assertEqual(value, reference[column])
            else:
                x, y = float(value), float(reference[column])
                self.assertLessEqual(abs(x - y), 1e-12 * abs(y), f"{self.engine}: {column}: {value} vs {reference[column]}")
        # The text of each cell is the terminal table's, column by column.
        header, row = [line.split() for line in beztune("error", "--k", "1/1.8", "--segments", "4").strip().splitlines()]
        shown = {c[0]: c[2] for c in cells}
        self.assertEqual([shown[name] for name in header], row, f"{self.engine}: the terminal table's digits")
        # The optima are `beztune optimize`'s, the device pixels `--radius 50 --pixels-per-unit 1,2,3`'s.
        optimum = self.js("""return [...document.querySelectorAll('[data-test="optimum-table"] td[data-column=k]')]
                             .map((td) => [td.parentElement.querySelector('[data-column=criterion]').dataset.value, td.dataset.value]);""")
        lines = beztune("optimize", "--segments", "4").strip().splitlines()
        index = lines[0].split().index("k")
        expected = {line.split()[0]: float(line.split()[index]) for line in lines[1:]}
        self.assertEqual({name for name, _ in optimum}, set(expected))
        for name, value in optimum:
            self.assertLessEqual(abs(float(value) - expected[name]), 1e-12, f"{self.engine}: optimum {name}")
        pixels = self.js("""return [...document.querySelectorAll('[data-test="pixel-table"] tbody tr')].map((tr) =>
                            Object.fromEntries([...tr.querySelectorAll('td[data-column]')].map((td) => [td.dataset.column, td.dataset.value])));""")
        reference = error_rows("--k", "1/1.8", "--segments", "4", "--radius", "50", "--pixels-per-unit", "1,2,3")
        self.assertEqual(len(pixels), 3)
        for mine, theirs in zip(pixels, reference, strict=True):
            for column, value in mine.items():
                self.assertLessEqual(abs(float(value) - float(theirs[column])), 1e-12 * abs(float(theirs[column])),
                                     f"{self.engine}: pixel table {column}")
        self.assertNoErrors()

    def test_presets_and_typed_expression(self):
        self.open()
        for preset, k in (("lottie-web", "0.5519"), ("lottie-ios", "0.55228"), ("minimax", None)):
            self.click(f'[data-test="k-presets"] button[data-k="{preset}"]')
            cells = {c[0]: c[1] for c in self.table_cells()}
            reference = error_csv("--k", preset, "--segments", "4")
            self.assertEqual(cells["k_input"], preset)
            self.assertEqual(float(cells["k"]), float(reference["k"]), f"{self.engine}: preset {preset}")
            if k:
                self.assertEqual(float(cells["k"]), float(k))
        # Typed with the keyboard, as a user does.
        field = self.driver.find_element("css selector", '[data-test="k"]')
        field.clear()
        field.send_keys("4/3*(sqrt(2)-1)\t")
        wait_for(self.driver, """document.querySelector('[data-test="error-table"] td[data-column=k_input]').dataset.value === '4/3*(sqrt(2)-1)'""")
        cells = {c[0]: c[1] for c in self.table_cells()}
        self.assertEqual(float(cells["k"]), float(error_csv("--k", "4/3*(sqrt(2)-1)")["k"]))
        self.assertNoErrors()

    def test_model_path_is_the_commands(self):
        self.open()
        self.set_value("param-yFactor", "0.7")
        self.set_value("param-topYFactor", "0.55")
        self.set_value("param-k", "0.5555555555555556")
        self.set_value("param-tx", "12.5")
        self.set_value("progress", "0.35")
        self.set_value("timing", "linear")
        reference = beztune("model", "--name", "ball", "--set", "yFactor=0.7", "--set", "topYFactor=0.55",
                            "--set", "k=0.5555555555555556", "--set", "tx=12.5", "--progress", "0.35")
        self.assertPathsClose(self.model_path(), reference)
        # Another model, chosen from the list, with its own parameter.
        self.set_value("model", "ellipse", events=("change",))
        names = self.js("""return [...document.querySelectorAll('[data-test^="param-"]')].map((e) => e.dataset.test.slice(6));""")
        self.assertIn("tx", names)
        self.set_value("progress", "0.8")
        reference = beztune("model", "--name", "ellipse", "--progress", "0.8")
        self.assertPathsClose(self.model_path(), reference)
        self.assertNoErrors()

    def test_timing_drives_the_shape(self):
        self.open()
        self.set_value("param-yFactor", "0.6")
        self.set_value("progress", "0.4")
        args = ["model", "--name", "ball", "--set", "yFactor=0.6", "--progress", "0.4"]
        for timing in ("cubic-bezier(0.2,1.4,0.6,-0.3)", "easeInEaseOut", "swiftui-spring(response:0.5,dampingFraction:0.6)", "steps(4,jump-end)"):
            self.set_value("timing", timing)
            self.assertEqual(self.js('return document.querySelector(\'[data-test="timing"]\').value'), timing)
            self.assertPathsClose(self.model_path(), beztune(*args, "--timing", timing))
        # A preset button, then a handle moved with the keyboard: the text is a cubic-bezier the
        # command takes and the shape follows it.
        self.click('[data-test="timing-presets"] button[data-timing="ease-out"]')
        self.assertEqual(self.js('return document.querySelector(\'[data-test="timing"]\').value'), "ease-out")
        # The plot is redrawn after each step; the new handle has the focus.
        self.js("document.querySelector('[data-test=\"handle-1\"]').focus()")
        for _ in range(3):
            self.js("""const h = document.activeElement;
                       if (h.dataset.test !== 'handle-1') throw new Error('the handle lost the focus: ' + h.outerHTML);
                       h.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', shiftKey: true, bubbles: true }));""")
        timing = self.js('return document.querySelector(\'[data-test="timing"]\').value')
        self.assertEqual(timing, "cubic-bezier(0,0.3,0.58,1)")
        self.assertPathsClose(self.model_path(), beztune(*args, "--timing", timing))
        # A spring slider writes a ca-spring the command takes; the settle time is shown.
        self.js("""const s = document.querySelector('[data-spring="ca-stiffness"]');
                   s.value = '300'; s.dispatchEvent(new Event('input', { bubbles: true })); s.dispatchEvent(new Event('change', { bubbles: true }));""")
        timing = self.js('return document.querySelector(\'[data-test="timing"]\').value')
        self.assertTrue(timing.startswith("ca-spring(mass:1,stiffness:300,"), timing)
        self.assertPathsClose(self.model_path(), beztune(*args, "--timing", timing))
        self.assertIn("settles", self.text("settle"))
        self.assertNoErrors()

    def test_per_interval_keys(self):
        self.open()
        self.set_value("param-yFactor", "0.7")
        self.click('[data-test="keys-on"]')
        self.set_value("key-time-1", "0.5")
        self.set_value("key-value-1", "0.25")
        self.set_value("key-timing-0", "linear")
        self.set_value("key-timing-1", "linear")
        self.set_value("progress", "0.5")
        # At a key, the shape is the one `model` draws at that change.
        self.assertPathsClose(self.model_path(), beztune("model", "--name", "ball", "--set", "yFactor=0.7", "--progress", "0.25"))
        # Halfway to the next key through ease-in: c = 0.25 + 0.75·easeIn(½), easeIn = CSS's
        # cubic-bezier(0.42,0,1,1) solved here by bisection; the ball with yFactor alone set is
        # the still shape `model --set yFactor=1 + (0.7 − 1)·c` (parameters move linearly in c).
        self.set_value("key-timing-1", "ease-in")
        self.set_value("progress", "0.75")
        c = 0.25 + 0.75 * cubic_bezier(0.42, 0, 1, 1, 0.5)
        y_factor = 1 + (0.7 - 1) * c
        self.assertPathsClose(self.model_path(), beztune("model", "--name", "ball", "--set", f"yFactor={y_factor!r}"))
        self.assertNoErrors()

    def test_link_restores_the_state(self):
        self.open()
        self.set_value("k", "minimax")
        self.set_value("segments", "6")
        self.set_value("param-yFactor", "0.75")
        self.set_value("param-rotation", "0.3")
        self.set_value("progress", "0.6")
        self.set_value("timing", "cubic-bezier(0.3,1.5,0.6,1)")
        self.click('[data-test="onion"]')
        # Typed without leaving the field (no change event): the link follows within a moment.
        field = self.driver.find_element("css selector", '[data-test="radius"]')
        field.clear()
        field.send_keys("20")
        wait_for(self.driver, "location.hash.includes('radius=20&')")
        url = self.driver.current_url
        self.assertIn("#", url)
        before = (self.table_cells(), self.model_path(), self.js('return document.querySelector(\'[data-test="timing"]\').value'))
        self.open(url)
        after = (self.table_cells(), self.model_path(), self.js('return document.querySelector(\'[data-test="timing"]\').value'))
        self.assertEqual(before, after, f"{self.engine}: the link's state")
        self.assertTrue(self.js('return document.querySelector(\'[data-test="onion"]\').checked'))
        self.assertPathsClose(after[1], beztune("model", "--name", "ball", "--set", "yFactor=0.75", "--set", "rotation=0.3",
                                                "--progress", "0.6", "--timing", "cubic-bezier(0.3,1.5,0.6,1)"))
        self.assertNoErrors()

    def test_undo_and_redo(self):
        self.open()
        self.set_value("k", "0.55")
        self.set_value("k", "0.56")
        self.click('[data-test="undo"]')
        self.assertEqual(self.js('return document.querySelector(\'[data-test="k"]\').value'), "0.55")
        self.assertEqual(self.table_cells()[0][1], "0.55")
        self.click('[data-test="redo"]')
        self.assertEqual(self.table_cells()[0][1], "0.56")
        self.assertIn("k=0.56", self.driver.current_url)
        self.assertNoErrors()

    def test_bad_input_keeps_the_state(self):
        self.open()
        cells, path, url = self.table_cells(), self.model_path(), self.driver.current_url
        for test, value, needle in (("k", "1/", "--k"), ("k", "NaN", "--k"), ("segments", "1", "--segments"),
                                    ("radius", "abc", "--radius"), ("param-yFactor", "NaN", "yFactor"),
                                    ("param-xFactor", "99", "xFactor"), ("timing", "wobble", "--timing"),
                                    ("duration", "0", "duration"), ("factor", "inf", "magnification")):
            self.set_value(test, value)
            message = self.text(f"message-{test}")
            self.assertIn(needle, message, f"{self.engine}: {test}={value}")
            self.assertNotIn("\n", message)
            self.assertEqual(self.js(f'return document.querySelector(\'[data-test="{test}"]\').getAttribute("aria-invalid")'), "true")
            self.assertEqual(self.table_cells(), cells, f"{self.engine}: {test}={value} changed the table")
            self.assertEqual(self.model_path(), path, f"{self.engine}: {test}={value} changed the shape")
            self.assertEqual(self.driver.current_url, url, f"{self.engine}: {test}={value} changed the link")
        # A good value clears its message.
        self.set_value("k", "0.55")
        self.assertEqual(self.text("message-k"), "")
        self.assertNoErrors()

    def test_what_a_user_may_try(self):
        self.open()
        cells = self.table_cells()
        # More segments than the page draws: one line, nothing drawn differently.
        self.set_value("segments", "1048576")
        self.assertIn("at most 10000 segments", self.text("message-segments"))
        self.assertEqual(self.table_cells(), cells)
        self.set_value("segments", "5000")
        self.assertEqual(self.table_cells()[2][1], "5000")
        # A scene refuses per-interval keys: the menu goes back to the ball, the message says why.
        self.click('[data-test="keys-on"]')
        self.set_value("model", "loading", events=("change",))
        self.assertIn("keys time a plain model", self.text("message-model"))
        self.assertEqual(self.js('return document.querySelector(\'[data-test="model"]\').value'), "ball")
        self.click('[data-test="keys-on"]')
        self.set_value("model", "loading", events=("change",))
        names = self.js("""return [...document.querySelectorAll('[data-test^="param-"]')].map((e) => e.dataset.test.slice(6));""")
        self.assertNotIn("tx", names, f"{self.engine}: a scene takes no pose")
        self.assertPathsClose(self.model_path(), beztune("model", "--name", "loading"))
        # A parameter's slider moves its field too.
        self.set_value("model", "ball", events=("change",))
        self.set_value("slider-yFactor", "0.65")
        self.assertEqual(self.js('return document.querySelector(\'[data-test="param-yFactor"]\').value'), "0.65")
        self.assertPathsClose(self.model_path(), beztune("model", "--name", "ball", "--set", "yFactor=0.65"))
        self.assertNoErrors()

    def test_a_refused_link_says_so(self):
        self.open(self.base_url + "/index.html#segments=abc&k=0.55")
        self.assertIn("refused", self.text("status"))
        self.assertIn("--segments", self.text("message-segments"))
        self.assertEqual(self.table_cells()[0][1], "1/1.8")  # the defaults
        # A one-key link: adding a key works from it.
        self.open(self.base_url + '/index.html#keys=[{"time":0,"value":0}]')
        self.click('[data-test="keys-add"]')
        self.assertEqual(self.js("return document.querySelectorAll('[data-test^=\"key-time-\"]').length"), 2)
        self.assertNoErrors()

    def test_self_contained_from_disk(self):
        self.open((STUDIO / "index.html").resolve().as_uri())
        self.set_value("k", "1/1.8")
        self.assertEqual(self.table_cells()[1][1], "0.5555555555555556")
        self.assertTrue(self.js("return typeof window.beztune.errorTable === 'function'"))
        self.assertNoErrors()

    def test_controls_are_labelled(self):
        self.open()
        unlabelled = self.js("""return [...document.querySelectorAll('input, select, button')].filter((e) => {
            if (e.getAttribute('aria-label') || e.textContent.trim()) return false;
            if (e.id && document.querySelector(`label[for="${e.id}"]`)) return false;
            return !e.closest('label');
        }).map((e) => e.outerHTML.slice(0, 80));""")
        self.assertEqual(unlabelled, [])


class TestStudioServer(unittest.TestCase):
    """`make studio`'s server: prints its free port, serves the page and the modules with the
    types browsers need, nothing outside its folder, and stops on Ctrl-C (SIGINT)."""

    def test_serves_the_folder_and_stops_on_interrupt(self):
        server = subprocess.Popen(["node", str(ROOT / "scripts" / "serve-web.mjs"), str(STUDIO)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            match = re.match(r"Studio: http://127\.0\.0\.1:(\d+)/ ", line)
            self.assertIsNotNone(match, line)
            base = f"http://127.0.0.1:{match.group(1)}"
            with urllib.request.urlopen(base + "/") as response:
                self.assertEqual(response.headers["Content-Type"], "text/html; charset=utf-8")
                self.assertIn(b'id="beztune-wasm"', response.read())
            with urllib.request.urlopen(base + "/studio/studio.mjs") as response:
                self.assertEqual(response.headers["Content-Type"], "text/javascript; charset=utf-8")
            with urllib.request.urlopen(base + "/studio/beztune.wasm") as response:
                self.assertEqual(response.headers["Content-Type"], "application/wasm")
            for path in ("/missing.html", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd"):
                with self.assertRaises(urllib.error.HTTPError) as caught:
                    urllib.request.urlopen(base + path)
                self.assertIn(caught.exception.code, (403, 404), path)
            # A folder without its slash is sent to it; another host name is refused.
            request = urllib.request.Request(base + "/studio")
            with urllib.request.urlopen(request) as response:
                self.assertTrue(response.url.endswith("/studio/"), response.url)
            with self.assertRaises(urllib.error.HTTPError) as caught:
                urllib.request.urlopen(urllib.request.Request(base + "/", headers={"Host": "attacker.example"}))
            self.assertEqual(caught.exception.code, 403)
            server.send_signal(signal.SIGINT)
            self.assertEqual(server.wait(timeout=10), 0)
        finally:
            if server.poll() is None:
                server.kill()
            server.stdout.close()
            server.stderr.close()

    def test_a_bad_port_is_a_usage_error(self):
        done = subprocess.run(["node", str(ROOT / "scripts" / "serve-web.mjs"), str(STUDIO), "99999"],
                              capture_output=True, text=True, timeout=30)
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr.strip(), "usage: node scripts/serve-web.mjs FOLDER [PORT]")
