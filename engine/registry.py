"""The one table of what the engine knows how to do: per decision kind its options, its handler
and its words; the free commands; the twelve actions; the seats the engine plays itself.

`flow` walks the stack and asks this table; rule modules reach it through `ctx.r` (hooks such
as Rachel's) and never import `flow` or this module. A module of `engine/modules` adds rows to
a copy of the table (`rules_for`), so turning a module on never changes the base game's table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine import decisions as D
from engine.commands import (
    Done,
    DropReputation,
    Launch,
    PayFee,
    PlayAgendaEffect,
    PlayAgendaResource,
    UseTechnology,
)
from engine.rules import (
    actions,
    agenda,
    agenda_effects,
    blueprints,
    cruises,
    developments,
    endgame,
    funding,
    goals,
    launch,
    network,
    placement,
    ships,
    tech_fees,
    travel,
)
from engine.rules.actions import LABELS
from engine.rules.rachel import seat as rachel

if TYPE_CHECKING:
    from engine.commands import Command
    from engine.ctx import Ctx

Options = Callable[..., "list[Command]"]
Apply = Callable[..., None]
Words = Callable[..., str]


@dataclass(frozen=True)
class Kind:
    options: Options  # (ctx, dec) -> the commands this decision offers (free ones apart)
    apply: Apply  # (ctx, dec, cmd): carries one out; the decision is already off the stack
    words: Words  # (ctx, dec) -> what the game waits for, after the player's name
    window: str = ""  # the agenda timing whose cards may be played for effect here
    free: bool = True  # the turn's free commands (a card for a resource, the drop) are offered


@dataclass(frozen=True)
class Free:
    """A command legal beside any decision whose own options allow it."""

    options: Options  # (ctx, dec) -> the commands of this type legal now
    apply: Apply  # (ctx, dec, cmd)
    on_turn: bool = True  # only by the seat whose turn it is, outside set-up and the end


@dataclass(frozen=True)
class SeatRules:
    """A seat kind the engine plays itself (Rachel): the rules that differ for it."""

    turn: Callable[..., None]  # (ctx): advance its turn while nothing is pending
    funding: Callable[..., None]  # (ctx, seat, n, why): take n funding bonuses at once
    scoring: Callable[..., None]  # (ctx, player, parts): its own final scoring
    final_travel: Callable[..., None]  # (ctx, seat)
    goals: Callable[..., None]  # (ctx, seat)


@dataclass(frozen=True)
class TowerTokens:
    """A module's launch-tower tokens (in bottom places, by id from its data): what each
    reads as and does."""

    label: Callable[..., str]  # (ctx, token id) -> its bonus in words
    short: Callable[..., str]  # (ctx, token id) -> a few letters for the tower drawing
    flip: Callable[..., None]  # (ctx, player, token id): flipped for a cruise, its bonus
    possible: Callable[..., bool]  # (ctx, player, token id): could its bonus be carried out


@dataclass(frozen=True)
class ShipRules:
    """A module's rules for where segments go and what cabins a ship has (客室斡旋)."""

    spots: Callable[..., list[int]]  # (ctx, player, ship, blueprint) -> places (BuildSegment.at)
    cabins: Callable[..., int]  # (ctx, player, ship) -> the cabins it offers
    off: Callable[..., int]  # (ctx, player, ship, blueprint id, at) -> money off that build


