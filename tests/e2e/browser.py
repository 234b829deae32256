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
GAME_SEED = "1"  # a first round of four turns: the shortest Schemin' before an action resolves


class TableProcess:
    """`python bot.py` with no token: the local table, its printed addresses collected as they come."""

    def __init__(self, database: Path) -> None:
        env = {**os.environ, "DISCORD_TOKEN": "", "COLT_DATABASE": str(database), "COLT_GAME_SEED": GAME_SEED,
               "PYTHONUNBUFFERED": "1"}
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
        self.page.goto(url, wait_until="commit")

    @classmethod
    def open(cls, context: Any, urls: dict[str, str]) -> dict[str, PreviewPage]:
        """Pages by name, loaded side by side."""
        pages = {name: cls(context, url, name) for name, url in urls.items()}
        for page in pages.values():
            page.wait_ready()
        return pages

    def wait_ready(self) -> None:
        self.page.wait_for_function("() => window.simcordPreview && window.simcordPreview.ready", timeout=20_000)

    def _last_request(self) -> str | None:
        return self.page.evaluate("() => window.simcordPreview.lastAction?.requestId ?? null")

    def _act(self, do: Any) -> None:
        """Do one action in the page and wait for its answer; a page drawn from an older publication
        is refused by SimCord (stale revision) and tried again once it has caught up."""
        for _ in range(10):
            before = self._last_request()
            do()
            self.page.wait_for_function(
                "(before) => { const a = window.simcordPreview.lastAction;"
                " return a && a.requestId !== before && a.settlement !== 'pending'; }",
                arg=before, timeout=30_000)
            action = self.page.evaluate("() => window.simcordPreview.lastAction")
            if not action["rejected"]:
                assert action["settlement"] == "settled", action
                self.wait_ready()
                return
            time.sleep(0.3)
        raise AssertionError(f"{self.name}: the action was refused every time: {action}")

    def command(self, text: str) -> None:
        composer = self.page.locator("#channel-composer-input")
        composer.fill(text)
        self.page.wait_for_function(
            "() => { const p = window.simcordPreview.commandPicker; return p && p.activeEntryKey; }")
        composer.press("Enter")  # picks the command
        self._act(lambda: self.page.keyboard.press("Enter"))  # sends it

    def view_as(self, name: str) -> None:
        """Choose who one is in this page (a switch starts the page afresh, without a last action)."""
        viewer = self.page.select_option("#viewer-picker", label=name)[0]
        self.page.wait_for_function("(viewer) => window.simcordPreview.viewerId === viewer", arg=viewer)
        self.wait_ready()

    def buttons(self) -> Any:
        return self.page.locator("button.component-button[aria-disabled=false]")

    def click(self, label: str) -> None:
        self._act(lambda: self.buttons().filter(has_text=label).last.click())

    def click_any(self) -> str | None:
        """Click the first live button of the bot's last message; its label, or None if there is none."""
        message = self.page.locator("article.channel-message").filter(
            has=self.page.locator("button.component-button")).last
        if message.count() == 0:
            return None
        live = message.locator("button.component-button[aria-disabled=false]")
        if live.count() == 0:
            return None
        label = live.first.inner_text()
        self._act(lambda: live.first.click())
        return label

    def text(self) -> str:
        return str(self.page.locator("#channel-message-list").inner_text())

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=path)
        return path
