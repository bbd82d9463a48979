"""Drawings of the boards as Rich markup strings, readable without colour.

Colour is never the only carrier of meaning: players are letters (their initials), guests are
A/R/F, token states are words or symbols, the current station has a double border.

Everything drawn comes from a `View` (engine/view): named facts for one viewer; nothing here
knows a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rich.text import Text

from engine.describe import GUEST_LETTER, GUEST_NAME, STOP_LETTER
from engine.names import half_mark
from engine.view import NEUTRAL, NPC, CruiseView, PlayerView, ShipView, TowerTokenView, View
from engine.view.tracks import GoalView
from galcruise_tui.text import plain, rich_safe
from galcruise_tui.words import called

# Component names and texts come from a data folder (--components: a file like any other):
# escaped and stripped of control characters as a player's text is, cut only past 1,000.
COMPONENT_SHOWN = 1000


def _text(text: str) -> str:
    return rich_safe(text, COMPONENT_SHOWN)


SEAT_STYLE = ("magenta", "dodger_blue1", "green", "yellow")
GUEST_STYLE = {"orange": "dark_orange", "purple": "medium_purple1", "teal": "dark_cyan"}
W = 16  # inner width of a station box
GAP = 9  # width of a horizontal connection between two boxes


# Letters a seat may not take: the guests' (A, R, F), the NPC's N, the neutral o.
TAKEN = frozenset(GUEST_LETTER.values()) | {"N", "O"}


def tags(v: View) -> list[str]:
    """One letter per seat: the first letter of its name that no guest kind, the NPC or an
    earlier seat uses (Rachel is C: R and A are guests), else the seat number."""
    return list(_tags(tuple(p.name for p in v.seats)))


@lru_cache(maxsize=16)
def _tags(names: tuple[str, ...]) -> tuple[str, ...]:
    # Every seat letter drawn asks for them: worked out once per set of names.
    out: list[str] = []
    for seat, n in enumerate(names):
        free = [ch for ch in plain(n).upper() if ch.isalpha() and ch.isascii()
                and ch not in TAKEN and ch not in out]
        out.append(free[0] if free else str(seat + 1))
    return tuple(out)


def who(v: View, seat: int) -> str:
    """A seat's letter, styled; the NPC is N, a neutral development o."""
    if seat == NPC:
        return "[b]N[/b]"
    if seat == NEUTRAL or seat < 0:
        return "o"
    return f"[b {SEAT_STYLE[seat % 4]}]{rich_safe(_tags(tuple(p.name for p in v.seats))[seat])}[/]"


def name(v: View, seat: int, people: Mapping[int, str] | None = None) -> str:
    """A seat's letter and name; `people`: at a table, who sits at each seat ("bob (Blue)")."""
    if seat == NPC:
        return "NPC"
    if seat < 0:
        return "neutral"
    return f"{who(v, seat)} {rich_safe(called(v, seat, people))}"


def guest(colour: str) -> str:
    return f"[{GUEST_STYLE.get(colour, 'white')}]{GUEST_LETTER.get(colour, '?')}[/]"


def stop_strip(cruise: CruiseView | None, at: int | None = None) -> str:
    """A cruise's stops as letters; the ship's current stop in brackets."""
    if cruise is None:
        return "-"
    cells = []
    for i, st in enumerate(cruise.stops):
        letter = guest(st) if st in GUEST_LETTER else STOP_LETTER.get(st, "?")
        cells.append(f"[reverse]{letter}[/reverse]" if at == i else letter)
    return " ".join(cells)


def _len(markup: str) -> int:
    from rich.text import Text

    return Text.from_markup(markup).cell_len


def _pad(markup: str, width: int, fill: str = " ") -> str:
    return markup + fill * max(0, width - _len(markup))


# --- the network ---------------------------------------------------------------------------
def _occupant(v: View, k: int) -> str:
    occ = v.network.stations[k - 1].occupant
    if occ is None:
        return ""
    mark = "◆" if occ.expert else "▲"
    if occ.npc:
        return f"{mark} NPC{' expert' if occ.expert else ''}"
    # The box is W wide: 'exp' read as a word cut off. An expert says so in full, its name
    # beside it only where both fit (the seat's letter names it, the legend says whose).
    head = f"{mark} {who(v, occ.seat)} "
    if occ.expert:
        label = plain(occ.name)
        fits = len(label) <= W - len("◆ B  expert")
        return head + (f"{rich_safe(label)} expert" if fits else "expert")
    return head + rich_safe(occ.name, W - len("▲ B "))


# A station bonus tile on its box's top border: what it pays, ● active, ○ grey.
BONUS_SHORT = {"money": "$", "ad": "ad", "resource": "res", "vp": "VP", "reputation": "rep",
               "agenda": "card"}


def _bonus_tag(st) -> str:  # noqa: ANN001 - a StationView
    if st.bonus is None:
        return ""
    return f" {BONUS_SHORT.get(st.bonus.kind, st.bonus.kind)}{'●' if st.bonus.active else '○'} "


