"""Drawings of the boards as Rich markup strings, readable without colour.

Colour is never the only carrier of meaning: players are letters (their initials), guests are
A/R/F, token states are words or symbols, the current station has a double border.
"""

from __future__ import annotations

from rich.markup import escape

from engine import Game
from engine.ctx import Ctx
from engine.describe import GUEST_LETTER, GUEST_NAME, STOP_LETTER, cockpit_rule, gain_text
from engine.options import SEAT_KINDS
from engine.rules import cruises, funding, goals, progress, scoring, ships
from engine.rules.economy import fee
from engine.rules.metrics import metric, wings
from engine.state import COLOURS, NEUTRAL, RESOURCES, Player
from galcruise_tui.text import plain, safe

NPC_SEAT = -2  # engine.state.NPC (1-2 players); kept here so older engines still draw
SEAT_STYLE = ("magenta", "dodger_blue1", "green", "yellow")
GUEST_STYLE = {"orange": "dark_orange", "purple": "medium_purple1", "teal": "dark_cyan"}
SHORT = {
    "build_development": "Develop", "hire_expert": "Hire expert", "purchase_supplies":
    "Buy supplies", "acquire_blueprints": "Get blueprints", "build_segments": "Build segments",
    "acquire_ship": "New ship", "gain_resources": "Gain resources", "refill_silo": "Refill silo",
    "schedule_cruise": "Schedule cruise", "advertise_cruise": "Advertise", "draw_agenda":
    "Draw agenda", "refill_agenda": "Refill agenda",
}
W = 16  # inner width of a station box
GAP = 9  # width of a horizontal connection between two boxes


# Letters a seat may not take: the guests' (A, R, F), the NPC's N, the neutral o.
TAKEN = frozenset(GUEST_LETTER.values()) | {"N", "O"}


def tags(game: Game) -> list[str]:
    """One letter per seat: the first letter of its name that no guest kind, the NPC or an
    earlier seat uses (Rachel is C: R and A are guests), else the seat number."""
    out: list[str] = []
    for p in game.state.players:
        free = [ch for ch in plain(p.name).upper() if ch.isalpha() and ch.isascii()
                and ch not in TAKEN and ch not in out]
        out.append(free[0] if free else str(p.seat + 1))
    return out


def who(game: Game, seat: int) -> str:
    """A seat's letter, styled; the NPC is N, a neutral development o."""
    if seat == NPC_SEAT:
        return "[b]N[/b]"
    if seat == NEUTRAL or seat < 0:
        return "o"
    return f"[b {SEAT_STYLE[seat % 4]}]{safe(tags(game)[seat])}[/]"


def name(game: Game, seat: int) -> str:
    if seat == NPC_SEAT:
        return "NPC"
    if seat < 0:
        return "neutral"
    return f"{who(game, seat)} {safe(game.state.players[seat].name)}"


def guest(colour: str) -> str:
    return f"[{GUEST_STYLE.get(colour, 'white')}]{GUEST_LETTER.get(colour, '?')}[/]"


def stop_strip(game: Game, tile: str | None, at: int | None = None) -> str:
    """A cruise's stops as letters; the ship's current stop in brackets."""
    if not tile:
        return "-"
    t = game.comps.cruise_tile(tile)
    cells = []
    for i, st in enumerate(t.stops):
        letter = guest(st) if st in GUEST_LETTER else STOP_LETTER[st]
        cells.append(f"[reverse]{letter}[/reverse]" if at == i else letter)
    return " ".join(cells)


def _len(markup: str) -> int:
    from rich.text import Text

    return Text.from_markup(markup).cell_len


def _pad(markup: str, width: int, fill: str = " ") -> str:
    return markup + fill * max(0, width - _len(markup))


