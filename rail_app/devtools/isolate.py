"""Run one fuzz case in a child process of its own, to survive what it does.

A hostile file may crash the interpreter (a segmentation fault in a C library), hang, or eat
memory; none of that may stop a fuzzer's run. :func:`run_forked` forks (the child inherits
the loaded program, so a case costs milliseconds, not an interpreter start), runs the case,
and reports how it ended, how long it took and how much memory the child held at its peak.
POSIX only (Linux, macOS), like the fuzzers that use it.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import select
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

#: The child may map this much more memory than the parent before allocations fail, so a
#: runaway case ends with MemoryError instead of pushing the machine into swap.
HEADROOM_MB = 2048


@dataclass
class Outcome:
    """How a case ended: ``ok`` (``value`` is what the function returned), ``error`` (an
    exception escaped: ``error`` is its traceback), ``crash`` (killed by a signal, e.g. a
    segmentation fault) or ``timeout``."""

    status: str
    value: Any = None
    error: str = ""
    seconds: float = 0.0  # wall-clock time of the case
    peak_mb: float = 0.0  # the child's peak resident memory, the parent's share included
    parent_mb: float = 0.0  # the parent's resident memory when it forked
    cpu_seconds: float = 0.0  # processor time of the child: what other programs cannot inflate


def rss_mb() -> float:
    """This process's resident memory now, in MB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return 0.0


def _vm_bytes() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class _CtrlC:
    """The parent's Ctrl-C while a case runs. It is remembered as well as raised, and the
    case raises it again once it is over, because Python drops a KeyboardInterrupt raised
    where it cannot propagate: in the handlers registered with ``os.register_at_fork`` (the
    logging module's, for one) that run inside the fork, or in a finaliser; the run would
    then go on as if nothing was pressed. While forking it is only remembered."""

    def __init__(self) -> None:
        self.pressed = False
        self.raising = False

    def __call__(self, signum: int, frame: object) -> None:
        self.pressed = True
        if self.raising:
            raise KeyboardInterrupt


@contextlib.contextmanager
def _ctrl_c_kept() -> Iterator[_CtrlC]:
    """:class:`_CtrlC` as this process's Ctrl-C handler while the block runs (in the parent:
    a forked child leaves the block by ``os._exit``). Only the main thread may set handlers;
    elsewhere Ctrl-C is not this thread's to see."""
    ctrl_c = _CtrlC()
    if threading.current_thread() is not threading.main_thread():
        ctrl_c.raising = True
        yield ctrl_c
        return
    previous = signal.signal(signal.SIGINT, ctrl_c)
    try:
        yield ctrl_c
    finally:
        signal.signal(signal.SIGINT, previous)
    if ctrl_c.pressed:  # raised where Python dropped it, or only remembered
        raise KeyboardInterrupt


def _child(fn: Callable[..., Any], args: tuple[Any, ...], read_fd: int, write_fd: int,
           headroom_mb: int) -> NoReturn:
    """The forked child: runs the case, writes how it ended to ``write_fd`` as JSON, and
    leaves at once (never returning into the parent's code)."""
    code = 0
    try:
        os.close(read_fd)
        vm = _vm_bytes()
        if vm:
            limit = vm + headroom_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        start = time.perf_counter()
        try:
            result: tuple[str, Any, str, float] = ("ok", fn(*args), "",
                                                   time.perf_counter() - start)
        except BaseException as exc:
            tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            result = ("error", None, tb[-4000:], time.perf_counter() - start)
        data = json.dumps(result, default=str).encode()  # plain data, never code
        with os.fdopen(write_fd, "wb") as out:
            out.write(data)
    except BaseException:
        code = 3
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def run_forked(fn: Callable[..., Any], *args: Any, timeout: float = 60.0,
               headroom_mb: int = HEADROOM_MB) -> Outcome:
    """``fn(*args)`` in a forked child that may map ``headroom_mb`` more memory than this
    process; never raises for what the case does."""
    parent_mb = rss_mb()
    read_fd, write_fd = os.pipe()
    t0 = time.perf_counter()
    chunks: list[bytes] = []
    timed_out = False
    deadline = t0 + timeout
    with _ctrl_c_kept() as ctrl_c:
        pid = os.fork()
        if pid == 0:  # the child
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
            _child(fn, args, read_fd, write_fd, headroom_mb)
        ctrl_c.raising = True
        reaped = False
        try:
            os.close(write_fd)
            with os.fdopen(read_fd, "rb") as inp:
                if ctrl_c.pressed:  # pressed while forking
                    raise KeyboardInterrupt
                while True:
                    left = deadline - time.perf_counter()
                    if left <= 0:
                        timed_out = True
                        break
                    ready, _, _ = select.select([inp], [], [], left)
                    if not ready:
                        continue
                    chunk = os.read(inp.fileno(), 1 << 16)
                    if not chunk:
                        break
                    chunks.append(chunk)
            if timed_out:
                os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            reaped = True
        except BaseException:  # interrupted: the case ends with the run
            if not reaped:  # (Ctrl-C may come just after the child was reaped: no such pid)
                with contextlib.suppress(ProcessLookupError, ChildProcessError):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
            raise
    seconds = time.perf_counter() - t0
    peak = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    cpu = usage.ru_utime + usage.ru_stime
    if timed_out:
        return Outcome("timeout", seconds=seconds, peak_mb=peak, parent_mb=parent_mb,
                       cpu_seconds=cpu)
    if os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        return Outcome("crash", error=f"killed by {name}", seconds=seconds, peak_mb=peak,
                       parent_mb=parent_mb, cpu_seconds=cpu)
    try:
        kind, value, error, took = json.loads(b"".join(chunks))
    except Exception:
        return Outcome("crash", error=f"no result (exit status {os.WEXITSTATUS(status)})",
                       seconds=seconds, peak_mb=peak, parent_mb=parent_mb, cpu_seconds=cpu)
    return Outcome(kind, value, error, took, peak, parent_mb, cpu)
