"""Component data: every card and tile of the base game, loaded once from `engine/data/*.toml`
and validated by msgspec. A malformed file fails loudly with the file, the path inside it and
what was expected.
"""

from __future__ import annotations

import functools
import hashlib
import tomllib
from pathlib import Path
from typing import Literal

import msgspec

Colour = Literal["orange", "purple", "teal"]
Resource = Literal["food", "oxygen", "fuel"]
Stop = Literal["orange", "purple", "teal", "space", "return"]
Source = Literal["book", "pub", "fan", "stand-in"]
ActionName = Literal[
    "build_development", "hire_expert", "purchase_supplies", "acquire_blueprints",
    "build_segments", "acquire_ship", "gain_resources", "refill_silo", "schedule_cruise",
    "advertise_cruise", "draw_agenda", "refill_agenda",
]
Metric = Literal[
    "experts_hired", "segments_built", "ships_owned", "ships_with_3_segments",
    "developments_placed", "technologies_developed", "upgrades_unlocked", "reputation",
    "guests_aboard", "cruises_completed", "launches", "wings", "guests_toured", "agenda_played",
    "blueprints_held", "money",
]
Timing = Literal["action", "launch", "phase1", "phase3", "destination", "day_in_space",
                 "bumped", "any_time"]

# The effect vocabulary shared by agenda cards, technologies, experts and upgrades.
EFFECT_KINDS: dict[str, str] = {
    "gain": "gain the `gain` bundle now",
    "hire_discount": "Hire an Expert costs `amount` less money",
    "development_discount": "Build a Development costs `amount` less money",
    "segment_discount": "each segment built costs `amount` less money",
    "segment_extra_builds": "Build Ship Segments may build `amount` more segments",
    "blueprint_extra": "Acquire Blueprints may take `amount` more blueprints",
    "silo_extra": "Gain Resources takes up to `amount` more resources",
    "purchase_extra": "Purchase Supplies gives `amount` more resources of choice",
    "advertise_discount": "each guest sold by Advertise a Cruise costs `amount` fewer ads",
    "launch_fuel_discount": "a launch needs `amount` less fuel",
    "launch_food_discount": "a launch needs `amount` less food",
    "launch_oxygen_discount": "a launch needs `amount` less oxygen",
    "launch_without_worker": "launch even with no worker in the break room",
    "cabin_capacity": "one cabin of the launching ship holds `amount` guests",
    "last_minute_discount": "last-minute guests cost `amount` fewer ads each at this launch",
    "tour_discount": "touring costs `amount` fewer ads per guest (not below 0)",
    "tour_bonus_vp": "each guest toured scores `amount` more VP",
    "day_in_space_double": "this day in space pays its guest bonuses twice",
    "extra_travel": "one ship in flight moves one more stop this phase 1",
    "extra_action": "take one more action of `action` (any action when none)",
    "bump_bonus": "when your expert bumps a piece, gain a funding bonus",
    "cost_reduction_total": "the total money paid in one action is `amount` less",
    "bump_own": "you may bump your own pieces",
    "max_ships_segments": "you may have 4 ships and each ship may hold 4 segments",
    "fee_free": "you pay no fee to use others' developments",
    "reputation_gain": "gain `amount` reputation",
    "funding_extra": "gain `amount` more funding bonuses",
    "refill_silo_extra": "Refill Silo gives `amount` more money",
    "agenda_draw_deck": "draw `amount` agenda cards from the deck",
    "goal_discount": "company goal thresholds are `amount` lower for you",
    "upgrade_vp": "gain `amount` VP whenever you unlock an upgrade",
    "tech_free": "use every invented technology without a fee",
}
# The words above are the one list: a data file naming any other kind is refused at decode.
EffectKind = Literal[tuple(EFFECT_KINDS)]  # type: ignore[valid-type]