# --- the network ---------------------------------------------------------------------------
def _occupant(game: Game, k: int) -> str:
    occ = game.state.board.occupants[k - 1]
    if occ is None:
        return ""
    expert = "expert" in occ.piece
    mark = "◆" if expert else "▲"
    if occ.seat < 0:
        return f"{mark} NPC{' expert' if expert else ''}"
    p = game.state.players[occ.seat]
    return f"{mark} {who(game, occ.seat)} {safe(p.name, 8)}{' exp' if expert else ''}"


def _station(game: Game, k: int) -> list[str]:
    b = game.state.board
    a1, a2 = b.stations[k - 1]
    here = game.state.turn.station == k and game.state.turn.phase in ("actions",)
    tl, tr, bl, br, h, v = ("╔", "╗", "╚", "╝", "═", "║") if here else \
        ("┌", "┐", "└", "┘", "─", "│")
    lines = [f"{tl}{h} {k} {h * (W - 4)}{tr}",
             f"{v}{SHORT[a1]:<{W}}{v}",
             f"{v}{SHORT[a2]:<{W}}{v}" if a2 != a1 else f"{v}{'':<{W}}{v}",
             f"{v}{_pad(_occupant(game, k), W)}{v}",
             f"{bl}{h * W}{br}"]
    return lines


def _owners(game: Game, k: int) -> str:
    return "".join(who(game, o) for o in game.state.board.connections[k - 1])


def _hconn(game: Game, k: int, row: int) -> str:
    """The horizontal connection k between two boxes, drawn over the box rows."""
    owners = _owners(game, k)
    if row == 1:
        return f"{'c' + str(k):^{GAP}}"
    if row == 2:
        if not owners:
            return " " + "┄" * (GAP - 2) + " "
        line = f"═{owners}═"
        width = _len(line)
        left = (GAP - width) // 2
        return "═" * left + line + "═" * (GAP - width - left)
    return " " * GAP


def network(game: Game) -> str:
    """Stations 6 1 2 on top, 5 4 3 below; connections between, developers' letters on them."""
    top = [_station(game, k) for k in (6, 1, 2)]
    bottom = [_station(game, k) for k in (5, 4, 3)]
    out = []
    for i in range(5):
        out.append(top[0][i] + _hconn(game, 6, i) + top[1][i] + _hconn(game, 1, i) + top[2][i])
    col = W + 2
    left, right = _owners(game, 5), _owners(game, 2)
    lmark = "║" if left else "┆"
    rmark = "║" if right else "┆"
    out.append(_pad(f"{'':>7}{lmark} c5 {left}", col + GAP + col + GAP) + f"{'':>7}{rmark} c2 "
               f"{right}")
    for i in range(5):
        out.append(bottom[0][i] + _hconn(game, 4, i) + bottom[1][i] + _hconn(game, 3, i)
                   + bottom[2][i])
    return "\n".join(out)


def legend(game: Game) -> str:
    seats = "  ".join(name(game, p.seat) for p in game.state.players)
    extra = "  N NPC" if game.state.board.npc is not None else ""
    return f"{seats}{extra}  o neutral  ▲ worker ◆ expert  ═ developed  ╔╗ this turn"


# --- tracks --------------------------------------------------------------------------------
def progress_track(game: Game) -> str:
    ctx = Ctx(game.state, game.comps)
    b = game.state.board
    cells = []
    for i, (a, z) in enumerate(progress.section_bounds(ctx)):
        seg = []
        for k in range(a, z):
            if k < len(b.progress):
                seg.append(f"\\[{who(game, b.progress[k])}]")
            elif k in b.neutral_progress:
                seg.append("\\[o]")
            else:
                seg.append("\\[ ]")
        mark = f"AGM{i + 1}" if i < 2 else "END"
        cells.append("".join(seg) + f"▶{mark}")
    over = b.progress[progress.section_bounds(ctx)[-1][1]:]
    extra = " +" + "".join(who(game, o) for o in over) if over else ""
    return "[b]Progress[/b] " + " ".join(cells) + extra


