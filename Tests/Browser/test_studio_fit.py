"""Studio's Fit and Export panels in Chromium and WebKit, against `beztune fit` and `beztune export`.

A file is put into the page's file input as a user's choice would put it (a File in a
DataTransfer, then `change`); the fitted values, their standard errors, the rms and the verdict
must be the command's (within 1e-9), and every export format's text the command's for the same
inputs (numbers within 1e-12). Bad files, an ambiguous selection and an export without a fit
show one line and leave what was shown.
"""

import csv
import io
import pathlib
import re
import tempfile

from harness import BothEngines, serve, wait_for
from test_studio import ROOT, STUDIO, beztune

NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")

SQUASH = ROOT / "examples" / "squash-0.5.svg"


def fit_row(*args):
    """`beztune fit … --csv FILE`'s row, by column."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "f.csv"
        beztune("fit", *args, "--csv", str(path))
        return list(csv.DictReader(io.StringIO(path.read_text())))[0], path.read_text()


def export_text(*args):
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "out"
        beztune("export", *args, "--out", str(out))
        return out.read_text()


class TestStudioFit(BothEngines):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.base_url, stop = serve(str(STUDIO))
        cls.addClassCleanup(stop)
        cls.scratch = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.scratch.cleanup)

    def open(self):
        self.driver.get("about:blank")
        self.driver.get(self.base_url + "/index.html")
        wait_for(self.driver, "window.studioReady === true || window.beztuneErrors > 0", timeout=60)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def choose_file(self, name, text):
        """The file input gets `name` holding `text`, as a user's choice."""
        self.js("""const [name, text] = arguments;
                   const input = document.querySelector('[data-test="file"]');
                   const data = new DataTransfer();
                   data.items.add(new File([text], name));
                   input.files = data.files;
                   input.dispatchEvent(new Event('change', { bubbles: true }));""", name, text)

    def set_value(self, test, value):
        self.js("""const el = document.querySelector(`[data-test="${arguments[0]}"]`);
                   el.value = arguments[1];
                   el.dispatchEvent(new Event('change', { bubbles: true }));""", test, value)

    def text(self, test):
        return self.js("return document.querySelector(`[data-test=\"${arguments[0]}\"]`).textContent", test)

    def value(self, test):
        return self.js("return document.querySelector(`[data-test=\"${arguments[0]}\"]`)?.dataset.value ?? null", test)

    def assertNoErrors(self):
        errors = self.js("return [window.beztuneErrors, window.beztuneErrorMessages]")
        self.assertEqual(errors[0], 0, f"{self.engine}: uncaught errors: {errors[1]}")

    def assertFitIs(self, row, free):
        wait_for(self.driver, "document.querySelector('[data-test=\"fit-status\"]').dataset.value !== undefined")
        self.assertEqual(self.text("fit-status"), "converged")
        for name in free:
            mine, theirs = float(self.value(f"fit-value-{name}")), float(row[name])
            self.assertLessEqual(abs(mine - theirs), 1e-9 * max(1, abs(theirs)), f"{self.engine}: {name}: {mine} vs {theirs}")
            mine, theirs = float(self.value(f"fit-stderr-{name}")), float(row[f"{name}_stderr"])
            self.assertLessEqual(abs(mine - theirs), 1e-9 * max(1, abs(theirs)), f"{self.engine}: {name}_stderr")
        self.assertLessEqual(abs(float(self.value("fit-rms")) - float(row["rms"])), 1e-9 * max(1, float(row["rms"])))

    def assertTextsClose(self, mine, theirs, what):
        """Equal texts but for numbers, which agree within 1e-12 (relative)."""
        a, b = NUMBER.split(mine), NUMBER.split(theirs)
        self.assertEqual(a, b, f"{self.engine}: {what}: the texts differ outside their numbers")
        for x, y in zip(NUMBER.findall(mine), NUMBER.findall(theirs)):
            self.assertLessEqual(abs(float(x) - float(y)), 1e-12 * max(1, abs(float(y))), f"{self.engine}: {what}: {x} vs {y}")

    def test_the_squash_example_and_a_transformed_shape(self):
        self.open()
        self.choose_file("squash-0.5.svg", SQUASH.read_text())
        row, _ = fit_row("--target", str(SQUASH))
        free = [c for c in row if c.endswith("_stderr")]
        self.assertFitIs(row, [c[:-7] for c in free])
        # A held-out shape: the model drawn by `beztune export`, moved by a transform.
        drawn = export_text("--model", "ball", "--set", "yFactor=0.72", "--set", "topYFactor=0.55", "--set", "k=0.5555555555555556",
                            "--format", "svg")
        path = re.search(r'\sd="([^"]+)"', drawn).group(1)
        held_out = pathlib.Path(self.scratch.name) / "moved.svg"
        held_out.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">'
                            f'<g transform="translate(140 90) rotate(12) scale(1.3)"><path id="ball" d="{path}" fill="#333"/></g></svg>')
        self.choose_file("moved.svg", held_out.read_text())
        row, _ = fit_row("--target", str(held_out))
        names = [c[:-7] for c in row if c.endswith("_stderr")]
        self.assertIn("tx", names)  # the pose found as the command finds it
        self.assertFitIs(row, names)
        # The whiskers and the fitted outline are drawn.
        self.assertGreater(int(self.js("return document.querySelector('[data-test=\"fit-whiskers\"]').dataset.count")), 100)
        self.assertNoErrors()

    def test_a_lottie_frame(self):
        self.open()
        animation = export_text("--model", "ball", "--set", "yFactor=0.7", "--timing", "ease-in-out", "--duration", "1", "--fps", "30", "--format", "lottie")
        target = pathlib.Path(self.scratch.name) / "anim.json"
        target.write_text(animation)
        self.choose_file("anim.json", animation)
        wait_for(self.driver, "document.querySelector('[data-test=\"frame\"]').value === '0'")
        self.set_value("frame", "12")
        row, _ = fit_row("--target", str(target), "--frame", "12")
        self.assertFitIs(row, [c[:-7] for c in row if c.endswith("_stderr")])
        self.assertNoErrors()

    def test_every_export_format_is_the_commands(self):
        self.open()
        self.js("""for (const [t, v] of [['param-yFactor', '0.8'], ['param-topYFactor', '0.6'], ['timing', 'ease-out'], ['duration', '0.5']]) {
                       const el = document.querySelector(`[data-test="${t}"]`);
                       el.value = v; el.dispatchEvent(new Event('change', { bubbles: true }));
                   }""")
        self.choose_file("squash-0.5.svg", SQUASH.read_text())
        _, fit_csv = fit_row("--target", str(SQUASH))
        fit_file = pathlib.Path(self.scratch.name) / "f.csv"
        fit_file.write_text(fit_csv)
        still = ["--model", "ball", "--set", "yFactor=0.8", "--set", "topYFactor=0.6"]
        sources = {"shape": still, "animation": still + ["--timing", "ease-out", "--duration", "0.5"], "fit": ["--fit", str(fit_file)]}
        for source, args in sources.items():
            self.set_value("export-source", source)
            for format in ("svg", "svg-animated", "css", "swift-uikit", "swiftui", "lottie", "json"):
                if source == "shape" and format in ("svg-animated",):
                    continue
                self.set_value("export-format", format)
                mine = self.js("return document.querySelector('[data-test=\"export-text\"]').value")
                self.assertTextsClose(mine, export_text(*args, "--format", format), f"{source} {format}")
        # A type name, as --type-name gives it, and the file it downloads as.
        self.set_value("export-format", "swiftui")
        self.set_value("export-type-name", "SquashShape")
        mine = self.js("return document.querySelector('[data-test=\"export-text\"]').value")
        self.assertTextsClose(mine, export_text("--fit", str(fit_file), "--format", "swiftui", "--type-name", "SquashShape"), "type name")
        self.assertEqual(self.text("export-file-name"), "SquashShape.swift")
        self.assertNoErrors()

    def test_bad_files_and_an_ambiguous_choice(self):
        self.open()
        self.choose_file("squash-0.5.svg", SQUASH.read_text())
        wait_for(self.driver, "document.querySelector('[data-test=\"fit-status\"]').textContent === 'converged'")
        shown = self.value("fit-value-yFactor")
        for name, text, needle in (("notes.txt", "hello", "neither SVG nor Lottie"),
                                   ("broken.json", "{\"layers\": [", "not valid JSON"),
                                   ("empty.svg", "<svg xmlns='http://www.w3.org/2000/svg'></svg>", "")):
            self.choose_file(name, text)
            wait_for(self.driver, "document.querySelector('[data-test=\"message-file\"]').textContent !== ''")
            message = self.text("message-file")
            self.assertIn(needle, message)
            self.assertNotIn("\n", message)
            self.assertEqual(self.value("fit-value-yFactor"), shown, f"{self.engine}: {name} replaced the fit")
        # Two shapes: the library names them; choosing one fits it.
        two = ("<svg xmlns='http://www.w3.org/2000/svg'>" + re.search(r"<path[^>]*/>", SQUASH.read_text()).group(0).replace('id="squash"', "id='a'")
               + "<circle id='b' cx='0' cy='0' r='40'/></svg>")
        self.choose_file("two.svg", two)
        wait_for(self.driver, "document.querySelector('[data-test=\"message-file\"]').textContent.includes('select')")
        self.assertEqual(self.value("fit-value-yFactor"), shown)
        self.set_value("select", "b")
        wait_for(self.driver, "document.querySelector('[data-test=\"fit-file-name\"]').textContent.startsWith('two.svg')")
        self.assertEqual(self.text("fit-status"), "converged")
        self.assertNoErrors()

    def test_a_lottie_sequence_fits_the_commands_profile(self):
        self.open()
        folder = pathlib.Path(self.scratch.name)
        animation = export_text("--model", "ball", "--set", "yFactor=0.7", "--set", "xFactor=1.1", "--timing", "cubic-bezier(0.3,0.1,0.2,1)",
                                "--duration", "1", "--fps", "30", "--format", "lottie")
        (folder / "seq.json").write_text(animation)
        self.choose_file("seq.json", animation)
        wait_for(self.driver, "!document.querySelector('[data-test=\"profile\"]').hidden")
        for kind in ("cubic-bezier", "per-interval"):
            out = folder / f"profile-{kind}"
            beztune("fit-profile", "--lottie", str(folder / "seq.json"), "--frames", "0:30:3", "--timing", kind, "--out", str(out))
            self.set_value("profile-frames", "0:30:3")
            self.set_value("profile-timing-kind", kind)
            self.js("document.querySelector('[data-test=\"profile-run\"]').click()")
            cells = self.js("""return [...document.querySelectorAll('[data-test="profile-table"] tbody tr')].map((tr) =>
                               Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.column, td.dataset.value])));""")
            theirs = list(csv.DictReader(io.StringIO((out / "timing.csv").read_text())))
            self.assertEqual(len(cells), len(theirs), f"{self.engine}: {kind}: rows")
            for mine, row in zip(cells, theirs):
                # A parameter that does not move (k here) has no easing to find: its curve's
                # numbers are wherever the solver stopped and are not compared.
                start, end = float(row["start"]), float(row["end"])
                moving = row["status"].startswith("converged") and abs(end - start) > 1e-6 * max(1, abs(start))
                for column, value in mine.items():
                    if not moving and column not in ("parameter", "start", "end", "timing"):
                        continue
                    if column in ("parameter", "timing", "status", "method") or value in ("", "nan"):
                        self.assertEqual(value, row[column], f"{self.engine}: {kind}: {column}")
                    else:
                        x, y = float(value), float(row[column])
                        self.assertLessEqual(abs(x - y), 1e-9 * max(1, abs(y)), f"{self.engine}: {kind} {row['parameter']} {column}: {x} vs {y}")
            # The sequence exports as `export --profile-dir` does from the same folder: the
            # page's fit-profile files (the library in the page answers the same call the same
            # way) written out and exported by the command.
            files = self.js("""return window.beztune.fitProfile({ lottie: arguments[0], frames: '0:30:3', timing: arguments[1], radius: '50', pixelsPerUnit: '1' });""",
                            animation, kind)
            page_folder = folder / f"page-{kind}"
            page_folder.mkdir()
            for name in ("profile", "timing", "settings", "intervals"):
                if files.get(name):
                    (page_folder / f"{name}.csv").write_text(files[name])
            self.set_value("export-source", "profile")
            for format in ("css", "lottie", "swiftui"):
                self.set_value("export-format", format)
                mine = self.js("return document.querySelector('[data-test=\"export-text\"]').value")
                self.assertTextsClose(mine, export_text("--profile-dir", str(page_folder), "--format", format), f"profile {kind} {format}")
        # A keyframe drawn against the designer's frame.
        self.set_value("profile-scrub", "3")
        self.js("document.querySelector('[data-test=\"profile-scrub\"]').dispatchEvent(new Event('input'))")
        self.assertIn("frame 9", self.text("profile-scrub-value"))
        self.assertNoErrors()

    def test_typing_a_choice_fits_without_leaving_the_field(self):
        self.open()
        two = ("<svg xmlns='http://www.w3.org/2000/svg'>" + re.search(r"<path[^>]*/>", SQUASH.read_text()).group(0)
               + "<circle id='b' cx='0' cy='0' r='40'/></svg>")
        self.choose_file("two.svg", two)
        wait_for(self.driver, "document.querySelector('[data-test=\"message-file\"]').textContent.includes('select')")
        self.driver.find_element("css selector", '[data-test="select"]').send_keys("squash")
        wait_for(self.driver, "document.querySelector('[data-test=\"fit-status\"]').textContent === 'converged'")
        row, _ = fit_row("--target", str(SQUASH))
        self.assertFitIs(row, [c[:-7] for c in row if c.endswith("_stderr")])
        self.assertNoErrors()
