"""Why a common option is missing from the decision bar (`Advertise a Cruise: needs 1 ad`).

The view works out the options missing and what stands in the way (engine/view/options.py);
here they become the bar's rows.
"""

from __future__ import annotations

from engine.view import View


def unavailable(v: View) -> list[str]:
    """Rows for the options a player would look for here that are not legal now."""
    return [f"{m.label}: {m.reason}" for m in v.missing()]
