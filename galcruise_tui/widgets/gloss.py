"""What an option costs and gives, and the number of the thing it names, for the decision bar.

engine/describe.py says what a command does; here its words get what the player pays and gains
(the view's `gain`: a tour's ads and VP, a ticket's ads, money and reputation, a card's
resource and effect), and each command the number shown for its thing on the boards (station,
cruise space, card in hand), which the bar uses as its key.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import commands as C
from engine.modules.starting_upgrades.commands import SealBid
from engine.registry import BASE_FREE
from engine.view import View
from galcruise_tui.words import tidy

_RESOURCE_KEY = {"food": 1, "oxygen": 2, "fuel": 3}
_BONUS_KEY = {"money": 1, "ad": 2, "vp": 3, "food": 4, "oxygen": 5, "fuel": 6}


def numbering(v: View) -> Callable[[C.Command], int | None]:
    """command -> the number its thing carries on the boards, or None."""
    pending = v.pending
    h = v.hand
    hand = [c.id for c in h.cards] if h is not None and pending is not None \
        and h.seat == pending.seat else []
    # The actions of this turn's station are keys 1-2, the next station clockwise 3-4, the one
    # before 5-6 (a connection joins neighbours only): a key means the same action all turn,
    # however many of them can be taken now (positions shifted when one could not, and a
    # player pressed 2 for the action that had been 2 a moment before).
    here = pending.actions_at if pending is not None else None
    main = pending is not None and pending.main_choice
    slots: dict[tuple[int, str], int] = {}
    if here:
        around = (here, here % 6 + 1, (here - 2) % 6 + 1)
        for k, st in enumerate(around):
            for j, a in enumerate(v.network.stations[st - 1].actions):
                slots.setdefault((st, a.id), 2 * k + j + 1)

    def number(cmd: C.Command) -> int | None:
        if isinstance(cmd, C.PlaceWorker):
            return cmd.station
        if isinstance(cmd, C.TakeAction):
            return slots.get((cmd.station, cmd.action))
        if isinstance(cmd, C.ChooseResource):  # food 1, oxygen 2, fuel 3, whatever is left
            return _RESOURCE_KEY.get(cmd.resource)
        if isinstance(cmd, C.GainResources) and cmd.food + cmd.oxygen + cmd.fuel == 1:
            # One resource from the silo keeps its resource's key: keyed by place, "1 fuel"
            # was 1 and "1 food" 2, and the 3 a player knew as fuel took two resources.
            return _RESOURCE_KEY["food" if cmd.food else "oxygen" if cmd.oxygen else "fuel"]
        if isinstance(cmd, C.FundingBonus):
            return _BONUS_KEY.get(cmd.kind)
        if isinstance(cmd, C.SetupDevelopment):
            return cmd.connection
        if isinstance(cmd, C.BuildDevelopment) and cmd.site.startswith("c"):
            return int(cmd.site[1:])  # under a technology (t1-t4) it takes a letter
        if isinstance(cmd, C.ScheduleCruise | C.AdvertiseCruise):
            return cmd.space + 1
        if isinstance(cmd, C.AcquireShip):
            return cmd.pair + 1
        if isinstance(cmd, C.SetupBlueprint | C.AcquireBlueprint):
            return cmd.slot + 1
        if isinstance(cmd, C.DrawAgenda):
            return cmd.slot + 1 if cmd.slot >= 0 else None
        if isinstance(cmd, C.TravelShip) or (isinstance(cmd, C.Launch) and not main):
            return cmd.ship + 1  # at the main choice digits are stations: a launch, a letter
        if isinstance(cmd, C.PlayAgendaResource | C.PlayAgendaEffect | C.DiscardAgenda):
            # Where digits are stations or a turn's actions, a card alone in the list (its
            # group flattened) takes a letter: its place in hand collided with an action's
            # number, and the keys fell back to positions.
            if here or main:
                return None
            return hand.index(cmd.card) + 1 if cmd.card in hand else None
        if isinstance(cmd, C.UnlockUpgrade):  # upgrade 3 is key 3 (colours alike: positions)
            return v.upgrade_index(cmd.upgrade)
        if isinstance(cmd, SealBid):  # a bid of 3 is key 3 (0 and over 9 take letters)
            return cmd.amount if 1 <= cmd.amount <= 9 else None
        return None

    def inner(cmd: C.Command) -> int | None:
        """A number within one numbered thing's group: a cruise's tower tokens by their
        place, top 1-4 and bottom 5-8, as the player board draws them."""
        if isinstance(cmd, C.ScheduleCruise) and cmd.token[-1:].isdigit():
            k = int(cmd.token[-1]) + 1
            return k if cmd.token.startswith("top") else k + 4
        return None

    late = pending is not None and pending.last_cards

    def weak(cmd: C.Command) -> bool:
        """A list's guests: cards, reputation drops and fees, which come and go with the turn
        (see decision.assign_keys). A card's number is its place in hand: where it clashes
        with the list's own numbers the card gives way. Drops and fees have no number, so
        they take letters after the decision's own rows: as positions they continued its
        digits ('1 Pay the supplies and lift off', '2 Pay 2 money to use ...', 'a Play a
        card'), one digit off from paying for nothing. Not where the decision is for the
        cards (rules 3's moment for a card drawn late)."""
        if late and isinstance(cmd, C.PlayAgendaEffect):
            return False
        return isinstance(cmd, _GUESTS)

    number.inner = inner  # type: ignore[attr-defined]
    number.weak = weak  # type: ignore[attr-defined]
    return number


# The rows of "Cards, reputation and technologies" (describe.FREE_GROUP): the engine's free
# commands, whichever it has; and a card discarded.
_GUESTS = (*BASE_FREE, C.DiscardAgenda)


def by_numbers(v: View, commands: list[C.Command],
               number: Callable[[C.Command], int | None] | None = None) -> bool:
    """Whether the decision's options take letters where they carry no number, rather than
    positions 1-9 then letters (decision.assign_keys's `numbered`).

    Yes where something in it is numbered, and at the main choice and a turn's actions even
    when nothing is (a forced meeting): a digit pressed there is a station or an action, never
    a place in a list. And at a meeting's one action, which has no station of its own: keyed
    by position, "1 Hire an Expert at station 2 ... 3 Build Ship Segments at station 5 ...
    5 Skip the meeting action" skipped it for a player who pressed 5 for station 5.
    And in Purchase Supplies: its pairs of resources carry no number, and a card keyed by
    its place in hand often shares the list, which turned the pairs to letters;
    without a card they were digits then letters ('9', then 'a' for the tenth). Letters
    always, so 'b' buys food + food every time. And at rules 3's moment for a late card,
    whose card keeps its place in hand: once it was played, "go on" turned from 'a' to '1',
    and the 'a' pressed to go on played another card for its resource. `number`: the
    decision's `numbering(v)`, where the caller has made it already."""
    number = number or numbering(v)
    pending = v.pending
    weak = number.weak  # type: ignore[attr-defined] - a card's place in hand is not the list's
    return any(number(c) is not None and not weak(c) for c in commands) \
        or any(isinstance(c, C.PurchaseSupplies) for c in commands) \
        or (pending is not None and (pending.main_choice or bool(pending.actions_at)
                                     or pending.meeting or pending.last_cards))


def words(v: View, cmd: C.Command) -> tuple[str, ...]:
    """The command's path of choices, its last step saying what it costs and gives."""
    p = tuple(tidy(v, x) for x in v.path(cmd))
    extra = v.gain(cmd)
    if not extra:
        return p
    if isinstance(cmd, C.ScheduleCruise):  # the guests belong to the cruise, not the token
        return (f"{p[0]}, {extra}", *p[1:])
    if p[-1].endswith("."):  # a card's or technology's own sentence: "…stop.: no use" read ill
        return (*p[:-1], f"{p[-1]} {extra[0].upper()}{extra[1:]}")
    return (*p[:-1], f"{p[-1]}: {extra}")