def _station(v: View, k: int) -> list[str]:
    st = v.network.stations[k - 1]
    tl, tr, bl, br, h, vb = ("╔", "╗", "╚", "╝", "═", "║") if st.this_turn else \
        ("┌", "┐", "└", "┘", "─", "│")
    shorts = [a.short[:W] for a in st.actions[:2]] + [""] * (2 - min(2, len(st.actions)))
    tag = _bonus_tag(st)
    return [f"{tl}{h} {k} {h * (W - 7 - len(tag))}{tag}{h * 3}{tr}",
            f"{vb}{shorts[0]:<{W}}{vb}",
            f"{vb}{shorts[1]:<{W}}{vb}",
            f"{vb}{_pad(_occupant(v, k), W)}{vb}",
            f"{bl}{h * W}{br}"]


def _owners(v: View, k: int) -> str:
    return "".join(who(v, o) for o in v.network.connections[k - 1].owners)


def _hconn(v: View, k: int, row: int) -> str:
    """The horizontal connection k between two boxes, drawn over the box rows."""
    owners = _owners(v, k)
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


def network(v: View) -> str:
    """Stations 6 1 2 on top, 5 4 3 below; connections between, developers' letters on them."""
    top = [_station(v, k) for k in (6, 1, 2)]
    bottom = [_station(v, k) for k in (5, 4, 3)]
    out = []
    for i in range(5):
        out.append(top[0][i] + _hconn(v, 6, i) + top[1][i] + _hconn(v, 1, i) + top[2][i])
    col = W + 2
    left, right = _owners(v, 5), _owners(v, 2)
    lmark = "║" if left else "┆"
    rmark = "║" if right else "┆"
    out.append(_pad(f"{'':>7}{lmark} c5 {left}", col + GAP + col + GAP) + f"{'':>7}{rmark} c2 "
               f"{right}")
    for i in range(5):
        out.append(bottom[0][i] + _hconn(v, 4, i) + bottom[1][i] + _hconn(v, 3, i)
                   + bottom[2][i])
    return "\n".join(out)


def legend(v: View, people: Mapping[int, str] | None = None, width: int = 0) -> str:
    """The keys to the network's letters and marks, broken between entries to the pane's
    `width` (0: not known yet, one line): the pane wraps a long line at any space, and at
    160x48 "turn" stood on a line alone."""
    items = [name(v, p.seat, people) for p in v.seats]
    if v.network.npc is not None:
        items.append("N NPC")
    items += ["o neutral", "▲ worker", "◆ expert", "═ developed", "╔╗ this turn"]
    lines = [items[0]]
    for item in items[1:]:
        if width and _cols(lines[-1]) + 2 + _cols(item) > width:
            lines.append(item)
        else:
            lines[-1] += "  " + item
    return "\n".join(lines)


# --- tracks --------------------------------------------------------------------------------
def progress_track(v: View) -> str:
    track = v.tracks.progress
    cells = []
    for sec in track.sections:
        seg = []
        for cube, neutral in zip(sec.cubes, sec.neutral_ahead, strict=True):
            if cube is not None:
                seg.append(f"\\[{who(v, cube)}]")
            elif neutral:
                seg.append("\\[o]")
            else:
                seg.append("\\[ ]")
        cells.append("".join(seg) + f"▶{sec.mark}")
    extra = " +" + "".join(who(v, o) for o in track.beyond) if track.beyond else ""
    return "[b]Progress[/b] " + " ".join(cells) + extra


def reputation_track(v: View) -> str:
    """One bar per player, 0 to the track's top, with the fee it means for others'
    developments."""
    reps = v.tracks.reputation
    top = reps[0].top if reps else 18
    scale = "".join(str(i) if i == top else f"{i:<2}" if i % 5 == 0 else ". "
                    for i in range(top + 1))
    out = [f"[b]Reputation[/b]   {scale}"]
    for r in reps:
        level = max(0, min(r.top, r.level))
        bar = "".join("●" if i == level else ("━" if i < level else "─")
                      for i in range(r.top + 1))
        out.append(f" {who(v, r.seat)} {_pad(rich_safe(v.seats[r.seat].name, 9), 9)} "
                   f"{' '.join(bar)} {r.level:>2}  fee {r.fee}")
    t = v.tracks
    if t.reputation_icons:
        # Under each space the bonus a drop past it gives, as the board prints it.
        icons = [_DROP_ICON.get(x, "?") for x in t.reputation_icons[:top]]
        out.append(f" {'drop bonus':<11} {' '.join([' ', *icons])}")
        out.append("  drop 7 to 3: the bonuses of 7, 6, 5, 4 (r resource, a ad, $ money)")
    if t.reputation_vp:
        steps = [(i, vp) for i, vp in enumerate(t.reputation_vp)
                 if vp and (i == 0 or vp != t.reputation_vp[i - 1])]
        out.append("  End VP by level: " + ", ".join(f"{i}+ {vp}" for i, vp in steps))
    return "\n".join(out)