def reputation_track(game: Game) -> str:
    """One bar per player, 0..18, with the fee it means for others' developments."""
    out = ["[b]Reputation[/b]  0 . . . . 5 . . . . 10. . . . 15. . 18"]
    for p in game.state.players:
        r = max(0, min(18, p.reputation))
        bar = "".join("●" if i == r else ("━" if i < r else "─") for i in range(19))
        out.append(f" {who(game, p.seat)} {_pad(safe(p.name, 9), 9)} {' '.join(bar[:19])} "
                   f"{p.reputation:>2}  fee {fee(p.reputation)}")
    return "\n".join(out)


def vp_line(game: Game) -> str:
    return "[b]VP[/b] " + "   ".join(f"{who(game, p.seat)} {p.vp}" for p in game.state.players)


def goals_panel(game: Game) -> str:
    b = game.state.board
    ctx = Ctx(game.state, game.comps)
    tile = game.comps.goal_tile(b.goal_tile)
    rows = ["[b]Company goals[/b] (the marked step is what a goal needs now)"]
    for j, g in enumerate(tile.goals):
        ladder = " ".join(f"[reverse]{t}[/]" if k == b.goal_trackers[j] else str(t)
                          for k, t in enumerate(g.thresholds))
        have = " ".join(f"{who(game, p.seat)}{metric(ctx, p, g.metric)}"
                        + ("✓" if j in p.goals_done else "") for p in game.state.players)
        rows.append(f" {escape(g.name):<18} {ladder}  needs {goals.threshold(ctx, j):>2}  "
                    f"[dim]{g.metric.replace('_', ' ')}[/dim]: {have}")
    return "\n".join(rows)


# --- the main board ------------------------------------------------------------------------
def network_pane(game: Game) -> str:
    """The station network, its legend, the technologies and their developers, the NPC."""
    b = game.state.board
    c = game.comps
    out = [network(game), legend(game), ""]
    techs = []
    for i, t in enumerate(b.technologies):
        owners = "".join(who(game, o) for o in b.tech_owners[i])
        state = f"developers {owners}" if owners else "not invented"
        tech = c.technology(t)
        techs.append(f" t{i + 1} [b]{escape(tech.name)}[/b] ({state}): {escape(tech.text)}")
    out.append("[b]Technologies[/b]\n" + "\n".join(techs))
    if b.npc is not None:
        on = [str(k + 1) for k, o in enumerate(b.occupants) if o is not None and o.seat < 0]
        where = f"station{'s' if len(on) > 1 else ''} {', '.join(on)}" if on else "none"
        out.append(f"[b]NPC[/b] (N) pieces on {where}; set aside: "
                   f"{_count(b.npc.developments, 'development')} and "
                   f"{_count(b.npc.experts, 'expert')} (placed at the AGMs)")
    return "\n".join(out)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def supply_pane(game: Game) -> str:
    """Silo, experts for hire, agenda display, blueprint display and ships for sale."""
    b = game.state.board
    c = game.comps
    out = []
    silo = "  ".join(f"{r} {'■' * n}{'□' * (5 - n)} {n}" for r, n in zip(RESOURCES, b.silo,
                                                                          strict=True))
    ex = c.expert_tile(b.expert_tile)
    out.append(f"[b]Silo[/b] {silo}")
    out.append(f"[b]Experts for hire[/b] {escape(ex.name)}: {escape(ex.text)}")
    bonuses = c.board.agenda_slot_bonuses
    out.append("[b]Agenda display[/b] (bottom to top; the number is the slot's bonus)")
    for i, x in enumerate(b.agenda_display):
        if x:
            a = c.agenda(x)
            out.append(f" {i + 1}. [b]{escape(a.name)}[/b] \\[{a.resource}] "
                       f"[dim]+{bonuses[i]}[/dim]: {escape(a.text)}")
        else:
            out.append(f" {i + 1}. (empty) [dim]+{bonuses[i]}[/dim]")
    top = escape(c.agenda(b.agenda_discard[-1]).name) if b.agenda_discard else "-"
    out.append(f"   discard pile top: {top}; deck {len(b.agenda_deck)}")
    out.append("[b]Blueprint display[/b] (bottom to top)")
    out.extend(f" {i + 1}. " + (_blueprint(game, x) if x else "(empty)")
               for i, x in enumerate(b.blueprint_display))
    out.append(f"   deck {len(b.blueprint_deck)}")
    pairs = []
    for i in range(len(b.cockpit_display)):
        ck, en = b.cockpit_display[i], b.engine_display[i]
        if ck and en:
            pairs.append(f" {i + 1}. ‹{escape(c.cockpit(ck).name)}› {cockpit_rule(game, ck)}"
                         f"  + ‹{escape(c.engine(en).name)}› {gain_text(c.engine(en).bonus)}")
    out.append("[b]Ships for sale[/b] (cockpit VP rule + engine bonus)\n"
               + ("\n".join(pairs) or " none"))
    return "\n".join(out)


