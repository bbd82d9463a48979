"""Keys, and a rules summary per action and icon."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from galcruise_tui.widgets.keybar import KeyBar

HELP = """[b]Keys[/b] (the footer shows the keys that work now; keymap.toml in the data folder
 rebinds them by id, e.g. undo = "z")
 1-9, then letters    choose an option in the decision bar; "› n choices" opens a group
 0, Esc, Backspace    back out of a group         ↑ ↓ Enter   move in the bar and choose
 u / r                undo / redo                 ctrl+s      save as (a new name)
 tab / shift+tab      next / previous pane        l           focus the log (again: back)
 ctrl+p               command palette: type any legal move in words and press Enter
 space                skip a bot's pause          q           back to the title (autosaved)
 ?                    this help                   ctrl+q      quit at once

[b]A turn[/b]
 1 Travel: each ship in flight moves one stop (destination: unlock an upgrade, tour guests
   for 1 ad if the colour matches or 2 ads, 3 VP + 1 per upgrade of that colour; day in space:
   each guest gives its colour's bonus per matching icon; return: pilot home, funding bonus).
 2 Place a worker and take up to 2 actions (its station and stations joined by developments;
   others' developments cost 2/1/0 money per owner by your reputation 0-6/7-14/15+),
   or launch a ship, or call a meeting (recall workers, one action by your own developments).
 3 Company goals: at most one per turn.

[b]Actions[/b]
 Develop: place the leftmost development of a row (cost 4/6/8 in that resource and money).
 Hire: right expert 2 money per food/oxygen development left; left 3 per bottom token left.
 Buy: 1 money for 2 resources, and/or 1 money for 2 ads.   Silo: take up to 3 resources.
 Refill silo: discard a card, set a silo resource to 5: +1 reputation, +1 money per step.
 Blueprints: take up to 2 (hold 5).  Build seg: up to 2 segments on ships (3 each, 3 ships).
 New ship: a cockpit and engine pair; the engine's bonus at once.
 Schedule: pick a cruise, flip a launch-tower token for its bonus.
 Advertise: up to 2 presold guests (1/2/3 ads by queue section, 4 from the supply):
   +1 money per destination, +1 reputation when the colour matches.
 Draw agenda: 2 cards from the display, or the discard top for 1 reputation.
 Refill agenda: the empty slots' bonuses, then 4 new cards.

[b]Launch[/b] T-5 board guests (one per cabin = pair of adjacent segments; presold guests left
 behind cost 2 reputation), T-4 progress cube, T-3 pay food = guests + 1, oxygen = segments,
 fuel = the cruise's, T-2 cockpit VP, T-1 load the flipped token, T-0 liftoff and a new cruise.

[b]Symbols[/b] Guests: A adventurous (orange), R relaxing (purple), F family (teal).
 Stops: A/R/F destination, · day in space, ⌂ return.  Pieces on stations: w worker, x expert.
 N = neutral development.  Player initials mark developments, cubes and pieces.
"""


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Back", id="help_back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text.from_markup(HELP), id="help-text")
        yield KeyBar()
