"""Readable reasons for refusing a command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command

if TYPE_CHECKING:
    from engine.ctx import Ctx


def _label(cmd: Command) -> str:
    return type(cmd).__name__


def why_illegal(ctx: Ctx, cmd: Command, legal: list[Command], waiting: str) -> str:
    s = ctx.s
    if s.over:
        return f"{_label(cmd)} refused: the game is over."
    same_kind = [c for c in legal if type(c) is type(cmd)]
    if not same_kind:
        return (f"{_label(cmd)} is not possible now: the game is waiting for {waiting}.")
    own = getattr(cmd, "refusal", None)  # a module's command may say why (専門設計図)
    reason = own(ctx) if callable(own) else None
    if reason:
        return f"{_label(cmd)} refused: {reason}."
    return (f"{_label(cmd)} with these choices is not allowed now ({cmd!r}); "
            f"the game is waiting for {waiting}, and {len(same_kind)} "
            f"{_label(cmd)} choice{'s are' if len(same_kind) != 1 else ' is'} legal.")
