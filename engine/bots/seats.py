"""The computer players a seat can be given, by the seat kind `GameOptions.seats` names."""

from __future__ import annotations

from typing import Protocol

from engine.bots.expert import ExpertBot
from engine.bots.greedy import GreedyBot
from engine.bots.planner import PlannerBot
from engine.bots.random_bot import RandomBot
from engine.commands import Command
from engine.game import Game


class Bot(Protocol):
    def choose(self, game: Game) -> Command: ...


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot,
                              "expert": ExpertBot}


def bot_for(kind: str, seed: int) -> Bot:
    """A fresh bot for a seat of this kind; the seed makes its choices repeatable."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"no bot plays a {kind!r} seat") from None
