"""Component data: every card and tile of the base game, loaded once from `engine/data/*.toml`
and validated by msgspec. A malformed file fails loudly with the file, the path inside it and
what was expected.
"""

from __future__ import annotations

import functools
import hashlib
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
EffectKind = Literal[
    "gain", "hire_discount", "development_discount", "segment_discount", "segment_extra_builds",
    "blueprint_extra", "silo_extra", "purchase_extra", "advertise_discount",
    "launch_fuel_discount", "launch_food_discount", "launch_oxygen_discount",
    "launch_without_worker", "cabin_capacity", "last_minute_discount", "tour_discount",
    "tour_bonus_vp", "day_in_space_double", "extra_travel", "extra_action", "bump_bonus",
    "cost_reduction_total", "bump_own", "max_ships_segments", "fee_free", "reputation_gain",
    "funding_extra", "refill_silo_extra", "agenda_draw_deck", "goal_discount", "upgrade_vp",
    "tech_free",
]


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
    "build_segments", "draw_agenda", "refill_agenda", "gain_resources", "advertise_cruise",
    "develop_network", "develop_technology", "hire_expert", "refill_blueprints", "launch",
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
        self.action_tiles = self.board.action_tiles
        self.guest_bonuses = self.board.guest_bonuses
        self.data_id = self.board.data_id
        self.data_hash = data_hash
        self._by_id: dict[str, dict[str, msgspec.Struct]] = {}
        for kind, items in (("blueprint", self.blueprints), ("cockpit", self.cockpits),
                            ("engine", self.engines), ("cruise", self.cruise_tiles),
                            ("agenda", self.agenda_cards), ("technology", self.technologies),
                            ("expert", self.expert_tiles), ("goal", self.goal_tiles),
                            ("upgrade", self.upgrades), ("rachel", self.rachel_cards)):
            table: dict[str, msgspec.Struct] = {}
            for it in items:
                if it.id in table:
                    raise DataError(f"{kind} id {it.id!r} appears twice")
                table[it.id] = it
            self._by_id[kind] = table
        # Most effect kinds asked about belong to no technology: answer those without a look.
        self.technology_kinds = frozenset(t.effect.kind for t in self.technologies)

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


FILES: dict[str, type] = {
    "board.toml": BoardData, "blueprints.toml": _Blueprints, "cockpits.toml": _Cockpits,
    "engines.toml": _Engines, "cruises.toml": _Cruises, "agenda.toml": _Agenda,
    "technologies.toml": _Techs, "experts.toml": _Experts, "goals.toml": _Goals,
    "upgrades.toml": _Upgrades, "rachel.toml": _Rachel,
}
DATA_DIR = Path(__file__).parent / "data"


def load_components(data_dir: Path | None = None) -> Components:
    if data_dir is None:
        return _default()
    return _load(Path(data_dir))


@functools.cache
def _default() -> Components:
    return _load(DATA_DIR)


def _load(root: Path) -> Components:
    h = hashlib.blake2b(digest_size=16)
    files: dict[str, msgspec.Struct] = {}
    for name in sorted(FILES):
        path = root / name
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise DataError(f"{path}: cannot read component data ({e.strerror})") from None
        h.update(name.encode() + b"\0" + raw)
        try:
            files[name] = msgspec.toml.decode(raw, type=FILES[name])
        except msgspec.ValidationError as e:
            raise DataError(f"{path}: {e}") from None
        except msgspec.DecodeError as e:
            raise DataError(f"{path}: not valid TOML ({e})") from None
    comps = Components(files, h.hexdigest())
    problems = check(comps)
    if problems:
        raise DataError(f"{root}: " + "; ".join(problems))
    return comps


