"""What the other seats did since a person last decided: bots, Rachel and the NPC.

Their turns run inside a moment; the log holds every line but may be hidden. The summary keeps
one short paragraph per turn (what they did and gained, whom they bumped, their VP before and
after) until the player's next key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.text import Text

from engine.events import Event
from engine.game import REVEAL
from engine.view import View
from galcruise_tui.words import actor, tidy

# "(Gain Resources / Refill Agenda Cards)": a station's two actions; the log keeps them, the
# summary says which one was taken in the next line anyway.
# One level of nesting: "(Launch (a ship with 2+ segments) / Build Ship Segments)".
_PAIR = re.compile(r" \((?:[^()]|\([^()]*\))*/(?:[^()]|\([^()]*\))*\)")


@dataclass
class Block:
    seat: int | None  # whose turn; None for what others did during a person's turn
    title: str
    start_vp: int = 0
    end_vp: int | None = None
    lines: list[str] = field(default_factory=list)
    who: int | None = None  # outside a turn: the one seat whose doings the block holds


class TurnSummary:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._open: Block | None = None

    def add(self, v: View, events: list[Event], humans: set[int], by_bot: bool,
            vp_before: list[int]) -> None:
        """Keep the events of a command: `by_bot` when a bot decided it, `vp_before` the VP
        of every seat before it was applied."""
        players = v.seats
        for e in events:
            if e.kind == REVEAL:  # for saves and bots, not for reading
                continue
            if e.kind == "turn":
                self._close(v)
                if e.seat not in humans and 0 <= e.seat < len(players):
                    name = players[e.seat].name
                    self._open = Block(e.seat, f"{name}'s turn", vp_before[e.seat])
                    self.blocks.append(self._open)
                continue
            who = actor(v, e)
            if not by_bot and who in humans:
                continue  # the person's own doing: they saw it happen
            block = self._open
            if block is None:  # outside a turn of theirs: setup picks, a bump, the NPC
                last = self.blocks[-1] if self.blocks else None
                if last is None or last.seat is not None or last.who != who:
                    title = players[who].name if 0 <= who < len(players) else "Meanwhile"
                    self.blocks.append(Block(None, title, who=who))
                block = self.blocks[-1]
            text = _PAIR.sub("", tidy(v, e.text))
            mine = block.seat if block.seat is not None else block.who
            # An AGM scores every seat in a row: each line keeps its name.
            if e.kind != "agm" and mine is not None and who == mine and \
                    0 <= mine < len(players):
                name = players[mine].name
                for head in (": ", " ", "'s "):
                    text = text.removeprefix(name + head)
            if text.startswith("The "):  # it follows "; " or ": " in the paragraph
                text = "t" + text[1:]
            block.lines.append(text.rstrip("."))

    def _close(self, v: View) -> None:
        if self._open is not None and self._open.seat is not None:
            self._open.end_vp = v.seats[self._open.seat].vp
        self._open = None

    def take(self, v: View) -> Text | None:
        """The summary so far, and start a new one; None when nobody else did anything."""
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
