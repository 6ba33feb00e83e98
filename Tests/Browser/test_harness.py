"""The harness itself, in both engines: an ES module graph and a WebAssembly module over HTTP
(serve()'s MIME types), an inline module script in a file:// page, and wait_for failing as it
should."""

import pathlib
import tempfile
import unittest

from harness import BothEngines, serve, wait_for

# A minimal WebAssembly module: (func (export "add") (param i32 i32) (result i32)
# local.get 0 local.get 1 i32.add).
ADD_WASM = bytes([
    0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00,                    # "\0asm", version 1
    0x01, 0x07, 0x01, 0x60, 0x02, 0x7F, 0x7F, 0x01, 0x7F,              # type: (i32 i32) -> i32
    0x03, 0x02, 0x01, 0x00,                                            # function 0 has type 0
    0x07, 0x07, 0x01, 0x03, 0x61, 0x64, 0x64, 0x00, 0x00,              # export "add" = func 0
    0x0A, 0x09, 0x01, 0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6A, 0x0B,  # body: a + b
])

INDEX_HTML = """<!doctype html>
<meta charset="utf-8">
<title>harness smoke test</title>
<script>
  // A module graph that fails to load never runs main.mjs: report that as the result.
  function failed(what) { window.result = {error: what}; window.done = true; }
</script>
<script type="module" src="main.mjs" onerror="failed('main.mjs or an import did not load')"></script>
"""

LIB_MJS = """export const greeting = "hello from lib.mjs";
export async function loadAdd(url) {
  const response = await fetch(url);
  const type = response.headers.get("content-type");
  const bytes = await response.arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  const { exports } = await WebAssembly.instantiate(module);
  return { type, size: bytes.byteLength, add: exports.add };
}
"""

MAIN_MJS = """import { greeting, loadAdd } from "./lib.mjs";
try {
  const { type, size, add } = await loadAdd("./add.wasm");
  // compileStreaming accepts only a response served as application/wasm.
  const streamed = await WebAssembly.instantiateStreaming(fetch("./add.wasm"));
  window.result = {
    greeting, type, size,
    sum: add(2, 40),
    streamedSum: streamed.instance.exports.add(-7, 10),
    moduleUrl: import.meta.url.endsWith("/main.mjs"),
  };
} catch (error) {
  window.result = { error: String(error) };
}
window.done = true;
"""

FILE_HTML = """<!doctype html>
<meta charset="utf-8">
<title>file module</title>
<script type="module">
  const value = await Promise.resolve(6 * 7);  // top-level await: only a module can do this
  window.result = { value, url: import.meta.url, strict: (function () { return this; })() === undefined };
  window.done = true;
</script>
"""


class TestHarness(BothEngines):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        folder = tempfile.TemporaryDirectory(prefix="browser-harness-")
        cls.addClassCleanup(folder.cleanup)
        cls.folder = pathlib.Path(folder.name)
        (cls.folder / "index.html").write_text(INDEX_HTML)
        (cls.folder / "main.mjs").write_text(MAIN_MJS)
        (cls.folder / "lib.mjs").write_text(LIB_MJS)
        (cls.folder / "add.wasm").write_bytes(ADD_WASM)
        (cls.folder / "file.html").write_text(FILE_HTML)
        cls.base_url, stop = serve(cls.folder)
        cls.addClassCleanup(stop)

    def test_served_module_graph_and_wasm(self):
        self.driver.get(self.base_url + "/index.html")
        wait_for(self.driver, "window.done", timeout=15)
        result = self.driver.execute_script("return window.result")
        self.assertEqual(result, {
            "greeting": "hello from lib.mjs",
            "type": "application/wasm",
            "size": len(ADD_WASM),
            "sum": 42,
            "streamedSum": 3,
            "moduleUrl": True,
        })

    def test_file_url_inline_module(self):
        page = self.folder / "file.html"
        self.driver.get(page.as_uri())
        wait_for(self.driver, "window.done", timeout=15)
        result = self.driver.execute_script("return window.result")
        self.assertEqual(result, {"value": 42, "url": page.as_uri(), "strict": True})

    def test_wait_for_fails_naming_engine_and_expression(self):
        self.driver.get(self.base_url + "/index.html")
        with self.assertRaises(AssertionError) as caught:
            wait_for(self.driver, "window.neverSet === 1", timeout=0.3)
        message = str(caught.exception)
        self.assertIn(self.engine, message)
        self.assertIn("window.neverSet === 1", message)
        with self.assertRaises(AssertionError) as caught:
            wait_for(self.driver, "window.noSuchObject.field", timeout=0.3)
        self.assertIn("last error", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
