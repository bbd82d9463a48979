"""A bot that picks among the legal commands at random: for fuzzing, tests and benchmarks.

Uniform choice wanders (it burns cards and ends its actions early), so kinds of command are
weighted to keep games moving: launching is likely when possible, passing is unlikely. Every
legal command keeps a chance of being chosen.
"""

from __future__ import annotations

from engine.commands import (
    AchieveGoal,
    BoardGuest,
    CallMeeting,
    Command,
    Done,
    DropReputation,
    FundingBonus,
    Launch,
    PlayAgendaEffect,
    PlayAgendaResource,
    TakeAction,
    TourGuest,
    UseTechnology,
)
from engine.game import Game
from engine.rng import Rng

WEIGHTS: dict[type, int] = {
    Launch: 400,
    AchieveGoal: 400,
    TourGuest: 60,
    BoardGuest: 40,
    Done: 2,
    CallMeeting: 3,
    PlayAgendaResource: 1,
    DropReputation: 1,
    PlayAgendaEffect: 2,
    UseTechnology: 1,
}
DEFAULT_WEIGHT = 10


# Actions on the way to a launch are favoured a little so that random games still fly ships.
FAVOURED_ACTIONS = ("build_segments", "schedule_cruise", "acquire_blueprints", "advertise_cruise",
                    "refill_silo", "build_development", "gain_resources")


# A broke player wanders for hundreds of turns; these keep a random game's economy alive.
INCOME_ACTIONS = ("advertise_cruise", "refill_silo", "schedule_cruise")
BROKE = 3


# The types whose weight _weight reads from the command or the player; every other type's
# comes from WEIGHTS by its type alone, so RandomBot.choose keeps it once met.
LOOKED_AT = (TakeAction, FundingBonus)


def _weight(c: Command, broke: bool) -> int:
    if isinstance(c, TakeAction) and c.action in FAVOURED_ACTIONS:
        if broke and c.action in INCOME_ACTIONS:
            return 6 * DEFAULT_WEIGHT
        return 3 * DEFAULT_WEIGHT
    if broke and isinstance(c, FundingBonus) and c.kind == "money":
        return 5 * DEFAULT_WEIGHT
    return WEIGHTS.get(type(c), DEFAULT_WEIGHT)


# _weight's answer for each type outside LOOKED_AT (and not a drop), filled as types are met.
_PLAIN: dict[type, int] = {}
# _weight's answer for a TakeAction by its action, which is all it reads of it, and whether the
# player is broke (the weight of most of an action choice's commands).
_TAKEN: dict[bool, dict[str, int]] = {False: {}, True: {}}


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng((seed ^ 0x5EED_B07) & ((1 << 64) - 1))

    def choose(self, game: Game) -> Command:
        # The pending decision read once (not game.pending: a random game asks at every
        # position). Only this seat's own commands (a sealed bid names its seat; others may be
        # waiting).
        state = game.state
        stack = state.stack
        if stack:
            seat = stack[-1].seat
            legal = game.legal_for(seat)
            broke = state.players[seat].money < BROKE
        else:
            legal = game.legal()
            broke = False
        # Drops are many (one per level and kind); weigh them as one option together.
        weights = []
        drops = False
        plain = _PLAIN  # the weight of each type that needs no look at the command itself
        taken = _TAKEN[broke]
        for c in legal:
            w = plain.get(type(c))
            if w is None:
                if type(c) is DropReputation:
                    drops = True
                    w = 0
                elif type(c) is TakeAction:
                    w = taken.get(c.action)
                    if w is None:
                        w = taken[c.action] = _weight(c, broke)
                else:
                    w = _weight(c, broke)
                    if not isinstance(c, LOOKED_AT):
                        plain[type(c)] = w
            weights.append(w)
        rng = self.rng
        if drops and rng.below(20) == 0:
            options = [c for c in legal if type(c) is DropReputation]
            return options[rng.below(len(options))]
        total = sum(weights)
        if total == 0:
            return legal[rng.below(len(legal))]
        pick = rng.below(total)
        # (enumerate, not zip: zip's strict= keyword costs more than the walk, at every pick)
        for i, w in enumerate(weights):
            if pick < w:
                return legal[i]
            pick -= w
        raise AssertionError("unreachable")


def play(game: Game, seed: int, max_commands: int = 200_000, max_turns: int | None = None) -> int:
    """Play random commands until the game ends (or a limit); returns commands applied."""
    bot = RandomBot(seed)
    n = 0
    while not game.is_over and n < max_commands:
        if max_turns is not None and game.state.turn.number > max_turns:
            break
        game.apply(bot.choose(game))
        n += 1
    return n