_DROP_ICON = {"resource": "r", "ad": "a", "money": "$"}


def vp_line(v: View) -> str:
    return "[b]VP[/b] " + "   ".join(f"{who(v, p.seat)} {p.vp}" for p in v.seats)


def goals_panel(v: View) -> str:
    rows = ["[b]Company goals[/b] (the step marked ▸ is what a goal needs now)"]
    r = v.rachel
    if r is not None:  # her counts stand for her own goals: say which, once
        rows.append(f" {who(v, r.seat)} n/m: Rachel's own goals, top to bottom: "
                    + ", ".join(name.split()[0] for name in r.goal_names))
    for g in v.tracks.goals:
        # The mark is a sign as well as reverse video: it reads in plain text too.
        ladder = " ".join(f"[reverse]▸{t}[/]" if k == g.step else str(t)
                          for k, t in enumerate(g.thresholds))
        have = " ".join(_goal_count(v, g, p.seat) for p in v.seats)
        rows.append(f" {_text(g.name):<18} {ladder}  needs {g.needs:>2}  "
                    f"[dim]{g.metric}[/dim]: {have}")
    return "\n".join(rows)


def _goal_count(v: View, g: GoalView, seat: int) -> str:
    """A seat's count toward goal `g`, ✓ once met. Rachel meets her own goals instead (1人用
    ゲーム: her three fixed targets, one per goal): her count and target are shown for it, not
    the tile's metric, which read 'C0✓' against a count she never reached."""
    done = "✓" if g.done[seat] else ""
    r = v.rachel
    if r is not None and v.seats[seat].engine_run and g.index < len(r.targets):
        return f"{who(v, seat)}{r.reached[g.index]}/{r.targets[g.index]}{done}"
    return f"{who(v, seat)}{g.counts[seat]}{done}"


# --- the main board ------------------------------------------------------------------------
def network_pane(v: View, people: Mapping[int, str] | None = None, width: int = 0) -> str:
    """The station network, its legend, the technologies and their developers, the NPC;
    `people`: at a table, who sits at each seat (the legend names them); `width`: the pane's,
    where the legend breaks (0: not known)."""
    net = v.network
    out = [network(v), legend(v, people, width), ""]
    techs = []
    for t in net.technologies:
        owners = "".join(who(v, o) for o in t.developers)
        state = f"developers {owners}" if owners else "not invented"
        techs.append(f" t{t.slot} [b]{_text(t.name)}[/b] ({state}): {_text(t.text)}")
        if t.track is not None:
            techs.append(f"    {track_strip(t.track)}")
    out.append("[b]Technologies[/b]\n" + "\n".join(techs))
    tiles = [st for st in net.stations if st.bonus is not None]
    if tiles:
        rows = []
        for st in tiles:
            t = st.bonus
            assert t is not None
            side = "[b]active[/b]" if t.active else f"grey, {t.next_to}/{t.needs} developments"
            rows.append(f" {st.number} [b]{_text(t.name)}[/b] ({side}): {_text(t.text)}")
        out.append("[b]Station bonus tiles[/b] (● active: a piece placed there gains it "
                   "first)\n" + "\n".join(rows))
    if net.npc is not None:
        on = [str(k) for k in net.npc.stations]
        where = f"station{'s' if len(on) > 1 else ''} {', '.join(on)}" if on else "none"
        out.append(f"[b]NPC[/b] (N) pieces on {where}; set aside: "
                   f"{_count(net.npc.developments, 'development')} and "
                   f"{_count(net.npc.experts, 'expert')} (placed at the AGMs)")
    return "\n".join(out)


def track_strip(tr) -> str:  # noqa: ANN001 - a TrackView
    """A technology's track: ● the marker, $ a money icon, ★ the enhanced last space."""
    cells = ["●" if k == tr.marker else "★" if k == tr.spaces - 1 else
             "$" if k in tr.money else "·" for k in range(tr.spaces)]
    now = "[b]enhanced[/b]" if tr.enhanced else \
        f"at ★: {_text(tr.enhanced_text)}"
    return f"track {'─'.join(cells)}  +{tr.surcharge}$ a fee/development; {now}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def supply_pane(v: View) -> str:
    """Silo, experts for hire, agenda display, blueprint display and ships for sale."""
    sup = v.supply
    out = []
    silo = "  ".join(f"{s.resource} {'■' * s.amount}{'□' * (s.capacity - s.amount)} {s.amount}"
                     for s in sup.silo)
    out.append(f"[b]Silo[/b] {silo}")
    out.append(f"[b]Experts for hire[/b] {_text(sup.expert_tile)}: {_text(sup.expert_text)}")
    out.append("[b]Agenda display[/b] (bottom to top; the number is the slot's bonus)")
    for slot in sup.agenda_display:
        a = slot.card
        if a:
            out.append(f" {slot.slot}. [b]{_text(a.name)}[/b] \\[{a.resource}] "
                       f"[dim]+{slot.bonus}[/dim]: {_text(a.text)}")
        else:
            out.append(f" {slot.slot}. (empty) [dim]+{slot.bonus}[/dim]")
    top = _text(sup.agenda_discard_top) if sup.agenda_discard_top else "-"
    out.append(f"   discard pile top: {top}; deck {sup.agenda_deck}")
    out.append("[b]Blueprint display[/b] (bottom to top)")
    out.extend(f" {i + 1}. " + (_blueprint(x) if x else "(empty)")
               for i, x in enumerate(sup.blueprint_display))
    out.append(f"   deck {sup.blueprint_deck}")
    pairs = [f" {s.pair}. ‹{_text(s.cockpit)}› {s.cockpit_rule}  + ‹{_text(s.engine)}› "
             f"{s.engine_bonus}" for s in sup.ships_for_sale]
    out.append("[b]Ships for sale[/b] (cockpit VP rule + engine bonus)\n"
               + ("\n".join(pairs) or " none"))
    return "\n".join(out)


