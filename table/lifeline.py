"""Helper processes end with the process that started them, however it ends.

The bot's worker pool (table.workers) is a fork server and its workers. Killed with SIGKILL, or by
any signal it does not handle, the bot cannot stop them; left alone they would live on for ever,
adopted by init, holding some 100 MB each and the bot's standard output (a pipeline reading it
never ends). So each of them asks to end with its parent: Linux's ``PR_SET_PDEATHSIG`` has the
kernel kill it the moment its parent dies, and elsewhere (or should the request fail) a thread
watches whether the parent is still the same. Chained, the fork server ends with the bot and each
worker with the fork server.

The fork server runs no code of ours but the modules it preloads: it imports this one, which sees
from ``FORK_SERVER_PARENT`` (set by the bot before the fork server starts) that its parent is the
bot, and binds itself to it; in every other process the import does nothing.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
import time

log = logging.getLogger(__name__)

FORK_SERVER_PARENT = "COLT_FORK_SERVER_PARENT"  # the bot's process id, for the fork server to recognise it
PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_EVERY = 1.0  # seconds between two looks at the parent, where the kernel cannot be asked


def end_with_parent(*, watch: bool = True) -> None:
    """End this process when its parent ends; ``watch`` also looks for it every second."""
    parent = os.getppid()
    asked = _ask_the_kernel()
    if os.getppid() != parent or parent == 1:
        os._exit(0)  # the parent died before the request took effect: nobody needs this process
    if watch or not asked:
        threading.Thread(target=_watch, args=(parent,), name="colt-lifeline", daemon=True).start()


def _ask_the_kernel() -> bool:
    """``PR_SET_PDEATHSIG`` with SIGKILL: whether Linux will end this process with its parent."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            return True
        log.warning("prctl(PR_SET_PDEATHSIG) failed (errno %s); watching the parent instead", ctypes.get_errno())
    except (OSError, AttributeError) as error:
        log.warning("prctl is not available (%s); watching the parent instead", error)
    return False


def _watch(parent: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != parent:
            os._exit(0)  # adopted: the parent is gone


def mark_fork_server_parent() -> None:
    """In the bot, before its fork server starts: the fork server will bind itself to this process."""
    os.environ[FORK_SERVER_PARENT] = str(os.getpid())


if os.environ.get(FORK_SERVER_PARENT) == str(os.getppid()):
    # The fork server, preloading this module (table.workers PRELOAD). No watching thread where the
    # kernel does it: the fork server forks the workers, and a thread would be copied into none of them.
    end_with_parent(watch=False)