@dataclass(frozen=True)
class Rules:
    kinds: dict[type, Kind]
    free: dict[type, Free]
    actions: dict[str, actions.Action]
    seats: dict[str, SeatRules]
    main_options: list[Options] = field(default_factory=list)  # extra phase-2 choices
    main_handlers: dict[type, Apply] = field(default_factory=dict)  # ... and their handlers
    # (ctx): set-up steps of modules, run after every base set-up draw so that a seed deals a
    # module game the same base layout as a base game.
    setup: tuple[Callable[..., None], ...] = ()
    # Moments of the base turn at which a module acts; empty in the base table.
    # (ctx, seat, piece, station): a piece was placed on a station, before its actions.
    on_place_piece: tuple[Callable[..., None], ...] = ()
    # (ctx): a development was placed on a connection (a player's, the NPC's, in set-up).
    on_development_placed: tuple[Callable[..., None], ...] = ()
    # (ctx, player) -> the token ids in a player's 4 bottom launch-tower places, left to right;
    # None: the base ones (cruises.BOTTOM_BONUS).
    bottom_tokens: Callable[..., list[str]] | None = None
    tower_tokens: TowerTokens | None = None  # the tokens it puts there that are not the base's
    ships: ShipRules | None = None  # None: a segment goes beside the engine, cabins = segments - 1
    # (ctx, player, ship): a module's day in space instead of the guests' bonuses (専門設計図);
    # it ends the step (modifiers.end_of_step) once the day is spent.
    day_in_space: Callable[..., None] | None = None
    # (ctx, slot 0-based) -> a technology's effect now; None: its tile's printed effect.
    tech_effect: Callable[..., Any] | None = None
    # (ctx, slot) -> money added to each fee for it and to a development under it.
    tech_surcharge: Callable[..., int] | None = None
    # (ctx, player, slot) -> the fee each owner of that technology is paid by the player:
    # technologies.usable asks it here (network, which says it, reads technologies' effects).
    tech_fee: Callable[..., int] = network.player_tech_fee
    on_end_of_step: tuple[Callable[..., None], ...] = ()  # (ctx): an action, stop or launch ends
    on_turn_start: tuple[Callable[..., None], ...] = ()  # (ctx): a player's turn begins
    on_progress_cube: tuple[Callable[..., None], ...] = ()  # (ctx, seat): a cube was placed
    # (ctx, player, late 0..1) -> VP the bots add to a position for what a module makes worth
    # having later (developments by a station bonus tile, a technology's marker); play only.
    bot_values: tuple[Callable[..., float], ...] = ()
    # Agenda effect kinds carried out at once (agenda_effects.OneOff by kind): the base
    # game's, and those a module adds.
    effects: dict[str, agenda_effects.OneOff] = field(default_factory=dict)
    modules: tuple[str, ...] = ()

    def kind(self, dec: D.Decision) -> Kind:
        return self.kinds[type(dec)]


def _who(ctx: Ctx, dec: D.Decision) -> str:
    return ctx.name(dec.seat)


def _supplies_words(ctx: Ctx, dec: D.LaunchSupplies) -> str:
    p = ctx.player(dec.seat)
    need = launch.launch_need(ctx, p)
    short = launch.deficit(ctx, p)
    missing = ", ".join(f"{n} {r}" for r, n in short.items() if n)
    # The drop is once a turn: once made, only cards are left to name.
    way = "play agenda cards" if ctx.s.turn.dropped or not p.reputation else \
        "play agenda cards or drop reputation"
    # A cruise tile said fuel 2 and the launch asked 0, with no word why (QA s55): the
    # discounts in force (technologies, cards, upgrades), as taken off.
    off = [f"{n} {r}" for r, n in zip(("food", "oxygen", "fuel"),
                                      launch.launch_discounts(ctx, p), strict=True) if n]
    notes = ([f"after {' and '.join(off)} off"] if off else []) + \
        ([f"short of {missing}: {way} for it"] if missing else [])
    tail = f" ({'; '.join(notes)})" if notes else ""
    return (f"T-3 supplies: pay {need['food']} food, {need['oxygen']} oxygen, "
            f"{need['fuel']} fuel{tail}")


def _boarding_words(ctx: Ctx, dec: D.Boarding) -> str:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    room = launch.cabin_capacity(ctx, p, ship)
    return (f"T-5 boarding: board guests ({len(ship.guests)} of {room} aboard), "
            "then continue")


def _w(text: str) -> Words:
    return lambda ctx, dec: text