def tracks_pane(v: View) -> str:
    """Company goals, the progress track with its AGM marks, reputation, VP."""
    return "\n".join([goals_panel(v), "", progress_track(v), progress_words(v), "",
                      reputation_track(v), "", vp_line(v)])


def progress_words(v: View) -> str:
    track = v.tracks.progress
    ends = [s.end for s in track.sections]
    marks = [f"AGM {i + 1} after {e}" for i, e in enumerate(ends[:-1])]
    marks.append(f"the end is triggered after {ends[-1]} cubes")
    return (f" {track.placed} cubes placed; {', '.join(marks)} "
            "(the round is then finished, then a final round)")


def main_board(v: View) -> str:
    """Everything on the main board in one drawing (the replay viewer's wide pane)."""
    return "\n\n".join([network_pane(v), supply_pane(v), tracks_pane(v)])


def _blueprint(b) -> str:  # noqa: ANN001 - a BlueprintView
    icons = "".join(guest(i) for i in b.icons)
    half = f" {half_mark(b.half)}" if b.half else ""
    does = f" ({_text(b.effect)})" if b.effect else ""  # 専門設計図: what a guest starts there
    return f"{_text(b.name)} {icons}{half} {b.cost}$ {b.vp}VP{does}"


# --- marketing -----------------------------------------------------------------------------
def marketing(v: View) -> str:
    m = v.market
    out = ["[b]Cruises[/b] (stops: A adventurous, R relaxing, F family, · day in space, "
           "⌂ return)"]
    for sp in m.spaces:
        if sp.covered:
            continue
        if sp.cruise is None:
            out.append(f" {sp.space}. (empty until the launch ends)"
                       + (f"  presold waiting: {' '.join(guest(g) for g in sp.presold)}"
                          if sp.presold else ""))
            continue
        cons = f"  scheduled by {name(v, sp.consultant)}" if sp.consultant is not None \
            else "  open"
        pre = " ".join(guest(g) for g in sp.presold) + " ·" * (sp.presold_max - len(sp.presold))
        fuel = sp.cruise.fuel
        out.append(f" {sp.space}. ┤ {stop_strip(sp.cruise)} ├  fuel {'▮' * fuel} {fuel}"
                   f"  presold [{pre.strip()}]{cons}")
    out.append("")
    out.append("[b]Guest queue[/b]      " + "   ".join(
        f"{guest(c)} {GUEST_NAME.get(c, c):<11}" for c in m.colours))
    for row in reversed(m.queue):
        cells = "   ".join(f"{guest(c)} {_dots(row.guests[ci]):<11}"
                           for ci, c in enumerate(m.colours))
        out.append(f" {row.price} ad{'s' if row.price > 1 else ' '} (section {row.section + 1})"
                   f" {cells}")
    out.append(f" {m.supply_price} ads (supply)     " + "   ".join(
        f"{guest(c)} {m.supply[ci]:<11}" for ci, c in enumerate(m.colours)))
    out.append("")
    if m.visits:  # 専門設計図's tokens: guests visit segments instead
        out.append("[b]Guest tokens[/b] (a day in space: each guest starts one free segment "
                   "showing its icon; with none free it gains) "
                   + "  ".join(f"{guest(c)}: {_text(m.guest_bonus[ci])}"
                               for ci, c in enumerate(m.colours)))
    else:
        out.append("[b]Guest bonuses[/b] (each guest on a day in space, per matching icon) "
                   + "  ".join(f"{guest(c)}: {m.guest_bonus[ci]}"
                               for ci, c in enumerate(m.colours)))
    return "\n".join(out)


def _dots(n: int) -> str:
    return ("●" * n + f" {n}") if n else "-"