def check(c: Components) -> list[str]:
    """Facts that span files or that a schema cannot say."""
    bad = []
    counts = {"blueprints": (c.blueprints, 48), "cockpits": (c.cockpits, 19),
              "engines": (c.engines, 19), "cruise tiles": (c.cruise_tiles, 18),
              "agenda cards": (c.agenda_cards, 36), "technologies": (c.technologies, 8),
              "upgrades": (c.upgrades, 9)}
    for label, (items, n) in counts.items():
        if len(items) != n:
            bad.append(f"{len(items)} {label}, expected {n}")
    starting = (sum(1 for x in c.cockpits if x.starting), sum(1 for x in c.engines if x.starting))
    if starting != (4, 4):
        bad.append("expected 4 starting cockpits and 4 starting engines")
    if sum(1 for t in c.cruise_tiles if t.starred) != 3:
        bad.append("expected 3 starred cruise tiles")
    for t in c.cruise_tiles:
        if not t.stops or t.stops[-1] != "return" or "return" in t.stops[:-1]:
            bad.append(f"cruise tile {t.id} must end with exactly one return")
        if not t.destinations:
            bad.append(f"cruise tile {t.id} has no destination")
    for b in c.blueprints:
        if not 0 <= b.cost <= 5 or not 1 <= b.vp <= 3 or not 1 <= len(b.icons) <= 2:
            bad.append(f"blueprint {b.id} out of range")
    if len(c.action_tiles) != 12 or len(set(c.action_tiles)) != 12:
        bad.append("the 12 action tiles must each appear once")
    if len(c.board.reputation_icons) != 18:
        bad.append("reputation_icons needs 18 spaces")
    for colour in ("orange", "purple", "teal"):
        idx = sorted(u.index for u in c.upgrades if u.colour == colour)
        if idx != [1, 2, 3]:
            bad.append(f"{colour} upgrades must be numbered 1, 2, 3")
    for r in ("food", "oxygen", "fuel"):
        if sum(1 for a in c.agenda_cards if a.resource == r) != 12:
            bad.append(f"expected 12 {r} agenda cards")
    for a in c.agenda_cards:
        if (a.timing == "action") != (a.action is not None):
            bad.append(f"agenda card {a.id}: an action timing needs its action, and only it")
    for t in c.board.intro_technologies:
        if t not in c._by_id["technology"]:
            bad.append(f"intro technology {t} unknown")
    if c.board.intro_goal_tile not in c._by_id["goal"]:
        bad.append("intro goal tile unknown")
    if c.board.intro_expert_tile not in c._by_id["expert"]:
        bad.append("intro expert tile unknown")
    if sum(1 for e in c.expert_tiles if not e.intro) != 6:
        bad.append("expected 6 expert tiles besides the intro one")
    if sum(1 for g in c.goal_tiles if not g.intro) != 6:
        bad.append("expected 6 company goal tiles besides the intro one")
    return bad + check_rachel(c)


RACHEL_ACTIONS = RachelAction.__args__  # type: ignore[attr-defined]


def check_rachel(c: Components) -> list[str]:
    """Her deck as the book describes it: 12 cards, two launches (2+ and 3+ segments)."""
    bad = []
    cards = c.rachel_cards
    if len(cards) != 12:
        bad.append(f"{len(cards)} Rachel action cards, expected 12")
    launches = sorted(x.launch_segments for x in cards if x.top == "launch" or
                      x.bottom == "launch")
    if launches != [2, 3]:
        bad.append("exactly two Rachel cards launch: one needs 2+ segments, the other 3+")
    for x in cards:
        if (x.launch_segments > 0) != ("launch" in (x.top, x.bottom)):
            bad.append(f"Rachel card {x.id}: launch_segments belongs to launch cards only")
        if x.top == x.bottom:
            bad.append(f"Rachel card {x.id}: the bottom action must differ from the top")
        if not (1 <= x.first <= 6 and 1 <= x.second <= 6 and 1 <= x.station <= 6):
            bad.append(f"Rachel card {x.id}: numbers and station must be 1 to 6")
        if x.first == x.second:
            bad.append(f"Rachel card {x.id}: the second number must differ from the first")
    for label, values in (("first numbers", [x.first for x in cards]),
                          ("second numbers", [x.second for x in cards]),
                          ("stations", [x.station for x in cards])):
        if sorted(values) != sorted(list(range(1, 7)) * (len(cards) // 6)):
            bad.append(f"Rachel's {label} must spread evenly over 1-6")
    used = {x.top for x in cards} | {x.bottom for x in cards}
    missing = [a for a in RACHEL_ACTIONS if a not in used]
    if missing:
        bad.append(f"Rachel's deck never uses {', '.join(missing)}")
    if sorted(w.difficulty for w in c.rachel_workers) != ["easy", "hard", "normal"]:
        bad.append("expected one Rachel worker card per difficulty")
    return bad
