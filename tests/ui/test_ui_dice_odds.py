"""Exact odds off the UI thread (debounced, cancellable, stale answers dropped) and the
histogram that paints them, in light and dark palettes."""

from __future__ import annotations

import gc
import sys
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

import sheets.odds.big as big
import ui.dice.odds_worker as odds_worker
from sheets.dice import RollSpec
from sheets.odds import distribution
from tests.ui_helpers import PATIENCE_MS
from ui.dice.histogram import Histogram, _nice_step, _without_tails
from ui.dice.odds_worker import OddsResult, OddsWorker, _Stop, _Token, _traced
from ui.services import gc_guard
from ui.theme import dark_palette, is_dark, light_palette, mix

# Late by any measure here (BUSY_AFTER_MS, a 50 ms budget, the 300 ms some tests wait):
# 120 dice after luck whose three lowest and highest all matter (R3 steps 1-6), about
# 2 s on this machine. Without luck it took 0.3-0.4 s by session 13: too close to 300 ms.
SLOW = RollSpec(
    code="60D",
    luck=True,
    advantage=1,
    boost=3,
    flips=frozenset({1, 6}),
    critical_failure="drop_highest",
)


@pytest.fixture
def worker(qtbot: QtBot) -> OddsWorker:
    return OddsWorker(debounce_ms=10)


def test_the_answer_is_the_exact_distribution(qtbot: QtBot, worker: OddsWorker) -> None:
    spec = RollSpec(code="3D+1")
    with qtbot.waitSignal(worker.ready, timeout=PATIENCE_MS) as blocker:
        worker.request(spec)
    result: OddsResult = blocker.args[0]
    assert result.spec == spec and result.error is None
    assert result.odds == distribution(spec)


def test_typing_fast_computes_only_the_last_spec(qtbot: QtBot) -> None:
    """Debounce: three requests inside the debounce window give one answer, the last."""
    worker = OddsWorker(debounce_ms=80)
    answers: list[OddsResult] = []
    worker.ready.connect(answers.append)
    for code in ("10D", "12D", "12D+1"):  # small rolls are answered at once (below)
        worker.request(RollSpec(code=code))
    qtbot.waitUntil(lambda: bool(answers), timeout=PATIENCE_MS)
    qtbot.wait(150)
    assert [a.spec.code for a in answers] == [RollSpec(code="12D+1").code]
    assert answers[0].generation == worker.generation


def test_a_cached_spec_answers_at_once(qtbot: QtBot, worker: OddsWorker) -> None:
    spec = RollSpec(code="2D")
    with qtbot.waitSignal(worker.ready, timeout=PATIENCE_MS):
        worker.request(spec)
    answers: list[OddsResult] = []
    worker.ready.connect(answers.append)
    worker.request(spec)
    assert answers and answers[0].odds == distribution(spec)  # synchronous, from the cache


def test_a_slow_spec_never_blocks_the_ui_and_a_newer_one_wins(
    qtbot: QtBot, worker: OddsWorker
) -> None:
    """The slow computation runs in a pool thread: UI timers keep ticking while it runs;
    a newer request cancels it, and its answer never arrives. (How fast: bench/.)"""
    answers: list[OddsResult] = []
    worker.ready.connect(answers.append)
    ticks: list[int] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(len(ticks)))
    timer.start()
    worker.request(SLOW)
    assert not answers  # asynchronous: nothing yet
    qtbot.wait(300)  # the slow job is running now
    timer.stop()
    assert worker.is_busy()
    assert ticks, "the UI thread stalled while the odds were computing"
    fast = RollSpec(code="4D")
    with qtbot.waitSignal(worker.ready, timeout=30_000) as blocker:  # a hang guard only
        worker.request(fast)
    assert blocker.args[0].spec == fast
    qtbot.wait(100)
    assert [a.spec for a in answers] == [fast]  # the slow answer was dropped
    assert not worker.is_busy()


def test_the_same_roll_asked_again_keeps_its_answer_on_the_way(
    qtbot: QtBot, worker: OddsWorker
) -> None:
    """Issue 17: a sheet re-sending its row, or the campaign's rules re-applied, asked for
    the same odds again, cancelling the job on its way and starting the wait over."""
    worker.request(SLOW)
    qtbot.waitUntil(lambda: bool(worker._tokens), timeout=PATIENCE_MS)  # the job is running
    generation, running = worker.generation, list(worker._tokens)
    worker.request(SLOW)
    assert worker.generation == generation and worker._tokens == running
    assert not any(token.cancelled for token in running)
    worker.request(RollSpec(code="9D", boost=2))  # another roll: the old one goes
    assert worker.generation == generation + 1 and all(t.cancelled for t in running)
    worker.cancel()