class _S(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Gain(_S):
    money: int = 0
    ads: int = 0
    vp: int = 0
    reputation: int = 0
    resources: int = 0
    food: int = 0
    oxygen: int = 0
    fuel: int = 0
    agenda: int = 0
    blueprints: int = 0


class Effect(_S):
    kind: EffectKind
    amount: int = 0
    resource: Resource | None = None
    action: ActionName | None = None
    colour: Colour | None = None
    gain: Gain = Gain()


class Blueprint(_S):
    id: str
    name: str
    cost: int
    vp: int
    icons: tuple[Colour, ...]
    source: Source = "stand-in"


class CockpitCondition(_S):
    metric: Metric
    vp: int
    per: int = 1


class Cockpit(_S):
    id: str
    name: str
    condition: CockpitCondition
    starting: bool = False
    source: Source = "stand-in"


class Engine(_S):
    id: str
    name: str
    bonus: Gain = Gain()
    starting: bool = False
    source: Source = "stand-in"


class CruiseTile(_S):
    id: str
    stops: tuple[Stop, ...]
    fuel: int
    starred: bool = False
    source: Source = "stand-in"

    @property
    def destinations(self) -> tuple[str, ...]:
        return self.destinations_after(-1)

    def destinations_after(self, stop: int) -> tuple[str, ...]:
        """The destination colours still ahead of a ship that has reached stop `stop`."""
        return tuple(s for s in self.stops[stop + 1:] if s not in ("space", "return"))


class AgendaCard(_S):
    id: str
    number: int
    name: str
    resource: Resource
    timing: Timing
    effect: Effect
    text: str
    action: ActionName | None = None
    source: Source = "stand-in"


class NeutralSetup(_S):
    connections: tuple[int, int]
    technology_slot: int


class Technology(_S):
    id: str
    name: str
    effect: Effect
    neutral_setup: NeutralSetup
    text: str
    phase1_only: bool = False
    source: Source = "stand-in"


class ExpertTile(_S):
    id: str
    name: str
    ability: Effect
    text: str
    intro: bool = False
    source: Source = "stand-in"


class Goal(_S):
    name: str
    metric: Metric
    thresholds: tuple[int, int, int, int]


class GoalTile(_S):
    id: str
    goals: tuple[Goal, Goal, Goal]
    intro: bool = False
    source: Source = "stand-in"


class Upgrade(_S):
    id: str
    colour: Colour
    index: int
    effect: Effect
    text: str
    source: Source = "stand-in"


class ProgressTrack(_S):
    players: int
    sections: tuple[int, int, int]


class BoardData(_S):
    development_costs: tuple[int, int, int]
    development_column_vp: tuple[int, int, int]
    reputation_vp: tuple[tuple[int, int], ...]
    reputation_icons: tuple[Literal["resource", "ad", "money"], ...]
    agenda_slot_bonuses: tuple[Literal["reputation", "ad", "resource", "money"], ...]
    action_tiles: tuple[ActionName, ...]
    guest_bonuses: tuple[Literal["ad", "money", "reputation", "resource", "vp"], ...]
    intro_action_pairs: tuple[tuple[ActionName, ActionName], ...]
    intro_technologies: tuple[str, str, str, str]
    intro_goal_tile: str
    intro_expert_tile: str
    start_money: int
    start_ads: int
    start_vp: int
    silo_start: int
    guests_per_colour: int
    cruise_spaces: dict[int, int]
    minimum_guests: dict[int, int]
    progress_tracks: tuple[ProgressTrack, ...]
    data_id: str
    source: Source = "stand-in"


# --- the expansions' component types (engine/modules/<id>/data) ---------------------------
# Each extends a base type, so code that reads the base fields reads these unchanged.
Position = Literal["left", "centre", "right"]
POSITIONS: tuple[str, ...] = ("left", "centre", "right")

# Effect kinds only an expansion's rules carry out, with the module whose rules do; a module's
# data may name them before the module is registered (engine/modules/ADVANCEMENTS_WIRING.md).
MODULE_EFFECT_KINDS: dict[str, tuple[str, str]] = {
    "tech_advance": ("advanced_technologies",
                     "move one invented technology's marker `amount` spaces right"),
    "tech_surcharge_free": ("advanced_technologies",
                            "pay no technology track surcharge until the end of the turn"),
    "pairing_discount": ("cabin_pairing",
                         "a segment that completes two cabins at once costs `amount` less"),
    "station_bonus_gain": ("station_bonuses",
                           "gain one active station tile's bonus as if `amount` of your "
                           "developments were next to it"),
    "segment_token": ("advancements", "build one segment now at `amount` money off"),
}
# 『快適空間』's module effect kinds (engine/modules/ACCOMMODATIONS_WIRING.md), read with the
# above wherever a module's kind is looked up (`module_effect_owner`).
ACCOMMODATIONS_EFFECT_KINDS: dict[str, tuple[str, str]] = {
    "segment_repeat": ("specialised_blueprints",
                       "on this day in space, one segment may start its effect `amount` more "
                       "time(s)"),
}


def module_effect_owner(kind: str) -> str | None:
    """The module whose rules carry out an effect kind; None for a base kind."""
    got = MODULE_EFFECT_KINDS.get(kind) or ACCOMMODATIONS_EFFECT_KINDS.get(kind)
    return got[0] if got else None
ModuleEffectKind = Literal["tech_advance", "tech_surcharge_free", "pairing_discount",
                           "station_bonus_gain", "segment_token", "segment_repeat"]
StationBonusKind = Literal["money", "ad", "resource", "vp", "reputation", "agenda"]


class ModuleEffect(Effect, frozen=True):
    kind: EffectKind | ModuleEffectKind  # type: ignore[assignment]


class PairedBlueprint(Blueprint, frozen=True, kw_only=True):
    """《客室斡旋》: a blueprint whose segment shows its half cabin left, centre or right."""

    cabin: Position


class AdvancedTechnology(Technology, frozen=True, kw_only=True):
    """《上級技術》: a technology with a marker track; `money` lists the spaces with a money
    icon, the last space (spaces - 1) enhances the effect."""

    spaces: int
    money: tuple[int, ...]
    enhanced: Effect
    enhanced_text: str


class StationBonusTile(_S):
    """区画ボーナス・タイル: `amount` of `kind` for every `per` of your developments next to
    the station."""

    id: str
    name: str
    kind: StationBonusKind
    amount: int
    text: str
    per: int = 1
    source: Source = "stand-in"


class ModuleAgendaCard(AgendaCard, frozen=True, kw_only=True):
    effect: ModuleEffect  # type: ignore[assignment]
    requires: str | None = None  # the module this card needs; left out of other games


class ModuleCockpit(Cockpit, frozen=True, kw_only=True):
    requires: str | None = None
    cabin: Position | None = None  # a half cabin on the cockpit (only with cabin pairing)


class TowerToken(_S):
    """An upgrade token that can replace a bottom launch-tower token."""

    id: str
    name: str
    effect: ModuleEffect
    text: str
    source: Source = "stand-in"


# --- 『快適空間』 (Accommodations) component types (engine/modules/ACCOMMODATIONS_WIRING.md) --
# What a specialised segment does when a guest is placed on it on a day in space. Each kind is
# carried out by `engine.modules.specialised_blueprints.rules`; the ones that need a choice
# (a build, a blueprint, a funding bonus) hand the engine a follow-up decision.
SEGMENT_EFFECT_KINDS: dict[str, str] = {
    "gain": "gain the `gain` bundle",
    "per_icon": "gain the `gain` bundle once per `colour` icon aboard this ship",
    "per_guest": "gain the `gain` bundle once per guest aboard (of `colour`, when named)",
    "per_segment": "gain the `gain` bundle once per segment of this ship",
    "build_segment": "build one segment now in another ship, paying its cost (usual limits)",
    "free_blueprint": "take `amount` blueprints from the display for free (usual hand limit)",
    "funding": "gain `amount` funding bonuses",
}
SegmentEffectKind = Literal["gain", "per_icon", "per_guest", "per_segment", "build_segment",
                            "free_blueprint", "funding"]


class SegmentEffect(_S):
    kind: SegmentEffectKind
    amount: int = 0
    colour: Colour | None = None
    gain: Gain = Gain()


class SpecialisedBlueprint(PairedBlueprint, frozen=True, kw_only=True):
    """《専門設計図》: a paired blueprint (its half cabin, as 《客室斡旋》) whose segment a
    guest showing one of its `icons` may visit on a day in space to start its `effect`."""

    effect: SegmentEffect
    text: str


class GuestBonusToken(_S):
    """《専門設計図》's guest bonus token of one colour, on the marketing board instead of the
    base ones: the guests of `colour` visit segments on a day in space; one who finds no free
    segment showing its icon gains `fallback` instead [ours]."""

    id: str
    name: str
    colour: Colour
    fallback: Gain
    text: str
    source: Source = "stand-in"


TowerTokenId = Literal["top0", "top1", "top2", "top3",
                       "bottom0", "bottom1", "bottom2", "bottom3"]


class StartingUpgradeCard(_S):
    """初期アップグレード・カード: the launch-tower token it takes off (its bonus is gained,
    then it is flipped) and the upgrade space the token goes on."""

    id: str
    token: TowerTokenId
    upgrade: str  # an upgrade id of the data set (upgrades.toml)
    source: Source = "stand-in"


class SurchargedTechnology(Technology, frozen=True, kw_only=True):
    """『快適空間』's technology, base version: its icon adds `surcharge` money to the cost of a
    development under it and to the fee for using it (the book)."""

    surcharge: int = 1


class SurchargedAdvancedTechnology(AdvancedTechnology, frozen=True, kw_only=True):
    """『快適空間』's technology, advanced version (with 《上級技術》): a track as the module's
    tiles, and the same printed surcharge."""

    surcharge: int = 1


class _SpecialisedBlueprints(_S):
    blueprint: tuple[SpecialisedBlueprint, ...]


class _GuestBonusTokens(_S):
    token: tuple[GuestBonusToken, ...]


class _StartingUpgrades(_S):
    card: tuple[StartingUpgradeCard, ...]


class _AccommodationTechs(_S):
    # Stored as the advanced version; the base version is read from it (expansion_data).
    technology: tuple[SurchargedAdvancedTechnology, ...]


class _PairedBlueprints(_S):
    blueprint: tuple[PairedBlueprint, ...]


class _AdvancedTechs(_S):
    technology: tuple[AdvancedTechnology, ...]


class _StationBonuses(_S):
    tile: tuple[StationBonusTile, ...]


class _ModuleAgenda(_S):
    card: tuple[ModuleAgendaCard, ...]


class _ModuleCockpits(_S):
    cockpit: tuple[ModuleCockpit, ...]


class _TowerTokens(_S):
    token: tuple[TowerToken, ...]


class _Blueprints(_S):
    blueprint: tuple[Blueprint, ...]


class _Cockpits(_S):
    cockpit: tuple[Cockpit, ...]


class _Engines(_S):
    engine: tuple[Engine, ...]


class _Cruises(_S):
    cruise: tuple[CruiseTile, ...]


class _Agenda(_S):
    card: tuple[AgendaCard, ...]


class _Techs(_S):
    technology: tuple[Technology, ...]


class _Experts(_S):
    expert: tuple[ExpertTile, ...]


class _Goals(_S):
    tile: tuple[GoalTile, ...]


class _Upgrades(_S):
    upgrade: tuple[Upgrade, ...]


RachelAction = Literal[
    "build_segments", "draw_agenda", "refill_agenda", "gain_resources", "refill_silo",
    "advertise_cruise", "develop_network", "develop_technology", "hire_expert",
    "refill_blueprints", "launch",
]
Level = Literal["easy", "normal", "hard"]


class RachelCard(_S):
    """A solo action card: the action side, and on its back two numbers and a station."""

    id: str
    name: str
    top: RachelAction
    bottom: RachelAction
    first: int
    second: int
    station: int
    launch_segments: int = 0  # a launch card: the fewest segments a ship needs
    source: Source = "stand-in"


class RachelWorkerCard(_S):
    difficulty: Level
    name: str
    developments_goal: int
    segments_goal: int
    ships_goal: int
    second_action: Literal["same_station", "connected"]
    meeting_action: bool
    expert_funding: int
    source: Source = "stand-in"


class _Rachel(_S):
    card: tuple[RachelCard, ...]
    worker: tuple[RachelWorkerCard, ...]


class DataError(Exception):
    """A data file is missing or malformed; the message names the file and the place."""


class Components:
    """All component data, with lookups by id."""

    def __init__(self, files: dict[str, msgspec.Struct], data_hash: str) -> None:
        self.files = files
        self.board: BoardData = files["board.toml"]  # type: ignore[assignment]
        self.blueprints = files["blueprints.toml"].blueprint  # type: ignore[attr-defined]
        self.cockpits = files["cockpits.toml"].cockpit  # type: ignore[attr-defined]
        self.engines = files["engines.toml"].engine  # type: ignore[attr-defined]
        self.cruise_tiles = files["cruises.toml"].cruise  # type: ignore[attr-defined]
        self.agenda_cards = files["agenda.toml"].card  # type: ignore[attr-defined]
        self.technologies = files["technologies.toml"].technology  # type: ignore[attr-defined]
        self.expert_tiles = files["experts.toml"].expert  # type: ignore[attr-defined]
        self.goal_tiles = files["goals.toml"].tile  # type: ignore[attr-defined]
        self.upgrades = files["upgrades.toml"].upgrade  # type: ignore[attr-defined]
        self.rachel_cards: tuple[RachelCard, ...] = files["rachel.toml"].card  # type: ignore[attr-defined]
        self.rachel_workers: tuple[RachelWorkerCard, ...] = files["rachel.toml"].worker  # type: ignore[attr-defined]
        # An expansion's own kinds of component; none in the base game.
        self.station_bonus_tiles: tuple[StationBonusTile, ...] = \
            files["station_bonuses.toml"].tile if "station_bonuses.toml" in files else ()  # type: ignore[attr-defined]
        self.tower_tokens: tuple[TowerToken, ...] = \
            files["tower_tokens.toml"].token if "tower_tokens.toml" in files else ()  # type: ignore[attr-defined]
        self.guest_tokens: tuple[GuestBonusToken, ...] = \
            files["guest_tokens.toml"].token if "guest_tokens.toml" in files else ()  # type: ignore[attr-defined]
        self.starting_upgrade_cards: tuple[StartingUpgradeCard, ...] = \
            files["starting_upgrades.toml"].card if "starting_upgrades.toml" in files else ()  # type: ignore[attr-defined]
        self.action_tiles = self.board.action_tiles
        self.guest_bonuses = self.board.guest_bonuses
        self.data_id = self.board.data_id
        self.data_hash = data_hash
        self._by_id: dict[str, dict[str, msgspec.Struct]] = {}
        for kind, items in (("blueprint", self.blueprints), ("cockpit", self.cockpits),
                            ("engine", self.engines), ("cruise", self.cruise_tiles),
                            ("agenda", self.agenda_cards), ("technology", self.technologies),
                            ("expert", self.expert_tiles), ("goal", self.goal_tiles),
                            ("upgrade", self.upgrades), ("rachel", self.rachel_cards),
                            ("station_bonus", self.station_bonus_tiles),
                            ("tower_token", self.tower_tokens),
                            ("guest_token", self.guest_tokens),
                            ("starting_upgrade", self.starting_upgrade_cards)):
            table: dict[str, msgspec.Struct] = {}
            for it in items:
                if it.id in table:
                    raise DataError(f"{KIND_FILES[kind]}: {kind} {it.id!r}: id: appears twice")
                table[it.id] = it
            self._by_id[kind] = table
        # By id, for technologies.tech_amount and upgrades.effect_amount (hot paths of legal()
        # and of the bots' values).
        self.technology_effect: dict[str, Effect] = {t.id: t.effect for t in self.technologies}
        self.upgrade_effect: dict[str, Effect] = {u.id: u.effect for u in self.upgrades}
        self.upgrade_kinds = frozenset(u.effect.kind for u in self.upgrades)
        # The upgrades of each effect kind: whether a player has one is then one set test.
        by_kind: dict[str, set[str]] = {}
        for u in self.upgrades:
            by_kind.setdefault(u.effect.kind, set()).add(u.id)
        self.upgrade_ids: dict[str, frozenset[str]] = {k: frozenset(v)
                                                       for k, v in by_kind.items()}
        self.expert_ability: dict[str, Effect] = {e.id: e.ability for e in self.expert_tiles}
        self.technology_surcharge: dict[str, int] = {
            t.id: getattr(t, "surcharge", 0) for t in self.technologies}
        # No printed surcharge below 0 (a module's track adds, never takes): a development on
        # an open connection is then never dearer than one under a technology.
        self.surcharges_add = all(n >= 0 for n in self.technology_surcharge.values())
        # Most effect kinds asked about belong to no technology: answer those without a look.
        self.technology_kinds = frozenset(
            [t.effect.kind for t in self.technologies] +
            [t.enhanced.kind for t in self.technologies if isinstance(t, AdvancedTechnology)])

    def blueprint(self, i: str) -> Blueprint:
        return self._by_id["blueprint"][i]  # type: ignore[return-value]

    def cockpit(self, i: str) -> Cockpit:
        return self._by_id["cockpit"][i]  # type: ignore[return-value]

    def engine(self, i: str) -> Engine:
        return self._by_id["engine"][i]  # type: ignore[return-value]

    def cruise_tile(self, i: str) -> CruiseTile:
        return self._by_id["cruise"][i]  # type: ignore[return-value]

    def agenda(self, i: str) -> AgendaCard:
        return self._by_id["agenda"][i]  # type: ignore[return-value]

    def technology(self, i: str) -> Technology:
        return self._by_id["technology"][i]  # type: ignore[return-value]

    def expert_tile(self, i: str) -> ExpertTile:
        return self._by_id["expert"][i]  # type: ignore[return-value]

    def goal_tile(self, i: str) -> GoalTile:
        return self._by_id["goal"][i]  # type: ignore[return-value]

    def upgrade(self, i: str) -> Upgrade:
        return self._by_id["upgrade"][i]  # type: ignore[return-value]

    def rachel_card(self, i: str) -> RachelCard:
        return self._by_id["rachel"][i]  # type: ignore[return-value]

    def rachel_worker(self, level: str) -> RachelWorkerCard:
        return next(w for w in self.rachel_workers if w.difficulty == level)

    def station_bonus(self, i: str) -> StationBonusTile:
        return self._by_id["station_bonus"][i]  # type: ignore[return-value]

    def tower_token(self, i: str) -> TowerToken:
        return self._by_id["tower_token"][i]  # type: ignore[return-value]

    def guest_token(self, i: str) -> GuestBonusToken:
        return self._by_id["guest_token"][i]  # type: ignore[return-value]

    def starting_upgrade(self, i: str) -> StartingUpgradeCard:
        return self._by_id["starting_upgrade"][i]  # type: ignore[return-value]

    def segment_effect(self, blueprint: str) -> SegmentEffect | None:
        """《専門設計図》: what the segment does for a guest on a day in space; None for any
        other blueprint."""
        return getattr(self.blueprint(blueprint), "effect", None)

    def surcharge(self, technology: str) -> int:
        """『快適空間』's technology icon: money added to its development cost and its fee."""
        return self.technology_surcharge[technology]

    def cabin(self, blueprint: str) -> str | None:
        """《客室斡旋》: where the segment's half cabin is; None for a base blueprint."""
        return getattr(self.blueprint(blueprint), "cabin", None)

    def cockpit_cabin(self, cockpit: str) -> str | None:
        return getattr(self.cockpit(cockpit), "cabin", None)

    def advanced(self, technology: str) -> AdvancedTechnology | None:
        """《上級技術》: the tile with its track; None for a base technology."""
        t = self.technology(technology)
        return t if isinstance(t, AdvancedTechnology) else None


FILES: dict[str, type] = {
    "board.toml": BoardData, "blueprints.toml": _Blueprints, "cockpits.toml": _Cockpits,
    "engines.toml": _Engines, "cruises.toml": _Cruises, "agenda.toml": _Agenda,
    "technologies.toml": _Techs, "experts.toml": _Experts, "goals.toml": _Goals,
    "upgrades.toml": _Upgrades, "rachel.toml": _Rachel,
}
KIND_FILES = {"blueprint": "blueprints.toml", "cockpit": "cockpits.toml",
              "engine": "engines.toml", "cruise": "cruises.toml", "agenda": "agenda.toml",
              "technology": "technologies.toml", "expert": "experts.toml", "goal": "goals.toml",
              "upgrade": "upgrades.toml", "rachel": "rachel.toml",
              "station_bonus": "station_bonuses.toml", "tower_token": "tower_tokens.toml",
              "guest_token": "guest_tokens.toml", "starting_upgrade": "starting_upgrades.toml"}
DATA_DIR = Path(__file__).parent / "data"
# The built-in data set's earlier editions: editions/<n>/ holds, of data set base-<n>, the files
# that have changed since (only those), so that a game saved with it is rebuilt with it.
EDITIONS_DIR = DATA_DIR / "editions"
MODULES_DIR = Path(__file__).parent / "modules"
_hash_encoder = msgspec.msgpack.Encoder(order="deterministic")
# The data set that load_components() with no argument gives: None for the built-in one, else
# a directory chosen once per process (`galcruise --components DIR`, GALCRUISE_COMPONENTS).
_active: Path | None = None


def load_components(data_dir: Path | None = None) -> Components:
    if data_dir is None:
        return _default() if _active is None else _cached(str(_active))
    return _load(Path(data_dir))


def use_components(data_dir: Path | str | None) -> Components:
    """Make `data_dir` (None: the built-in data) the data set of every later
    load_components(); it is loaded and checked now, so a bad directory fails at once."""
    global _active
    comps = _default() if data_dir is None else _cached(str(Path(data_dir).resolve()))
    _active = None if data_dir is None else Path(data_dir).resolve()
    return comps


def active_dir() -> Path | None:
    """The folder `use_components` chose (None: the built-in data), for a worker process that
    must load the same data set."""
    return _active


@functools.cache
def _default() -> Components:
    return _load(DATA_DIR)


def base_editions() -> tuple[str, ...]:
    """The built-in data set's earlier editions, newest first (the likeliest for a save)."""
    if not EDITIONS_DIR.is_dir():
        return ()
    return tuple(sorted((d.name for d in EDITIONS_DIR.iterdir() if d.is_dir()), key=int,
                        reverse=True))


@functools.cache
def base_edition(edition: str) -> Components:
    """The built-in data set as it was in edition `edition` (see EDITIONS_DIR)."""
    return _load(DATA_DIR, EDITIONS_DIR / edition)


@functools.cache
def _cached(root: str) -> Components:
    return _load(Path(root))


def data_hash(files: dict[str, msgspec.Struct]) -> str:
    """The hash of the decoded data, not of the bytes: a comment, a blank line or a reordered
    table in a TOML file leaves it (and every state hash and save) unchanged."""
    h = hashlib.blake2b(digest_size=16)
    for name in sorted(files):
        h.update(name.encode() + b"\0")
        h.update(_hash_encoder.encode(msgspec.to_builtins(files[name], str_keys=True)))
    return h.hexdigest()


def _load(root: Path, earlier: Path | None = None) -> Components:
    files: dict[str, msgspec.Struct] = {}
    for name in sorted(FILES):
        path = root / name
        if earlier is not None and (earlier / name).exists():
            path = earlier / name
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise DataError(f"{path}: cannot read component data ({e.strerror})") from None
        try:
            files[name] = msgspec.toml.decode(raw, type=FILES[name])
        except msgspec.ValidationError as e:
            raise DataError(f"{path}: {_item_of(raw, str(e))}{e}") from None
        except msgspec.DecodeError as e:
            raise DataError(f"{path}: not valid TOML ({e})") from None
    try:
        comps = Components(files, data_hash(files))
    except DataError as e:
        raise DataError(f"{root}/{e}") from None
    problems = check(comps)
    if problems:
        raise DataError(f"{root}: component data refused: " + "; ".join(problems))
    return comps


def _item_of(raw: bytes, message: str) -> str:
    """'item <id>: ' for a schema error at `$.<table>[i]...`, to name the card as well as the
    path (msgspec names the index only)."""
    import re

    m = re.search(r"at `\$\.(\w+)\[(\d+)\]", message)
    if not m:
        return ""
    try:
        table = tomllib.loads(raw.decode()).get(m.group(1), [])
        item = table[int(m.group(2))]
        return f"{m.group(1)} {item['id']!r}: " if isinstance(item, dict) and "id" in item else ""
    except (ValueError, IndexError, KeyError, TypeError):
        return ""


def module_agenda(module: str) -> tuple[AgendaCard, ...]:
    """An expansion's agenda cards (engine/modules/<module>/data/agenda.toml), checked like
    the base deck's; a base game never loads them."""
    path = MODULES_DIR / module / "data" / "agenda.toml"
    try:
        cards = msgspec.toml.decode(path.read_bytes(), type=_Agenda).card
    except OSError as e:
        raise DataError(f"{path}: cannot read component data ({e.strerror})") from None
    except msgspec.ValidationError as e:
        raise DataError(f"{path}: {e}") from None
    bad = _effect_problems(f"modules/{module}/data/agenda.toml", "card",
                           [(c.id, "effect", c.effect) for c in cards], "agenda")
    if bad:
        raise DataError("; ".join(bad))
    return cards


def with_module_cards(base: Components, module: str) -> Components:
    """`base` with an expansion's agenda cards added to the deck (for that expansion's games
    and its tests); the base data set itself is left as it is."""
    cards = module_agenda(module)
    files = dict(base.files)
    files["agenda.toml"] = _Agenda(card=base.agenda_cards + cards)
    return Components(files, data_hash(files))


def _effect_problems(file: str, label: str, items: list[tuple[str, str, Effect]],
                     holder: str, modules: tuple[str, ...] = ()) -> list[str]:
    from engine.rules.effect_kinds import HANDLED

    # A kind that a module in play carries out (MODULE_EFFECT_KINDS) is no silent card.
    ok = HANDLED[holder] | {k for k, (m, _) in (MODULE_EFFECT_KINDS |
                                                ACCOMMODATIONS_EFFECT_KINDS).items()
                            if m in modules}
    return [f"{file}: {label} {i!r}: {field}.kind: {e.kind!r} has no code that carries it out "
            f"on {'an' if holder[0] in 'aeiou' else 'a'} {holder}"
            for i, field, e in items if e.kind not in ok]


# The book's component list (内容物) and NOTES.md: how many of each a data set must hold.
COUNTS = {"blueprints.toml": 48, "cockpits.toml": 19, "engines.toml": 19, "cruises.toml": 18,
          "agenda.toml": 36, "technologies.toml": 8, "upgrades.toml": 9}


def check(c: Components, merged: tuple[str, ...] = ()) -> list[str]:
    """Facts that span files or that a schema cannot say; each names file, item and field.

    `merged`: the modules whose components were added to `c`. Their own files were counted
    against the book when loaded (engine/modules/expansion_data.py), so the base totals are not
    asked of the sum; everything else is checked across the whole set."""
    bad = []
    counts = {"blueprints.toml": c.blueprints, "cockpits.toml": c.cockpits,
              "engines.toml": c.engines, "cruises.toml": c.cruise_tiles,
              "agenda.toml": c.agenda_cards, "technologies.toml": c.technologies,
              "upgrades.toml": c.upgrades}
    for file, items in counts.items():
        if not merged and len(items) != COUNTS[file]:
            bad.append(f"{file}: {len(items)} items, the game has {COUNTS[file]}")
    if sum(1 for x in c.cockpits if x.starting) != 4:
        bad.append("cockpits.toml: starting: expected 4 starting cockpits")
    if sum(1 for x in c.engines if x.starting) != 4:
        bad.append("engines.toml: starting: expected 4 starting engines")
    if sum(1 for t in c.cruise_tiles if t.starred) != 3:
        bad.append("cruises.toml: starred: expected 3 starred cruise tiles")
    for t in c.cruise_tiles:
        if not t.stops or t.stops[-1] != "return" or "return" in t.stops[:-1]:
            bad.append(f"cruises.toml: cruise {t.id!r}: stops: must end with exactly one return")
        if not t.destinations:
            bad.append(f"cruises.toml: cruise {t.id!r}: stops: no destination")
    for b in c.blueprints:
        for field, ok in (("cost", 0 <= b.cost <= 5), ("vp", 1 <= b.vp <= 3),
                          ("icons", 1 <= len(b.icons) <= 2)):
            if not ok:
                bad.append(f"blueprints.toml: blueprint {b.id!r}: {field}: out of range")
    if len(c.action_tiles) != 12 or len(set(c.action_tiles)) != 12:
        bad.append("board.toml: action_tiles: the 12 action tiles must each appear once")
    if len(c.board.reputation_icons) != 18:
        bad.append("board.toml: reputation_icons: needs 18 spaces")
    for colour in ("orange", "purple", "teal"):
        idx = sorted(u.index for u in c.upgrades if u.colour == colour)
        if idx != [1, 2, 3]:
            bad.append(f"upgrades.toml: index: {colour} upgrades must be numbered 1, 2, 3")
    for r in ("food", "oxygen", "fuel"):
        if not merged and sum(1 for a in c.agenda_cards if a.resource == r) != 12:
            bad.append(f"agenda.toml: resource: expected 12 {r} agenda cards")
    for a in c.agenda_cards:
        if (a.timing == "action") != (a.action is not None):
            bad.append(f"agenda.toml: card {a.id!r}: action: an action timing needs its "
                       "action, and only it")
    bad += _effect_problems("agenda.toml", "card",
                            [(a.id, "effect", a.effect) for a in c.agenda_cards], "agenda",
                            merged)
    bad += _effect_problems("technologies.toml", "technology",
                            [(t.id, "effect", t.effect) for t in c.technologies] +
                            [(t.id, "enhanced", t.enhanced) for t in c.technologies
                             if isinstance(t, AdvancedTechnology)], "technology")
    bad += _effect_problems("upgrades.toml", "upgrade",
                            [(u.id, "effect", u.effect) for u in c.upgrades], "upgrade")
    bad += _effect_problems("experts.toml", "expert",
                            [(e.id, "ability", e.ability) for e in c.expert_tiles], "expert")
    for t in c.technologies:
        ns = t.neutral_setup
        if not (all(1 <= k <= 6 for k in ns.connections) and 1 <= ns.technology_slot <= 4
                and ns.connections[0] != ns.connections[1]):
            bad.append(f"technologies.toml: technology {t.id!r}: neutral_setup: two different "
                       "connections 1-6 and a slot 1-4")
    for t in c.board.intro_technologies:
        if t not in c._by_id["technology"]:
            bad.append(f"board.toml: intro_technologies: {t!r} unknown")
    if c.board.intro_goal_tile not in c._by_id["goal"]:
        bad.append("board.toml: intro_goal_tile: unknown")
    if c.board.intro_expert_tile not in c._by_id["expert"]:
        bad.append("board.toml: intro_expert_tile: unknown")
    if not merged and sum(1 for e in c.expert_tiles if not e.intro) != 6:
        bad.append("experts.toml: expected 6 expert tiles besides the intro one")
    if sum(1 for g in c.goal_tiles if not g.intro) != 6:
        bad.append("goals.toml: expected 6 company goal tiles besides the intro one")
    return bad + check_rachel(c) + _control_problems(c.files)


# C0 and C1 controls and DEL: a name or a text holding one would move the cursor, retitle or
# clear the terminal wherever the engine's sentences carry it to the screen. Refused at load,
# so that no path from a --components folder to the screen has to remember to strip them.
_CONTROL = frozenset([*range(0x20), *range(0x7F, 0xA0)])


def _control_problems(files: dict[str, msgspec.Struct]) -> list[str]:
    """Each text holding a control character, as '<file>: <item>: <field>: ...' (the item by
    its id where it has a clean one)."""
    bad: list[str] = []

    def walk(x: object, file: str, item: str, field: str) -> None:
        if isinstance(x, str):
            ch = next((ch for ch in x if ord(ch) in _CONTROL), None)
            if ch is not None:
                bad.append(f"{file}: {item}{field}: control character U+{ord(ch):04X} in text")
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(v, file, item, f"{field}.{k}" if field else str(k))
        elif isinstance(x, (list, tuple)):
            for i, v in enumerate(x):
                if not item and isinstance(v, dict) and isinstance(v.get("id"), str) and \
                        not any(ord(ch) in _CONTROL for ch in v["id"]):
                    walk(v, file, f"{field} {v['id']!r}: ", "")
                else:
                    walk(v, file, item, f"{field}[{i}]")

    for name in sorted(files):
        walk(msgspec.to_builtins(files[name]), name, "", "")
    return bad


RACHEL_ACTIONS = RachelAction.__args__  # type: ignore[attr-defined]


def check_rachel(c: Components) -> list[str]:
    """Her deck as the book describes it: 12 cards, two launches (2+ and 3+ segments)."""
    bad = []
    cards = c.rachel_cards
    if len(cards) != 12:
        bad.append(f"rachel.toml: card: {len(cards)} Rachel action cards, expected 12")
    launches = sorted(x.launch_segments for x in cards if x.top == "launch" or
                      x.bottom == "launch")
    if launches != [2, 3]:
        bad.append("rachel.toml: launch_segments: exactly two Rachel cards launch: one needs 2+ "
                   "segments, the other 3+")
    for x in cards:
        if (x.launch_segments > 0) != ("launch" in (x.top, x.bottom)):
            bad.append(f"rachel.toml: card {x.id!r}: launch_segments: belongs to launch cards "
                       "only")
        if x.top == x.bottom:
            bad.append(f"rachel.toml: card {x.id!r}: bottom: must differ from the top")
        for field, value, top in (("first", x.first, 6), ("second", x.second, 4),
                                  ("station", x.station, 6)):
            if not 1 <= value <= top:
                bad.append(f"rachel.toml: card {x.id!r}: {field}: must be 1 to {top}")
        if x.first == x.second:
            bad.append(f"rachel.toml: card {x.id!r}: second: must differ from the first")
    # The real deck [pub]: first numbers and stations each twice over 1-6, second numbers each
    # three times over 1-4.
    for field, values, top in (("first", [x.first for x in cards], 6),
                               ("second", [x.second for x in cards], 4),
                               ("station", [x.station for x in cards], 6)):
        if sorted(values) != sorted(list(range(1, top + 1)) * (len(cards) // top)):
            bad.append(f"rachel.toml: {field}: Rachel's numbers must spread evenly over "
                       f"1-{top}")
    used = {x.top for x in cards} | {x.bottom for x in cards}
    missing = [a for a in RACHEL_ACTIONS if a not in used]
    if missing:
        bad.append(f"rachel.toml: top/bottom: Rachel's deck never uses {', '.join(missing)}")
    if sorted(w.difficulty for w in c.rachel_workers) != ["easy", "hard", "normal"]:
        bad.append("rachel.toml: worker: expected one worker card per difficulty")
    return bad