def tracks_pane(game: Game) -> str:
    """Company goals, the progress track with its AGM marks, reputation, VP."""
    return "\n".join([goals_panel(game), "", progress_track(game), progress_words(game), "",
                      reputation_track(game), "", vp_line(game)])


def progress_words(game: Game) -> str:
    s = game.state
    ctx = Ctx(s, game.comps)
    bounds = progress.section_bounds(ctx)
    marks = [f"AGM 1 after {bounds[0][1]}", f"AGM 2 after {bounds[1][1]}",
             f"the end is triggered after {bounds[2][1]} cubes"]
    return (f" {len(s.board.progress)} cubes placed; {', '.join(marks)} "
            "(the round is then finished, then a final round)")


def main_board(game: Game) -> str:
    """Everything on the main board in one drawing (the replay viewer's wide pane)."""
    return "\n\n".join([network_pane(game), supply_pane(game), tracks_pane(game)])


def _blueprint(game: Game, bp: str) -> str:
    b = game.comps.blueprint(bp)
    icons = "".join(guest(i) for i in b.icons)
    return f"{escape(b.name)} {icons} {b.cost}$ {b.vp}VP"


# --- marketing -----------------------------------------------------------------------------
def marketing(game: Game) -> str:
    b = game.state.board
    out = ["[b]Cruises[/b] (stops: A adventurous, R relaxing, F family, · day in space, "
           "⌂ return)"]
    for i, sp in enumerate(b.cruise_spaces):
        if sp.covered:
            continue
        if not sp.tile:
            out.append(f" {i + 1}. (empty until the launch ends)"
                       + (f"  presold waiting: {' '.join(guest(g) for g in sp.presold)}"
                          if sp.presold else ""))
            continue
        t = game.comps.cruise_tile(sp.tile)
        cons = f"  scheduled by {name(game, sp.consultant)}" if sp.consultant is not None \
            else "  open"
        pre = " ".join(guest(g) for g in sp.presold) + " ·" * (cruises.MAX_PRESOLD
                                                              - len(sp.presold))
        out.append(f" {i + 1}. ┤ {stop_strip(game, sp.tile)} ├  fuel {'▮' * t.fuel} {t.fuel}"
                   f"  presold [{pre.strip()}]{cons}")
    out.append("")
    out.append("[b]Guest queue[/b]      " + "   ".join(
        f"{guest(c)} {GUEST_NAME[c]:<11}" for c in COLOURS))
    for sec, price in ((2, 3), (1, 2), (0, 1)):
        row = "   ".join(f"{guest(c)} {_dots(b.queue[sec][ci]):<11}"
                         for ci, c in enumerate(COLOURS))
        out.append(f" {price} ad{'s' if price > 1 else ' '} (section {sec + 1}) {row}")
    out.append(" 4 ads (supply)     " + "   ".join(f"{guest(c)} {b.supply[ci]:<11}"
                                                  for ci, c in enumerate(COLOURS)))
    out.append("")
    out.append("[b]Guest bonuses[/b] (each guest on a day in space, per matching icon) "
               + "  ".join(f"{guest(c)}: {b.guest_bonus[ci]}" for ci, c in enumerate(COLOURS)))
    return "\n".join(out)


