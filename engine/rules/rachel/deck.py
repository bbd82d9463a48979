"""Rachel's action deck and her worker card: reveal, reshuffle, difficulty rows (準備, 難易度)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import RachelCard, RachelWorkerCard
from engine.names import readable
from engine.options import CUSTOM_ROWS, GameOptions
from engine.rules.rachel import SEAT
from engine.state import RachelState

if TYPE_CHECKING:
    from engine.ctx import Ctx

# The rows of the difficulty table, in the order of GameOptions.custom_mix.
DEVELOPMENTS_GOAL, SEGMENTS_GOAL, SHIPS_GOAL, SECOND_ACTION, MEETING, EXPERT = range(6)

LABELS = {
    "build_segments": "Build Ship Segments",
    "draw_agenda": "Draw Agenda Cards",
    "refill_agenda": "Refill Agenda Cards",
    "gain_resources": "Gain Resources",
    "refill_silo": "Refill Silo",
    "advertise_cruise": "Advertise a Cruise",
    "develop_network": "Build a Development on the network",
    "develop_technology": "Build a Development under a technology",
    "hire_expert": "Hire an Expert",
    "refill_blueprints": "Refill Blueprints",
    "launch": "Launch",
}


def rs(ctx: Ctx) -> RachelState:
    assert ctx.s.rachel is not None, "not a solo game"
    return ctx.s.rachel


def levels(options: GameOptions) -> tuple[str, ...]:
    if options.difficulty == "custom":
        return tuple(options.custom_mix)
    return (options.difficulty,) * len(CUSTOM_ROWS)


def row(ctx: Ctx, which: int) -> RachelWorkerCard:
    """The worker card whose level rules this row of the difficulty table."""
    return ctx.c.rachel_worker(levels(ctx.s.options)[which])


def targets(ctx: Ctx) -> tuple[int, int, int]:
    """Her three fixed goals: developments placed, segments built, ships launched."""
    return (row(ctx, DEVELOPMENTS_GOAL).developments_goal,
            row(ctx, SEGMENTS_GOAL).segments_goal, row(ctx, SHIPS_GOAL).ships_goal)


def label(card: RachelCard, action: str) -> str:
    if action == "launch":
        return f"Launch (a ship with {card.launch_segments}+ segments)"
    return LABELS.get(action) or readable(action)


def new_deck(ctx: Ctx) -> RachelState:
    state = RachelState(deck=[c.id for c in ctx.c.rachel_cards])
    ctx.shuffle(state.deck)
    return state


def number_card(ctx: Ctx) -> RachelCard:
    """The card whose back is showing: the deck's top, or once the last card is revealed the
    face-down discard pile's top, which is the first card revealed (アクションの山)."""
    r = rs(ctx)
    return ctx.c.rachel_card(r.deck[0] if r.deck else r.discard[0])


def reshuffle(ctx: Ctx) -> None:
    r = rs(ctx)
    r.deck = r.deck + r.discard
    r.discard = []
    ctx.shuffle(r.deck)
    ctx.log("rachel", SEAT, "Rachel's action cards are gathered and shuffled into a new deck.")


def reveal(ctx: Ctx) -> RachelCard:
    r = rs(ctx)
    if not r.deck:
        reshuffle(ctx)
    card = ctx.c.rachel_card(r.deck.pop(0))
    r.discard.append(card.id)
    return card


def end_of_action(ctx: Ctx) -> None:
    """After the action of the deck's last card, every card is shuffled into a new deck."""
    if not rs(ctx).deck:
        reshuffle(ctx)
