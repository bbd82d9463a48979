"""The galcruise Textual application."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class GalcruiseApp(App[None]):
    TITLE = "galcruise"
    SUB_TITLE = "Galactic Cruise in the terminal"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("galcruise: the game screens are on their way. Press q to quit.", id="title")
        yield Footer()
