"""Exact odds off the UI thread: debounced, cancellable, stale results discarded.

``sheets.odds.distribution`` is usually done in a millisecond but can take seconds (Boost
dice with flips and `drop_highest` on many dice, R3 steps 3-6). The worker:

* waits ``debounce_ms`` after the last change, so typing `12D` computes once, not three
  times;
* runs the computation in a ``QThreadPool`` thread and numbers every request (a generation
  counter): only the answer to the latest request is ever delivered;
* cancels a computation as soon as a newer request starts, or when it runs past
  ``budget_s`` (then the answer is an error saying so): a trace function installed in the
  worker thread raises at the next Python call, so a stale job frees its thread in
  milliseconds instead of running to the end;
* hands results back through a queue the UI thread polls while a job is out, so no Qt
  object is touched from the worker thread and a deleted panel never receives a late
  signal.

Answers are cached per ``RollSpec`` (frozen, hashable): toggling an option back shows its
odds at once.
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal

from sheets.dice import RollSpec
from sheets.odds import distribution
from sheets.odds.big import engage, engaged
from ui.services import gc_guard

CACHE_SIZE = 64
BUSY_AFTER_MS = 250  # say "computing" only when a result is visibly late
WARM_UP_AFTER_MS = 1000  # GMP's import after the first answer: the first screen is done


class OddsResult:
    """The answer to one request: the odds of ``spec``, or why there are none (never
    changed once made). Plain classes here, not dataclasses: a dataclass compiles its
    methods from source when it is made (~2-5 M instructions), on the first screen's path."""

    __slots__ = ("error", "generation", "odds", "seconds", "spec")

    def __init__(
        self,
        generation: int,
        spec: RollSpec,
        odds: dict[int, float] | None,
        error: str | None = None,
        seconds: float = 0.0,
    ) -> None:
        self.generation = generation
        self.spec = spec
        self.odds = odds
        self.error = error
        self.seconds = seconds

    def __repr__(self) -> str:
        return f"OddsResult({self.generation}, {self.spec!r}, error={self.error!r})"


class _Stop(Exception):
    """Raised inside a computation that was cancelled or ran out of time."""


class _Token:
    """One job's stop flags (the worker finds its own job's token by identity)."""

    __slots__ = ("cancelled", "deadline", "late")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.cancelled = False
        self.late = False


