"""The decision bar's facts: what an option costs and gives, and the common options that are
not possible now with what stands in the way.

The engine lists what is legal; a player who misses an option wants to know why. The reasons
read the public position only; when none of them applies the option is "not possible now".
Plain text, as the engine's own words (engine/describe.py).
"""

from __future__ import annotations

import msgspec

from engine import commands as C
from engine.ctx import Ctx
from engine.describe import FREE_GROUP, GUEST_NAME
from engine.game import Game
from engine.rules import cruises, launch, modifiers, travel, upgrades
from engine.rules.blueprints import HOLD_LIMIT
from engine.rules.ships import cabins, in_flight
from engine.state import RESOURCES, Player
from engine.view.board import action_view
from engine.view.turn import PendingView, read_turn


class MissingOption(msgspec.Struct, frozen=True):
    label: str  # "Advertise a Cruise"
    reason: str  # "needs 1 ad (you have 0)"


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 or word == 'money' else 's'}"


def gain(game: Game, pending: PendingView | None, cmd: C.Command) -> str:  # noqa: C901
    """What `cmd` costs and gives the deciding seat, in words ("" when nothing to add)."""
    if pending is None:
        return ""
    s = game.state
    ctx = Ctx(s, game.comps)
    p = s.players[pending.seat]
    b = s.board
    if isinstance(cmd, C.TourGuest) and pending.tour_destination is not None:
        dest = pending.tour_destination
        cost = travel.tour_cost(cmd.colour, dest, modifiers.amount(ctx, p, "tour_discount"))
        vp = travel.TOUR_VP + upgrades.upgrades_of(ctx, p, dest) \
            + modifiers.amount(ctx, p, "tour_bonus_vp")
        return f"-{_s(cost, 'ad')}, +{vp} VP" if cost else f"free, +{vp} VP"
    if isinstance(cmd, C.SellTicket) and pending.ticket_cruise is not None:
        # The ads it costs, after any discount, are in the option's own words (describe).
        dests = cruises.destinations(ctx, pending.ticket_cruise)
        match = ", +1 reputation" if cmd.colour in dests else ""
        return f"+{len(dests)} money{match}"
    if isinstance(cmd, C.AdvertiseCruise):
        dests = cruises.destinations(ctx, cmd.space)
        kinds = "/".join(dict.fromkeys(GUEST_NAME.get(d, d) for d in dests))
        return f"tickets +{len(dests)} money each, +1 reputation if {kinds}"
    if isinstance(cmd, C.ScheduleCruise):
        pre = b.cruise_spaces[cmd.space].presold
        if not pre:
            return "no presold guests yet"
        return "presold " + ", ".join(GUEST_NAME.get(g, g) for g in pre) + " come with it"
    if isinstance(cmd, C.TakeAction) and cmd.action in ("gain_resources", "refill_silo"):
        # What the silo holds decides both (a player took Gain Resources for fuel it lacked).
        return "silo: " + ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, b.silo, strict=True))
    if isinstance(cmd, C.UseTechnology):
        tech = game.comps.technology(b.technologies[cmd.slot - 1])
        # A phase-1 technology (an extra stop) does nothing once phase 1 is over, nor in the
        # final turns (明確化); the fee buys this turn only.
        if tech.phase1_only and not read_turn(game)[0].phase_one:
            return "no use now: phase 1 of a normal turn only"
        return ""
    if isinstance(cmd, C.RefillSilo):
        steps = 5 - b.silo[RESOURCES.index(cmd.resource)] + \
            modifiers.amount(ctx, p, "refill_silo_extra")
        return f"+1 reputation, +{steps} money"
    if isinstance(cmd, C.RefillAgenda):
        bonuses = [kind for slot, kind in enumerate(game.comps.board.agenda_slot_bonuses)
                   if b.agenda_display[slot] is None]
        if not bonuses:
            return "no empty space: no bonus"
        return "empty spaces' bonuses: " + ", ".join(f"+1 {_BONUS.get(k, k)}" for k in bonuses)
    if isinstance(cmd, C.DrawAgenda):
        card = b.agenda_display[cmd.slot] if cmd.slot >= 0 else \
            (b.agenda_discard[-1] if b.agenda_discard else None)
        if card:
            a = game.comps.agenda(card)
            return f"[{a.resource}] {a.text}"
    return ""


_BONUS = {"vp": "VP", "ad": "ad"}