# --- a player's board ----------------------------------------------------------------------
# A ship's strip is laid out in rows of at most this many columns, broken between its cells:
# the narrowest place a board is drawn, the Players tab beside the 44-column log at 120 and
# at 160 columns, has 72 (less its padding and scrollbar). Left to the pane to wrap, a long
# strip broke inside a name ("‹Starter Engine" / "A›") and at 160x48 its end, "cabins 1",
# fell out of the side pane's view (QA s53 Q8).
SHIP_ROW = 72
CARRIED = "    "


def _cols(markup: str) -> int:
    """The columns a line of markup takes on screen."""
    return Text.from_markup(markup).cell_len


def _ship_rows(head: str, cells: list[str], notes: list[str]) -> str:
    """A ship's strip in rows of at most SHIP_ROW columns, broken between its cells; a row
    carried on starts with its joint (═), indented under the ship's number. `notes` follow
    (its cabins, its penalty), each kept whole, on the last row while they fit."""
    rows: list[str] = []
    row, used = head, _cols(head)
    for k, cell in enumerate(cells):
        joint = "═" if k else ""
        width = _cols(cell) + len(joint)
        if k and used + width > SHIP_ROW:
            rows.append(row)
            row, used = CARRIED, len(CARRIED)
        row += joint + cell
        used += width
    for note in notes:
        width = _cols(note)
        if used + width > SHIP_ROW:
            rows.append(row)
            note = note.lstrip()
            row, used = CARRIED, len(CARRIED) + _cols(note)
        else:
            used += width
        row += note
    return "\n".join([*rows, row])


def ship_strip(sh: ShipView) -> str:
    """‹cockpit›═[segment]─cabin─[segment]═‹engine›, guests shown in their cabins. Names are
    whole: the strip breaks between its cells (a cut "Oxygen Scrubber…" hid which engine)."""
    half = f" {half_mark(sh.cockpit_half)}" if sh.cockpit_half else ""
    cells = [f"‹{_text(sh.cockpit)}{half}›"]
    guests = list(sh.guests)
    for k, seg in enumerate(sh.segments):
        icons = "".join(guest(x) for x in seg.icons)
        if k:
            g = guests.pop(0) if guests else None
            cells.append(f"({guest(g)})" if g else "( )")
        # 客室斡旋: ½L / ½C / ½R, the half cabin it shows
        mark = f" {half_mark(seg.half)}" if seg.half else ""
        seen = "✓" if seg.visited else ""  # 専門設計図: started on this day in space
        cells.append(f"\\[{seen}{_text(seg.name)} {icons}{mark}]")
    while guests:  # a cabin holding more than one guest (a card's effect)
        cells.append(f"(+{guest(guests.pop(0))})")
    cells.append(f"‹{_text(sh.engine)}›")
    flag = [] if sh.launched_once else \
        [f"  [b]-{sh.unlaunched_penalty} if never launched[/b]"]
    line = _ship_rows(f" {sh.index}. ", cells, [f"  cabins {sh.cabins}", *flag])
    if any(seg.effect for seg in sh.segments):  # 専門設計図: what each segment starts
        line += "\n    visits: " + "  ".join(
            f"{k + 1}{'✓' if seg.visited else ''} {_text(seg.effect)}"
            for k, seg in enumerate(sh.segments))
    f = sh.flight
    if f is not None:
        carrying = "" if f.token is None else \
            f"  carrying the {f.token} upgrade token" if f.token else \
            "  carrying an upgrade token"
        line += (f"\n    in flight: {stop_strip(f.cruise, f.stop)}"
                 f"  ({f'at stop {f.stop + 1}' if f.stop >= 0 else 'just launched'})"
                 + carrying)
    return line


def _tokens(row: tuple[TowerTokenView, ...]) -> str:
    out = []
    for t in row:
        # Every state keeps the bonus's name and the same width, so the columns stay put.
        if t.state == "up":
            out.append(f"\\[{t.label}] ")
        elif t.state == "flipped":
            out.append(f"\\[{t.label}▼]")
        else:
            out.append(f" ×{t.label} ")
    return " ".join(out)


