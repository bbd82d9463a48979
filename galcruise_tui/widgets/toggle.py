"""A checkbox whose state reads without colour: Textual's shows the same X on and off, told
apart only by its colours, so with NO_COLOR (or a screen reader of the text) every module
looked on."""

from __future__ import annotations

from textual.widgets import Checkbox


class Toggle(Checkbox):
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "
