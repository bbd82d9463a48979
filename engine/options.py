"""Everything that, with the seed, fixes a game's setup."""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

# A person, or the bot that plays the seat (engine/bots/seats.py). Rachel is not a seat kind:
# a solo game adds her.
SeatKind = Literal["human", "random", "greedy", "planner", "expert"]
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)
Difficulty = Literal["easy", "normal", "hard", "custom"]
SetupKind = Literal["standard", "intro"]

# The version of the rules a new game is played under. A game keeps the version it began with
# (State.rules, the save's header), so an older game replays exactly as it was played:
#   1  the first; a technology whose fee is 0 counted only once turned on (a 0-money command).
#   2  a technology whose fee is 0 counts by itself, as at the table (技術: 設置しているプレイ
#      ヤーたちに…コストを支払って使用; nothing to pay, nothing to do), and stays the player's
#      for the turn as a fee paid does (technologies.lock_free); a card goes for its
#      resource at T-3 only if the launch stays payable (launch._payable_after_resource).
#   3  after phase 2, a card that may be played for its effect can still be, before phase 3
#      (自分の手番中いつでもプレイできます; decisions.LastCards): a card drawn by the last
#      action was held over to the next turn. A connection's fee is sold only where it can
#      still serve (network.fee_options): at the actions, a connection of the worker's
#      station; never before a meeting. Phase 1 stops for a technology's extra stop only
#      where its fee can be paid (travel._window_worth_opening). A card that lowers company
#      goal thresholds never lowers one to 0 (goals.achievable).
RULES = 3

DEFAULT_NAMES = ("Pink", "Blue", "Green", "Yellow")
LEVELS = ("easy", "normal", "hard")
CUSTOM_ROWS = ("developments goal", "segments goal", "ships launched goal", "second action",
               "meeting", "expert ability")


class GameOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True,
                  omit_defaults=True):
    players: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()
    seats: tuple[SeatKind, ...] = ()
    setup: SetupKind = "standard"
    difficulty: Difficulty = "normal"
    # Rows of the difficulty table chosen one by one, used when difficulty == "custom".
    custom_mix: tuple[str, ...] = ()
    free_undo: bool = False
    # Optional rule modules (engine/modules), in the order given.
    modules: tuple[str, ...] = ()
    # Rule variants of the modules in play (engine.modules.advancements.rules.VARIANTS).
    variants: tuple[str, ...] = ()
    # 『技術革新』 (module advancements) and 『快適空間』 (accommodations): which 2 bottom
    # launch-tower tokens (0-3: 4 money, 4 ads, 4 resources, a development at 4 off) each
    # one's upgrade tokens replace, in that order (advancements.tower.places); () the default.
    tower_replace: tuple[int, ...] = ()
    # 初期アップグレード・カード's handicap (variant starting_handicap): the seats dealt cards.
    handicap_seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # omit_defaults leaves a field out only when it *is* its default: msgspec compares by
        # identity. A "normal" read from a command line or a database is equal to the default
        # but another object, so the same game encoded (and hashed, and dealt the expert's
        # determinizations) two ways: a save from `simulate --difficulty normal` failed
        # `verify`, whose decoded options are the default itself. An equal value becomes it.
        for name, default in _STR_DEFAULTS:
            value = getattr(self, name)
            if value is not default and value == default:
                msgspec.structs.force_setattr(self, name, default)

    def validate(self) -> None:
        from engine.errors import IllegalOptions

        if not 1 <= self.players <= 4:
            raise IllegalOptions(f"players must be 1 to 4, not {self.players}")
        if self.names and len(self.names) != self.players:
            raise IllegalOptions(f"{len(self.names)} names given for {self.players} players")
        if self.seats and len(self.seats) != self.players:
            raise IllegalOptions(f"{len(self.seats)} seat kinds given for {self.players} players")
        if not 0 <= self.seed < 2**64:
            raise IllegalOptions("seed must be between 0 and 2**64 - 1")
        for n in self.names:
            if not n.strip() or len(n) > 24:
                raise IllegalOptions(f"seat name {n!r} must be 1 to 24 characters")
            if not n.isprintable():
                # Escapes in a name would drive the terminal of whoever views the game.
                raise IllegalOptions(f"seat name {n!r} holds control characters")
        # Solo: one level per row of the difficulty table (難易度の調整), in the book's order.
        if self.difficulty == "custom":
            if len(self.custom_mix) != len(CUSTOM_ROWS):
                raise IllegalOptions(f"custom_mix needs {len(CUSTOM_ROWS)} levels, one each for "
                                     f"{', '.join(CUSTOM_ROWS)}")
            for row, level in zip(CUSTOM_ROWS, self.custom_mix, strict=True):
                if level not in LEVELS:
                    raise IllegalOptions(f"custom_mix: {row} must be easy, normal or hard, "
                                         f"not {level!r}")
        elif self.custom_mix:
            raise IllegalOptions("custom_mix is only used with difficulty 'custom'")
        from engine.modules import problems, variant_problems
        from engine.modules.starting_upgrades.variants import variant_problems as su_problems

        bad = problems(self.modules) + variant_problems(self.modules, self.variants)
        bad += [x for x in su_problems(self.modules, self.variants, self.players,
                                       self.handicap_seats) if x not in bad]
        if self.tower_replace:
            from engine.modules.advancements.tower import replace_problems

            bad += replace_problems(self.tower_replace, self.modules)
        if bad:
            raise IllegalOptions("; ".join(bad))

    def seat_names(self) -> tuple[str, ...]:
        return self.names or DEFAULT_NAMES[: self.players]

    def seat_kinds(self) -> tuple[SeatKind, ...]:
        return self.seats or ("human",) * self.players


# GameOptions' fields whose default is a string, with it (see GameOptions.__post_init__).
_STR_DEFAULTS: tuple[tuple[str, str], ...] = tuple(
    (f.name, f.default) for f in msgspec.structs.fields(GameOptions)
    if isinstance(f.default, str))