def _why_action(game: Game, p: Player, action: str) -> str:  # noqa: C901 - one per action
    b = game.state.board
    ctx = Ctx(game.state, game.comps)
    if action == "purchase_supplies" and p.money < 1:
        return "needs 1 money"
    if action == "gain_resources":
        if not any(b.silo):
            return "the silo is empty"
        if all(p.resource(r) >= p.capacity(r) for r in ("food", "oxygen", "fuel")):
            return "no room in your storage"
    if action == "refill_silo":
        return "needs an agenda card to discard" if not p.hand else "the silo is full"
    if action == "draw_agenda" and not any(b.agenda_display) and not b.agenda_discard:
        return "no card to draw"
    if action == "hire_expert":
        return "both experts are hired" if not p.experts else \
            f"cannot pay for an expert ({p.money} money)"
    if action == "acquire_ship":
        if not any(b.cockpit_display):
            return "no ship for sale"
        return f"cannot pay for a ship ({p.money} money)"
    if action == "acquire_blueprints":
        if len(p.blueprints) >= HOLD_LIMIT:
            return f"you hold {HOLD_LIMIT} blueprints"
        if not any(b.blueprint_display):
            return "the blueprint display is empty"
    if action == "build_segments":
        if not p.blueprints and not any(b.blueprint_display):
            return "needs a blueprint"
        if p.ships and all(in_flight(sh) for sh in p.ships):
            return "every ship of yours is in flight"
        limit = upgrades.max_segments(ctx, p)
        if all(in_flight(sh) or len(sh.segments) >= limit for sh in p.ships):
            return f"no ship at home has room (at most {limit} segments a ship)"
        return f"cannot pay for a segment ({p.money} money)"
    if action == "schedule_cruise":
        if p.scheduled is not None:
            return "you have a cruise scheduled already"
        return "no cruise open to schedule"
    if action == "advertise_cruise":
        discount = cruises.ad_discount(ctx, p)
        if not cruises.guest_sources(ctx, p.ads, discount):
            cheapest = min(cruises.guest_price(sec, discount) for sec in range(4))
            return f"needs {cheapest} ad{'s' if cheapest != 1 else ''} (you have {p.ads})"
        return "no cruise open to advertise"
    if action == "build_development":
        if not any(p.developments_left):
            return "every development is built"
        return "cannot pay for a development"
    return "not possible now"


def missing(game: Game, pending: PendingView | None,
            legal: list[C.Command]) -> tuple[MissingOption, ...]:
    """The options a player would look for here that are not legal now, with why."""
    if pending is None or pending.seat < 0:
        return ()
    s = game.state
    p = s.players[pending.seat]
    out: list[MissingOption] = []
    if pending.actions_at:
        station = pending.actions_at
        taken = {c.action for c in legal if isinstance(c, C.TakeAction)
                 and c.station == station}
        for action in dict.fromkeys(s.board.stations[station - 1]):
            if action not in taken:
                out.append(MissingOption(action_view(action).label,
                                         _why_action(game, p, action)))
    elif pending.main_choice:
        why = _why_no_launch(game, p, legal)
        if why:
            out.append(MissingOption("Launch", why))
    elif pending.tour_destination is not None:
        ctx = Ctx(s, game.comps)
        off = modifiers.amount(ctx, p, "tour_discount")
        toured = {c.colour for c in legal if isinstance(c, C.TourGuest)}
        for colour in pending.tour_guests:
            if colour not in toured:
                cost = travel.tour_cost(colour, pending.tour_destination, off)
                out.append(MissingOption(
                    f"Tour the {GUEST_NAME.get(colour, colour)} guest",
                    f"needs {cost} ad{'s' if cost != 1 else ''} (you have {p.ads})"))
    return tuple(out)


def _why_no_launch(game: Game, p: Player, legal: list[C.Command]) -> str:
    """Why no launch is offered to a player with a cruise scheduled and a ship with a cabin at
    home, the moment one is looked for ("" otherwise). A technology that would make it
    possible is named first: it must be turned on (paid for, if only 0) before it counts."""
    if p.scheduled is None or any(isinstance(c, C.Launch) for c in legal):
        return ""
    ctx = Ctx(game.state, game.comps)
    ships = [sh for sh in p.ships if not in_flight(sh) and cabins(sh, ctx, p) >= 1]
    if not ships:
        return ""
    if not p.break_room and not launch.pilot_free(ctx, p):
        return "no worker in your break room to fly it (call a meeting)"
    for cmd in legal:
        if isinstance(cmd, C.UseTechnology):
            after, _ = game.try_apply(cmd, check=False)
            if any(isinstance(c, C.Launch) for c in after.legal()):
                slot = cmd.slot - 1
                name = game.comps.technology(game.state.board.technologies[slot]).name
                return f"turn on {name} first (under \"{FREE_GROUP}\")"
    space = game.state.board.cruise_spaces[p.scheduled]
    if space.tile is None:
        return "not possible now"
    guests = max(1, len(space.presold))
    cards = launch.card_resources(ctx, p)
    best: dict[str, int] | None = None
    for sh in ships:
        need = launch.needs(ctx, p, sh, min(guests, launch.cabin_capacity(ctx, p, sh)),
                            space.tile)
        short = {r: max(0, need[r] - p.resource(r) - cards[r]) for r in need}
        if best is None or sum(short.values()) < sum(best.values()):
            best = short
    if best and any(best.values()):
        return "short of " + ", ".join(f"{n} {r}" for r, n in best.items() if n) + \
            " for the supplies (storage and cards)"
    if not space.presold and not cruises.guest_sources(ctx, p.ads, 0):
        return f"no guest to board: a last-minute guest costs ads (you have {p.ads})"
    return "not possible now"
