"""Why a common option is missing from the decision bar (`Advertise a Cruise: needs 1 ad`).

The engine lists what is legal; a player who misses an option wants to know what stands in
the way. The reasons read the public position only; when none of them applies the row says
the option is not possible now, never nothing.
"""

from __future__ import annotations

from engine import Game
from engine import commands as C
from engine.ctx import Ctx
from engine.describe import GUEST_NAME
from engine.rules import cruises, modifiers, travel
from engine.rules.actions import LABELS
from engine.state import Player

MAX_BLUEPRINTS = 5  # blueprints a player may hold (the hand pane's "n/5")


def _why_action(game: Game, p: Player, action: str) -> str:  # noqa: C901 - one per action
    s = game.state
    b = s.board
    ctx = Ctx(s, game.comps)
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
        if len(p.blueprints) >= MAX_BLUEPRINTS:
            return f"you hold {MAX_BLUEPRINTS} blueprints"
        if not any(b.blueprint_display):
            return "the blueprint display is empty"
    if action == "build_segments":
        if not p.blueprints and not any(b.blueprint_display):
            return "needs a blueprint"
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


def unavailable(game: Game) -> list[str]:
    """Rows for the options a player would look for here that are not legal now."""
    dec = game.pending
    if dec is None or dec.seat < 0:
        return []
    s = game.state
    p = s.players[dec.seat]
    legal = game.legal()
    out: list[str] = []
    if dec.kind == "action" and s.turn.station:
        taken = {c.action for c in legal if isinstance(c, C.TakeAction)
                 and c.station == s.turn.station}
        for action in dict.fromkeys(s.board.stations[s.turn.station - 1]):
            if action not in taken:
                out.append(f"{LABELS.get(action, action)}: {_why_action(game, p, action)}")
    elif dec.kind == "tour":
        ctx = Ctx(s, game.comps)
        off = modifiers.amount(ctx, p, "tour_discount")
        toured = {c.colour for c in legal if isinstance(c, C.TourGuest)}
        for colour in dict.fromkeys(dec.guests):
            if colour not in toured:
                cost = travel.tour_cost(colour, dec.stop, off)
                out.append(f"Tour the {GUEST_NAME.get(colour, colour)} guest: needs "
                           f"{cost} ad{'s' if cost != 1 else ''} (you have {p.ads})")
    return out