def _dots(n: int) -> str:
    return ("●" * n + f" {n}") if n else "-"


# --- a player's board ----------------------------------------------------------------------
def ship_strip(game: Game, p: Player, i: int) -> str:
    """‹cockpit›═[segment]─cabin─[segment]═‹engine›, guests shown in their cabins."""
    c = game.comps
    sh = p.ships[i]
    cells = [f"‹{escape(c.cockpit(sh.cockpit).name[:16])}›"]
    guests = list(sh.guests)
    for k, seg in enumerate(sh.segments):
        bp = c.blueprint(seg)
        icons = "".join(guest(x) for x in bp.icons)
        if k:
            g = guests.pop(0) if guests else None
            cells.append(f"({guest(g)})" if g else "( )")
        cells.append(f"\\[{escape(bp.name[:12])} {icons}]")
    while guests:  # a cabin holding more than one guest (a card's effect)
        cells.append(f"(+{guest(guests.pop(0))})")
    cells.append(f"‹{escape(c.engine(sh.engine).name[:16])}›")
    strip = "═".join(cells)
    flag = "" if sh.launched_once else "  [b]-5 if never launched[/b]"
    line = f" {i + 1}. {strip}  cabins {ships.cabins(sh)}{flag}"
    if sh.cruise:
        line += (f"\n    in flight: {stop_strip(game, sh.cruise, sh.stop)}"
                 f"  ({f'at stop {sh.stop + 1}' if sh.stop >= 0 else 'just launched'})"
                 + (f"  carrying {_token(sh.token)}" if sh.token else ""))
    return line


def _token(token: str) -> str:
    """A launch-tower token by its bonus ('the 4 ads token'), never by its id."""
    try:
        return f"the {cruises.token_label(token)} upgrade token"
    except KeyError:
        return "an upgrade token"


def _tokens(row: list[str], labels: tuple[str, ...]) -> str:
    out = []
    for st, lab in zip(row, labels, strict=True):
        if st == "up":
            out.append(f"\\[{lab}]")
        elif st == "flipped":
            out.append(f"\\[{'▼' * len(lab)}]")
        else:
            out.append(f" {'×' * len(lab)} ")
    return " ".join(out)


