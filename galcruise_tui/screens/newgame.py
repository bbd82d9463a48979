"""New game: 1-4 seats (human or bot), names, Rachel's difficulty or a custom mix for solo,
intro or standard setup, a seed (random, shown, editable), and the optional modules with their
variants (each with its one line from the registry; a variant shows once its module is on; the
starting upgrade cards' handicap shows a tick per seat dealt cards)."""

from __future__ import annotations

import os
import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from engine import GameOptions
from engine.modules import MODULES, VARIANT_MODULE
from engine.modules.advancements.tower import BASE_BOTTOM_NAMES, DEFAULT_REPLACED
from engine.options import CUSTOM_ROWS, DEFAULT_NAMES, LEVELS
from galcruise_tui.text import safe
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.widgets.toggle import Toggle

# The planner plays a round ahead for each main choice: stronger, and a second or so a turn.
# The expert looks as far over games it deals itself (it never sees a hidden card): the
# strongest, about 2 s a main choice.
SEAT_CHOICES = [("human", "human"), ("bot (greedy)", "greedy"), ("bot (planner)", "planner"),
                ("bot (expert)", "expert"), ("bot (random)", "random")]


# 『技術革新』: which 2 of the 4 bottom launch-tower tokens its upgrade tokens replace (the table
# chooses; the same for everyone).
TOWER_CHOICES = [(f"{BASE_BOTTOM_NAMES[a]} + {BASE_BOTTOM_NAMES[b]}".replace(
    "a development at 4 money off", "development 4 off"), (a, b))
    for a in range(4) for b in range(a + 1, 4)]


