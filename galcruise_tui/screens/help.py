"""Keys, and a rules summary per action and icon."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from galcruise_tui.widgets.keybar import KeyBar

HELP = """[b]Keys[/b] (the bottom line shows the keys that work now; keymap.toml in the
data folder rebinds them by id, e.g. undo = "z")
 1-9, letters  choose an option. Keys follow the numbers on the boards:
               station 5 is key 5, cruise space 2 is key 2, a display's 3rd
               space is key 3 (a display that slides down renumbers its
               cards), the 3rd card in hand is key 3; a turn's actions are
               1-2 at your station, 3-4 clockwise of it, 5-6 before it; a
               resource is food 1, oxygen 2, fuel 3, and a funding bonus
               money 1, ad 2, VP 3, food 4, oxygen 5, fuel 6.
               Options with no number take letters in list order; in a
               list where nothing is numbered, 1-9 by place, and a row
               that ends the step ("no more", "finish") a letter (1
               when it is the only row); an option keeps its key while
               the step lasts (a second segment, ticket or guest), so
               keys typed ahead pick what you saw.
 › n choices   a group: its key opens it; 0, Esc or Backspace go back
 Esc           after you choose an action, station, launch or meeting: back
               to the choice before it, as u (when the key line shows Back)
 ↑ ↓ Enter     move in the options and choose
 tab           next pane (shift+tab: back): Network, Board, Goals, Market,
               Players, Hand, Rachel (solo), Scores
 PgUp PgDn     scroll the pane in view (Home / End: its top / bottom)
 l             the log (l or Esc: back)    u / r   undo / redo
 u             with two or more people at one screen, undo stops at a move
               that showed hidden cards (dealt from a deck): u says so
 p             pause before each bot move: 0, 0.4, 1 or 2 seconds
 h             hint: the expert bot's three best choices now, above the
               options, best first, each with how many VP the expert reckons
               it falls behind the best a round on (what should still score
               priced in VP; solo, less the VP your bumps hand Rachel). None
               is played (a few seconds at a main choice); Esc or your move
               closes it
 space         skip a bot's pause          ctrl+s  save under a new name
 ctrl+p        every legal move in words: type a few letters, Enter plays it
 q             back to the title (saved); at a table, back to the Tables
               list (the table keeps the game)        ctrl+q  quit at once

[b]Reading the screen[/b]
 The top lines: round, turn, whose turn, the progress track's fill, AGMs
 done, and once the end is near: End triggered: n more turns (after this
 one), then Your final turn. "not saved: ..." means the last save failed.
 After the other seats play, a summary of their turns stays until a key.

[b]Symbols[/b] (the same on every pane)
 Guests      A adventurous, R relaxing, F family (the board's colours
             orange, purple, teal). Seat letters never use A, R, F, N or O.
 Stops       A / R / F destination, · day in space, ⌂ return home
 Pieces      ▲ worker, ◆ expert; ▲ NPC is the NPC's worker
 Network     ═ developed connection, ┄ open; letters on it: its owners,
             o neutral, N the NPC;  ╔═╗ the station of this turn's worker
 Tracks      [P] a cube of P; ▶AGM1 ▶AGM2 ▶END the marks; ● reputation;
             \\[o] on the progress track: a neutral cube put there at set-up
             (the introductory set-up's, in section 2); cubes go past it
 Tower       [1$] token up, [1$▼] flipped for a cruise, ×1$ removed

[b]A turn[/b]
 1 Travel: each ship in flight moves one stop. Destination: unlock an
   upgrade, tour guests (1 ad if the guest matches, else 2: 3 VP + 1 per
   upgrade of that kind). Day in space: each guest gives its kind's bonus
   per matching icon. Return: pilot home, funding bonus.
 2 Place a worker (bumping one there: its owner takes funding bonuses)
   and take up to 2 actions at its station or stations joined by
   developments (others' developments cost 2/1/0 money each by your
   reputation 0-6/7-14/15+); or launch a ship; or call a meeting.
 3 Company goals: at most one a turn (below).

[b]Actions[/b]
 Develop: the leftmost development of a row (4/6/8 resources + money).
 Hire: right expert 2 money per food/oxygen development left; left 3 per
   bottom tower token left.   Buy: 1 money for 2 resources and/or 2 ads.
 Gain: up to 3 resources from the silo.  Refill silo: discard a card, a
   silo resource back to 5: +1 reputation, +1 money per step.
 Blueprints: up to 2 (hold 5).  Build: up to 2 segments (ships of 3).
 New ship: a cockpit and engine pair, the engine's bonus at once.
 Schedule: pick a cruise, flip a tower token for its bonus.
 Advertise: up to 2 presold guests (1/2/3 ads by queue row, 4 from the
   supply): +1 money per destination, +1 reputation if the kind matches.
 Draw agenda: 2 cards from the display, or the discard top (-1 rep.).
 Refill agenda: the empty slots' bonuses, then 4 new cards.

[b]Launch[/b] T-5 board guests (one per cabin: a pair of adjacent
 segments), T-4 a progress cube, T-3 pay food = guests + 1, oxygen =
 segments, fuel = the cruise's, T-2 cockpit VP, T-1 load the flipped
 token, T-0 liftoff.

[b]Company goals[/b] (Goals pane) Meet a goal's marked threshold: your cube
 goes from the goal to the next progress space (a wing shows) and the goal
 gets one step harder. Each goal once; at most one a turn.

[b]Progress track and the end[/b] (Goals pane) Cubes fill the spaces in
 order. When section 1, then 2, is full: an AGM at the end of that turn
 (your cubes in the section x your wings; the best reputation counts one
 cube more). When section 3 is full the end is triggered: the round is
 finished, all workers come home, everyone plays one final turn, ships in
 flight move to a stop of their owner's choice, goals, then the final AGM:
 cockpits (-5 per ship never launched), developments, segments, progress,
 reputation, 1 VP per 3 of money + resources + ads + cards + blueprints.
 Ties: cubes on the track, reputation, cockpit VP, later seat.

[b]Rachel[/b] (solo; her pane shows her deck) She has no choices: each turn
 she reveals her top action card and does its top action (else the bottom
 one); the back of her next card (two numbers and a station) sends her
 worker to that station and picks among displays and cruises. Her goals
 are fixed counts of developments, segments and launches (her pane).

[b]The NPC[/b] (1-2 players) A dummy that never takes a turn: its two
 workers (▲ NPC) sit on stations and move on clockwise when bumped; at
 AGMs 1 and 2 it builds developments (N on the network) and a worker
 becomes an expert (◆ NPC). Fees for its developments go to the supply.

[b]Modules[/b] (optional; turned on in the new-game form)
 Station bonus tiles  one tile a station, on its box's top border: grey ○
   until 3 developments (4 at 4 players, anyone's) are next to the station,
   then active ●: a worker or expert placed there gains the tile's bonus
   before its actions, per your own developments next to it (a card needs
   2). Network pane: each tile's text and count. Variant: all active from
   the start. Rachel takes 1 VP for each resource, ad or money.
 Cabin pairing  each segment shows half a cabin (½L, ½C or ½R on boards
   and blueprints); a segment is built only where it completes a cabin with
   a segment already there (above, below or between two), so the options
   name the place. Rachel builds as in the base game.
 Advanced technologies  each technology has a track (Network pane: ● its
   marker, $ money icons, ★ the last space). Each turn a technology's effect
   is used, its marker moves one space right at the step's end (once a
   turn); each $ passed adds 1 money to every fee for it and to a
   development under it; on ★ the effect is enhanced. Variant: every
   technology enhanced from the start. Rachel moves the least advanced
   invented marker with each cube she adds.
 Advancements (other contents)  6 agenda cards (those of a module not in
   play are left out), 2 experts, an engine, and 2 upgrade tokens a player
   in 2 bottom launch-tower places the table picks (Rachel keeps hers):
   Investor Relations (2 money, 2 reputation) and Prefab Segment (build one
   segment at once, 3 money off, using no action).
 Specialised blueprints  48 blueprints whose segments have an effect (the
   "visits:" line under a ship, in brackets on blueprints); built as with
   cabin pairing (not playable with it). On a day in space each guest in
   turn goes to a segment showing its icon and starts its effect (money,
   ads, a build in a ship at home, a free blueprint...), finished before the
   next guest; each segment starts once a day (✓), Encore Performance lets
   one start twice. A guest with no free segment gains its guest token's
   bonus (marketing pane). Rachel ignores them: 1 reputation a guest.
 Accommodations (other contents)  6 agenda cards (Encore Performance only
   with specialised blueprints), 2 experts, 2 technologies whose +1 money
   icon adds 1 to each fee for them and to a development under them (after
   reputation and discounts), and 2 upgrade tokens a player (Loyalty
   Programme: 2 ads, a card; Five-Star Review: 2 VP, 2 reputation) in 2
   bottom places the table picks; with Advancements too, all 4 bottom
   places hold the two expansions' tokens.
 Starting upgrade cards  each player is dealt 2 (Hand pane: only you see
   them). At the start of your first turn, before placing a worker, reveal
   one: gain the named launch-tower token's bonus, that token leaves the
   tower (a top one then gives 2) and the named upgrade is unlocked; both
   cards go to the box. Solo: Rachel takes the other card and takes its
   token off without the bonus (a top one: her 1 VP token).
   Variant auction: 3 more money each; one card a player on offer (Hand
   pane); everyone seals a bid (one terminal: pass the keyboard, Enter
   shows your bid; a table: bid from yours any time), all paid to the
   supply; the highest picks first, equal bids the later seat.
   Variant handicap: only the seats ticked in the form get cards.
"""


# The replay's own keys: p, space and g mean other things there than in a game, and undo,
# hints, saving and the bots' pause do not apply. The symbols and rules are the game's.
REPLAY_HELP = """[b]Replay keys[/b] (the bottom line shows them; keymap.toml rebinds them by id)
 → / ←         one move on / back
 n / p         the start of the next / the previous turn
 a             just after the next AGM
 g             jump to a turn: type its number, Enter jumps (a number past
               the last turn goes to the end of the game)
 space         play on, a move every 0.3 s (space again: pause)
 tab           next pane (shift+tab: back): Network, Board, Goals, Market,
               Players, Hand, Rachel (solo), Scores
 PgUp PgDn     scroll the pane in view (Home / End: its top / bottom)
 q / Esc       leave the replay         ctrl+q  quit at once

[b]Reading the replay[/b]
 The top lines: the move shown of all the moves, then the game's status
 line. The boards are the game at that move; the Hand pane shows the hand
 of the seat deciding there (a replay shows every seat's doings). Under
 them, the log: every move passed over, in the game's words (a jump over
 a turn writes the whole turn); a step or jump back says where it landed.

""" + HELP[HELP.index("[b]Symbols[/b]"):]

TOPICS = {"game": HELP, "replay": REPLAY_HELP}


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "Back", id="help_back")]

    def __init__(self, topic: str = "game") -> None:
        super().__init__()
        self.topic = topic if topic in TOPICS else "game"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text.from_markup(TOPICS[self.topic]), id="help-text")
        yield KeyBar()
