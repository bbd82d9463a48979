"""Commands in words, for menus, the command palette and the help screen.

`path(game, cmd)` gives a command as a short path of choices, most general first (e.g. "Build a
food development" > "on connection 3" > "pay 2 food + 2 money"), so a menu can group a long
list of legal commands; `describe(game, cmd)` joins the path into one sentence. Both read the
position *before* the command is applied. Plain text only: the engine knows no markup.
"""

from __future__ import annotations

from engine import commands as C
from engine.ctx import Ctx
from engine.decisions import Act, LastCards, Unlock
from engine.game import Game
from engine.names import a as with_article
from engine.names import half_mark, readable
from engine.rules import cruises, developments, experts, funding, modifiers, network, places, ships
from engine.rules.actions import LABELS as ACTION_LABELS
from engine.state import NEUTRAL, NPC, RESOURCES, Player

# Guest colours with letters, so nothing depends on seeing colour.
GUEST_LETTER = {"orange": "A", "purple": "R", "teal": "F"}
GUEST_NAME = {"orange": "adventurous", "purple": "relaxing", "teal": "family"}
STOP_LETTER = {"orange": "A", "purple": "R", "teal": "F", "space": "·", "return": "⌂"}
FREE_GROUP = "Cards, reputation and technologies"

# What "Done" means at each kind of decision.
DONE = {
    "action": "End your actions", "meeting_action": "Skip the meeting action",
    "launch_board": "Finish boarding", "launch_supplies": "Pay the supplies and lift off",
    "sell_ticket": "Sell no more tickets", "unlock": "Keep the upgrade token for later",
    "tour": "Tour no more guests", "travel_start": "Let the ships travel",
    "extra_travel": "No extra move", "day_in_space": "Continue the journey",
    "goal": "Pass: no company goal this turn", "free_blueprint": "Take no more blueprints",
    "last_cards": "Play no card: go on to phase 3 (company goals)",
}
DONE_ACT = {"draw_agenda": "Draw no second card", "acquire_blueprints": "Take no more blueprints",
            "build_segments": "Build no more segments"}


def guest(colour: str) -> str:
    return f"{GUEST_NAME.get(colour, colour)} [{GUEST_LETTER.get(colour, '?')}]"


def a_guest(colour: str) -> str:
    return ("an " if colour == "orange" else "a ") + guest(colour)


def seat_name(game: Game, seat: int) -> str:
    if seat == NPC:
        return "NPC"
    if seat == NEUTRAL or seat < 0:
        return "neutral"
    return game.state.players[seat].name


def stops(game: Game, tile: str | None) -> str:
    """A cruise tile's stops in letters: 'A · R ⌂, fuel 3'."""
    if not tile:
        return "-"
    t = game.comps.cruise_tile(tile)
    return " ".join(STOP_LETTER[x] for x in t.stops) + f", fuel {t.fuel}"


# A gain's fields in words, singular and plural: a pane read "1 blueprints" and "1 ads, 1
# agenda" (QA s53 Q9).
_GAIN_WORDS = (("money", "money", "money"), ("ads", "ad", "ads"), ("vp", "VP", "VP"),
               ("reputation", "reputation", "reputation"),
               ("resources", "resource", "resources"), ("food", "food", "food"),
               ("oxygen", "oxygen", "oxygen"), ("fuel", "fuel", "fuel"),
               ("agenda", "agenda card", "agenda cards"),
               ("blueprints", "blueprint", "blueprints"))


def gain_text(g: object) -> str:
    parts = [f"{v} {one if v == 1 else many}" for k, one, many in _GAIN_WORDS
             if (v := getattr(g, k, 0))]
    return ", ".join(parts) or "no bonus"