BASE_KINDS: dict[type, Kind] = {
    D.StartingDevelopment: Kind(developments.setup_options, developments.apply_setup,
                                _w("place a starting development on an empty connection"),
                                free=False),
    D.StartingBlueprint: Kind(blueprints.options, blueprints.apply,
                              _w("take a starting blueprint from the display"), free=False),
    D.MainChoice: Kind(placement.main_options, placement.apply_main,
                       _w("place a worker, launch, or call a meeting")),
    D.ChooseAction: Kind(actions.action_choices, actions.apply_choice,
                         lambda ctx, dec: f"take an action ({ctx.s.turn.actions_left} left) or "
                                          "end the actions"),
    D.MeetingAction: Kind(actions.meeting_choices, actions.apply_choice,
                          _w("take one action by your own developments, or skip it")),
    D.Act: Kind(actions.act_options, actions.act,
                lambda ctx, dec: f"{LABELS.get(dec.action, dec.action)}: choose how",
                window="action"),
    D.Funding: Kind(funding.funding_options, funding.apply_funding,
                    lambda ctx, dec: f"choose a funding bonus ({dec.left} to take; {dec.why})"),
    D.ResourceChoice: Kind(launch.resource_choice_options, funding.apply_resource,
                           lambda ctx, dec: f"choose a resource ({dec.left} to take)"),
    D.FreeBlueprint: Kind(ships.free_blueprint_options, ships.free_blueprint,
                          lambda ctx, dec: f"take a free blueprint ({dec.left} to take)"),
    D.DiscardDown: Kind(agenda.discard_options, agenda.apply_discard,
                        _w("discard agenda cards down to 5"), free=False),
    D.LastCards: Kind(lambda ctx, dec: [Done()], lambda ctx, dec, cmd: None,
                      _w("play a card for its effect before phase 3, or go on")),
    D.Boarding: Kind(launch.board_options, launch.board,
                     _boarding_words,
                     window="launch"),
    D.LaunchSupplies: Kind(launch.supplies_options, launch.liftoff, _supplies_words,
                           window="launch"),
    D.SellTickets: Kind(cruises.ticket_options, cruises.sell_ticket,
                        _w("sell presold tickets for this cruise (up to 2)")),
    D.TravelStart: Kind(travel.start_options, travel.apply_start,
                        _w("phase 1: play a card or pay for a technology before your ships "
                           "move"), window="phase1"),
    D.ExtraTravel: Kind(travel.extra_options, travel.apply_extra,
                        _w("move a ship one extra stop")),
    D.TravelOrder: Kind(travel.order_options, travel.apply_order,
                        _w("choose which ship travels next")),
    D.Unlock: Kind(travel.unlock_options, travel.apply_unlock,
                   travel.unlock_words),
    D.Tour: Kind(travel.tour_options, travel.apply_tour,
                 lambda ctx, dec: f"tour guests at the {dec.stop} destination",
                 window="destination"),
    D.DayInSpace: Kind(travel.space_options, travel.apply_space,
                       _w("a day in space: play a card for it, or continue"),
                       window="day_in_space"),
    D.GoalChoice: Kind(goals.options, goals.apply,
                       _w("achieve a company goal (at most one this turn), or pass"),
                       window="phase3"),
    D.FinalTravel: Kind(endgame.final_travel_options, endgame.final_travel,
                        _w("final round: move a ship in flight to any later stop")),
}

BASE_FREE: dict[type, Free] = {
    PlayAgendaResource: Free(agenda.play_resource_options, agenda.play_for_resource),
    DropReputation: Free(funding.drop_free_options, funding.apply_drop),
    # Cards and fees have windows of their own, some off one's turn (a card when bumped).
    PlayAgendaEffect: Free(agenda_effects.options, agenda_effects.play, on_turn=False),
    UseTechnology: Free(tech_fees.fee_options, tech_fees.pay_fee, on_turn=False),
    PayFee: Free(network.fee_options, network.pay_fee, on_turn=False),
}

BASE = Rules(
    kinds=BASE_KINDS, free=BASE_FREE, actions=dict(actions.ACTIONS),
    seats={rachel.KIND: SeatRules(rachel.turn, rachel.funding, rachel.scoring,
                                  rachel.final_travel, rachel.goals_at_end)},
    main_options=[launch.phase2_options],
    main_handlers={Launch: launch.start},
    effects=dict(agenda_effects.EFFECTS),
)

_cache: dict[tuple[str, ...], Rules] = {(): BASE}


def rules_for(modules: tuple[str, ...]) -> Rules:
    """The table with the rows of these modules added (each module folder that has rules
    exposes `extend(rules) -> Rules`); built once per module set."""
    got = _cache.get(modules)
    if got is None:
        got = replace(BASE, modules=modules)
        for m in modules:
            pkg: Any = importlib.import_module(f"engine.modules.{m}")
            extend = getattr(pkg, "extend", None)
            if extend is not None:
                got = extend(got)
        _cache[modules] = got
    return got
