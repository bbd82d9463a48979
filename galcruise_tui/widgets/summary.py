"""What the other seats did since a person last decided: bots, Rachel, the NPC, other people.

Their turns run inside a moment; the log holds every line but may be hidden. The summary keeps
one short paragraph per turn (what they did and gained, whom they bumped, their VP before and
after) until the player's next key. It keeps every move it was given, so that after an undo
(here or at the table) it is summed up again from the moves that still stand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.text import Text

from engine.events import Event
from engine.game import REVEAL
from engine.view import View
from galcruise_tui.text import plain
from galcruise_tui.words import actor, called, tidy

AGM_VP = re.compile(r"scores (-?\d+) VP at the AGM")  # engine.rules.scoring.run_agm's line

# "(Gain Resources / Refill Agenda Cards)": a station's two actions; the log keeps them, the
# summary says which one was taken in the next line anyway.
# One level of nesting: "(Launch (a ship with 2+ segments) / Build Ship Segments)".
_PAIR = re.compile(r" \((?:[^()]|\([^()]*\))*/(?:[^()]|\([^()]*\))*\)")


# The engine's lines that begin with a common word, not a name: mid-paragraph they read
# "; no guest aboard matches ..." ("; No guest" read as a new sentence, QA s54).
_LOWER = frozenset({"The", "No", "Every", "An", "New"})


@dataclass
class Block:
    seat: int | None  # whose turn; None for what others did during a person's turn
    title: str
    start_vp: int = 0
    end_vp: int | None = None
    lines: list[str] = field(default_factory=list)
    who: int | None = None  # outside a turn: the one seat whose doings the block holds


@dataclass
class Move:
    """One move as the viewer read it: who decided it, its events, the VP around it."""

    seat: int
    events: list[Event]
    by_bot: bool
    vp_before: list[int]
    vp_after: list[int]


class TurnSummary:
    def __init__(self, humans: set[int], start: int = 0, turn_seat: int = -1) -> None:
        """`humans`: the seats this screen plays (their own moves are not summed up);
        `start`: the moves played before the screen began; `turn_seat`: whose turn it was."""
        self.humans = humans
        self.start = start
        self.turn_seat = turn_seat
        self.moves: list[Move] = []
        self.taken_at = start  # the move count when the viewer last read the summary
        self.blocks: list[Block] = []
        self._open: Block | None = None
        self.people: dict[int, str] = {}  # at a table: seat -> the person there (titles)

    @property
    def length(self) -> int:
        return self.start + len(self.moves)

    def add(self, v: View, move: Move) -> None:
        """Keep a move, and its lines for the summary."""
        self.moves.append(move)
        self._sum(v, move, move.events)

    def _sum(self, v: View, move: Move, events: list[Event]) -> None:
        players = v.seats
        own = not move.by_bot and move.seat in self.humans
        if own:
            # The person's own move and what followed from it (a goal's next step, a new
            # cruise after a launch): they saw it happen. A turn it ends begins others' lines.
            # The ships' travel is the exception: "Let the ships travel" (phase 1) moves every
            # ship in flight, and what a day in space gave was in the log only (a QA turn
            # went VP 12 -> 14 with no line; when a bot's move began the turn it had one).
            # And the rest of another seat's turn that asked the person in its middle (a
            # funding bonus for a bump): what Rachel did after it was in the log only (QA:
            # her reputation went 3 -> 5 with no line).
            turns = [i for i, e in enumerate(events) if e.kind == "turn"]
            others = self._open is not None
            head = [e for e in events[:turns[0] if turns else len(events)]
                    if e.kind == "travel" or (others and actor(v, e) not in self.humans)]
            events = head + (events[turns[0]:] if turns else [])
        # Whether a turn of one of this screen's seats began in this move: what starts it (a
        # ship's day in space, by itself) no key chose, so it is summed up too. The person's
        # own move ended the bot's turn, and the day in space that began theirs was left out.
        own_turn = False
        for e in events:
            if e.kind == REVEAL:  # for saves and bots, not for reading
                continue
            if e.kind == "turn":
                own_turn = e.seat in self.humans
                self._close(move.vp_after)
                if e.seat not in self.humans and 0 <= e.seat < len(players):
                    name = called(v, e.seat, self.people)
                    self._open = Block(e.seat, f"{name}'s turn",
                                       move.vp_before[e.seat] + _agm_before(move, e, e.seat))
                    self.blocks.append(self._open)
                continue
            who = actor(v, e)
            if own and who in self.humans and not own_turn and e.kind != "travel":
                continue
            block = self._open
            if block is None:  # outside a turn of theirs: setup picks, a bump, the NPC
                last = self.blocks[-1] if self.blocks else None
                if last is None or last.seat is not None or last.who != who:
                    title = called(v, who, self.people) if 0 <= who < len(players) \
                        else "Meanwhile"
                    self.blocks.append(Block(None, title, who=who))
                block = self.blocks[-1]
            text = _PAIR.sub("", tidy(v, e.text))
            mine = block.seat if block.seat is not None else block.who
            # An AGM scores every seat in a row: each line keeps its name.
            if e.kind != "agm" and mine is not None and who == mine and \
                    0 <= mine < len(players):
                name = players[mine].name
                for head in (": ", " "):  # "Blue's ship 1" keeps its owner
                    text = text.removeprefix(name + head)
                if block.seat is None and who in self.humans:
                    # The person's own lines under their name: "Pink: Pink's ship 1 has a
                    # day in space" said the name twice (in a turn of Blue's, "Blue's ship 1"
                    # stays: the title names the turn, not the ship).
                    text = text.removeprefix(name + "'s ")
            if text.split(" ", 1)[0] in _LOWER:  # it follows "; " or ": " in the paragraph
                text = text[0].lower() + text[1:]
            block.lines.append(text.rstrip("."))
        if self._open is not None:
            self._open.end_vp = move.vp_after[self._open.seat]  # type: ignore[index]

    def _close(self, vp: list[int]) -> None:
        if self._open is not None and self._open.seat is not None:
            self._open.end_vp = vp[self._open.seat]
        self._open = None

    def rewind(self, v: View, length: int) -> list[Move]:
        """The game went back to `length` moves (an undo): forget the moves after it, and sum
        up again, from the moves that stand, all the viewer has not read yet, a turn that was
        going on then from its start. The moves taken back, in the order played."""
        if length < self.start:  # back before this screen began: nothing of it is known
            gone = self.moves
            self.start, self.turn_seat, self.moves = length, v.turn.seat, []
        else:
            gone = self.moves[length - self.start:]
            del self.moves[length - self.start:]
        self.taken_at = min(self.taken_at, length)
        self.blocks, self._open = [], None
        first = self.taken_at - self.start
        # The turn going on when the viewer last read: whose it is, and where it began (None:
        # before this screen did).
        seat = self.turn_seat
        began: tuple[int, int] | None = None  # (move, event) where that turn began
        for i in range(first - 1, -1, -1):
            turns = [j for j, e in enumerate(self.moves[i].events) if e.kind == "turn"]
            if turns:
                seat, began = self.moves[i].events[turns[-1]].seat, (i, turns[-1])
                break
        if seat in self.humans or not 0 <= seat < len(v.seats):
            began = (first, 0)  # the person's own turn: only what came after
        elif began is None and self.moves:  # its block opens with the first move known
            self._open = Block(seat, f"{called(v, seat, self.people)}'s turn",
                               self.moves[0].vp_before[seat])
            self.blocks.append(self._open)
            began = (0, 0)
        i0, j0 = began or (first, 0)
        for i in range(i0, len(self.moves)):
            move = self.moves[i]
            self._sum(v, move, move.events[j0:] if i == i0 else move.events)
        return gone

    def take(self, v: View) -> Text | None:
        """The summary so far, and start a new one; None when nobody else did anything."""
        self.taken_at = self.length
        blocks = [b for b in self.blocks if b.lines]
        open_block = self._open
        self.blocks, self._open = [], None
        if open_block is not None:  # a turn still going on (a person was asked mid-turn)
            open_block.end_vp = v.seats[open_block.seat].vp \
                if open_block.seat is not None else None
            self.blocks.append(Block(open_block.seat, open_block.title,
                                     open_block.end_vp or 0))
            self._open = self.blocks[-1]
        if not blocks:
            return None
        out = Text()
        for i, b in enumerate(blocks):
            if i:
                out.append("\n")
            out.append(b.title, style="bold")
            if b.seat is not None and b.end_vp is not None and b.end_vp != b.start_vp:
                diff = b.end_vp - b.start_vp
                out.append(f" (VP {b.start_vp} → {b.end_vp}, {diff:+d})", style="bold")
            out.append(": " + "; ".join(b.lines) + ".")
        return out


def _agm_before(move: Move, turn: Event, seat: int) -> int:
    """The VP an AGM gave `seat` in this move before `turn` began: the end of the turn before,
    not the new turn's gain (a heading said "VP 25 → 29" for an AGM held in Pink's turn)."""
    got = 0
    for e in move.events:
        if e is turn:
            break
        if e.kind == "agm" and e.seat == seat and (m := AGM_VP.search(e.text)):
            got += int(m.group(1))
    return got


def taken_back(v: View, moves: list[Move], words: str = "",
               people: dict[int, str] | None = None) -> str:
    """The log's line for an undo: whose move was taken back and what it did (its first
    line, as the viewer read it), or `words` when this screen never saw the move played;
    `people`: at a table, who sits at each seat."""
    first = moves[0] if moves else None
    seat = first.seat if first is not None else v.pending.seat if v.pending else -1
    name = called(v, seat, people) if 0 <= seat < len(v.seats) else "A player"
    if first is not None:
        said = [tidy(v, e.text) for e in first.events if e.kind not in (REVEAL, "turn")]
        words = said[0] if said else ""
    if 0 <= seat < len(v.seats):
        for head in (": ", " "):  # "Pink: Advertise a Cruise", "Pink takes 1 food"
            words = words.removeprefix(v.seats[seat].name + head)
    words = _PAIR.sub("", plain(words, 160)).rstrip(".")
    line = f"{name} took back a move" + (f": {words}" if words else "")
    later = moves[1:]
    if later:
        kind = "bot move" if all(m.by_bot for m in later) else "move"
        line += f" (and the {len(later)} {kind}{'s' if len(later) != 1 else ''} after it)"
    return line