def technology_text(game: Game, i: int) -> str:
    """What the technology in slot `i` (0-based) does now: with 上級技術 on its last space, the
    enhanced effect (a row offering it once read "holds 2 guests" where 3 was in force)."""
    b = game.state.board
    t = game.comps.technology(b.technologies[i])
    adv = game.comps.advanced(t.id) if b.tech_markers else None
    if adv is None:
        return t.text
    from engine.modules.advanced_technologies import rules

    return adv.enhanced_text if rules.enhanced(adv, b.tech_markers[i]) else t.text


def blueprint_text(game: Game, bp: str) -> str:
    b = game.comps.blueprint(bp)
    half = game.comps.cabin(bp)  # 客室斡旋: where its half cabin is decides where it may go
    where = f", {half_mark(half)}" if half else ""
    effect = game.comps.segment_effect(bp)  # 専門設計図: what a guest visiting it starts
    does = f": {segment_effect_text(effect)}" if effect is not None else ""
    return (f"{b.name} [{''.join(GUEST_LETTER[i] for i in b.icons)}{where}, {b.cost}$, "
            f"{b.vp} VP{does}]")


def segment_effect_text(e: object, short: bool = False) -> str:
    """専門設計図: a segment's effect (components.SegmentEffect) in a few words; `short` for the
    board (guest letters, "$")."""
    kind, amount = getattr(e, "kind", ""), getattr(e, "amount", 0) or 1
    colour = getattr(e, "colour", None)
    got = gain_text(getattr(e, "gain", None))
    if short:
        got = got.replace(" money", "$").replace(" reputation", " rep").replace(" resources",
                                                                                " res")
    who = (GUEST_LETTER.get(colour, "?") if short else GUEST_NAME.get(colour, colour)) \
        if colour else ""
    if kind == "per_icon":
        return f"{got} per {who} icon aboard" if not short else f"{got}/{who} icon"
    if kind == "per_guest":
        return f"{got} per {who + ' ' if who else ''}guest aboard" if not short else \
            f"{got}/{who + ' ' if who else ''}guest"
    if kind == "per_segment":
        return f"{got} per segment of the ship" if not short else f"{got}/segment"
    if kind == "build_segment":
        return f"build {amount} segment{'s' if amount != 1 else ''} in a ship at home" \
            if not short else "build a segment"
    if kind == "free_blueprint":
        return f"{amount} free blueprint{'s' if amount != 1 else ''}" if not short else \
            f"{amount} free bp"
    if kind == "funding":
        return f"{amount} funding bonus{'es' if amount != 1 else ''}" if not short else \
            f"{amount} funding"
    return got


def _storage_note(p: Player, resource: str, dec: object) -> str:
    """What a full storage means for one more: ' (storage full: holds 2, you have 3; spend it
    in this step)'. A reputation drop's or a card's resources may stay over storage until
    the step ends (testers read '3/2 ... lost' as a loss already made, and 'full ... room
    for 2' as a contradiction)."""
    have, room = p.resource(resource), p.capacity(resource)
    if have < room:
        return ""
    if getattr(dec, "overflow", False):
        return f" (storage full: holds {room}, you have {have}; spend it in this step)"
    return f" (storage full: holds {room}, you have {have}; no room for it, it is lost)"


def _reputation_cost(p: Player) -> str:
    """A point of reputation paid: at 0 it is a VP instead (economy.lose_reputation), which
    "-1 reputation" did not say. Without brackets: it sits inside the discard pile's."""
    return "-1 reputation" if p.reputation > 0 else "-1 VP, as reputation is at 0"


def section_price(section: int, off: int) -> str:
    """'queue, 1 ad (2 - 1 off)': where a guest waits and what it costs after a discount."""
    price, full = cruises.guest_price(section, off), cruises.guest_price(section)
    where = "supply" if section == 3 else "queue"
    cut = f" ({full} - {full - price} off)" if price < full else ""
    return f"{where}, {price} ad{'' if price == 1 else 's'}{cut}"


def describe(game: Game, cmd: C.Command) -> str:
    """One sentence for the command, as the current player would read it."""
    return ", ".join(x for x in path(game, cmd) if x != FREE_GROUP)


