"""The browser tests' harness: Selenium driving two real engines, Chromium and WebKit.

Chromium runs headless (Debian's chromium and chromedriver); WebKit is WebKitGTK's MiniBrowser
driven by WebKitWebDriver, which needs an X display: run the tests under ``xvfb-run -a``
(``make test-browser`` does, after ``scripts/setup-browser.sh`` has installed everything into
``.build/browser-venv``).

A test module::

    import unittest
    from harness import BothEngines, serve, wait_for

    class TestPage(BothEngines):
        @classmethod
        def setUpClass(cls):
            super().setUpClass()                      # starts cls.driver for cls.engine
            cls.base_url, stop = serve("web/out")
            cls.addClassCleanup(stop)

        def test_loads(self):
            self.driver.get(self.base_url + "/index.html")
            self.assertEqual(wait_for(self.driver, "window.result"), 42)

Each ``BothEngines`` subclass runs once per engine, as the generated classes ``TestPage_chromium``
and ``TestPage_webkit``, so every test id and failure names its engine.
"""

import atexit
import functools
import http.server
import os
import pathlib
import shutil
import sys
import threading
import time
import unittest
import warnings

from selenium import webdriver
from selenium.common.exceptions import JavascriptException

ENGINES = ("chromium", "webkit")

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKITDRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
WINDOW = (1280, 900)
# A browser that never connects to its driver would hang the session request for good (Selenium
# sets no HTTP timeout): past this many seconds the driver process is killed instead.
START_TIMEOUT = 60

# The drivers' own logs (chromedriver's, WebKitWebDriver's with MiniBrowser's stderr).
LOG_DIR = pathlib.Path(__file__).resolve().parents[2] / ".build" / "browser-logs"

_open_drivers = []
_logs_started = set()


def _require(path, engine):
    """Raises one clear line when an executable the engine needs is missing."""
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{engine}: {path} is missing; run scripts/setup-browser.sh")


def require_display():
    """Raises one clear line when there is no X display for WebKit."""
    if not os.environ.get("DISPLAY"):
        raise RuntimeError("webkit: no X display (DISPLAY is unset); run the tests under `xvfb-run -a`")


def _log_file(engine):
    """The path the engine's driver logs to: emptied at its first start in this process, then
    appended to by every driver of that engine."""
    path = LOG_DIR / f"{engine}.log"
    if engine not in _logs_started:
        _logs_started.add(engine)
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    return str(path)


def _start_within(seconds, service, start):
    """Calls start() (which starts `service`), killing the service's process if it takes longer."""
    expired = []

    def expire():
        process = getattr(service, "process", None)
        if process is not None and process.poll() is None:
            expired.append(True)
            process.kill()

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    try:
        return start()
    except Exception as error:
        if expired:
            raise TimeoutError(f"no session within {seconds}s") from error
        raise
    finally:
        timer.cancel()


def _open_chromium():
    """Headless Chromium (root needs --no-sandbox) through Debian's chromedriver."""
    _require(CHROMIUM, "chromium")
    _require(CHROMEDRIVER, "chromium")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     f"--window-size={WINDOW[0]},{WINDOW[1]}"):
        options.add_argument(argument)
    service = webdriver.ChromeService(executable_path=CHROMEDRIVER, log_output=_log_file("chromium"),
                                      service_args=["--append-log"])
    return _start_within(START_TIMEOUT, service, lambda: webdriver.Chrome(options=options, service=service))


def _open_webkit():
    """WebKitGTK's MiniBrowser in automation mode through WebKitWebDriver, on $DISPLAY."""
    require_display()
    _require(MINIBROWSER, "webkit")
    _require(WEBKITDRIVER, "webkit")
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = webdriver.WebKitGTKService(executable_path=WEBKITDRIVER, log_output=_log_file("webkit"))
    with warnings.catch_warnings():  # Selenium's own WebKitGTK class uses a deprecated call
        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
        driver = _start_within(START_TIMEOUT, service, lambda: webdriver.WebKitGTK(options=options, service=service))
    try:
        driver.set_window_size(*WINDOW)
    except Exception:
        driver.quit()
        raise
    return driver


