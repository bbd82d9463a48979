"""The game's panes as tabs; only the visible one is redrawn after a move (the rest on demand).

Every part of the game is on some pane, and every pane scrolls by keys (the screen sends
PageUp/PageDown/Home/End here), so nothing needs a mouse or a tall terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import TabbedContent, TabPane

from engine import Game
from galcruise_tui.widgets import render
from galcruise_tui.widgets.drawing import Drawing

# Short titles: eight tabs fit on one line at 80 columns.
PANES = (("network", "Network"), ("board", "Board"), ("tracks", "Goals"), ("market", "Market"),
         ("players", "Players"), ("hand", "Hand"), ("rachel", "Rachel"), ("scores", "Scores"))


def _players(game: Game, seat: int) -> str:
    n = len(game.state.players)
    return "\n\n".join(render.player_board(game, (seat + i) % n) for i in range(n))


def _scores(game: Game, seat: int) -> str:
    return render.score_table(game) + "\n\n" + render.vp_chart(game)


DRAW: dict[str, Callable[[Game, int], str]] = {
    "network": lambda g, _s: render.network_pane(g),
    "board": lambda g, _s: render.supply_pane(g),
    "tracks": lambda g, _s: render.tracks_pane(g),
    "market": lambda g, _s: render.marketing(g),
    "players": _players,
    "hand": lambda g, s: render.hand(g, s) if s >= 0 else "Watching: no hand is shown.",
    "rachel": lambda g, _s: render.rachel_pane(g),
    "scores": _scores,
}


def panes_for(game: Game | None) -> list[tuple[str, str]]:
    """The panes a game has: Rachel's only in a solo game."""
    solo = game is not None and game.state.rachel is not None
    return [(p, t) for p, t in PANES if p != "rachel" or solo]


class Boards(Vertical):
    """The panes as tabs; the player shown first is the one deciding (or the human watching)."""

    def __init__(self, game: Game | None = None, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.game: Game | None = game
        self.seat = 0
        self._drawn: set[str] = set()
        self.panes = panes_for(game)

    def compose(self) -> ComposeResult:
        with TabbedContent(id="tabs"):
            for pid, title in self.panes:
                with TabPane(title, id=f"pane-{pid}"), VerticalScroll(id=f"scroll-{pid}"):
                    yield Drawing(id=f"text-{pid}")

    def show(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self._drawn = set()
        self._draw(self.active)

    @property
    def active(self) -> str:
        tab = self.query_one(TabbedContent).active or f"pane-{self.panes[0][0]}"
        return tab.removeprefix("pane-")

    def scroller(self) -> VerticalScroll:
        """The scrolling container of the pane in view."""
        return self.query_one(f"#scroll-{self.active}", VerticalScroll)

    def _draw(self, pid: str) -> None:
        if self.game is None or pid in self._drawn or pid not in DRAW:
            return
        self._drawn.add(pid)
        self.query_one(f"#text-{pid}", Drawing).show(DRAW[pid](self.game, self.seat))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self._draw((event.pane.id or "").removeprefix("pane-"))

    def select(self, pid: str) -> None:
        self.query_one(TabbedContent).active = f"pane-{pid}"
        self._draw(pid)

    def cycle(self, step: int) -> None:
        ids = [p for p, _ in self.panes]
        i = ids.index(self.active) if self.active in ids else 0
        self.select(ids[(i + step) % len(ids)])


class SidePane(VerticalScroll):
    """At 150+ columns: the deciding player's board stays in view beside the tabs."""

    def compose(self) -> ComposeResult:
        yield Drawing(id="side-text")

    def show(self, game: Game, seat: int) -> None:
        if self.display:
            text = render.player_board(game, max(seat, 0)) + (  # -1: a watcher sees no hand
                "\n\n" + render.hand(game, seat) if seat >= 0 else "")
            self.query_one("#side-text", Drawing).show(text)
