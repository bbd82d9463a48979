"""Esc at the top of the decision bar: when it takes back the choice that opened the decision.

A player who chose "Hire an Expert" sees that action's options and expects Esc to return to
the list of actions, as it leaves a group of the bar. It does so by the undo (`u`), and only
where that undo takes back exactly the one choice that opened what is asked now: the
player's own, the last command played, which revealed nothing hidden (a card drawn cannot
be put back unseen). Anywhere else Esc does not touch the game.
"""

from __future__ import annotations

from typing import Protocol

from engine import Game
from engine.commands import CallMeeting, Command, Launch, PlaceWorker, TakeAction
from engine.decisions import Act, Boarding, ChooseAction, Decision, Funding, MeetingAction


class Undoable(Protocol):
    """What both kinds of session (a save file's, a table's) tell of their last command."""

    actors: list[int]
    reveals: list[int]

    @property
    def length(self) -> int: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def last_command(self) -> Command | None: ...


def opened(cmd: Command, dec: Decision) -> bool:
    """Whether `dec` is the step `cmd` leads straight into: an action's own options after it
    was chosen, a station's actions after the worker went there, the boarding of the ship
    just launched, a meeting's first funding bonus. (The command being the last one played,
    nothing came between.)"""
    if isinstance(cmd, TakeAction):
        return isinstance(dec, Act) and not dec.granted and not dec.taken \
            and (dec.station, dec.action) == (cmd.station, cmd.action)
    if isinstance(cmd, PlaceWorker):
        return isinstance(dec, ChooseAction)
    if isinstance(cmd, Launch):
        return isinstance(dec, Boarding) and dec.ship == cmd.ship
    if isinstance(cmd, CallMeeting):
        # Its first funding bonus, or its action when nothing came home: 'a' calls the
        # meeting at the main choice, a key easily pressed for another.
        return isinstance(dec, Funding | MeetingAction)
    return False


def steps_back(session: Undoable, game: Game) -> bool:
    """Whether Esc at the bar's top level takes back the last command (as `u` would)."""
    dec = game.pending
    cmd = session.last_command
    if dec is None or cmd is None or not session.can_undo:
        return False
    return (session.actors[-1] == dec.seat and session.length not in session.reveals
            and opened(cmd, dec))


# Said when `u` meets that floor: the key had gone from the bar with no word, and a player
# pressing it saw nothing happen (QA s54).
# A sealed bid (the starting cards' auction) is such a move too: the words had named only
# cards dealt from a deck, which nobody had seen when Blue pressed u after Pink's bid (QA s55).
UNDO_STOPS = ("Undo stops here: the move before showed hidden cards (dealt from a deck) or "
              "sealed a bid. With two or more people at this screen, such a move stands.")


def stopped_at_reveal(session: object) -> bool:
    """Whether undo stands at a hot-seat game's floor: a move showed hidden information, two
    or more people share the screen (saves/session.py's `undo_floor`), and no person's move
    came after it. A table's undo has its own rule and its own words."""
    floor = getattr(session, "undo_floor", None)
    return callable(floor) and floor() > 0 and not getattr(session, "can_undo", True)