class _Job(QRunnable):
    """One ``distribution`` call in a pool thread; the answer goes to ``outbox``."""

    def __init__(
        self,
        generation: int,
        spec: RollSpec,
        token: _Token,
        outbox: list[tuple[OddsResult | None, _Token]],
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.generation = generation
        self.spec = spec
        self.token = token
        self.outbox = outbox

    def run(self) -> None:
        started = time.perf_counter()
        result: OddsResult | None = None
        try:
            odds = _traced(partial(distribution, self.spec), self.token)
            result = OddsResult(self.generation, self.spec, odds, None, _since(started))
        except _Stop:
            if self.token.late:
                reason = QCoreApplication.translate(
                    "Dice", "Exact odds would take more than %1 s for this roll; roll it instead."
                ).replace("%1", f"{self.token.deadline - started:.0f}")
                result = OddsResult(self.generation, self.spec, None, reason, _since(started))
        except (ValueError, MemoryError, RecursionError) as error:
            result = OddsResult(self.generation, self.spec, None, str(error), _since(started))
        self.outbox.append((result, self.token))  # list.append is atomic under the GIL


class _WarmUp(QRunnable):
    """Engages GMP for the big rolls to come (``sheets.odds.big.engage``): its import
    (25-50 ms) is paid here, in the pool once the first answer is out, not by the first
    big roll a player sets up."""

    def __init__(self, token: _Token, outbox: list[tuple[OddsResult | None, _Token]]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.token = token
        self.outbox = outbox

    def run(self) -> None:
        try:
            engage()
        finally:
            self.outbox.append((None, self.token))


INSTANT_DICE = 6
"""Rolls this small take about a millisecond (6D with Boost 2: 1.0 ms here): their odds
are computed on the spot. Bigger ones go to the pool (bench/odds_scan.py)."""


def _instant(spec: RollSpec) -> bool:
    return (
        spec.code.dice + max(spec.wild_dice, 0) <= INSTANT_DICE
        and not spec.luck
        and spec.boost + spec.penalty <= 2
        and spec.advantage + spec.disadvantage <= 1
        and spec.sides <= 6
    )


def _since(started: float) -> float:
    return time.perf_counter() - started


_OWN = "sheets.odds"  # the modules whose calls a stop may interrupt


def _traced(compute: Callable[[], dict[int, float]], token: _Token) -> dict[int, float]:
    """Run ``compute`` with a trace function that stops it on cancel or past the deadline.

    Only "call" events are traced (the function returns no local tracer of its own), so
    the cost is one cheap check per Python call; a debugger's or coverage's tracer keeps
    running through the chain."""
    previous = sys.gettrace()

    def tracer(frame: FrameType, event: Any, arg: Any) -> Any:
        # Only in the odds' own code: a call from elsewhere on this thread (a garbage
        # collector callback, say) cannot take an exception, which Python would only
        # print as "ignored" while the computation went on.
        if frame.f_globals.get("__name__", "").startswith(_OWN):
            if token.cancelled:
                raise _Stop
            if time.perf_counter() > token.deadline:
                token.late = True
                raise _Stop
        return previous(frame, event, arg) if previous is not None else None

    sys.settrace(tracer)
    try:
        return compute()
    finally:
        sys.settrace(previous)


def _cancel_all(tokens: list[_Token]) -> None:
    for token in tokens:
        token.cancelled = True


def _release_all(tokens: list[_Token]) -> None:
    """The worker is gone: its cancelled jobs will never be collected (gc_guard)."""
    for _token in tokens:
        gc_guard.worker_finished()
    tokens.clear()


class OddsWorker(QObject):
    """Request odds with :meth:`request`; ``ready(OddsResult)`` brings the latest answer."""

    ready = Signal(object)  # OddsResult for the latest request only
    busyChanged = Signal(bool)  # True while an answer is more than BUSY_AFTER_MS late

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        debounce_ms: int = 100,
        budget_s: float = 8.0,
        poll_ms: int = 15,
    ) -> None:
        super().__init__(parent)
        self.budget_s = budget_s
        self._generation = 0
        self._pending: RollSpec | None = None
        self._asked: RollSpec | None = None  # the latest question
        self._tokens: list[_Token] = []  # jobs still running, cancelled or not
        self._outbox: list[tuple[OddsResult | None, _Token]] = []
        self._cache: OrderedDict[RollSpec, dict[int, float]] = OrderedDict()
        self._busy = False
        self._warmed = False
        self._last_request = float("-inf")
        # The pool is a child: when the worker goes, the pool waits for its jobs, which the
        # destroyed handler has cancelled first (the wait releases the GIL, so they stop).
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)  # a cancelled job never delays the next one
        self.destroyed.connect(partial(_cancel_all, self._tokens))
        self.destroyed.connect(partial(_release_all, self._tokens))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.cancel)
        self._debounce = _timer(self, debounce_ms, self._start)
        self._poll = _timer(self, poll_ms, self._collect, single=False)
        self._busy_timer = _timer(self, BUSY_AFTER_MS, lambda: self._set_busy(True))
        self._warm_timer = _timer(self, WARM_UP_AFTER_MS, self._warm_up)

    @property
    def generation(self) -> int:
        """Bumped by every request; answers to older ones are dropped."""
        return self._generation

    def is_busy(self) -> bool:
        """True while a requested answer has not arrived yet."""
        return self._pending is not None or any(not t.cancelled for t in self._tokens)

    def request(self, spec: RollSpec | None) -> None:
        """Ask for the odds of ``spec``; None withdraws the question (an invalid form)."""
        if spec is not None and spec == self._asked and self.is_busy():
            # The same roll again (a sheet's row re-sent, the campaign's rules re-applied):
            # its answer is on the way; cancelling it would start the wait over.
            return
        self._asked = spec
        self._generation += 1
        self._cancel_running()
        self._debounce.stop()
        self._pending = None
        if spec is None:
            self._set_busy(False)
            return
        cached = self._cache.get(spec)
        if cached is not None:
            self._cache.move_to_end(spec)
            self._set_busy(False)
            self.ready.emit(OddsResult(self._generation, spec, cached))
            return
        if _instant(spec):  # a millisecond: answered here, no thread, no wait
            self._set_busy(False)
            self.ready.emit(self._answer_now(spec))
            self._after_answer()
            return
        self._pending = spec
        now = time.perf_counter()
        quiet = now - self._last_request >= self._debounce.interval() / 1000
        self._last_request = now
        if quiet:  # no burst of typing to wait out: the answer comes sooner
            self._start()
        else:
            self._debounce.start()
        if not self._busy_timer.isActive():
            self._busy_timer.start()

    def _answer_now(self, spec: RollSpec) -> OddsResult:
        started = time.perf_counter()
        try:
            odds = distribution(spec)
        except (ValueError, MemoryError, RecursionError) as error:
            return OddsResult(self._generation, spec, None, str(error), _since(started))
        self._cache[spec] = odds
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return OddsResult(self._generation, spec, odds, None, _since(started))

    def cancel(self) -> None:
        """Stop everything: no answer will come for the requests made so far."""
        self.request(None)

    # --- inside ------------------------------------------------------------------------

    def _start(self) -> None:
        spec, self._pending = self._pending, None
        if spec is None:
            return
        token = _Token(deadline=time.perf_counter() + self.budget_s)
        self._tokens.append(token)
        gc_guard.worker_started()  # no cycle collection in the pool thread (gc_guard)
        self._pool.start(_Job(self._generation, spec, token, self._outbox))
        self._poll.start()

    def _cancel_running(self) -> None:
        _cancel_all(self._tokens)

    def _collect(self) -> None:
        while self._outbox:
            result, token = self._outbox.pop(0)
            self._tokens.remove(token)
            gc_guard.worker_finished()
            if result is None or result.generation != self._generation:
                continue  # cancelled, or an answer to an old question
            if result.odds is not None:
                self._cache[result.spec] = result.odds
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
            self._set_busy(False)
            self.ready.emit(result)
            self._after_answer()
        if not self._tokens:
            self._poll.stop()

    def _after_answer(self) -> None:
        if not self._warmed and not self._warm_timer.isActive():
            self._warm_timer.start()

    def _warm_up(self) -> None:
        """Once, after the first answer: GMP engaged in the pool (``_WarmUp``)."""
        if self._warmed or engaged():
            return
        self._warmed = True
        token = _Token(deadline=float("inf"))
        token.cancelled = True  # no question's job: ``is_busy`` does not wait for it
        self._tokens.append(token)
        gc_guard.worker_started()
        self._pool.start(_WarmUp(token, self._outbox))
        self._poll.start()

    def _set_busy(self, busy: bool) -> None:
        if not busy:
            self._busy_timer.stop()
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)


def _timer(parent: QObject, msec: int, slot: Callable[[], None], single: bool = True) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(single)
    timer.setInterval(msec)
    timer.timeout.connect(slot)
    return timer