def player_board(v: View, seat: int, person: str = "") -> str:
    """A seat's board; `person`: at a table, who sits there when it is not the seat's own
    name (a free seat keeps its colour in the game): "bob (Blue)"."""
    p: PlayerView = v.player(seat)
    s = p.seat
    title = name(v, seat, {seat: person})
    # Two short lines rather than one that wraps mid-phrase at 80 columns.
    head = (f"[b]{title}[/b]  VP {s.vp}  reputation {s.reputation}  money {s.money}"
            f"  ads {s.ads}\n wings {p.wings}  cubes on track {p.cubes_on_track}"
            f"  cards in hand {p.hand_size}  blueprints {p.blueprints}")
    if s.engine_run:  # an engine-run player: Rachel
        head += f"  ({s.kind})"
    out = [head, "[b]Storage[/b]      [b]Developments[/b] (cost; · placed)"]
    for st in p.storage:
        have, cap = st.have, st.capacity
        bar = "●" * min(have, 5) + "○" * max(0, cap - have) + " " * max(0, 5 - max(cap, have))
        devs = " ".join("·" if k < st.developments_placed else f"{cost}"
                        for k, cost in enumerate(st.development_costs))
        out.append(f" {st.resource:<6} {bar} {have}/{cap}   {devs}")
    out.append("   column VP when emptied: " + " / ".join(map(str, p.column_vp)))
    room = " ".join("▲" if x == "worker" else "◆" for x in p.break_room) or "empty"
    hire = ", ".join(p.experts_not_hired) or "all hired"
    out.append(f"[b]Break room[/b] {room}   experts not hired: {hire}")
    # A row each: side by side they wrapped in the 160-column layout's narrow pane.
    out.append("[b]Launch tower[/b] top    " + _tokens(p.tower_top))
    out.append("             bottom " + _tokens(p.tower_bottom))
    out.append("   \\[x] up · \\[x▼] flipped for a cruise · ×x removed")
    out.append("   removed top: its bonus gives 2 · left expert: 3 money per bottom token")
    # Each box in its own place: upgrade 2 alone reads □■□, not ■□□.
    have = {(u.colour, u.index) for u in p.upgrades}
    ups = [f"{guest(r.colour)} " + "".join("■" if (r.colour, i) in have else "□"
                                           for i in range(1, r.spaces + 1))
           for r in p.upgrade_rows]
    out.append("[b]Upgrades[/b] " + "  ".join(ups))
    for u in p.upgrades:
        out.append(f"   {guest(u.colour)}{u.index}: {_text(u.text)}")
    out.append(f"[b]Ships[/b] ({len(p.ships)})")
    out.extend(ship_strip(sh) for sh in p.ships)
    if any(seg.half for sh in p.ships for seg in sh.segments) or \
            any(sh.cockpit_half for sh in p.ships):
        # 客室斡旋: the testers could not tell which halves pair.
        out.append("   ½L ½C ½R: half a cabin; two of the same letter side by side make one")
    if p.scheduled is not None:
        tok = f", token {p.scheduled.token}" if p.scheduled.token else ""
        # From T-5 to liftoff the tile is on the ship: "cruise 3: -" read as no cruise.
        stops = stop_strip(p.scheduled.cruise) if p.scheduled.cruise is not None else next(
            (f"launching on ship {sh.index}" for sh in p.ships
             if sh.flight is not None and sh.flight.stop < 0), "launching")
        out.append(f"[b]Scheduled[/b] cruise {p.scheduled.space}: {stops}{tok}")
    done = ", ".join(_text(g) for g in p.goals_done) or "none yet"
    out.append(f"[b]Goals done[/b] {done}")
    now = ", ".join(f"{n} {k.replace('vp', 'VP')}" for k, n in p.funding_now) \
        or "none (all flipped)"
    out.append(f"[b]Funding bonus now[/b] {now}")
    if p.cockpit_rules:
        # The figure first: last, "(now 13" ended a row and "VP)" began the next.
        out.append(f"[b]Cockpits[/b] (now {p.cockpits_vp} VP): {'; '.join(p.cockpit_rules)}")
    if p.starting:
        out.append(f"[b]Starting upgrade[/b] {_text(p.starting)}")
    return "\n".join(out)


TIMING = {"action": "during its action", "launch": "at a launch", "phase1": "phase 1",
          "phase3": "phase 3", "destination": "at a destination", "day_in_space":
          "on a day in space", "bumped": "when bumped", "any_time": "any time"}


def hand(v: View) -> str:
    """The view's own hand: its cards and blueprints (a watcher has none)."""
    h = v.hand
    if h is None:
        return "Watching: no hand is shown."
    out = [f"[b]{name(v, h.seat)}: agenda cards[/b] ({len(h.cards)}/{h.limit}; play for the "
           "resource any time on your turn, or for the effect when it says)"]
    for a in h.cards:
        when = TIMING.get(a.timing, a.timing)
        out.append(f" • [b]{_text(a.name)}[/b]  \\[{a.resource}]  ({when})"
                   f"\n     {_text(a.text)}")
    if not h.cards:
        out.append("   none")
    if h.offer:
        out.append("[b]Starting upgrade cards on offer[/b] (sealed bids: the highest picks "
                   "first; equal bids, the later seat)")
        out.extend(f" • {_text(x)}" for x in h.offer)
    if h.starting:
        out.append("[b]Starting upgrade cards[/b] (reveal one at the start of your first turn; "
                   "only you see them)")
        out.extend(f" • {_text(x)}" for x in h.starting)
    out.append(f"[b]Blueprints[/b] ({len(h.blueprints)}/{h.blueprint_limit})")
    out.extend(f" • {_blueprint(x)}" for x in h.blueprints)
    if not h.blueprints:
        out.append("   none")
    return "\n".join(out)