def test_busy_is_reported_only_when_late(qtbot: QtBot, worker: OddsWorker) -> None:
    states: list[bool] = []
    worker.busyChanged.connect(states.append)
    with qtbot.waitSignal(worker.ready, timeout=PATIENCE_MS):
        worker.request(RollSpec(code="2D"))
    assert states == []  # a fast answer does not flash "computing"
    with qtbot.waitSignal(worker.busyChanged, timeout=PATIENCE_MS):
        worker.request(SLOW)
    assert states == [True]
    worker.cancel()
    assert states == [True, False]


def test_a_spec_past_the_time_budget_gets_a_reason(qtbot: QtBot) -> None:
    worker = OddsWorker(debounce_ms=0, budget_s=0.05)
    with qtbot.waitSignal(worker.ready, timeout=PATIENCE_MS) as blocker:
        worker.request(SLOW)
    result: OddsResult = blocker.args[0]
    assert result.odds is None
    assert result.error is not None and "take more than" in result.error


def test_too_many_dice_for_exact_odds_gets_a_reason(qtbot: QtBot, worker: OddsWorker) -> None:
    with qtbot.waitSignal(worker.ready, timeout=PATIENCE_MS) as blocker:
        worker.request(RollSpec(code="100D", luck=True))  # 200 dice after R3 step 1
    assert blocker.args[0].odds is None and "120" in blocker.args[0].error


def test_deleting_the_worker_mid_computation_is_quick(qtbot: QtBot) -> None:
    worker = OddsWorker(debounce_ms=0)
    worker.request(SLOW)
    qtbot.wait(100)
    import shiboken6

    # The pool waits for its job, which the deletion cancelled (a slow deletion would hang
    # here until the test's timeout; how quick it is: bench/).
    shiboken6.delete(worker)
    assert not shiboken6.isValid(worker)


def test_a_stop_interrupts_only_the_odds_own_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """A garbage collector callback (hypothesis has one) runs on whatever thread collects:
    a stop raised in it would be printed as ignored while the odds went on."""
    ignored: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)
    seen: list[str] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        seen.append(phase)

    def compute() -> dict[int, float]:
        gc.collect()  # the callback's calls come first, then the odds' own
        return distribution(RollSpec(code="4D", boost=1))

    token = _Token(deadline=float("inf"))
    token.cancelled = True
    gc.callbacks.append(callback)
    try:
        with pytest.raises(_Stop):
            _traced(compute, token)
    finally:
        gc.callbacks.remove(callback)
    assert seen == ["start", "stop"] and ignored == []


# --- histogram ----------------------------------------------------------------------------


@pytest.fixture
def histogram(qtbot: QtBot) -> Histogram:
    widget = Histogram()
    qtbot.addWidget(widget)
    widget.resize(480, 200)
    return widget


def paint(widget: Histogram) -> QImage:
    return widget.grab().toImage()


@pytest.mark.parametrize(
    "odds",
    [
        {},
        {7: 1.0},
        {2: 0.5, 40: 0.5},
        {t: 1 / 200 for t in range(200)},
        distribution(RollSpec(code="5D+1", advantage=1, boost=1, flips=frozenset({1}))),
    ],
    ids=["empty", "one", "gap", "200 totals", "wild tail"],
)
def test_histogram_paints_any_distribution(histogram: Histogram, odds: dict[int, float]) -> None:
    for difficulty in (None, 1, 15, 500):
        histogram.set_odds(odds, difficulty)
        image = paint(histogram)
        assert not image.isNull()
        assert histogram.accessibleDescription()
    histogram.resize(60, 40)  # tiny: nothing to draw in, still no error
    assert not paint(histogram).isNull()


def test_histogram_marks_the_difficulty_and_the_chance(histogram: Histogram) -> None:
    odds = distribution(RollSpec(code="3D"))
    histogram.set_odds(odds, 12)
    chance = histogram.chance()
    assert chance == pytest.approx(sum(p for t, p in odds.items() if t >= 12))
    assert "to reach 12" in histogram._headline()
    assert "Chance of at least 12" in histogram.accessibleDescription()
    histogram.set_difficulty(None)
    assert histogram.chance() is None and "standing check" in histogram._headline()


def test_histogram_messages_overlay_the_bars(histogram: Histogram) -> None:
    histogram.set_odds({3: 0.5, 4: 0.5}, None)
    histogram.set_message("Computing exact odds…", stale=True)
    assert histogram.message() == "Computing exact odds…"
    assert histogram.accessibleDescription() == "Computing exact odds…"
    assert not paint(histogram).isNull()
    histogram.set_odds({3: 1.0})
    assert histogram.message() is None


