"""What an option costs and gives, and the number of the thing it names, for the decision bar.

engine/describe.py says what a command does; here its words get what the player pays and gains
(a tour's ads and VP, a ticket's ads, money and reputation, a card's resource and effect), and
each command the number shown for its thing on the boards (station, cruise space, card in
hand), which the bar uses as its key.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Game
from engine import commands as C
from engine.ctx import Ctx
from engine.describe import GUEST_NAME, path
from engine.rules import cruises, modifiers, travel, upgrades
from galcruise_tui.words import tidy


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 or word == 'money' else 's'}"


def numbering(game: Game) -> Callable[[C.Command], int | None]:
    """command -> the number its thing carries on the boards, or None."""
    dec = game.pending
    hand = game.state.players[dec.seat].hand if dec is not None and dec.seat >= 0 else []

    def number(cmd: C.Command) -> int | None:
        if isinstance(cmd, C.PlaceWorker):
            return cmd.station
        if isinstance(cmd, C.SetupDevelopment):
            return cmd.connection
        if isinstance(cmd, C.BuildDevelopment) and cmd.site.startswith("c"):
            return int(cmd.site[1:])  # under a technology (t1-t4) it takes a letter
        if isinstance(cmd, C.ScheduleCruise | C.AdvertiseCruise):
            return cmd.space + 1
        if isinstance(cmd, C.AcquireShip):
            return cmd.pair + 1
        if isinstance(cmd, C.SetupBlueprint | C.AcquireBlueprint):
            return cmd.slot + 1
        if isinstance(cmd, C.DrawAgenda):
            return cmd.slot + 1 if cmd.slot >= 0 else None
        if isinstance(cmd, C.Launch | C.TravelShip):
            return cmd.ship + 1
        if isinstance(cmd, C.PlayAgendaResource | C.PlayAgendaEffect | C.DiscardAgenda):
            return hand.index(cmd.card) + 1 if cmd.card in hand else None
        return None

    return number


def words(game: Game, cmd: C.Command) -> tuple[str, ...]:
    """The command's path of choices, its last step saying what it costs and gives."""
    p = tuple(tidy(game, x) for x in path(game, cmd))
    extra = gain(game, cmd)
    if not extra:
        return p
    if isinstance(cmd, C.ScheduleCruise):  # the guests belong to the cruise, not the token
        return (f"{p[0]}, {extra}", *p[1:])
    return (*p[:-1], f"{p[-1]}: {extra}")


def gain(game: Game, cmd: C.Command) -> str:  # noqa: C901 - one branch per kind of option
    s = game.state
    dec = game.pending
    if dec is None:
        return ""
    ctx = Ctx(s, game.comps)
    p = s.players[dec.seat]
    b = s.board
    if isinstance(cmd, C.TourGuest):
        cost = travel.tour_cost(cmd.colour, dec.stop,
                                modifiers.amount(ctx, p, "tour_discount"))
        vp = travel.TOUR_VP + upgrades.upgrades_of(ctx, p, dec.stop) \
            + modifiers.amount(ctx, p, "tour_bonus_vp")
        return f"-{_s(cost, 'ad')}, +{vp} VP"
    if isinstance(cmd, C.SellTicket):
        price = cruises.guest_price(cmd.section, cruises.ad_discount(ctx, p))
        dests = cruises.destinations(ctx, dec.space)
        match = ", +1 reputation" if cmd.colour in dests else ""
        return f"+{len(dests)} money{match}" if price else f"free, +{len(dests)} money{match}"
    if isinstance(cmd, C.BoardGuest) and cmd.section >= 0:
        return f"-{_s(cruises.guest_price(cmd.section), 'ad')}"
    if isinstance(cmd, C.AdvertiseCruise):
        dests = cruises.destinations(ctx, cmd.space)
        kinds = "/".join(dict.fromkeys(GUEST_NAME.get(d, d) for d in dests))
        return f"tickets +{len(dests)} money each, +1 reputation if {kinds}"
    if isinstance(cmd, C.ScheduleCruise):
        pre = b.cruise_spaces[cmd.space].presold
        if not pre:
            return "no presold guests yet"
        return "presold " + ", ".join(GUEST_NAME.get(g, g) for g in pre) + " come with it"
    if isinstance(cmd, C.DrawAgenda):
        card = b.agenda_display[cmd.slot] if cmd.slot >= 0 else \
            (b.agenda_discard[-1] if b.agenda_discard else None)
        if card:
            a = game.comps.agenda(card)
            return f"[{a.resource}] {a.text}"
    return ""