def player_board(game: Game, seat: int) -> str:
    ctx = Ctx(game.state, game.comps)
    p = game.state.players[seat]
    c = game.comps
    costs = c.board.development_costs
    # Two short lines rather than one that wraps mid-phrase at 80 columns.
    head = (f"[b]{name(game, seat)}[/b]  VP {p.vp}  reputation {p.reputation}  money {p.money}"
            f"  ads {p.ads}\n wings {wings(p)}  cubes on track {p.cubes_on_track}"
            f"  cards in hand {len(p.hand)}  blueprints {len(p.blueprints)}")
    if p.kind not in SEAT_KINDS:  # an engine-run player: Rachel
        head += f"  ({p.kind})"
    out = [head, "[b]Storage[/b]      [b]Developments[/b] (cost; · placed)"]
    for ri, r in enumerate(RESOURCES):
        have, cap = p.resource(r), p.capacity(r)
        bar = "●" * min(have, 5) + "○" * max(0, cap - have) + " " * max(0, 5 - max(cap, have))
        placed = 3 - p.developments_left[ri]
        devs = " ".join("·" if k < placed else f"{costs[k]}" for k in range(3))
        out.append(f" {r:<6} {bar} {have}/{cap}   {devs}")
    col_vp = c.board.development_column_vp
    out.append(f"   column VP when emptied: {col_vp[0]} / {col_vp[1]} / {col_vp[2]}")
    room = " ".join("▲" if x == "worker" else "◆" for x in p.break_room) or "empty"
    hire = ", ".join(x.split("_")[1] for x in p.experts) or "all hired"
    out.append(f"[b]Break room[/b] {room}   experts not hired: {hire}")
    out.append("[b]Launch tower[/b] top " + _tokens(p.tower_top, ("1$", "1ad", "1VP", "1res"))
               + "   bottom " + _tokens(p.tower_bottom, ("4$", "4ad", "4res", "dev-4")))
    out.append("   (\\[x] up, \\[▼] flipped for a cruise, ×× removed: the top bonus gives 2)")
    ups = []
    for colour in COLOURS:
        got = [c.upgrade(u) for u in p.upgrades if c.upgrade(u).colour == colour]
        marks = "".join("■" for _ in got) + "□" * (3 - len(got))
        ups.append(f"{guest(colour)} {marks}")
    out.append("[b]Upgrades[/b] " + "  ".join(ups))
    for u in p.upgrades:
        up = c.upgrade(u)
        out.append(f"   {guest(up.colour)}{up.index}: {escape(up.text)}")
    out.append(f"[b]Ships[/b] ({len(p.ships)})")
    out.extend(ship_strip(game, p, i) for i in range(len(p.ships)))
    if p.scheduled is not None:
        sp = game.state.board.cruise_spaces[p.scheduled]
        tok = f", token {cruises.token_label(p.scheduled_token)}" if p.scheduled_token else ""
        out.append(f"[b]Scheduled[/b] cruise {p.scheduled + 1}: {stop_strip(game, sp.tile)}{tok}")
    tile = c.goal_tile(game.state.board.goal_tile)
    done = ", ".join(escape(tile.goals[j].name) for j in p.goals_done) or "none yet"
    out.append(f"[b]Goals done[/b] {done}")
    bonus = funding.available_tokens(p)
    now = ", ".join(f"{n} {k.replace('vp', 'VP')}" for k, n in bonus) or "none (all flipped)"
    out.append(f"[b]Funding bonus now[/b] {now}")
    cond = [cockpit_rule(game, sh.cockpit) for sh in p.ships]
    if cond:
        out.append(f"[b]Cockpits[/b] {'; '.join(cond)}  (now {scoring.cockpits_total(ctx, p)} VP)")
    return "\n".join(out)


def hand(game: Game, seat: int) -> str:
    p = game.state.players[seat]
    c = game.comps
    timing = {"action": "during its action", "launch": "at a launch", "phase1": "phase 1",
              "phase3": "phase 3", "destination": "at a destination", "day_in_space":
              "on a day in space", "bumped": "when bumped", "any_time": "any time"}
    out = [f"[b]{name(game, seat)}: agenda cards[/b] ({len(p.hand)}/5; play for the resource "
           "any time on your turn, or for the effect when it says)"]
    for x in p.hand:
        a = c.agenda(x)
        when = timing.get(a.timing, a.timing)
        out.append(f" • [b]{escape(a.name)}[/b]  \\[{a.resource}]  ({when})"
                   f"\n     {escape(a.text)}")
    if not p.hand:
        out.append("   none")
    out.append(f"[b]Blueprints[/b] ({len(p.blueprints)}/5)")
    out.extend(f" • {_blueprint(game, x)}" for x in p.blueprints)
    if not p.blueprints:
        out.append("   none")
    return "\n".join(out)


# --- scores --------------------------------------------------------------------------------
SHEET_ROWS = (("game_vp", "VP scored during play"),
              ("cockpits", "Cockpits (-5 a ship never launched)"),
              ("developments", "Developments (emptied column)"),
              ("segments", "Segments (their VP)"),
              ("progress", "Progress (section 3 cubes x wings)"),
              ("reputation", "Reputation"),
              ("others", "Leftovers (1 VP per 3 items)"),
              ("total", "Total"))


