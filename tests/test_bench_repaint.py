"""The repaint figure: a key that completes a move is timed to the last frame the app writes
for it, without the pilot's waits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import repaint


def test_each_move_is_timed_to_a_frame_written_after_its_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path))
    monkeypatch.setattr(repaint, "SETTLE", 0.1)
    times = asyncio.run(repaint._measure(2, 2))
    assert len(times) == 2
    assert all(cpu > 0 and wall > 0 for cpu, wall in times)


def test_the_rows_name_the_target_and_keep_the_pilot_figure_beside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def measured(presses: int, players: int) -> list[tuple[float, float]]:
        return [(0.040, 0.070)] * presses

    async def piloted(presses: int, players: int) -> list[float]:
        return [0.060] * presses

    monkeypatch.setattr(repaint, "_measure", measured)
    monkeypatch.setattr(repaint, "_measure_with_pilot", piloted)
    rows = repaint.repaint_rows(3)
    assert [r.value for r in rows] == pytest.approx([40, 70, 60] * 2)
    assert "target < 50 ms" in rows[0].note and "pilot" in rows[2].name