# --- scores --------------------------------------------------------------------------------
def sheet_rows(v: View) -> tuple[tuple[str, str], ...]:
    return (("game_vp", "VP scored during play"),
            ("cockpits", f"Cockpits (-{v.scores.unlaunched_penalty} a ship never launched)"),
            ("developments", "Developments (emptied column)"),
            ("segments", "Segments (their VP)"),
            ("progress", "Progress (section 3 cubes x wings)"),
            ("reputation", "Reputation"),
            ("others", "Leftovers (1 VP per 3 items)"),
            ("total", "Total"))


def score_table(v: View, people: Mapping[int, str] | None = None) -> str:
    """The score sheet: a row per category in words, a column per player."""
    sc = v.scores
    lines = sc.rows
    rows = sheet_rows(v)
    head = "final" if sc.final else "so far: the final categories as if the game ended now"
    label = max(len(t) for _, t in rows) + 1
    col = 9
    out = [f"[b]Score sheet[/b] ({head})",
           " " * label + "".join(_pad(f" {who(v, ln.seat)} {rich_safe(ln.name, 6)}", col)
                                 for ln in lines)]
    for field_name, text in rows:
        cells = "".join(f"{getattr(ln, field_name):>{col - 2}}  " for ln in lines)
        row = f"{text:<{label}}{cells}"
        out.append(f"[b]{row}[/b]" if field_name == "total" else row)
    order = list(sc.ranking)
    best = next(ln for ln in lines if ln.seat == order[0])
    tied = [ln for ln in lines if ln.total == best.total]
    word = "Winner" if sc.final else "Leading"
    out.append(f"{word}: {name(v, order[0], people)} with {best.total} VP"
               + (_tiebreak(v, tied, order) if len(tied) > 1 else ""))
    return "\n".join(out)


def agm_table(v: View, scored: dict[int, int], people: Mapping[int, str] | None = None
              ) -> str:
    """Who scored what at the AGM just held: cubes in its section, the reputation cube, wings."""
    a = v.agm()
    out = [f"[b]AGM year {a.year}[/b]: cubes in section {a.year} (+1 for the best "
           "reputation) x wings"]
    for r in a.rows:
        total = r.cubes + (1 if r.top_reputation else 0)
        vp = scored.get(r.seat, total * r.wings)
        sum_text = f"{r.cubes} cube{'s' if r.cubes != 1 else ''}" + \
            (" + 1" if r.top_reputation else "")
        out.append(f" {name(v, r.seat, people)}: {sum_text} = {total} x {r.wings} "
                   f"wing{'s' if r.wings != 1 else ''}" + (f" = {vp} VP" if vp == total * r.wings
                                                           else f"; scored {vp} VP"))
    return "\n".join(out)


def _tiebreak(v: View, tied: list, order: list[int]) -> str:  # noqa: ANN001
    parts = [f"{who(v, ln.seat)} cubes {ln.cubes_on_track}, rep {ln.reputation_level}, "
             f"cockpit {ln.cockpit_vp}" for ln in sorted(tied, key=lambda x: order.index(x.seat))]
    return " (tie broken by cubes, reputation, cockpit VP, later seat: " + "; ".join(parts) + ")"


def vp_chart(v: View, height: int = 10, width: int = 60) -> str:
    """Every player's VP after each turn, as letters on a grid (no colour needed)."""
    series = v.scores.vp_series
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
            grid[height - 1 - row][col] = who(v, seat) if cell == " " else "*"
    out = [f"[b]VP over the turns[/b] ({n - 1} turns; * where lines share a row)"]
    for r, row in enumerate(grid):
        value = round(top - r * span / max(1, height - 1))
        out.append(f"{value:>4} ┤" + "".join(row))
    out.append("     └" + "─" * cols)
    out.append("      turn 1" + " " * max(0, cols - 14) + f"{n - 1:>8}")
    # A row spans several VP: the values themselves, so that no near thing reads as a tie.
    out.append("      last: " + "  ".join(f"{who(v, seat)} {xs[-1]}"
                                          for seat, xs in enumerate(series) if xs))
    return "\n".join(out)


def end_words(v: View, you: int | None = None) -> str:
    """How near the end is, once it is triggered: turns left, or your last turn."""
    t = v.turn
    if t.end == "over":
        return "Game over"
    if t.end == "none":
        return ""
    order = t.order
    if t.end == "triggered":
        # The round is finished, then everyone plays one final turn.
        left = len(order) - 1 - order.index(t.seat) + len(order) \
            if t.seat in order else len(order)
        # "more": the turns after this one (a tester read "0 turns left" during a last turn).
        return f"End triggered: {left} more turn{'s' if left != 1 else ''}"
    if t.end == "final_turns":
        if you is not None and t.seat == you and you not in t.final_turns_left:
            return "Your final turn"
        left = len(t.final_turns_left)
        if not left:
            return "Final round: the last turn"
        return f"Final round: {left} more turn{'s' if left != 1 else ''}"
    return "Final round: last moves, goals and the final AGM"


