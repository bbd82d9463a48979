"""Long bench runs spread over processes: each game is a task, reported as it ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def results(fn: Callable[[T], R], tasks: list[T], jobs: int = 1) -> Iterator[R]:
    """`fn` of each task: in order in this process when `jobs` <= 1, else in `jobs` processes
    as each ends (`fn` must be a module-level function, so that it can be sent)."""
    if jobs <= 1:
        yield from map(fn, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        for done in as_completed([pool.submit(fn, t) for t in tasks]):
            yield done.result()
