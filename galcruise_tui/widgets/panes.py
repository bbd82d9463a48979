"""The game's panes as tabs; only the visible one is redrawn after a move (the rest on demand)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import TabbedContent, TabPane

from engine import Game
from galcruise_tui.widgets import render
from galcruise_tui.widgets.drawing import Drawing

PANES = (("board", "Main board"), ("market", "Marketing"), ("you", "Player"), ("hand", "Hand"),
         ("scores", "Scores"))


def _players(game: Game, seat: int) -> str:
    n = len(game.state.players)
    return "\n\n".join(render.player_board(game, (seat + i) % n) for i in range(n))


def _scores(game: Game, seat: int) -> str:
    return render.score_table(game) + "\n\n" + render.vp_chart(game)


DRAW: dict[str, Callable[[Game, int], str]] = {
    "board": lambda g, _s: render.main_board(g),
    "market": lambda g, _s: render.marketing(g),
    "you": _players,
    "hand": render.hand,
    "scores": _scores,
}


class Boards(Vertical):
    """The panes as tabs; the player shown first is the one deciding (or the human watching)."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.game: Game | None = None
        self.seat = 0
        self._drawn: set[str] = set()

    def compose(self) -> ComposeResult:
        with TabbedContent(id="tabs"):
            for pid, title in PANES:
                with TabPane(title, id=f"pane-{pid}"), VerticalScroll():
                    yield Drawing(id=f"text-{pid}")

    def show(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self._drawn = set()
        self._draw(self.active)

    @property
    def active(self) -> str:
        tab = self.query_one(TabbedContent).active or "pane-board"
        return tab.removeprefix("pane-")

    def _draw(self, pid: str) -> None:
        if self.game is None or pid in self._drawn or pid not in DRAW:
            return
        self._drawn.add(pid)
        self.query_one(f"#text-{pid}", Drawing).show(DRAW[pid](self.game, self.seat))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self._draw((event.pane.id or "").removeprefix("pane-"))

    def cycle(self, step: int) -> None:
        ids = [f"pane-{p}" for p, _ in PANES]
        tabs = self.query_one(TabbedContent)
        i = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(i + step) % len(ids)]
        self._draw(tabs.active.removeprefix("pane-"))


class SidePane(VerticalScroll):
    """At 150+ columns: the deciding player's board stays in view beside the tabs."""

    def compose(self) -> ComposeResult:
        yield Drawing(id="side-text")

    def show(self, game: Game, seat: int) -> None:
        if self.display:
            text = render.player_board(game, seat) + "\n\n" + render.hand(game, seat)
            self.query_one("#side-text", Drawing).show(text)
