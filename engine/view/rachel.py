"""Rachel, the solo opponent: her action deck as the table shows it, and her fixed goals."""

from __future__ import annotations

import msgspec

from engine.ctx import Ctx
from engine.game import Game
from engine.observation import Observation
from engine.rules.rachel import SEAT
from engine.rules.rachel import deck as rdeck
from engine.rules.rachel.goals import NAMES as GOAL_NAMES


class RachelCardView(msgspec.Struct, frozen=True):
    name: str
    top: str  # the action she tries first, in words
    bottom: str


class RachelView(msgspec.Struct, frozen=True):
    seat: int
    shown: RachelCardView | None  # the card she acts on, else the last revealed
    next_back: tuple[int, int, int] | None  # the next card's back: two numbers, a station
    deck: int  # cards left
    revealed: int
    targets: tuple[int, int, int]  # her goals: developments, segments, launches
    reached: tuple[int, int, int]  # how far she is with each
    difficulty: str
    levels: tuple[str, ...]  # per row of the difficulty table
    goal_names: tuple[str, ...] = GOAL_NAMES  # what each of her goals counts


def rachel(game: Game, obs: Observation) -> RachelView | None:
    r = obs.state.rachel
    if r is None:
        return None
    c = game.comps
    shown_id = r.card or (r.discard[-1] if r.discard else None)
    shown = None
    if shown_id:
        card = c.rachel_card(shown_id)
        shown = RachelCardView(card.name, rdeck.label(card, card.top),
                               rdeck.label(card, card.bottom))
    back = obs.rachel_next
    p = obs.state.players[SEAT]
    return RachelView(
        SEAT, shown, (back.first, back.second, back.station) if back else None,
        obs.rachel_deck_size, len(r.discard), rdeck.targets(Ctx(game.state, game.comps)),
        (p.developments_placed, p.segments_built, p.launches), game.options.difficulty,
        rdeck.levels(game.options))
