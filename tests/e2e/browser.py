"""Helpers for the browser tests: the local table as `make bot` runs it, and SimCord Preview pages.

The table runs as its own process (`python bot.py` without a token), exactly as a visitor starts
it; the browser is Debian's Chromium driven by Playwright (its own browser download does not work
here, and is not needed).
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
# As the machine notes say: headless, and no background connections the closed network refuses.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ADDRESS = re.compile(r"^\s*(?:A game started: )?(#\S+|\w+'s DMs)\s+(http://127\.0\.0\.1:\d+/#\S+)$")
SCREENSHOTS = ROOT / ".artifacts" / "screenshots"
# A live button that answers (every prompt also has a ❔ Help button, always live).
LIVE_ANSWER = 'button.component-button[aria-disabled=false]:not(:has-text("❔"))'
GAME_SEED = "1"  # a first round of four turns: the shortest Schemin' before an action resolves


class TableProcess:
    """`python bot.py` with no token: the local table, its printed addresses collected as they come."""

    def __init__(self, database: Path, **settings: str) -> None:
        env = {**os.environ, "DISCORD_TOKEN": "", "COLT_DATABASE": str(database), "COLT_GAME_SEED": GAME_SEED,
               "PYTHONUNBUFFERED": "1", **settings}
        self.process = subprocess.Popen([sys.executable, "bot.py"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        self.addresses: dict[str, str] = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 30) -> str:
        """The first printed line (from now on) that contains ``text``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            self.output.append(line)
            if match := ADDRESS.match(line):
                self.addresses[match[1]] = match[2]
            if text in line:
                return line
        raise AssertionError(f"the local table never printed {text!r}; it printed:\n" + "\n".join(self.output))

    def address(self, label: str, timeout: float = 30) -> str:
        if label not in self.addresses:
            self.wait_for(label, timeout)
        return self.addresses[label]

    def stop(self) -> int:
        """Ctrl+C, as a visitor stops it; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


class PreviewPage:
    """One SimCord Preview page in the browser: its composer, viewer picker and the bot's buttons."""

    def __init__(self, context: Any, url: str, name: str) -> None:
        self.page = context.new_page()
        self.name = name
        self.refused: list[str] = []  # why SimCord refused each refused action (e.g. stale-revision)
        self.page.goto(url, wait_until="commit")

    @classmethod
    def open(cls, context: Any, urls: dict[str, str]) -> dict[str, PreviewPage]:
        """Pages by name, loaded side by side."""
        pages = {name: cls(context, url, name) for name, url in urls.items()}
        for page in pages.values():
            page.wait_ready()
        return pages

    def wait_ready(self) -> None:
        """Until the page is ready for an action: loaded, and showing the publication its last action
        led to (until then, "Updating preview…", the page drops a click without sending it)."""
        self.page.wait_for_function(
            "() => { const p = window.simcordPreview; return p && p.ready"
            " && (p.awaitingRevision === null || p.publishedRevision >= p.awaitingRevision); }", timeout=20_000)

    def settle(self, quiet_ms: int = 1200) -> None:
        """Until the page has shown the same publication for ``quiet_ms`` (the page polls twice a
        second): a person clicks what they see once it stops changing. A click on a page the table
        is about to republish (the bot edits that DM again) is refused by SimCord as stale."""
        revision = None
        for _ in range(200):
            self.wait_ready()
            now = self.page.evaluate("() => window.simcordPreview.publishedRevision")
            if now == revision:
                return
            revision = now
            self.page.wait_for_timeout(quiet_ms)
        raise AssertionError(f"{self.name}: the page kept changing")

    def _last_request(self) -> str | None:
        request: str | None = self.page.evaluate("() => window.simcordPreview.lastAction?.requestId ?? null")
        return request

    def _outcome(self, done: str, arg: Any) -> None:
        """Wait until ``done(arg)`` holds in the page. SimCord leaving an action's outcome uncertain
        (the page then holds every action until it is reloaded) fails the test: the local table
        must never need a reload."""
        self.page.wait_for_function(
            f"(arg) => window.simcordPreview.transport.uncertainRequestId || ({done})(arg)", arg=arg,
            timeout=60_000)
        uncertain = self.page.evaluate("() => window.simcordPreview.transport.uncertainRequestId")
        assert not uncertain, f"{self.name}: SimCord left an action's outcome uncertain (the page needs a reload)"

    def _try(self, do: Any) -> bool:
        """Do one action in the page: True once SimCord settled it, False if it was refused (counted
        in ``refused``).

        SimCord refuses an action from a page drawn from an older publication (stale revision);
        it can be tried again once the page has caught up.
        """
        before = self._last_request()
        do()
        self._outcome("(before) => { const a = window.simcordPreview.lastAction;"
                      " return a && a.requestId !== before && a.settlement !== 'pending'; }", before)
        action = self.page.evaluate("() => window.simcordPreview.lastAction")
        if action["rejected"]:
            self.refused.append(", ".join(d.get("code", "?") for d in action.get("diagnostics") or []) or "rejected")
            self.page.wait_for_timeout(300)
            return False
        assert action["settlement"] == "settled", action
        self.wait_ready()
        return True

    def _act(self, do: Any) -> None:
        for _ in range(10):
            if self._try(do):
                return
        raise AssertionError(f"{self.name}: the action was refused ten times")

    def command(self, text: str) -> None:
        def send() -> None:
            if not self.page.evaluate("() => window.simcordPreview.commandPicker?.draft"):  # else kept
                composer = self.page.locator("#channel-composer-input")
                composer.fill(text)
                self.page.wait_for_function(
                    "() => { const p = window.simcordPreview.commandPicker; return p && p.activeEntryKey; }")
                composer.press("Enter")  # picks the command
            # Sends it with the send button: Enter would open the first optional option (/colt new [language]).
            self.page.locator("#send-message").click()

        self._act(send)

    def view_as(self, name: str) -> None:
        """Choose who one is in this page (a switch starts the page afresh, without a last action)."""
        viewer = self.page.select_option("#viewer-picker", label=name)[0]
        self._outcome("(viewer) => window.simcordPreview.viewerId === viewer", viewer)
        self.wait_ready()

    def buttons(self) -> Any:
        """The live answer buttons (not the ❔ Help button every prompt has)."""
        return self.page.locator(LIVE_ANSWER)

    def click(self, label: str) -> None:
        self._act(lambda: self.buttons().filter(has_text=label).last.click())

    def choose(self, option: str, menu: str | None = None) -> None:
        """Pick ``option`` in the last menu of the page (the lobby's AI menu is its last), or in the
        last menu that shows ``menu`` (its placeholder or its pick)."""
        def pick() -> None:
            menus = self.page.locator(".preview-select")
            (menus.filter(has_text=menu) if menu else menus).last.locator(".select-trigger").click()
            self.page.locator(".preview-select.is-open").wait_for()
            self.page.locator(".select-option").filter(has_text=option).first.click()

        self._act(pick)

    def toggle(self, shown: str, option: str) -> None:
        """In the many-choice menu that shows ``shown`` (one of its picks), switch ``option`` on or
        off; closing the menu sends the choice."""
        def pick() -> None:
            menus = self.page.locator(".preview-select")
            # by its place, not its words: a pick changes what the menu shows (its placeholder goes)
            index = max(i for i, words in enumerate(menus.all_inner_texts()) if shown in words)
            menu = menus.nth(index)
            menu.locator(".select-trigger").click()
            self.page.locator(".preview-select.is-open").wait_for()
            self.page.locator(".select-option").filter(has_text=option).first.click()
            menu.locator(".select-trigger").click()  # a many-choice menu commits when it closes

        self._act(pick)

    def click_any(self, prefer: tuple[str, ...] = ()) -> str | None:
        """Click a live button of the bot's last message, the first whose label holds the earliest
        of ``prefer`` if any, else the first: its label, or None if there was none or the click was
        refused (look again)."""
        self.settle()
        message = self.page.locator("article.channel-message").filter(
            has=self.page.locator("button.component-button")).last
        if message.count() == 0:
            return None
        live = message.locator(LIVE_ANSWER)
        if live.count() == 0:
            return None
        labels = [str(label) for label in live.all_inner_texts()]
        index = next((i for wanted in prefer for i, label in enumerate(labels) if wanted in label), 0)
        button = live.nth(index)
        return labels[index] if self._try(lambda: button.click()) else None

    def text(self) -> str:
        return str(self.page.locator("#channel-message-list").inner_text())

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=path)
        return path
