"""Checks that must hold after every command; used by the property tests and the fuzzer."""

from __future__ import annotations

from engine.game import Game
from engine.state import RESOURCES

GUESTS_PER_COLOUR = 12


def check(game: Game) -> list[str]:
    s = game.state
    b = s.board
    c = game.comps
    bad: list[str] = []
    # Conservation of guests: queue + supply + presold + aboard = 12 per colour.
    for ci, colour in enumerate(("orange", "purple", "teal")):
        n = sum(b.queue[sec][ci] for sec in range(3)) + b.supply[ci]
        n += sum(sp.presold.count(colour) for sp in b.cruise_spaces)
        n += sum(sh.guests.count(colour) for p in s.players for sh in p.ships)
        if n != GUESTS_PER_COLOUR:
            bad.append(f"{colour} guests total {n}, not 12")
        if b.supply[ci] < 0 or any(b.queue[sec][ci] < 0 for sec in range(3)):
            bad.append(f"negative {colour} guests")
    for p in s.players:
        if p.money < 0 or p.ads < 0 or p.vp < 0:
            bad.append(f"{p.name} has negative money/ads/VP")
        if not 0 <= p.reputation <= 18:
            bad.append(f"{p.name} reputation {p.reputation} off the track")
        for r in RESOURCES:
            if p.resource(r) < 0:
                bad.append(f"{p.name} has negative {r}")
            # Over storage is allowed only inside a step (agenda cards, reputation drop).
            if p.resource(r) > p.capacity(r) and s.turn.seat != p.seat:
                bad.append(f"{p.name} holds {p.resource(r)} {r} over capacity {p.capacity(r)}")
        for sh in p.ships:
            if len(sh.guests) > max(len(sh.segments) - 1, sh.berths, 0):
                bad.append(f"{p.name}'s ship is over-filled")
        pieces = list(p.break_room) + list(p.experts)
        pieces += [o.piece for o in b.occupants if o is not None and o.seat == p.seat]
        pieces += [sh.pilot for sh in p.ships if sh.pilot]
        if sorted(pieces) != ["expert_left", "expert_right", "worker", "worker"]:
            bad.append(f"{p.name}'s pieces are {sorted(pieces)}")
        if sum(1 for sp in b.cruise_spaces if sp.consultant == p.seat) > 1:
            bad.append(f"{p.name} has more than one scheduled cruise")
        if len(p.blueprints) > 5:
            bad.append(f"{p.name} holds {len(p.blueprints)} blueprints")
    if any(x < 0 or x > 5 for x in b.silo):
        bad.append(f"silo out of range {b.silo}")
    # Every card and tile in exactly one place.
    agenda = list(b.agenda_deck) + list(b.agenda_discard) + [x for x in b.agenda_display if x]
    agenda += [x for p in s.players for x in p.hand]
    if sorted(agenda) != sorted(a.id for a in c.agenda_cards):
        bad.append("agenda cards are not each in exactly one place")
    bps = list(b.blueprint_deck) + [x for x in b.blueprint_display if x]
    bps += [x for p in s.players for x in p.blueprints]
    bps += [x for p in s.players for sh in p.ships for x in sh.segments]
    if sorted(bps) != sorted(x.id for x in c.blueprints):
        bad.append("blueprints are not each in exactly one place")
    tiles = list(b.cruise_deck) + list(b.cruise_discard)
    tiles += [sp.tile for sp in b.cruise_spaces if sp.tile]
    tiles += [sh.cruise for p in s.players for sh in p.ships if sh.cruise]
    if sorted(tiles) != sorted(t.id for t in c.cruise_tiles):
        bad.append("cruise tiles are not each in exactly one place")
    cks = list(b.cockpit_deck) + [x for x in b.cockpit_display if x]
    cks += [sh.cockpit for p in s.players for sh in p.ships]
    if sorted(cks) != sorted(x.id for x in c.cockpits if not x.starting or
                             any(sh.cockpit == x.id for p in s.players for sh in p.ships)):
        bad.append("cockpits are not each in exactly one place")
    return bad
