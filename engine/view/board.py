"""The main board: the station network, technologies, the NPC, and the supply displays."""

from __future__ import annotations

import msgspec

from engine.describe import cockpit_rule, gain_text, segment_effect_text
from engine.game import Game
from engine.names import readable
from engine.rules.actions import LABELS
from engine.rules.supplies import SILO_MAX
from engine.state import RESOURCES
from engine.view.turn import TurnView

# Station boxes are narrow: their actions by a short name; one missing here (a module's new
# action space) shows its label.
SHORT = {
    "build_development": "Develop", "hire_expert": "Hire expert", "purchase_supplies":
    "Buy supplies", "acquire_blueprints": "Get blueprints", "build_segments": "Build segments",
    "acquire_ship": "New ship", "gain_resources": "Gain resources", "refill_silo": "Refill silo",
    "schedule_cruise": "Schedule cruise", "advertise_cruise": "Advertise", "draw_agenda":
    "Draw agenda", "refill_agenda": "Refill agenda",
}


class ActionView(msgspec.Struct, frozen=True):
    id: str
    label: str  # as the book names it ("Advertise a Cruise")
    short: str  # for a station's box ("Advertise")


def action_view(action: str) -> ActionView:
    label = LABELS.get(action) or readable(action)
    return ActionView(action, label, SHORT.get(action, label))


class OccupantView(msgspec.Struct, frozen=True):
    seat: int  # a player's seat, or NPC
    name: str  # the player's name ("" for the NPC)
    expert: bool
    npc: bool


class StationBonusView(msgspec.Struct, frozen=True):
    """区画ボーナス・タイル (module station_bonuses): the tile on a station."""

    id: str
    name: str
    kind: str  # money, ad, resource, vp, reputation, agenda
    text: str
    active: bool  # coloured side up: visitors gain it before their actions
    needs: int  # developments next to the station that turn it (3, or 4 at 4 players)
    next_to: int  # developments next to the station now


class StationView(msgspec.Struct, frozen=True):
    number: int
    actions: tuple[ActionView, ...]  # one or two, each once
    occupant: OccupantView | None
    this_turn: bool  # this turn's worker stands here and its actions are being chosen
    bonus: StationBonusView | None = None


class ConnectionView(msgspec.Struct, frozen=True):
    number: int
    owners: tuple[int, ...]  # seats, NEUTRAL or NPC, in the order built


class TrackView(msgspec.Struct, frozen=True):
    """上級技術 (module advanced_technologies): a technology's marker track."""

    spaces: int
    marker: int  # 0-based space
    money: tuple[int, ...]  # spaces with a money icon
    surcharge: int  # money added to each fee and to a development under it now
    enhanced: bool  # the marker is on the last space
    enhanced_text: str  # the effect on the last space


class TechnologyView(msgspec.Struct, frozen=True):
    slot: int  # 1-4 (t1-t4)
    name: str
    text: str  # its effect now (enhanced on a track's last space)
    developers: tuple[int, ...]
    track: TrackView | None = None


class NpcView(msgspec.Struct, frozen=True):
    stations: tuple[int, ...]  # where its pieces stand
    developments: int  # set aside for the AGMs
    experts: int


class NetworkView(msgspec.Struct, frozen=True):
    stations: tuple[StationView, ...]  # station k at index k-1
    connections: tuple[ConnectionView, ...]  # connection k at index k-1
    technologies: tuple[TechnologyView, ...]
    npc: NpcView | None


def network(game: Game, turn: TurnView) -> NetworkView:
    b = game.state.board
    players = game.state.players
    stations = []
    for k, pair in enumerate(b.stations, 1):
        occ = b.occupants[k - 1]
        occupant = None
        if occ is not None:
            npc = occ.seat < 0
            occupant = OccupantView(occ.seat, "" if npc else players[occ.seat].name,
                                    "expert" in occ.piece, npc)
        stations.append(StationView(k, tuple(action_view(a) for a in dict.fromkeys(pair)),
                                    occupant, turn.station == k and turn.taking_actions,
                                    _bonus(game, k)))
    techs = tuple(_technology(game, i) for i in range(len(b.technologies)))
    npc = None
    if b.npc is not None:
        on = tuple(k + 1 for k, o in enumerate(b.occupants) if o is not None and o.seat < 0)
        npc = NpcView(on, b.npc.developments, b.npc.experts)
    return NetworkView(tuple(stations),
                       tuple(ConnectionView(k, tuple(o)) for k, o in
                             enumerate(b.connections, 1)),
                       techs, npc)


def _technology(game: Game, i: int) -> TechnologyView:
    b = game.state.board
    t = game.comps.technology(b.technologies[i])
    adv = game.comps.advanced(t.id) if b.tech_markers else None
    if adv is None:
        return TechnologyView(i + 1, t.name, t.text, tuple(b.tech_owners[i]))
    from engine.modules.advanced_technologies import rules

    m = b.tech_markers[i]
    on = rules.enhanced(adv, m)
    track = TrackView(adv.spaces, m, tuple(adv.money), rules.surcharge(adv, m), on,
                      adv.enhanced_text)
    return TechnologyView(i + 1, t.name, adv.enhanced_text if on else t.text,
                          tuple(b.tech_owners[i]), track)


def _bonus(game: Game, station: int) -> StationBonusView | None:
    b = game.state.board
    if not b.station_tiles:
        return None
    from engine.modules.station_bonuses import rules

    t = game.comps.station_bonus(b.station_tiles[station - 1])
    return StationBonusView(t.id, t.name, t.kind, t.text, b.station_active[station - 1],
                            rules.threshold(game.state.options.players),
                            rules.adjacent(b.connections, station))


# --- the supply: silo, experts, agenda and blueprint displays, ships for sale ---------------
class SiloView(msgspec.Struct, frozen=True):
    resource: str
    amount: int
    capacity: int


class CardView(msgspec.Struct, frozen=True):
    """An agenda card's face."""

    id: str
    name: str
    resource: str  # what it gives when played for its resource
    timing: str  # when its effect may be played ("action", "launch", ...)
    text: str


class AgendaSlotView(msgspec.Struct, frozen=True):
    slot: int  # 1 = bottom
    card: CardView | None
    bonus: str  # what the slot gives when refilled empty


class BlueprintView(msgspec.Struct, frozen=True):
    id: str
    name: str
    icons: tuple[str, ...]  # guest colours
    cost: int
    vp: int
    half: str = ""  # 客室斡旋: its half cabin (left, centre, right); "" for a base blueprint
    effect: str = ""  # 専門設計図: what a guest visiting its segment starts, in a few words


class ShipForSaleView(msgspec.Struct, frozen=True):
    pair: int  # 1-based
    cockpit: str
    cockpit_rule: str  # "2 VP x guests toured"
    engine: str
    engine_bonus: str  # "2 money, 1 ads"


class SupplyView(msgspec.Struct, frozen=True):
    silo: tuple[SiloView, ...]
    expert_tile: str
    expert_text: str
    agenda_display: tuple[AgendaSlotView, ...]  # bottom to top
    agenda_discard_top: str | None  # its name
    agenda_deck: int
    blueprint_display: tuple[BlueprintView | None, ...]  # bottom to top
    blueprint_deck: int
    ships_for_sale: tuple[ShipForSaleView, ...]


def card(game: Game, card_id: str) -> CardView:
    a = game.comps.agenda(card_id)
    return CardView(card_id, a.name, a.resource, a.timing, a.text)


def blueprint(game: Game, bp: str) -> BlueprintView:
    b = game.comps.blueprint(bp)
    e = game.comps.segment_effect(bp)
    return BlueprintView(bp, b.name, tuple(b.icons), b.cost, b.vp, game.comps.cabin(bp) or "",
                         "" if e is None else segment_effect_text(e, short=True))


def supply(game: Game, agenda_deck: int, blueprint_deck: int) -> SupplyView:
    """The displays; the decks by their sizes only (from the observation)."""
    b = game.state.board
    c = game.comps
    ex = c.expert_tile(b.expert_tile)
    bonuses = c.board.agenda_slot_bonuses
    agenda = tuple(AgendaSlotView(i + 1, card(game, x) if x else None, bonuses[i])
                   for i, x in enumerate(b.agenda_display))
    top = c.agenda(b.agenda_discard[-1]).name if b.agenda_discard else None
    ships = []
    for i, (ck, en) in enumerate(zip(b.cockpit_display, b.engine_display, strict=True)):
        if ck and en:
            ships.append(ShipForSaleView(i + 1, c.cockpit(ck).name, cockpit_rule(game, ck),
                                         c.engine(en).name, gain_text(c.engine(en).bonus)))
    return SupplyView(
        silo=tuple(SiloView(r, n, SILO_MAX) for r, n in zip(RESOURCES, b.silo, strict=True)),
        expert_tile=ex.name, expert_text=ex.text, agenda_display=agenda,
        agenda_discard_top=top, agenda_deck=agenda_deck,
        blueprint_display=tuple(blueprint(game, x) if x else None
                                for x in b.blueprint_display),
        blueprint_deck=blueprint_deck, ships_for_sale=tuple(ships))
