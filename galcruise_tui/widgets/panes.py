"""The game's panes as tabs; only the visible one is redrawn after a move (the rest on demand).

Every part of the game is on some pane, and every pane scrolls by keys (the screen sends
PageUp/PageDown/Home/End here), so nothing needs a mouse or a tall terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import TabbedContent, TabPane

from engine.view import View
from galcruise_tui.widgets import render
from galcruise_tui.widgets.drawing import Drawing

# Short titles: eight tabs fit on one line at 80 columns.
PANES = (("network", "Network"), ("board", "Board"), ("tracks", "Goals"), ("market", "Market"),
         ("players", "Players"), ("hand", "Hand"), ("rachel", "Rachel"), ("scores", "Scores"))


def _players(v: View, people: dict[int, str] | None = None) -> str:
    """Every board, the view's own seat first; `people`: at a table, who sits at each seat."""
    n = len(v.seats)
    people = people or {}
    return "\n\n".join(render.player_board(v, k, people.get(k, ""))
                       for k in ((v.seat + i) % n for i in range(n)))


def _scores(v: View) -> str:
    return render.score_table(v) + "\n\n" + render.vp_chart(v)


DRAW: dict[str, Callable[[View], str]] = {
    "network": render.network_pane,
    "board": render.supply_pane,
    "tracks": render.tracks_pane,
    "market": render.marketing,
    "players": _players,
    "hand": render.hand,
    "rachel": render.rachel_pane,
    "scores": _scores,
}


def panes_for(v: View | None) -> list[tuple[str, str]]:
    """The panes a game has: Rachel's only in a solo game."""
    solo = v is not None and v.solo
    return [(p, t) for p, t in PANES if p != "rachel" or solo]


class Boards(Vertical):
    """The panes as tabs; the player shown first is the one deciding (or the human watching)."""

    def __init__(self, v: View | None = None, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.view: View | None = v
        self.people: dict[int, str] = {}  # at a table: seat -> the person there (the store's)
        self._drawn: set[str] = set()
        self.panes = panes_for(v)

    def compose(self) -> ComposeResult:
        with TabbedContent(id="tabs"):
            for pid, title in self.panes:
                with TabPane(title, id=f"pane-{pid}"), VerticalScroll(id=f"scroll-{pid}"):
                    yield Drawing(id=f"text-{pid}")

    def show(self, v: View) -> None:
        self.view = v
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
        if self.view is None or pid in self._drawn or pid not in DRAW:
            return
        self._drawn.add(pid)
        if pid == "players":
            text = _players(self.view, self.people)
        elif pid == "network":  # its legend names the person at a seat, and fits the pane
            width = self.query_one(f"#text-{pid}", Drawing).size.width
            text = render.network_pane(self.view, self.people, width)
        else:
            text = DRAW[pid](self.view)
        self.query_one(f"#text-{pid}", Drawing).show(text)

    def on_resize(self) -> None:
        # The network's legend breaks to the pane's width (a new layout, a new width).
        # The pane's own size is known once the new layout is done.
        if "network" in self._drawn:
            self._drawn.discard("network")
            self.call_after_refresh(self._draw, self.active)

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

    people: dict[int, str] = {}  # noqa: RUF012 - replaced, never changed in place (Boards')

    def compose(self) -> ComposeResult:
        yield Drawing(id="side-text")

    def show(self, v: View) -> None:
        if self.display:
            text = render.player_board(v, v.seat, self.people.get(v.seat, "")) + "\n\n" \
                + render.hand(v)
            self.query_one("#side-text", Drawing).show(text)
