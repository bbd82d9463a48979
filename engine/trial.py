"""Trying a step without changing the game: the one mechanism behind every "could this still
finish?" check, and behind `Game.try_apply`.

Copy-on-try: the trial is a context over a copy of the state, so the live game is never
written and nothing has to be put back by hand. An undo journal was measured against it (see
`bench`): a journal must see every write (list appends and pops in a dozen rule modules), and
a missed one corrupts the game silently; a copy costs about 20 us and cannot leak.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engine.state import State

if TYPE_CHECKING:
    from engine.ctx import Ctx

_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(State).decode


def copy_state(s: State) -> State:
    return _decode(_encode(s))


def trial(ctx: Ctx) -> Ctx:
    """A context over a copy of the state and the same components and rules: change it
    freely, the game is untouched. While the state is known not to change (legal moves are
    being listed) the encoding is made once and shared by every trial."""
    if ctx.frozen is None:
        data = _encode(ctx.s)
    else:
        if not ctx.frozen:
            ctx.frozen = _encode(ctx.s)
        data = ctx.frozen
    return type(ctx)(_decode(data), ctx.c, ctx.r)