def status(v: View, you: int | None = None, save_error: str | None = None,
           width: int | None = None, people: Mapping[int, str] | None = None) -> str:
    """Round, whose turn, the progress track's fill, the end, an unsaved game; then the seats.
    `you`: the seat the line calls "you" (None: nobody); `width`: the columns it has, so that
    a seat's figures wrap as one ('rep' ended one line and its value began the next);
    `people`: at a table, who sits at each seat."""
    t = v.turn
    total = v.tracks.progress.length
    if t.number == 0 and not v.over:
        whose = "setup"
    elif t.seat == you:
        whose = "your turn"
    else:
        whose = f"{rich_safe(called(v, t.seat, people))}'s turn"
    dec = v.pending
    if t.number and dec is not None and dec.seat != t.seat and 0 <= dec.seat < len(v.seats):
        # A bump's bonus, a final move: "your turn" alone read as yours to choose.
        whose += " · you choose" if dec.seat == you else \
            f" · {rich_safe(called(v, dec.seat, people))} chooses"
    parts = [f"[b]Round {t.round} · turn {t.number}[/b] · {whose}",
             f"progress {min(v.tracks.progress.placed, total)}/{total}",
             f"AGM {t.agm_done} done" if t.agm_done else "no AGM yet"]
    end = end_words(v, you)
    if end:
        parts.append(f"[b reverse] {end} [/]")
    if save_error is not None:
        parts.append(f"[b reverse] not saved: {rich_safe(save_error, 120)} [/]")
    # One seat's storage too, the one deciding (or "you"): what most decisions weigh. A
    # watcher (a replay) has no seat to read it for.
    mine = you if you is not None else v.pending.seat if v.pending is not None else t.seat
    if v.viewer is not None and v.viewer < 0:
        mine = None
    # ▶ marks whose turn it is; in the set-up, which has no turns, the seat choosing now (the
    # turn's seat stayed on the first player while the others chose).
    arrow = v.pending.seat if t.number == 0 and v.pending is not None else t.seat
    seats = []
    for p in v.seats:
        turn = "▶" if p.seat == arrow and not v.over else " "
        line = f"{turn}{name(v, p.seat, people)} {p.vp}VP rep {p.reputation}"
        if not p.engine_run:  # Rachel has no money or ads: "$0 ads 0" read as broke
            line += f" ${p.money} ads {p.ads}"
        if p.seat == mine and not p.engine_run and not v.over:
            line += " · " + " ".join(f"{st.resource} {st.have}/{st.capacity}"
                                     for st in v.player(p.seat).storage)
        seats.append(line)
    return " · ".join(parts) + "\n" + _pack(seats, width)


def _pack(segments: list[str], width: int | None) -> str:
    """`segments` (markup) two spaces apart, a new line before one that would not fit."""
    if not width:
        return "  ".join(segments)
    lines: list[list[str]] = [[]]
    used = 0
    for seg in segments:
        n = Text.from_markup(seg).cell_len
        if lines[-1] and used + 2 + n > width:
            lines.append([])
            used = 0
        used += (2 if lines[-1] else 0) + n
        lines[-1].append(seg)
    return "\n".join("  ".join(line) for line in lines)


# --- Rachel (solo) -------------------------------------------------------------------------
def rachel_pane(v: View) -> str:
    """Rachel's deck (the card she acts on, the back showing next) and her board."""
    r = v.rachel
    if r is None:
        return "No Rachel in this game."
    out = ["[b]Rachel's action deck[/b]"]
    if r.shown:
        out.append(f" Last revealed: [b]{_text(r.shown.name)}[/b]: top "
                   f"{r.shown.top}; bottom {r.shown.bottom}")
    else:
        out.append(" Last revealed: none yet")
    if r.next_back is not None:
        first, second, station = r.next_back
        # 1人用アクション: she reveals this card next turn and places by the back of the one
        # below it, unseen; this back placed her last worker, and its numbers pick for her
        # until then (a tester read it as where she goes next).
        # Before her first reveal it has placed nobody.
        placed = "it placed her last worker; " if r.shown else ""
        out.append(f" Top card's back: numbers {first} and {second}, station {station}"
                   f"  ({placed}its numbers pick among displays and cruises until her next"
                   " turn, whose station the card below it decides)")
    out.append(f" Deck {r.deck} cards, revealed {r.revealed}")
    (dev, seg, ship), (dev_now, seg_now, ship_now) = r.targets, r.reached
    out.append(f" Her goals: {dev} developments placed (now {dev_now}), "
               f"{seg} segments built (now {seg_now}), {ship} ships launched "
               f"(now {ship_now})")
    out.append(f" Difficulty: {r.difficulty}"
               + ("" if r.difficulty != "custom" else f" ({', '.join(r.levels)})"))
    out.append("")
    out.append(player_board(v, r.seat))
    return "\n".join(out)