def open_driver(engine):
    """A new Selenium WebDriver for `engine` ("chromium" or "webkit"); quit_driver() it when done.

    The driver carries its engine's name as `driver.engine`; drivers still open when the
    process exits are quit then.
    """
    openers = {"chromium": _open_chromium, "webkit": _open_webkit}
    if engine not in openers:
        raise ValueError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    try:
        driver = openers[engine]()
    except RuntimeError:
        raise
    except Exception as error:
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        first = first.removeprefix("Message: ").split("; For documentation")[0]
        raise RuntimeError(f"{engine}: the browser did not start ({first}); see {LOG_DIR / engine}.log") from error
    driver.engine = engine
    _open_drivers.append(driver)
    return driver


def quit_driver(driver):
    """Quits `driver` (and stops its driver process); safe to call twice."""
    if driver in _open_drivers:
        _open_drivers.remove(driver)
        driver.quit()


@atexit.register
def _quit_all():
    """Quits the drivers a test left open (an interrupted run, a forgotten quit)."""
    for driver in list(_open_drivers):
        try:
            quit_driver(driver)
        except Exception:
            pass


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with module and wasm MIME types, never cached, without request logging."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format, *args):
        pass


def serve(folder):
    """Serves `folder` over HTTP on 127.0.0.1 at a free port, from a daemon thread.

    Returns (base_url, stop): base_url has no trailing slash ("http://127.0.0.1:PORT");
    stop() shuts the server down and may be called more than once.
    """
    folder = os.fspath(folder)
    if not os.path.isdir(folder):
        raise FileNotFoundError(f"serve: {folder} is not a folder")
    handler = functools.partial(_QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name=f"serve {folder}", daemon=True)
    thread.start()
    stopped = []

    def stop():
        if not stopped:
            stopped.append(True)
            server.shutdown()
            server.server_close()
            thread.join()

    return f"http://127.0.0.1:{server.server_address[1]}", stop


def wait_for(driver, js_expression, timeout=30):
    """Polls `return <js_expression>` in the page until it is truthy, and returns its value.

    A JavaScript exception while polling counts as not yet (a page still loading); on timeout
    raises AssertionError naming the expression, the engine, the last value and the last error.
    """
    engine = getattr(driver, "engine", None) or driver.capabilities.get("browserName", "?")
    deadline = time.monotonic() + timeout
    value, error = None, None
    while True:
        try:
            value, error = driver.execute_script("return " + js_expression), None
        except JavascriptException as exception:
            error = (exception.msg or str(exception)).strip().splitlines()[0]
        if value:
            return value
        if time.monotonic() >= deadline:
            detail = f"last error: {error}" if error else f"last value: {value!r}"
            raise AssertionError(f"{engine}: `{js_expression}` not truthy after {timeout}s ({detail})")
        time.sleep(0.05)


class BothEngines(unittest.TestCase):
    """A TestCase whose test_* methods run once in each engine, with self.driver and self.engine.

    Subclassing it defines, beside the class, one class per engine (NAME_chromium, NAME_webkit)
    holding the tests; the class itself keeps none, so unittest discovery runs each test once
    per engine. The driver starts once per generated class (setUpClass) and is always quit
    (a class cleanup, which runs even when setUpClass or a test fails). A subclass that overrides
    setUpClass calls super().setUpClass() first.
    """

    engine = None
    driver = None
    _engine_tests = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "engine" in cls.__dict__:
            return  # one of the generated per-engine classes
        tests = {}
        for base in reversed(cls.__mro__[1:]):
            tests.update(base.__dict__.get("_engine_tests", {}))
        for name, value in list(cls.__dict__.items()):
            if name.startswith("test") and callable(value):
                tests[name] = value
                delattr(cls, name)
        cls._engine_tests = tests
        module = sys.modules[cls.__module__]
        for engine in ENGINES:
            name = f"{cls.__name__}_{engine}"
            attributes = {"engine": engine, "__module__": cls.__module__, "__qualname__": name,
                          "__doc__": f"{cls.__name__} in {engine}", **tests}
            setattr(module, name, type(cls)(name, (cls,), attributes))

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if cls.engine is None:
            raise unittest.SkipTest(f"{cls.__name__} runs as {cls.__name__}_chromium and _webkit")
        cls.driver = open_driver(cls.engine)
        cls.addClassCleanup(quit_driver, cls.driver)