def score_table(game: Game) -> str:
    """The score sheet: a row per category in words, a column per player."""
    ctx = Ctx(game.state, game.comps)
    lines = scoring.sheet(ctx)
    head = "final" if game.is_over else "so far: the final categories as if the game ended now"
    label = max(len(t) for _, t in SHEET_ROWS) + 1
    col = 9
    out = [f"[b]Score sheet[/b] ({head})",
           " " * label + "".join(_pad(f" {who(game, ln.seat)} {safe(ln.name, 6)}", col)
                                 for ln in lines)]
    for field_name, text in SHEET_ROWS:
        cells = "".join(f"{getattr(ln, field_name):>{col - 2}}  " for ln in lines)
        row = f"{text:<{label}}{cells}"
        out.append(f"[b]{row}[/b]" if field_name == "total" else row)
    order = scoring.ranking(ctx, lines)
    best = next(ln for ln in lines if ln.seat == order[0])
    tied = [ln for ln in lines if ln.total == best.total]
    word = "Winner" if game.is_over else "Leading"
    out.append(f"{word}: {name(game, order[0])} with {best.total} VP"
               + (_tiebreak(game, tied, order) if len(tied) > 1 else ""))
    return "\n".join(out)


def agm_table(game: Game, scored: dict[int, int]) -> str:
    """Who scored what at the AGM just held: cubes in its section, the reputation cube, wings."""
    s = game.state
    ctx = Ctx(s, game.comps)
    section = s.agm_done - 1
    top = scoring.top_reputation(ctx)
    out = [f"[b]AGM year {section + 1}[/b]: cubes in section {section + 1} (+1 for the best "
           "reputation) x wings"]
    for p in s.players:
        cubes = progress.cubes_in_section(ctx, section, p.seat)
        bonus = p.reputation == top
        total = cubes + (1 if bonus else 0)
        vp = scored.get(p.seat, total * wings(p))
        sum_text = f"{cubes} cube{'s' if cubes != 1 else ''}" + (" + 1" if bonus else "")
        out.append(f" {name(game, p.seat)}: {sum_text} = {total} x {wings(p)} "
                   f"wing{'s' if wings(p) != 1 else ''}" + (f" = {vp} VP" if vp == total * wings(p)
                                                           else f"; scored {vp} VP"))
    return "\n".join(out)


def _tiebreak(game: Game, tied: list, order: list[int]) -> str:  # noqa: ANN001
    parts = [f"{who(game, ln.seat)} cubes {ln.cubes_on_track}, rep {ln.reputation_level}, "
             f"cockpit {ln.cockpit_vp}" for ln in sorted(tied, key=lambda x: order.index(x.seat))]
    return " (tie broken by cubes, reputation, cockpit VP, later seat: " + "; ".join(parts) + ")"


