"""End to end in a real headless Chromium: `combat-tui serve`, the page, a change by `combat-tui do`.

Uses the system's Chromium and chromedriver (Debian `chromium`, `chromium-driver`), both paths
given, so nothing is downloaded. textual-serve draws with xterm.js on a canvas, so the text is read
from xterm's buffer: a script installed before the page's own catches the terminal object when the
page stores it, and records every byte the server sends. Screenshots go to `test-artifacts/`.

Without Chromium the test is skipped, unless the `CI` environment variable is set: then it fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from combat_tui.players.serving import free_port, listening
from combat_tui.store.rulesets import Catalogue

from .test_app import acting_row, fight

pytestmark = pytest.mark.alone  # a real browser and server: no busy worker beside them

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DEADLINE = 30.0  # seconds any one wait may take before the test fails

# Runs before the page's scripts: keeps the xterm Terminal the page assigns to `this.terminal`, and
# the text of every websocket message, so the test sees exactly what the server sent.
HOOK = """
Object.defineProperty(Object.prototype, 'terminal', {configurable: true,
  set(v) { Object.defineProperty(this, 'terminal', {value: v, writable: true, configurable: true, enumerable: true});
           (window.__terminals = window.__terminals || []).push(v); },
  get() { return undefined; }});
window.__received = [];
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Native(...args);
  ws.addEventListener('message', (e) => window.__received.push(
      typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data)));
  return ws;
};
window.WebSocket.prototype = Native.prototype;
"""

READ_SCREEN = """
const t = (window.__terminals || [])[0];
if (!t) return '';
const b = t.buffer.active, out = [];
for (let y = 0; y < t.rows; y++) { const l = b.getLine(b.viewportY + y); out.push(l ? l.translateToString(true) : ''); }
return out.join('\\n');
"""


def _missing(what: str, how: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI ({how})")
    pytest.skip(f"{what} is not installed: {how}")


@pytest.fixture
def browser() -> Iterator[object]:
    if CHROMIUM is None or DRIVER is None:
        _missing("Chromium with chromedriver", "apt-get install chromium chromium-driver")
    assert CHROMIUM is not None and DRIVER is not None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium", "pip install -e '.[dev]'")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)
    try:
        driver.set_page_load_timeout(DEADLINE)
        driver.set_script_timeout(DEADLINE)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def served(tmp_path: Path, catalogue: Catalogue) -> Iterator[tuple[Path, str]]:
    path = fight(tmp_path / "ford.combat", catalogue)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "combat_tui", "serve", str(path), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        until(lambda: listening(port) or server.poll() is not None, "the server listening")
        assert server.poll() is None, server.stderr.read().decode() if server.stderr else "server exited"
        yield path, f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
        if server.stderr:
            server.stderr.close()


def until(ready: Callable[[], object], what: str) -> None:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        if ready():
            return
        time.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


def test_the_served_page_follows_the_encounter(browser: object, served: tuple[Path, str]) -> None:
    driver = browser
    path, url = served
    driver.get(url)  # type: ignore[attr-defined]

    def screen() -> str:
        return str(driver.execute_script(READ_SCREEN))  # type: ignore[attr-defined]

    until(lambda: acting_row(screen()), "the acting order on the page")
    assert acting_row(screen()) == "Kara"
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "player-view-before.png"))  # type: ignore[attr-defined]

    for _ in range(2):  # the hidden Lurker's turn, then the Bandit's
        done = subprocess.run([sys.executable, "-m", "combat_tui", "do", str(path), "next"], capture_output=True,
                              text=True, timeout=DEADLINE, check=False)
        assert done.returncode == 0, done.stderr
    until(lambda: acting_row(screen()) == "Bandit", "the Bandit acting on the page")
    driver.save_screenshot(str(ARTIFACTS / "player-view-after.png"))  # type: ignore[attr-defined]

    sent = "".join(driver.execute_script("return window.__received")) + screen()  # type: ignore[attr-defined]
    assert "Bandit" in sent
    for secret in ("Lurker", "poisoned dagger"):
        assert secret not in sent
