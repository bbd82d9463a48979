"""Medians over repeated runs and the table they are printed in."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec


class Row(msgspec.Struct):
    name: str
    value: float
    unit: str
    runs: int
    note: str = ""
    # The least the same work costs on this machine in this run (in `unit`): a figure is read
    # beside it, since this VM's speed moves between sessions (2.5x between stops 34 and 35).
    floor: float | None = None


# In-process figures are CPU seconds of this process by default: the machine is shared (other
# engineers run test suites on the same 2 cores), and wall time then measures their load.
# `--wall` switches to time.perf_counter. File writes and app start-up are always wall time.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
clock: Callable[[], float] = time.process_time


def use_clock(name: str) -> None:
    global clock
    clock = CLOCKS[name]


def now() -> float:
    return clock()


def seconds(fn: Callable[[], object]) -> float:
    t = clock()
    fn()
    return clock() - t


def wall_seconds(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def fmt(value: float) -> str:
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def table(rows: list[Row]) -> str:
    w = max(len(r.name) for r in rows)
    vals = [fmt(r.value) for r in rows]
    vw = max(len(v) for v in vals)
    uw = max(len(r.unit) for r in rows)
    floors = [fmt(r.floor) if r.floor is not None else "" for r in rows]
    fw = max(5, *(len(f) for f in floors))
    times = [f"{r.value / r.floor:.1f}x" if r.floor else "" for r in rows]
    head = (f"{'benchmark'.ljust(w)}  {'median'.rjust(vw)}  {'unit'.ljust(uw)}  runs  "
            f"{'floor'.rjust(fw)}  {'/floor':>6}  note")
    lines = [head, "-" * len(head)]
    for r, v, f, x in zip(rows, vals, floors, times, strict=True):
        lines.append(f"{r.name.ljust(w)}  {v.rjust(vw)}  {r.unit.ljust(uw)}  {r.runs:4d}  "
                     f"{f.rjust(fw)}  {x:>6}  {r.note}")
    return "\n".join(lines)
