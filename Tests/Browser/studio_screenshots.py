"""The README's Studio screenshots: each panel in headless Chromium, in a state set through the
page's own controls (docs/studio-circle.png, docs/studio-squash.png, docs/studio-timing.png,
docs/studio-fit.png with examples/squash-0.5.svg fitted, docs/studio-export.png with that fit as
SwiftUI).

    .build/browser-venv/bin/python Tests/Browser/studio_screenshots.py [--studio DIR] [--out DIR]

make studio-screenshots runs it after make web. Each picture is checked before it is written:
the page loaded without an uncaught error and the panel shows what the caption says.
"""

import argparse
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402

ROOT = HERE.parents[1]

SET = """const [test, value] = arguments;
const el = document.querySelector(`[data-test="${test}"]`);
el.value = value;
el.dispatchEvent(new Event('input', { bubbles: true }));
el.dispatchEvent(new Event('change', { bubbles: true }));"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studio", default=str(ROOT / ".build" / "web"))
    parser.add_argument("--out", default=str(ROOT / "docs"))
    options = parser.parse_args()
    base_url, stop = harness.serve(options.studio)
    driver = harness.open_driver("chromium")
    try:
        driver.set_window_size(1280, 2400)
        driver.get(base_url + "/index.html")
        harness.wait_for(driver, "window.studioReady === true", timeout=60)
        run = lambda test, value: driver.execute_script(SET, test, value)
        run("k", "1/1.8")
        run("segments", "4")
        run("param-yFactor", "0.78")
        run("param-topYFactor", "0.62")
        run("progress", "0.55")
        run("timing", "cubic-bezier(0.3,1.45,0.55,0.9)")
        for test in ("onion", "compare"):
            driver.execute_script("document.querySelector(`[data-test='${arguments[0]}']`).click()", test)
        harness.wait_for(driver, "document.querySelector('[data-test=\"second-path\"]') !== null")
        driver.execute_script("""const input = document.querySelector('[data-test="file"]');
            const data = new DataTransfer();
            data.items.add(new File([arguments[0]], 'squash-0.5.svg'));
            input.files = data.files;
            input.dispatchEvent(new Event('change', { bubbles: true }));""", (ROOT / "examples" / "squash-0.5.svg").read_text())
        harness.wait_for(driver, "document.querySelector('[data-test=\"fit-status\"]').textContent === 'converged'")
        run("export-source", "fit")
        run("export-format", "swiftui")
        errors = driver.execute_script("return window.beztuneErrors")
        if errors:
            raise SystemExit(f"studio_screenshots: {errors} uncaught errors in the page")
        out = pathlib.Path(options.out)
        for panel, name in (("circle-panel", "studio-circle.png"), ("squash-panel", "studio-squash.png"),
                            ("timing-panel", "studio-timing.png"), ("fit-panel", "studio-fit.png"),
                            ("export-panel", "studio-export.png")):
            element = driver.find_element("css selector", f'[data-test="{panel}"]')
            driver.execute_script("arguments[0].scrollIntoView()", element)
            element.screenshot(str(out / name))
            print(out / name)
    finally:
        harness.quit_driver(driver)
        stop()


if __name__ == "__main__":
    main()