def path(game: Game, cmd: C.Command) -> tuple[str, ...]:  # noqa: C901 - one branch per kind
    s = game.state
    c = game.comps
    b = s.board
    dec = game.pending
    seat = dec.seat if dec else s.turn.seat
    ctx = Ctx(s, c)
    if isinstance(cmd, C.SetupDevelopment):
        ends = " and ".join(map(str, network.connection_stations(cmd.connection)))
        return (f"Start with {with_article(cmd.row)} development",
                f"on connection {cmd.connection} (stations {ends})")
    if isinstance(cmd, C.SetupBlueprint | C.AcquireBlueprint):
        bp = b.blueprint_display[cmd.slot]
        return (f"Take blueprint {blueprint_text(game, bp)}" if bp else "Take a blueprint",)
    if isinstance(cmd, C.PlaceWorker):
        acts = " / ".join(ACTION_LABELS.get(a) or readable(a) for a in b.stations[cmd.station - 1])
        piece = "a worker" if cmd.piece == "worker" else \
            f"the {cmd.piece.split('_')[1]} expert"
        occ = b.occupants[cmd.station - 1]
        bump = "" if occ is None else f", bumping {seat_name(game, occ.seat)}" \
            if occ.seat != seat else \
            f", bumping your own {'worker' if occ.piece == 'worker' else 'expert'}"
        return (f"Place {piece}", f"on station {cmd.station}: {acts}{bump}")
    if isinstance(cmd, C.TakeAction):
        fee = ""
        p = s.players[seat]
        if dec is not None and dec.kind == "action" and cmd.station != s.turn.station:
            conn = network.connection_between(s.turn.station, cmd.station)
            if conn is not None:
                cost = network.use_cost(ctx, p, places.connection_place(conn),
                                        network.owners(ctx, conn))
                fee = f" (fee {cost} money)" if cost else ""
        return (f"{ACTION_LABELS.get(cmd.action, cmd.action)} at station {cmd.station}{fee}",)
    if isinstance(cmd, C.Done):
        kind = dec.kind if dec else ""
        if kind == "act":
            return (DONE_ACT.get(dec.action, "Give up this action") if dec else "Done",)
        if isinstance(dec, Unlock) and s.players[seat].ships[dec.ship].final_moved:
            # Its one free move made, the ship stops no more: there is no later for the token.
            return ("Leave the upgrade token unplaced (the game ends before another stop)",)
        return (DONE.get(kind, "Done"),)
    if isinstance(cmd, C.CallMeeting):
        return ("Call a meeting (recall your workers)",)
    if isinstance(cmd, C.Launch):
        sh = s.players[seat].ships[cmd.ship]
        n = ships.cabins(sh, ctx, s.players[seat])
        piece = getattr(cmd, "piece", None)
        pilot = "" if piece is None else (", piloted by a worker" if piece == "worker" else
                                          f", piloted by the {piece.split('_')[-1]} expert")
        return (f"Launch ship {cmd.ship + 1} ({c.cockpit(sh.cockpit).name}, "
                f"{n} cabin{'s' if n != 1 else ''}{pilot})",)
    if isinstance(cmd, C.BuildDevelopment):
        money = developments.money_due(ctx, s.players[seat], dec, cmd)  # type: ignore[arg-type]
        where = developments.site_label(ctx, cmd.site)
        if cmd.site[0] == "t":
            where = f"under {where}"
        else:
            st = network.connection_stations(int(cmd.site[1:]))
            where = f"on connection {cmd.site[1:]} (stations {st[0]}-{st[1]})"
        if not developments.site_owners(ctx, cmd.site):  # the first there covers the icon
            where += ", +1 reputation" if cmd.site[0] != "t" else \
                ", +1 reputation, invents it"
        pay = " + ".join(f"{n} {what}" for n, what in ((cmd.resources, cmd.row),
                                                        (money, "money")) if n)
        return (f"Build {with_article(cmd.row)} development", where,
                f"pay {pay}" if pay else "free")
    if isinstance(cmd, C.HireExpert):
        if not isinstance(dec, Act):
            return (f"Hire the {cmd.side} expert",)
        money = experts.price(ctx, s.players[seat], dec, cmd.side)
        return (f"Hire the {cmd.side} expert for {money} money",)
    if isinstance(cmd, C.PurchaseSupplies):
        parts = []
        if cmd.resources:
            parts.append(" + ".join(cmd.resources))
        if cmd.ads:
            parts.append("2 ads")
        return ("Buy " + " and ".join(parts) + f" for {len(parts)} money",)
    if isinstance(cmd, C.GainResources):
        got = [f"{n} {r}" for r, n in (("food", cmd.food), ("oxygen", cmd.oxygen),
                                        ("fuel", cmd.fuel)) if n]
        total = cmd.food + cmd.oxygen + cmd.fuel
        return (f"Take {total} resource{'s' if total != 1 else ''} from the silo",
                " + ".join(got) or "nothing")
    if isinstance(cmd, C.RefillSilo):
        now = b.silo[("food", "oxygen", "fuel").index(cmd.resource)]
        return (f"Refill {cmd.resource} to 5 (now {now})", f"discarding {c.agenda(cmd.card).name}")
    if isinstance(cmd, C.DrawAgenda):
        if cmd.slot < 0:
            return (f"Take {c.agenda(b.agenda_discard[-1]).name} from the discard pile "
                    f"({_reputation_cost(s.players[seat])})",)
        card = b.agenda_display[cmd.slot]
        return (f"Take {c.agenda(card).name} from the display" if card else "Take a card",)
    if isinstance(cmd, C.RefillAgenda):
        names = [c.agenda(x).name for x in cmd.discard_order]
        if not names:
            return ("Refill the display (nothing to discard)",)
        if len(names) == 1:
            return (f"Refill the display, discarding {names[0]}",)
        # What the order decides is the card left on top, which the next to draw may take:
        # "Discard Crowdfunding first, then Petty Cash" left the player to work that out.
        below = names[-2::-1]
        return (f"Leave {names[-1]} on top of the discard pile",
                "under it " + ", then ".join(below))
    if isinstance(cmd, C.AcquireShip):
        ck, en = b.cockpit_display[cmd.pair], b.engine_display[cmd.pair]
        if not ck or not en:
            return (f"Ship pair {cmd.pair + 1}",)
        return (f"Ship {c.cockpit(ck).name} ({cockpit_rule(game, ck)}) with "
                f"{c.engine(en).name} (now: {gain_text(c.engine(en).bonus)})",)
    if isinstance(cmd, C.BuildSegment):
        p = s.players[seat]
        off = dec.segment_off if isinstance(dec, Act) else 0
        n_segs = len(p.ships[cmd.ship].segments)
        where = f"on ship {cmd.ship + 1} ({n_segs} segments)"
        if cmd.at >= 0:  # 客室斡旋: where in the ship it goes
            place = "beside the engine" if cmd.at == n_segs else "beside the cockpit" \
                if cmd.at == 0 else f"between segments {cmd.at} and {cmd.at + 1}"
            where = f"on ship {cmd.ship + 1} {place} ({n_segs} segments)"
        if cmd.blueprint.startswith("display:"):
            bp = b.blueprint_display[int(cmd.blueprint.split(":")[1])]
            cost = ships.segment_cost(ctx, p, bp or "", True, off) if bp else 0
            return (f"Build {blueprint_text(game, bp or '')} from the display for {cost}$, "
                    f"{_reputation_cost(p)}", where)
        cost = ships.segment_cost(ctx, p, cmd.blueprint, False, off)
        return (f"Build {blueprint_text(game, cmd.blueprint)} for {cost}$", where)
    if isinstance(cmd, C.ScheduleCruise):
        tile = b.cruise_spaces[cmd.space].tile
        tok = "flip no token" if cmd.token == "none" else \
            f"flip {cmd.token[:-1]} token: {cruises.token_label(ctx, s.players[seat], cmd.token)}"
        return (f"Schedule cruise {cmd.space + 1} ({stops(game, tile)})", tok)
    if isinstance(cmd, C.AdvertiseCruise):
        sp = b.cruise_spaces[cmd.space]
        return (f"Advertise cruise {cmd.space + 1} ({stops(game, sp.tile)}; "
                f"{len(sp.presold)} presold)",)
    if isinstance(cmd, C.SellTicket):
        off = cruises.ad_discount(ctx, s.players[seat])
        return (f"Sell a ticket to {a_guest(cmd.colour)} guest from the "
                f"{section_price(cmd.section, off)}",)
    if isinstance(cmd, C.BoardGuest):
        if cmd.section == -1:
            return (f"Board the presold {guest(cmd.colour)} guest (free)",)
        off = modifiers.amount(ctx, s.players[seat], "last_minute_discount")
        return (f"Board {a_guest(cmd.colour)} guest from the "
                f"{section_price(cmd.section, off)}",)
    if isinstance(cmd, C.UnlockUpgrade):
        up = c.upgrade(cmd.upgrade)
        return (f"Unlock {GUEST_NAME[up.colour]} upgrade {up.index}: {up.text}",)
    if isinstance(cmd, C.TourGuest):
        return (f"Tour {a_guest(cmd.colour)} guest",)
    if isinstance(cmd, C.TravelShip):
        sh = s.players[seat].ships[cmd.ship]
        nxt = ""
        if sh.cruise:
            st = c.cruise_tile(sh.cruise).stops
            if sh.stop + 1 < len(st):
                nxt = f" to its next stop ({_stop_name(st[sh.stop + 1])})"
        return (f"Move ship {cmd.ship + 1}{nxt}",)
    if isinstance(cmd, C.AchieveGoal):
        g = c.goal_tile(b.goal_tile).goals[cmd.goal]
        return (f"Achieve the goal '{g.name}'",)
    if isinstance(cmd, C.AdvanceShip):
        sh = s.players[seat].ships[cmd.ship]
        st = c.cruise_tile(sh.cruise).stops[cmd.stop] if sh.cruise else "?"
        return (f"Move ship {cmd.ship + 1}", f"to stop {cmd.stop + 1} ({_stop_name(st)})")
    if isinstance(cmd, C.FundingBonus):
        amounts = dict(funding.available_tokens(s.players[seat]))
        resource = cmd.kind in RESOURCES
        n = amounts.get("resource" if resource else cmd.kind, 1)
        what = {"money": "money", "ad": "ad" if n == 1 else "ads", "vp": "VP"}.get(cmd.kind,
                                                                                   cmd.kind)
        # A resource with no room is taken as nothing (gain_resource): say so before.
        full = _storage_note(s.players[seat], cmd.kind, dec) if resource else ""
        return (f"Funding bonus: {n} {what}{full}",)
    if isinstance(cmd, C.ChooseResource):
        p = s.players[seat]
        return (f"Take 1 {cmd.resource}{_storage_note(p, cmd.resource, dec)}",)
    if isinstance(cmd, C.PlayAgendaResource):
        a = c.agenda(cmd.card)
        return (FREE_GROUP, "Play a card for its resource", f"{a.name}: 1 {a.resource}")
    if isinstance(cmd, C.PlayAgendaEffect):
        a = c.agenda(cmd.card)
        play = f"Play {a.name}: {a.text}"
        # Rules 3's moment after phase 2 is for these cards: beside "go on", not in the group.
        return (play,) if isinstance(dec, LastCards) else (FREE_GROUP, play)
    if isinstance(cmd, C.DropReputation):
        p = s.players[seat]
        n = funding.drop_bonuses(ctx, p.reputation, cmd.to)[cmd.bonus]
        what = {"resource": "resources", "ad": "ads", "money": "money"}[cmd.bonus]
        one = {"resource": "resource", "ad": "ad", "money": "money"}[cmd.bonus]
        return (FREE_GROUP, f"Drop reputation for {what}",
                f"{p.reputation} to {cmd.to}: gain {n} {one if n == 1 else what}")
    if isinstance(cmd, C.UseTechnology):
        t = c.technology(b.technologies[cmd.slot - 1])
        cost = network.use_cost(ctx, s.players[seat], places.technology_place(cmd.slot),
                                b.tech_owners[cmd.slot - 1])
        does = technology_text(game, cmd.slot - 1)
        if not cost:  # no fee to pay (reputation 15, a waiver), but it is still chosen
            return (FREE_GROUP, f"Turn on {t.name} for this turn (free): {does}")
        return (FREE_GROUP, f"Pay {cost} money to use {t.name} this turn: {does}")
    if isinstance(cmd, C.DiscardAgenda):
        a = c.agenda(cmd.card)
        return (f"Discard {a.name} (gain 1 {a.resource} if there is room)",)
    if isinstance(cmd, C.ChooseTile) and cmd.tile in b.station_tiles:
        st = b.station_tiles.index(cmd.tile) + 1
        tile = c.station_bonus(cmd.tile)
        return (f"Take the bonus of station {st}'s {tile.name} tile ({tile.text})",)
    if isinstance(cmd, C.ChooseTile) and cmd.tile in b.technologies and b.tech_markers:
        slot = b.technologies.index(cmd.tile)
        m = b.tech_markers[slot]
        return (f"Advance the {c.technology(cmd.tile).name} marker (space {m + 1} to {m + 2})",)
    own = getattr(cmd, "path", None)  # a module's command says itself (専門設計図's PlaceGuest)
    if callable(own):
        return own(game)
    if s.starting is not None:
        from engine.modules.starting_upgrades import commands as SU
        from engine.modules.starting_upgrades.play import card_words

        if isinstance(cmd, SU.RevealCard):
            return (f"Reveal {card_words(ctx, s.players[seat], cmd.card)}",)
        if isinstance(cmd, SU.PickCard):
            return (f"Take {card_words(ctx, s.players[seat], cmd.card)}",)
        if isinstance(cmd, SU.SealBid):
            return (f"Seal a bid of {cmd.amount} money",)
    pay_fee = getattr(C, "PayFee", None)
    if pay_fee is not None and isinstance(cmd, pay_fee):
        k = cmd.connection  # type: ignore[attr-defined]
        owners = ", ".join(seat_name(game, o) for o in b.connections[k - 1])
        cost = network.use_cost(ctx, s.players[seat], places.connection_place(k),
                                b.connections[k - 1])
        return (FREE_GROUP, f"Pay {cost} money now to use connection {k} ({owners}) this turn")
    return (_generic(cmd),)


def _generic(cmd: C.Command) -> str:
    """A command this module has no words for yet: its kind and fields, still readable."""
    import re

    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(cmd).__name__).capitalize()
    fields = ", ".join(f"{f} {getattr(cmd, f)}" for f in cmd.__struct_fields__)
    return f"{words}: {fields}" if fields else words


def cockpit_rule(game: Game, cockpit: str) -> str:
    cond = game.comps.cockpit(cockpit).condition
    metric = cond.metric.replace("_", " ")
    if cond.per == 1:
        return f"{cond.vp} VP x {metric}"
    return f"{cond.vp} VP per {cond.per} {metric}"


def _stop_name(stop: str) -> str:
    if stop == "space":
        return "a day in space"
    if stop == "return":
        return "return home"
    return f"{GUEST_NAME.get(stop, stop)} destination"