def vp_chart(game: Game, height: int = 10, width: int = 60) -> str:
    """Every player's VP after each turn, as letters on a grid (no colour needed)."""
    players = game.state.players
    series = [p.vp_history + [p.vp] for p in players]
    n = max(len(x) for x in series)
    if n < 2:
        return "[b]VP over the turns[/b]: no turns played yet"
    cols = min(width, n)
    top = max(max(x) for x in series)
    bottom = min(0, min(min(x) for x in series))
    span = max(1, top - bottom)
    grid = [[" "] * cols for _ in range(height)]
    for seat, xs in enumerate(series):
        for col in range(cols):
            i = min(len(xs) - 1, col * (n - 1) // max(1, cols - 1))
            row = round((xs[i] - bottom) * (height - 1) / span)
            cell = grid[height - 1 - row][col]
            grid[height - 1 - row][col] = who(game, seat) if cell == " " else "*"
    out = [f"[b]VP over the turns[/b] ({n - 1} turns; * where lines meet)"]
    for r, row in enumerate(grid):
        value = round(top - r * span / max(1, height - 1))
        out.append(f"{value:>4} ┤" + "".join(row))
    out.append("     └" + "─" * cols)
    out.append("      turn 1" + " " * max(0, cols - 14) + f"{n - 1:>8}")
    return "\n".join(out)


def end_words(game: Game, viewer: int | None = None) -> str:
    """How near the end is, once it is triggered: turns left, or the viewer's last turn."""
    s = game.state
    if s.over:
        return "Game over"
    if not s.end_triggered:
        return ""
    order = s.turn_order
    if s.final_phase == "":
        # The round is finished, then everyone plays one final turn.
        left = len(order) - 1 - order.index(s.turn.seat) + len(order) \
            if s.turn.seat in order else len(order)
        return f"End triggered: {left} turn{'s' if left != 1 else ''} left"
    if s.final_phase == "turns":
        if viewer is not None and s.turn.seat == viewer and viewer not in s.final_turns_left:
            return "Your final turn"
        left = len(s.final_turns_left)
        return f"Final round: {left} turn{'s' if left != 1 else ''} left"
    return "Final round: last moves, goals and the final AGM"


def status(game: Game, viewer: int | None = None, save_error: str | None = None) -> str:
    """Round, whose turn, the progress track's fill, the end, an unsaved game; then the seats."""
    s = game.state
    ctx = Ctx(s, game.comps)
    total = progress.section_bounds(ctx)[-1][1]
    if s.turn.number == 0 and not s.over:
        whose = "setup"
    elif s.turn.seat == viewer:
        whose = "your turn"
    else:
        whose = f"{safe(s.players[s.turn.seat].name)}'s turn"
    parts = [f"[b]Round {s.round} · turn {s.turn.number}[/b] · {whose}",
             f"progress {min(len(s.board.progress), total)}/{total}",
             f"AGM {s.agm_done} done" if s.agm_done else "no AGM yet"]
    end = end_words(game, viewer)
    if end:
        parts.append(f"[b reverse] {end} [/]")
    if save_error is not None:
        parts.append(f"[b reverse] not saved: {safe(save_error, 120)} [/]")
    seats = []
    for p in s.players:
        turn = "▶" if p.seat == s.turn.seat and not game.is_over else " "
        seats.append(f"{turn}{name(game, p.seat)} {p.vp}VP rep {p.reputation} "
                     f"${p.money} ads {p.ads}")
    return " · ".join(parts) + "\n" + "  ".join(seats)


# --- Rachel (solo) -------------------------------------------------------------------------
def rachel_pane(game: Game) -> str:
    """Rachel's deck (the card she acts on, the back showing next) and her board."""
    from engine.rules.rachel import SEAT
    from engine.rules.rachel import deck as rdeck

    r = game.state.rachel
    if r is None:
        return "No Rachel in this game."
    ctx = Ctx(game.state, game.comps)
    c = game.comps
    out = ["[b]Rachel's action deck[/b]"]
    shown = r.card or (r.discard[-1] if r.discard else None)
    if shown:
        card = c.rachel_card(shown)
        out.append(f" Last revealed: [b]{escape(card.name)}[/b]: top "
                   f"{rdeck.label(card, card.top)}; bottom {rdeck.label(card, card.bottom)}")
    else:
        out.append(" Last revealed: none yet")
    back = rdeck.number_card(ctx)
    out.append(f" Next card's back: numbers {back.first} and {back.second}, station "
               f"{back.station}  (her worker goes to that station; the numbers pick among "
               "displays and cruises)")
    out.append(f" Deck {len(r.deck)} cards, revealed {len(r.discard)}")
    dev, seg, ship = rdeck.targets(ctx)
    p = game.state.players[SEAT]
    out.append(f" Her goals: {dev} developments placed (now {p.developments_placed}), "
               f"{seg} segments built (now {p.segments_built}), {ship} ships launched "
               f"(now {p.launches})")
    levels = rdeck.levels(game.options)
    out.append(f" Difficulty: {game.options.difficulty}"
               + ("" if game.options.difficulty != "custom" else f" ({', '.join(levels)})"))
    out.append("")
    out.append(player_board(game, SEAT))
    return "\n".join(out)