def test_long_tails_are_cut_off_the_plot_but_not_the_odds() -> None:
    odds = distribution(RollSpec(code="2D"))  # a Wild Die chain: totals run past 100
    shown = _without_tails(odds)
    assert max(odds) > 100 and max(shown) < 40
    assert sum(p for t, p in odds.items() if t not in shown) <= 2 * 0.0005 + 1e-12
    assert _without_tails({5: 1.0}) == {5: 1.0}
    assert _without_tails({1: 0.5, 4: 0.5}) == {1: 0.5, 2: 0.0, 3: 0.0, 4: 0.5}


def test_nice_steps() -> None:
    assert [_nice_step(x) for x in (0.3, 1, 1.5, 3, 7, 11, 49, 120)] == [
        1,
        1,
        2,
        5,
        10,
        20,
        50,
        200,
    ]


@pytest.mark.parametrize("palette", [light_palette(), dark_palette()], ids=["light", "dark"])
def test_histogram_colours_come_from_the_palette(histogram: Histogram, palette: QPalette) -> None:
    """Background is Base, bars that reach the difficulty are Highlight: light and dark."""
    histogram.setPalette(palette)
    histogram.set_odds({1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25}, 3)
    image = paint(histogram)
    ratio = image.devicePixelRatio()
    base = palette.color(QPalette.ColorRole.Base)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    assert _near(image.pixelColor(QPoint(int(3 * ratio), int(60 * ratio))), base)
    plot = histogram._plot_rect()
    _, left, step = histogram._bar_geometry()
    bar_x = left + 3.5 * step  # the middle of total 4's bar, which reaches 3
    bar_y = plot.bottom() - 5
    assert _near(image.pixelColor(QPoint(int(bar_x * ratio), int(bar_y * ratio))), highlight)
    fail_x = left + 0.5 * step  # total 1 misses: a grey between Base and Text
    fail = image.pixelColor(QPoint(int(fail_x * ratio), int(bar_y * ratio)))
    text = palette.color(QPalette.ColorRole.Text)
    assert _near(fail, mix(base, text, 0.55), tolerance=6)


def test_dark_palette_is_dark_and_light_is_light() -> None:
    assert is_dark(dark_palette())
    assert not is_dark(light_palette())


def _near(actual: QColor, expected: QColor, tolerance: int = 3) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in zip(actual.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


def test_the_caption_and_the_axis_agree_and_say_where_the_tail_is_cut(
    histogram: Histogram,
) -> None:
    """Issue 19: the caption said "Totals 3 to 131" over an axis from 4 to 34."""
    odds = distribution(RollSpec(code="3D"))  # a Wild Die chain runs to 131
    histogram.set_odds(odds)
    shown = histogram._shown
    caption = histogram._headline()
    assert caption.startswith(f"Totals {min(shown)}–{max(shown)} of {min(odds)}–{max(odds)}")
    assert max(shown) < max(odds)
    assert "off the axis" in histogram.accessibleDescription()
    histogram.set_odds(distribution(RollSpec(code="2D", wild_dice=0)))  # nothing cut
    assert histogram._headline() == "Totals 2 to 12: standing check"


def test_a_small_roll_is_answered_at_once_without_a_thread(qtbot: QtBot) -> None:
    worker = OddsWorker(debounce_ms=80)
    answers: list[OddsResult] = []
    worker.ready.connect(answers.append)
    spec = RollSpec(code="4D+1", boost=1)
    worker.request(spec)
    assert answers and answers[0].odds == distribution(spec)  # synchronous
    assert not worker.is_busy()


def test_after_its_first_answer_the_worker_engages_gmp_in_its_pool(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import of gmpy2 (25-50 ms) is paid at idle, not by the first big roll, and not
    during the first screen: a second after the first answer."""
    monkeypatch.setattr(big, "_gmpy2", None)  # as in a new process
    monkeypatch.setattr(big, "_ctypes", None)
    monkeypatch.setattr(odds_worker, "WARM_UP_AFTER_MS", 50)
    # A cancelled job of an earlier test may still be on its way out (gc_guard counts it).
    qtbot.waitUntil(lambda: gc_guard.workers_running() == 0, timeout=PATIENCE_MS)
    worker = OddsWorker(debounce_ms=10)
    answers: list[OddsResult] = []
    worker.ready.connect(answers.append)
    worker.request(RollSpec(code="3D+1"))
    assert answers and not big.engaged()  # the first screen's odds come first
    qtbot.waitUntil(big.engaged, timeout=PATIENCE_MS)
    assert not worker.is_busy()  # nobody waits for it
    qtbot.waitUntil(lambda: not worker._tokens, timeout=PATIENCE_MS)
    # The pool thread is done: the guard counts it out and collections are back on.
    assert gc_guard.workers_running() == 0 and gc.isenabled()
    worker.request(RollSpec(code="3D+2"))
    assert len(answers) == 2  # one warm-up per worker: nothing more to start
    qtbot.wait(100)
    assert not worker._tokens