def _pairs(*values: str) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new_back"),
        Binding("ctrl+n", "start", "Start", id="new_start"),
    ]

    def compose(self) -> ComposeResult:
        seed = self.app.fixed_seed  # type: ignore[attr-defined]
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        # Tab goes field to field: the scrolling box follows the focus and takes none itself
        # (given focus first, it restyled its 150 widgets twice as the focus passed on).
        with VerticalScroll(id="new-box", can_focus=False):
            yield Static("[b]New game[/b]  Tab / shift+Tab move · Enter opens a list · "
                         "ctrl+n starts")
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select([(str(n), n) for n in (1, 2, 3, 4)], value=2, allow_blank=False,
                             id="players")
                yield Label("Setup")
                yield Select([("standard", "standard"), ("introductory", "intro")],
                             value="standard", allow_blank=False, id="setup")
            with Horizontal(classes="row", id="solo-row"):
                yield Label("Rachel (solo)")
                yield Select(_pairs(*LEVELS, "custom"), value="normal", allow_blank=False,
                             id="difficulty")
            # A row each: three to a row took 126 columns, and at 80 or 100 the third
            # (ships launched goal, expert ability) was off the screen (QA s57).
            for i, row in enumerate(CUSTOM_ROWS):
                with Horizontal(classes="row mix", id=f"mix-row{i}"):
                    yield Label(row)
                    yield Select(_pairs(*LEVELS), value="normal", allow_blank=False,
                                 id=f"mix{i}")
            for i in range(4):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(f"Seat {i + 1}")
                    yield Input(DEFAULT_NAMES[i], id=f"name{i}", max_length=24)
                    yield Select(SEAT_CHOICES, value="human" if i == 0 else "greedy",
                                 allow_blank=False, id=f"kind{i}")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(str(seed), id="seed", restrict=r"[0-9]*", max_length=20)
            yield Static("[b]Modules[/b] (optional rules; Space turns one on)", id="mod-head")
            for m in MODULES.values():
                yield Toggle(safe(m.name), id=f"mod-{m.id}", classes="module")
                # Said before ctrl+n, not only after: the book's pairs that cannot be combined.
                avoid = "".join(f"; not with {MODULES[o].name}" for o in m.incompatible
                                if o in MODULES)
                yield Static(safe(m.text + avoid), classes="module-text")
                for v, text in m.variants:
                    yield Toggle(f"variant: {safe(text)}", id=f"var-{v}", classes="variant")
                if m.id == "starting_upgrades":
                    # The handicap deals only to the seats ticked here (the less practised).
                    with Horizontal(classes="row", id="handicap-row"):
                        yield Label("Handicap: cards to")
                        for i in range(4):
                            yield Toggle(f"Seat {i + 1}", id=f"handicap{i}",
                                           classes="handicap")
                if m.id == "advancements":
                    with Horizontal(classes="row", id="tower-row"):
                        yield Label("Upgrade tokens replace")
                        yield Select(TOWER_CHOICES, value=DEFAULT_REPLACED, allow_blank=False,
                                     id="tower")
                if m.id == "accommodations":  # with 技術革新 too: its tokens' places
                    with Horizontal(classes="row", id="tower-acc-row"):
                        yield Label("Its tokens replace")
                        yield Select([("the two places left", ()), *TOWER_CHOICES], value=(),
                                     allow_blank=False, id="tower-acc")
            with Horizontal(id="new-buttons"):
                yield Button("Start (ctrl+n)", id="start", variant="primary")
            yield Static("", id="new-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_rows()
        self.query_one("#players", Select).focus()  # the first field, as the header says

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._show_rows()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("players", "difficulty"):
            self._show_rows()

    def _show_rows(self) -> None:
        n = self._players()
        for i in range(4):
            self.query_one(f"#seat{i}").display = i < n
        solo = n == 1
        self.query_one("#solo-row").display = solo
        custom = solo and self.query_one("#difficulty", Select).value == "custom"
        for i in range(len(CUSTOM_ROWS)):
            self.query_one(f"#mix-row{i}").display = custom
        on = self._modules()
        # One choice of places for whichever expansion's tokens are in play; with both, the
        # second row places 快適空間's (GameOptions.tower_replace names 2 per expansion).
        self.query_one("#tower-row").display = bool({"advancements", "accommodations"} & set(on))
        self.query_one("#tower-acc-row").display = {"advancements", "accommodations"} <= set(on)
        for v, m in VARIANT_MODULE.items():
            # The starting upgrade cards' variants are not played solo (the book's solo rules).
            self.query_one(f"#var-{v}", Checkbox).display = m in on and not (
                solo and m == "starting_upgrades")
        handicap = "starting_handicap" in self._variants()
        self.query_one("#handicap-row").display = handicap
        for i in range(4):
            self.query_one(f"#handicap{i}").display = i < n

    def _modules(self) -> tuple[str, ...]:
        return tuple(m for m in MODULES if self.query_one(f"#mod-{m}", Checkbox).value)

    def _tower(self) -> tuple[int, ...]:
        on = set(self._modules())
        if not {"advancements", "accommodations"} & on:
            return ()
        first = tuple(self.query_one("#tower", Select).value)  # type: ignore[arg-type]
        if {"advancements", "accommodations"} <= on:
            return first + tuple(self.query_one("#tower-acc", Select).value)  # type: ignore[arg-type]
        return first

    def _variants(self) -> tuple[str, ...]:
        on = self._modules()
        solo = self._players() == 1
        return tuple(v for v, m in VARIANT_MODULE.items()
                     if m in on and self.query_one(f"#var-{v}", Checkbox).value
                     and not (solo and m == "starting_upgrades"))

    def _handicap(self) -> tuple[int, ...]:
        if "starting_handicap" not in self._variants():
            return ()
        return tuple(i for i in range(self._players())
                     if self.query_one(f"#handicap{i}", Checkbox).value)

    def _players(self) -> int:
        return int(self.query_one("#players", Select).value)  # type: ignore[arg-type]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter after typing a name goes on to the next field, as Tab does: a player who
        # confirmed their name with Enter found the game started with every other setting
        # left as it was. The game starts from the Start button or ctrl+n.
        event.stop()
        self.focus_next()

    def options(self) -> GameOptions:
        n = self._players()
        names = tuple(self.query_one(f"#name{i}", Input).value.strip() or DEFAULT_NAMES[i]
                      for i in range(n))
        kinds = tuple(str(self.query_one(f"#kind{i}", Select).value) for i in range(n))
        # An empty seed is a fresh one, never shown (a table's form leaves it empty: the seed
        # deals every hidden card).
        seed_text = self.query_one("#seed", Input).value or str(int.from_bytes(os.urandom(8),
                                                                               "big"))
        difficulty = str(self.query_one("#difficulty", Select).value) if n == 1 else "normal"
        mix: tuple[str, ...] = ()
        if difficulty == "custom":
            mix = tuple(str(self.query_one(f"#mix{i}", Select).value)
                        for i in range(len(CUSTOM_ROWS)))
        opts = GameOptions(players=n, seed=int(seed_text) % 2**64, names=names,
                           seats=kinds,  # type: ignore[arg-type]
                           setup=str(self.query_one("#setup", Select).value),  # type: ignore[arg-type]
                           difficulty=difficulty,  # type: ignore[arg-type]
                           custom_mix=mix, modules=self._modules(),
                           variants=self._variants(), tower_replace=self._tower(),
                           handicap_seats=self._handicap())
        opts.validate()
        return opts

    def action_start(self) -> None:
        from engine import GameError
        from saves import SaveError, Session

        try:
            opts = self.options()
            session = Session.new(opts, store=self.app.store)  # type: ignore[attr-defined]
        except (GameError, SaveError, ValueError, OSError) as e:
            self.refused(e)
            return
        self.app.open_game(session, switch=True)  # type: ignore[attr-defined]

    def refused(self, e: Exception) -> None:
        """Why the game does not start, below the form and in a notice: at 80x24 the line
        under the form is out of view, and ctrl+n seemed to do nothing."""
        # The module ids after the names ("('cabin_pairing', ...)") are for the command line.
        why = re.sub(r" \(('[a-z_]+'(, )?)+\)", "", str(e))
        error = self.query_one("#new-error", Static)
        error.update(f"✗ {safe(why, 400)}")
        error.scroll_visible(animate=False)
        self.notify(safe(why, 400), title="The game cannot start", severity="error")
