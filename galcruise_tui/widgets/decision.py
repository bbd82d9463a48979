"""The decision bar: every legal option with its key, grouped when the list is long.

Each command is a path of choices (engine/describe.py). The bar shows the commands below the
open group: flat when few, otherwise one entry per next choice ("Build a food development ›
(12)"), so every list fits a small terminal and keeps its keys on screen. `0`/Esc goes back.

Keys follow the thing an option names where it has a number: station 5 is key 5 whichever
stations are taken, cruise 2 is key 2, the third card in hand is key 3. Options without such a
number then take letters, so that no digit means a position in one list and a station in the
next. Rows that share their first words show them once, as a heading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.commands import Command, Done, PlayAgendaEffect, TakeAction
from engine.describe import FREE_GROUP
from engine.view import View

DIGITS = [str(i) for i in range(1, 10)]
LETTERS = list("abcdefghijklmnopqrstuvwxyz")
FLAT = 9  # up to this many commands show as they are; more are grouped by their first choice
BACK_KEY = "0"


@dataclass
class Entry:
    text: str
    commands: list[Command]
    prefix: tuple[str, ...] | None = None  # set for a group: the path it opens
    head: str | None = None  # a heading shared with the rows around it, shown once above them
    number: int | None = None  # the number of the thing it names (station, cruise, card)
    weak: bool = False  # cards: a number is a place in hand, yielding to the list's own


Numbering = Callable[[Command], int | None]


def _number(entry: Entry, numbering: Numbering | None) -> int | None:
    if numbering is None:
        return None
    found = {numbering(c) for c in entry.commands}
    return found.pop() if len(found) == 1 else None


def _joined(path: tuple[str, ...]) -> str:
    """A path's words as one row. The free commands' group ends in a colon: its name has
    commas of its own ("Cards, reputation and technologies, Pay 2 money ..." read as one
    list)."""
    if len(path) > 1 and path[0] == FREE_GROUP:
        return f"{FREE_GROUP}: " + ", ".join(path[1:])
    return ", ".join(path)


def _flat(items: list[tuple[tuple[str, ...], Command]], prefix: tuple[str, ...]) -> list[Entry]:
    """One entry per command; two or more that share their next choice get it as a heading."""
    heads: dict[str, int] = {}
    for p, _ in items:
        if len(p) > len(prefix) + 1:
            heads[p[len(prefix)]] = heads.get(p[len(prefix)], 0) + 1
    out = []
    for p, c in items:
        rest = p[len(prefix):]
        if len(rest) > 1 and heads.get(rest[0], 0) > 1:
            out.append(Entry(", ".join(rest[1:]), [c], head=rest[0]))
        else:
            out.append(Entry(_joined(rest), [c]))
    return out


def ident(entry: Entry) -> object:
    """What an entry is across two lists of one step: its command, or the group it opens."""
    return entry.prefix if entry.prefix is not None else entry.commands[0]


def _keyed(entries: list[Entry], keys: list[str]) -> dict[object, str]:
    """The keys a list gave, for the next list of its step: by each entry's identity, and by
    each command in it (see _steady). Cards, drops and fees keep no key."""
    kept: dict[object, str] = {}
    for e, k in zip(entries, keys, strict=False):
        if e.weak:
            continue
        kept[ident(e)] = k
        for c in e.commands:
            kept.setdefault(c, k)
    return kept


def _steady(entries: list[Entry], keys: list[str], kept: dict[object, str],
            letters: list[str]) -> list[str]:
    """Positions as the step's first list gave them: an option keeps its key after another
    is taken, and the key of the one taken stays unused. Renumbered, typing "1 2" ahead to
    build the first two blueprints seen built the first and the third (QA s54 F11). An option
    new to the step takes its own place's key where that is free ("Build no more segments"
    its letter, never the digit just freed)."""
    held: dict[int, str] = {}
    for i, e in enumerate(entries):
        k = kept.get(ident(e))
        if k is None:
            # A group may come back as rows, or a row as a group: "Build Ion Kart Track ›
            # 2 choices" (two ships) was "Build Ion Kart Track ..., on ship 2" once ship 1
            # was full, and every blueprint after the one built moved up a key (QA s56).
            k = next((kept[c] for c in e.commands if c in kept), None)
        if k is not None and k not in held.values():
            held[i] = k
    # The keys of options taken this step stay unused by new rows too: boarding, "Finish
    # boarding" (its letter held by a guest from the supply) took the digit of the guest just
    # boarded, so "1 1" typed ahead finished the boarding (QA s55). Only where the list goes
    # on from the last (some option kept): a new list read as the same step (the auction's
    # cards after the bids, before DecisionBar._step read the decision's kind) took f, g, i.
    taken = set(held.values()) | (set(kept.values()) if held else set())
    out: list[str] = []
    for i, own in enumerate(keys):
        key = held.get(i)
        if key is None:
            key = own if own not in taken else next(
                (k for k in (*(keys if own.isdigit() else ()), *letters) if k not in taken),
                " ")
            taken.add(key)
        out.append(key)
    return out


def assign_keys(entries: list[Entry], reserved: set[str], numbered: bool = False,
                kept: dict[object, str] | None = None) -> list[str]:
    """A key per entry: its own number where it names a numbered thing (distinct, 1-9), and
    letters for the rest; plain positions (digits, then letters) only where nothing is
    numbered. `numbered`: the decision numbers things at some level, so that here too a digit
    never means a position (a digit pressed for station 2 launched a ship when the list was
    grouped, and a display card's key moved once few were left).

    Cards, drops and fees (`Entry.weak`) come and go with the turn, so the decision's own
    options are keyed as if they were not there, and a card keeps its place in hand only
    where that digit is free, means no position and is above the decision's own numbers;
    else it takes the next letter, as drops and fees always do. A playable card had re-keyed
    Done, the guests and Hire left/right to letters, a funding bonus's 1 to a position, and a
    drop's 'a' to 'b'."""
    letters = [k for k in LETTERS if k not in reserved]
    own = [e for e in entries if not e.weak]
    if not own:  # only guests (a group opened, discarding down to 5): a list of their own
        return _keys(entries, letters, numbered)[0]
    keys, positions = _keys(own, letters, numbered)
    if positions and kept:
        keys = _steady(own, keys, kept, letters)
    by_entry = dict(zip(map(id, own), keys, strict=True))
    used = set(keys)
    # A digit among the decision's own numbers is theirs even where that row is missing now:
    # with the money bonus's token flipped, funding bonuses read 2-6, and a card in hand took
    # key 1 beside "· Funding bonus: 1 money: its token is flipped ...".
    top = max((k for k in (e.number for e in own) if k is not None), default=0)
    spare = iter([k for k in letters if k not in used])
    out = []
    for e in entries:
        key = by_entry.get(id(e))
        if key is None:
            n = e.number
            key = str(n) if n is not None and top < n <= 9 and not positions and \
                str(n) not in used else next(spare, " ")
            used.add(key)
        out.append(key)
    return out


def _keys(entries: list[Entry], letters: list[str], numbered: bool) -> tuple[list[str], bool]:
    """The keys of a list by its own numbers, and whether they are plain positions."""
    numbers = [e.number for e in entries]
    usable = [n for n in numbers if n is not None and 1 <= n <= 9]
    if len(set(usable)) != len(usable) or len(usable) != sum(n is not None for n in numbers) \
            or (not usable and not numbered) or len(entries) - len(usable) > len(letters):
        # Where the decision numbers things, a position takes a letter: a digit there would
        # be read as a thing's number (rows a grouping could not part, or over 9 numbers).
        if numbered and len(entries) <= len(letters):
            return letters[:len(entries)], True
        return _positions(entries, letters), True
    free = iter(letters)
    return [str(n) if n is not None else next(free, " ") for n in numbers], False


def _positions(entries: list[Entry], letters: list[str]) -> list[str]:
    """Digits, then letters, by place in the list; a row that ends the step ("Build no more
    segments", "Finish boarding") takes a letter after them, as "End your actions" does where
    stations are numbered. As the eighth of eight it was key 8, then 6, then 4 as segments
    were built, where the choices it followed were digits. Alone, it is 1."""
    ends = [bool(e.commands) and e.prefix is None and all(isinstance(c, Done) for c in e.commands)
            for e in entries]
    if all(ends):
        return (DIGITS + letters)[:len(entries)]
    keys = iter((DIGITS + letters)[:len(entries) - sum(ends)])
    rest = [next(keys) for end in ends if not end]
    spare = iter([k for k in letters if k not in rest])
    places = iter(rest)
    return [next(spare, " ") if end else next(places) for end in ends]


def build_entries(paths: list[tuple[tuple[str, ...], Command]], prefix: tuple[str, ...],
                  numbering: Numbering | None = None) -> tuple[tuple[str, ...], list[Entry]]:
    """The entries below `prefix`; a level with a single group opens it at once."""
    prefix, entries = _build(paths, prefix, numbering)
    weak = getattr(numbering, "weak", None)
    for e in entries:
        e.number = _number(e, numbering)
        e.weak = weak is not None and all(map(weak, e.commands))
    # Cards after the decision's own rows: they take their letters after the own rows'
    # (assign_keys), and listed first they read e, a, b, c, d. (They are the last rows'
    # heading's, "Cards, reputation and technologies", wherever they share one.)
    entries.sort(key=lambda e: e.weak)
    _ascending(entries)
    own = [e for e in entries if not e.weak]
    numbers = {e.number for e in own}
    if len(own) > 1 and len(numbers) == 1 and None not in numbers:
        # Inside one numbered thing's group (cruise 2's tokens) its members share its number;
        # they take their own where they have one (a tower token's place), else letters, never
        # positions that move when one is gone (or when a card joins the list).
        inner = getattr(numbering, "inner", None)
        for e in own:
            e.number = _number(e, inner)
    return prefix, entries


def _ascending(entries: list[Entry]) -> None:
    """Rows under one heading, each with a number of its own, in the order of their numbers:
    "Take 1 resource from the silo:" listed its resources as the engine does, fuel first, and
    keyed food 1, oxygen 2, fuel 3 it read 3, 2, 1."""
    i = 0
    while i < len(entries):
        j = i
        while j + 1 < len(entries) and entries[i].head is not None and \
                entries[j + 1].head == entries[i].head:
            j += 1
        run = entries[i:j + 1]
        numbers = [e.number for e in run]
        if len(run) > 1 and None not in numbers and len(set(numbers)) == len(run):
            entries[i:j + 1] = sorted(run, key=lambda e: e.number or 0)
        i = j + 1


def _clash(items: list[tuple[tuple[str, ...], Command]], numbering: Numbering | None) -> bool:
    """Whether two of the decision's own rows carry one number while others carry another.
    (All alike is one thing's group, a cruise's tokens: they take their inner numbers.)"""
    if numbering is None:
        return False
    weak = getattr(numbering, "weak", None)
    found = [numbering(c) for _, c in items if weak is None or not weak(c)]
    found = [n for n in found if n is not None]
    return len(set(found)) > 1 and len(set(found)) < len(found)


def _build(paths: list[tuple[tuple[str, ...], Command]], prefix: tuple[str, ...],
           numbering: Numbering | None) -> tuple[tuple[str, ...], list[Entry]]:
    while True:
        items = [(p, c) for p, c in paths if p[:len(prefix)] == prefix and len(p) > len(prefix)]
        flat = _flat(items, prefix)
        # Headings take rows too: a flat list is kept only when it fits with them, and when
        # no two of its rows name one numbered thing among others: there a digit could not be
        # its thing's number (a setup's "1 on connection 5", "5 fuel on connection 5"), and
        # grouped by the first choice each thing keeps its own key.
        if len(flat) + len({e.head for e in flat if e.head is not None}) <= FLAT \
                and not _clash(items, numbering):
            return prefix, flat
        groups: dict[str, list[tuple[tuple[str, ...], Command]]] = {}
        for n, (p, c) in enumerate(items):
            # A command whose path ends here is an entry of its own, never a group.
            key = p[len(prefix)] if len(p) > len(prefix) + 1 else f"\0{n}"
            groups.setdefault(key, []).append((p, c))
        if len(groups) == 1:
            prefix = (*prefix, next(iter(groups)))
            continue
        out: list[Entry] = []
        for head, members in groups.items():
            if len(members) == 1:
                p, c = members[0]
                out.append(Entry(_joined(p[len(prefix):]), [c]))
            else:
                out.append(Entry(head, [c for _, c in members], (*prefix, head)))
        return prefix, _open_numbered(out, paths, numbering)


def _open_numbered(out: list[Entry], paths: list[tuple[tuple[str, ...], Command]],
                   numbering: Numbering | None) -> list[Entry]:
    """Open in place the one group whose members are numbered things (place a worker: the
    stations), when nothing else here has a number: its members' keys are then their numbers
    at the first press, not after a press that opens the group."""
    if numbering is None:
        return out
    if any(_number(e, numbering) is not None for e in out):
        return out
    found: list[tuple[int, list[Entry]]] = []
    for i, e in enumerate(out):
        if e.prefix is None or len(e.commands) > len(DIGITS):
            continue
        nums = [numbering(c) for c in e.commands]
        if None in nums or len(set(nums)) != len(nums):
            continue
        inner = [(p, c) for p, c in paths if p[:len(e.prefix)] == e.prefix]
        if any(len(p) != len(e.prefix) + 1 for p, _ in inner):
            continue
        found.append((i, [Entry(p[-1], [c], head=e.text) for p, c in inner]))
    if len(found) != 1:  # two such groups (a food or a fuel development) stay groups
        return out
    i, rows = found[0]
    return out[:i] + rows + out[i + 1:]


def row_text(prompt: object) -> str:
    """An option row as plain text, whether a line or a key-and-text row (`Hanging`)."""
    return prompt.plain if isinstance(prompt, (Hanging, Text)) else str(prompt)


class Hanging(Table):
    """`key`, then `text` after `gap` columns; a long text wraps under its own first letter,
    not under the key (at 80 columns most build options take two lines)."""

    def __init__(self, key: Text, gap: int, text: Text, style: str = "") -> None:
        super().__init__(box=None, padding=0, collapse_padding=True, show_header=False,
                         show_footer=False, show_edge=False, pad_edge=False, expand=True)
        self.add_column(no_wrap=True)
        self.add_column(width=gap, no_wrap=True)
        self.add_column(ratio=1)
        self.add_row(key, "", text, style=style)
        self.plain = key.plain + " " * gap + text.plain


class DecisionBar(OptionList):
    """Options by number then letter; Enter or the key chooses; groups open in place."""

    BINDINGS = [
        Binding("escape,backspace", "back", "Back", id="options_back"),
    ]

    class Chosen(Message):
        def __init__(self, command: Command) -> None:
            super().__init__()
            self.command = command

    class Moved(Message):
        """A group was opened or left: keys given for the list before (a hint's) are stale."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.facts: View | None = None
        self.entries: list[Entry] = []
        self.keys: list[str] = []
        self.prefix: tuple[str, ...] = ()
        self.root: tuple[str, ...] = ()
        self.reserved: set[str] = set()
        self._paths: list[tuple[tuple[str, ...], Command]] = []
        self.numbering: Numbering | None = None
        self.numbered = False  # some command of this decision names a numbered thing
        self.unavailable: list[str] = []  # options not possible now, each with why
        # A choice travels to the screen as a message; keys typed before its decision lands
        # wait for the next list (typing "2 5 a" fast over SSH read 'a' in the list of the
        # '2' before it, which opened a group there, so the 'a' was lost).
        self._sent = False
        self._sent_by: int | None = None  # the seat whose choice was sent
        self._ahead: list[str] = []
        # The last top-level list's keys by option, and the step it was for (see _step).
        self._kept: tuple[tuple[object, ...] | None, dict[object, str]] = (None, {})

    # --- content ---------------------------------------------------------------------------
    def show(self, v: View | None, commands: list[Command], reserved: set[str],
             unavailable: list[str] | None = None) -> None:
        """Show `commands` (the legal ones, or none while someone else decides), and below
        them `unavailable`: common options not possible now, with the reason."""
        from galcruise_tui.widgets.gloss import by_numbers, numbering, words

        self.facts = v
        self.reserved = reserved
        self.unavailable = unavailable or []
        self.numbering = numbering(v) if v else None
        self._paths = [(words(v, c), c) for c in commands] if v else []
        number = self.numbering
        if v is not None and v.pending is not None and v.pending.actions_at and number:
            # A turn's actions in the order of their keys (1-2 here, 3-4 clockwise, 5-6
            # before), not the engine's (here, before, clockwise), which read 1 2 5 6 3 4.
            self._paths.sort(key=lambda pc: number(pc[1]) or 99 if isinstance(
                pc[1], TakeAction) else 99)
        elif v is not None and v.pending is not None and v.pending.last_cards:
            # The cards this moment is for come next to "go on", before the group.
            self._paths.sort(key=lambda pc: 0 if isinstance(pc[1], Done) else
                             1 if isinstance(pc[1], PlayAgendaEffect) else 2)
        self.numbered = v is not None and by_numbers(v, commands, number)
        was = self.prefix
        self.root, _ = build_entries(self._paths, (), self.numbering)
        self.prefix = self.root
        self._rebuild()
        if was != self.prefix:  # a redraw closes an open group: a hint's keys follow
            self.post_message(self.Moved())
        ahead, self._ahead, self._sent = self._ahead, [], False
        seat = v.pending.seat if v is not None and v.pending is not None else None
        if commands and seat == self._sent_by:  # never into another person's decision
            for key in ahead:  # once one is sent, the rest wait for the list after it
                if not self.pick_key(key):
                    break

    def refused(self) -> None:
        """The choice sent was not played (illegal by now): keys typed after it are dropped,
        and the list takes keys again."""
        self._sent, self._ahead = False, []

    @property
    def in_group(self) -> bool:
        return self.prefix != self.root

    def _step(self) -> tuple[object, ...] | None:
        """Which step of a turn the list is for: two lists of one step (a segment built of
        several, a second ticket, the next guest boarded) keep their options' keys."""
        v = self.facts
        if v is None or v.pending is None:
            return None
        p, t = v.pending, v.turn
        # Not the guests a tour has left: they go as they are toured, within the step.
        return (p.kind, p.seat, p.actions_at, p.tour_destination, p.ticket_cruise, p.bumped,
                p.main_choice, p.meeting, p.boarding, p.action, p.last_cards, t.round,
                t.number, t.seat, t.stage, t.actions_left)

    def _kept_keys(self) -> dict[object, str] | None:
        step = self._step()
        return self._kept[1] if step is not None and self._kept[0] == step else None

    def _rebuild(self) -> None:
        self.prefix, self.entries = build_entries(self._paths, self.prefix, self.numbering)
        top = not self.in_group
        keys = assign_keys(self.entries, self.reserved, self.numbered,
                           self._kept_keys() if top else None)
        if top:
            self._kept = (self._step(), _keyed(self.entries, keys))
        self.keys = keys
        self.clear_options()
        opts: list[Option] = []
        if self.in_group:
            crumb = " › ".join(self.prefix[len(self.root):])
            # Wrapped like an option, under its own text (a long crumb went to column 0).
            opts.append(Option(Hanging(Text(f" {BACK_KEY} ", style="bold reverse"), 1,
                                       Text(f"‹ back   ({crumb})")), id="back"))
        # Why the options a player looks for are missing comes right after the decision's own
        # rows, before the cards and drops: below those, at 80x24 the reasons for a missing
        # place or launch were out of sight with nothing saying so (QA s53 Q5).
        reasons = [Option(Hanging(Text("  · "), 1, Text(text), "dim italic"), disabled=True)
                   for text in self.unavailable] if self.entries and not self.in_group else []
        head: str | None = None
        for i, e in enumerate(self.entries):
            if e.weak and reasons:
                opts += reasons
                reasons = []
            if e.head is not None and e.head != head:
                opts.append(Option(Text(f" {e.head}:", style="bold"), disabled=True))
            head = e.head
            key = keys[i] if i < len(keys) else " "
            text = Text(e.text)
            if e.prefix is not None:
                text.append(f"  › {len(e.commands)} choices", style="italic")
            label = Hanging(Text(f" {key} ", style="bold reverse"),
                             3 if e.head is not None else 1, text)
            opts.append(Option(label, id=f"e{i}"))
        opts += reasons  # no cards here: after the rows
        if not opts:
            opts = [Option("(nothing to choose now)", disabled=True)]
        self.add_options(opts)
        first = next((n for n, o in enumerate(opts) if (o.id or "").startswith("e")), 0)
        self.highlighted = first
        # Back is a key only inside a group: the key bar shows it (cheap when nothing changed).
        self.refresh_bindings()

    # --- choosing ----------------------------------------------------------------------------
    def pick(self, index: int) -> bool:
        if not 0 <= index < len(self.entries):
            return False
        e = self.entries[index]
        if e.prefix is None:
            if self._sent:  # one choice at a time: this list is the one before it
                return True
            self._sent = True
            facts = self.facts
            self._sent_by = facts.pending.seat if facts is not None and facts.pending else None
            self.post_message(self.Chosen(e.commands[0]))
        else:
            self.prefix = e.prefix
            self._rebuild()
            self.post_message(self.Moved())
        return True

    def pick_key(self, key: str) -> bool:
        if self._sent:
            # An option's key is read in the list the choice brings (show); the screen's own
            # keys (u, q, h, l, space, tab ...) act at once, as ever.
            if key in DIGITS or key == BACK_KEY or (key in LETTERS and key not in self.reserved):
                self._ahead.append(key)
                return True
            return False
        if key == BACK_KEY and self.in_group:
            return self.go_back()
        return key != " " and key in self.keys and self.pick(self.keys.index(key))

    def go_back(self) -> bool:
        if not self.in_group:
            return False
        self.prefix = self._back_from(self.prefix)
        self._rebuild()
        self.post_message(self.Moved())
        return True

    def _back_from(self, prefix: tuple[str, ...]) -> tuple[str, ...]:
        """Where one step back from the group `prefix` leads: levels that hold one group open
        by themselves are stepped over."""
        prefix = prefix[:-1]
        while len(prefix) > len(self.root):
            _, entries = build_entries(self._paths, prefix, self.numbering)
            if len(entries) > 1:
                break
            prefix = prefix[:-1]
        return prefix

    def keys_for(self, cmd: Command) -> list[str]:
        """The presses that choose `cmd` from where the bar stands: inside the open group
        where `cmd` is in it, else back to the top (0 for each step back) and down from there.
        From the top, a hint asked inside a group read "press c b b", which there chose
        another group's row (QA s57)."""
        target = next(p for p, c in self._paths if c == cmd)
        presses: list[str] = []
        prefix = self.prefix
        if target[:len(prefix)] != prefix:
            while prefix != self.root:
                presses.append(BACK_KEY)
                prefix = self._back_from(prefix)
            prefix = ()
        while True:
            top = prefix == () or prefix == self.root
            prefix, entries = build_entries(self._paths, prefix, self.numbering)
            keys = assign_keys(entries, self.reserved, self.numbered,
                               self._kept_keys() if top else None)
            for i, e in enumerate(entries):
                if cmd in e.commands:
                    presses.append(keys[i])
                    if e.prefix is None:
                        return presses
                    prefix = e.prefix
                    break
            else:
                raise LookupError(f"{target} is not on the bar")

    def action_back(self) -> None:
        dismiss = getattr(self.screen, "dismiss_hint", None)
        if dismiss is not None and dismiss():
            return  # Esc puts a hint away before it steps back
        if not self.go_back():
            self._screen_step_back()

    def _screen_step_back(self) -> None:
        step = getattr(self.screen, "step_back", None)
        if step is not None:
            step()

    def _screen_steps_back(self) -> bool:
        """At the top level, Back takes back the choice that opened this decision where the
        screen says it can (an action chosen: back to the list of actions)."""
        can = getattr(self.screen, "can_step_back", None)
        return bool(can is not None and can())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.in_group or self._screen_steps_back()
        return True

    def on_key(self, event: object) -> None:
        from textual.events import Key

        if isinstance(event, Key) and event.character and self.pick_key(event.character):
            event.stop()
            event.prevent_default()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "back":
            self.go_back()
        elif oid.startswith("e"):
            self.pick(int(oid[1:]))
