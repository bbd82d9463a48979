"""《専門設計図》's own command: a guest placed on a segment on a day in space."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command

if TYPE_CHECKING:
    from engine.ctx import Ctx
    from engine.game import Game


class PlaceGuest(Command, tag="place_guest"):
    """The next guest of a day in space: one of colour `colour`, on segment `segment` of the
    ship (0 beside the cockpit), or on none (-1) when no free segment shows its icon."""

    colour: str
    segment: int

    def refusal(self, ctx: Ctx) -> str | None:
        """Why the rules refuse this placement at the pending visit (engine.explain asks)."""
        from engine.modules.specialised_blueprints import rules
        from engine.rules import modifiers

        dec = ctx.s.stack[-1] if ctx.s.stack else None
        if dec is None or dec.kind != "visit_segment":
            return None
        p = ctx.player(dec.seat)
        ship = p.ships[dec.ship]  # type: ignore[attr-defined]
        try:
            rules.place([ctx.c.blueprint(b) for b in ship.segments],  # type: ignore[misc]
                        ship.guests, dec.waiting, dec.used,  # type: ignore[attr-defined]
                        self.colour, self.segment, ctx.c.guest_tokens,
                        modifiers.amount(ctx, p, "segment_repeat"))
        except ValueError as e:
            return str(e)
        return None

    def path(self, game: Game) -> tuple[str, ...]:
        """In words (engine.describe.path asks a module's command): the guest, then where it
        goes and what that starts."""
        from engine.describe import a_guest, gain_text, segment_effect_text
        from engine.state import COLOURS

        dec = game.pending
        seat = dec.seat if dec is not None else game.state.turn.seat
        ship_no = getattr(dec, "ship", 0)
        who = f"Place {a_guest(self.colour)} guest"
        if self.segment < 0:
            tid = game.state.board.guest_bonus[COLOURS.index(self.colour)]
            try:
                fallback = gain_text(game.comps.guest_token(tid).fallback)
            except KeyError:
                fallback = "its token's bonus"
            return (who, f"on no segment (none free shows its icon): gain {fallback}")
        try:
            bp = game.state.players[seat].ships[ship_no].segments[self.segment]
        except IndexError:
            return (who, f"on segment {self.segment + 1}")
        effect = game.comps.segment_effect(bp)
        does = segment_effect_text(effect) if effect is not None else ""
        return (who, f"on {game.comps.blueprint(bp).name} (segment {self.segment + 1}): {does}")


COMMANDS: tuple[type[Command], ...] = (PlaceGuest,)
