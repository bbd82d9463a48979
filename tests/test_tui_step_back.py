"""Esc at the top of the decision bar takes back the choice that opened the decision: an
action chosen goes back to the list of actions, as `u` would; anywhere else it says so and
leaves the game alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_tables_tui import _env, alice_and_bob, caught_up, new_table, play  # noqa: F401
from test_tui import _home, choose, key_bar, new_game, play_until, run, settle, type_keys  # noqa: F401

from engine import Game, GameOptions
from engine import commands as C
from engine.bots.random_bot import RandomBot
from engine.decisions import Act, ChooseAction, MainChoice
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.step_back import opened, steps_back
from galcruise_tui.widgets.decision import DecisionBar
from galcruise_tui.widgets.log import GameLog


def _fresh_station(g: Game) -> bool:
    """A worker just placed, its actions not begun, one of them to choose."""
    return isinstance(g.pending, ChooseAction) and g.state.turn.actions_left == 2 \
        and any(isinstance(c, C.TakeAction) for c in g.legal())


def _notes(app: GalcruiseApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def _at_fresh_station(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
    """Play on until a worker was just placed and Esc could take the placing back."""
    for _ in range(40):
        await play_until(app, pilot, screen, _fresh_station)
        if steps_back(screen.session, screen.game):
            return
        await choose(app, pilot, screen, screen.game.legal()[0])
    raise AssertionError("no worker placed that Esc could take back")


async def _esc(pilot, screen: GameScreen) -> None:  # noqa: ANN001
    await pilot.press("escape")
    await pilot.pause()


def test_esc_after_choosing_an_action_goes_back_to_the_actions_then_the_main_choice() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await _at_fresh_station(app, pilot, screen)
        bar = screen.query_one(DecisionBar)
        n, at_station = screen.session.length, screen.game.state_hash()
        assert isinstance(screen.session.last_command, C.PlaceWorker)
        action = next(c for c in screen.game.legal() if isinstance(c, C.TakeAction))
        await choose(app, pilot, screen, action)
        assert isinstance(screen.game.pending, Act) and not bar.in_group
        assert key_bar(app)[0] == "esc Back"  # the key line says Esc goes back here
        await _esc(pilot, screen)
        # Back at the list of actions, exactly as u leaves it: the action is on redo.
        assert isinstance(screen.game.pending, ChooseAction)
        assert screen.session.length == n and screen.game.state_hash() == at_station
        assert screen.session.file.redo == [action] and screen.session.can_redo
        said = [t.plain for t in screen.query_one(GameLog).texts if "took back" in t.plain]
        assert said, "the log says a move was taken back, as for u"
        assert action in screen.game.legal() and bar.entries
        # Once more: the worker's placing is taken back, the main choice is asked again.
        await _esc(pilot, screen)
        assert isinstance(screen.game.pending, MainChoice)
        assert screen.session.length == n - 1
        # The main choice was opened by nobody's choice: Esc says so and plays nothing.
        assert not screen.can_step_back() and "esc Back" not in key_bar(app)
        h = screen.game.state_hash()
        await _esc(pilot, screen)
        assert screen.session.length == n - 1 and screen.game.state_hash() == h
        assert any(m.startswith("Nothing to go back to") for m in _notes(app))

    run(body, size=(120, 36))


def test_esc_steps_back_against_a_bot_too() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        await _at_fresh_station(app, pilot, screen)
        n = screen.session.length
        action = next(c for c in screen.game.legal() if isinstance(c, C.TakeAction))
        await choose(app, pilot, screen, action)
        await _esc(pilot, screen)
        await settle(app, pilot, screen)
        assert isinstance(screen.game.pending, ChooseAction) and screen.session.length == n

    run(body, size=(100, 30))


def test_esc_inside_a_group_still_only_closes_the_group() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await _at_fresh_station(app, pilot, screen)
        # An action whose options come in groups: Esc closes the group, not the action.
        for _ in range(200):
            action = next(c for c in screen.game.legal() if isinstance(c, C.TakeAction))
            await choose(app, pilot, screen, action)
            bar = screen.query_one(DecisionBar)
            group = next((i for i, e in enumerate(bar.entries) if e.prefix is not None), None)
            if group is not None:
                break
            await _esc(pilot, screen)
            await play_until(app, pilot, screen, lambda g: not _fresh_station(g))
            await _at_fresh_station(app, pilot, screen)
        else:
            raise AssertionError("no action with a group of options")
        n = screen.session.length
        bar.pick(group)
        await pilot.pause()
        assert bar.in_group
        await _esc(pilot, screen)
        assert not bar.in_group and screen.session.length == n  # the group closed, no undo
        await _esc(pilot, screen)
        assert isinstance(screen.game.pending, ChooseAction)
        assert screen.session.length == n - 1

    run(body, size=(120, 36))


class _Told:
    """A session as steps_back reads it."""

    def __init__(self, cmds: list[C.Command], actors: list[int], reveals: list[int],
                 undo: bool = True) -> None:
        self.commands, self.actors, self.reveals, self.undo = cmds, actors, reveals, undo

    @property
    def length(self) -> int:
        return len(self.actors)

    @property
    def can_undo(self) -> bool:
        return self.undo and bool(self.actors)

    @property
    def last_command(self) -> C.Command | None:
        return self.commands[-1] if self.commands else None


def test_esc_never_takes_back_a_reveal_anothers_move_or_a_step_already_begun() -> None:
    take = C.TakeAction(4, "hire_expert")
    act = Act(0, station=4, action="hire_expert")
    assert opened(take, act)
    assert not opened(take, Act(0, station=4, action="hire_expert", taken=["x"]))
    assert not opened(take, Act(0, station=4, action="hire_expert", granted=True))
    assert not opened(take, Act(0, station=5, action="hire_expert"))
    assert not opened(C.Done(), act)
    assert not opened(take, MainChoice(0))
    # A game just past an action chosen: Esc may take it back, unless it showed a hidden
    # card, was another seat's, or undo is not allowed.
    game = Game.new(GameOptions(players=2, seed=3))
    bot = RandomBot(5)
    played: list[C.Command] = []
    actors: list[int] = []
    while not (played and isinstance(played[-1], C.TakeAction)
               and isinstance(game.pending, Act)):
        cmd = bot.choose(game)
        actors.append(game.actor(cmd))
        game.apply(cmd)
        played.append(cmd)
    seat = actors[-1]
    assert steps_back(_Told(played, actors, []), game)
    assert not steps_back(_Told(played, actors, [len(actors)]), game)
    assert not steps_back(_Told(played, [*actors[:-1], 1 - seat], []), game)
    assert not steps_back(_Told(played, actors, [], undo=False), game)


def test_esc_at_a_table_takes_back_your_own_action_and_the_other_app_follows(
        tmp_path: Path) -> None:
    new_table(tmp_path)

    async def main() -> None:
        async with alice_and_bob(tmp_path) as pairs:
            screens = [s for _, _, s in pairs]
            pilots = [p for _, p, _ in pairs]
            for _ in range(300):
                mover = next((s for s in screens if s.human_turn()), None)
                if mover is not None and _fresh_station(mover.game) \
                        and mover.session.actors[-1] == mover.viewer:
                    break
                await play(pairs, 1)
            else:
                raise AssertionError("no fresh station at the table")
            pilot = pilots[screens.index(mover)]
            other = screens[1 - screens.index(mover)]
            n = mover.session.length
            action = next(c for c in mover.game.legal() if isinstance(c, C.TakeAction))
            await type_keys(pilot, *mover.query_one(DecisionBar).keys_for(action))
            for _ in range(1000):
                if mover.session.length > n:
                    break
                await pilot.pause(0.001)
            await caught_up(pilots, screens)
            assert isinstance(mover.game.pending, Act) and mover.can_step_back()
            assert not other.can_step_back()  # not the other person's choice to take back
            await pilot.press("escape")
            await pilot.pause()
            assert mover.session.length == n and isinstance(mover.game.pending, ChooseAction)
            await caught_up(pilots, screens)
            assert other.game.state_hash() == mover.game.state_hash()

    asyncio.run(main())


def test_esc_after_calling_a_meeting_takes_it_back() -> None:
    # 'a' calls a meeting at the main choice: a key easily pressed for another. Esc at its
    # first funding bonus (or its action, when nothing came home) goes back to the main choice.
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))

        def may_meet(g: Game) -> bool:
            return isinstance(g.pending, MainChoice) and C.CallMeeting() in g.legal() \
                and any(isinstance(c, C.PlaceWorker) for c in g.legal())

        await play_until(app, pilot, screen, may_meet)
        n, before = screen.session.length, screen.game.state_hash()
        await choose(app, pilot, screen, C.CallMeeting())
        assert not isinstance(screen.game.pending, MainChoice)
        assert screen.can_step_back() and key_bar(app)[0] == "esc Back"
        await _esc(pilot, screen)
        assert isinstance(screen.game.pending, MainChoice)
        assert screen.session.length == n and screen.game.state_hash() == before
        assert screen.session.file.redo == [C.CallMeeting()]

    run(body, size=(120, 36))


def test_undo_at_a_reveal_that_stands_is_dimmed_and_says_why() -> None:
    # With two people at one screen undo stops at a move that showed hidden cards. The key
    # went from the bar with no word, and `u` pressed there did nothing a player could see.
    from galcruise_tui.step_back import UNDO_STOPS, stopped_at_reveal
    from galcruise_tui.widgets.keybar import KeyBar

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await play_until(app, pilot, screen, lambda g: stopped_at_reveal(screen.session))
        assert not screen.session.can_undo
        undo = [e for e in app.screen.query_one(KeyBar).entries if e.action == "undo"]
        assert [(e.display, e.enabled) for e in undo] == [("u", False)]
        at, hashed = screen.session.length, screen.game.state_hash()
        await pilot.press("u")
        await pilot.pause()
        assert UNDO_STOPS in _notes(app)
        assert screen.session.length == at and screen.game.state_hash() == hashed
        # A move on: undo takes that one back, and only it.
        await choose(app, pilot, screen, screen.game.legal()[0])
        assert screen.session.can_undo and not stopped_at_reveal(screen.session)
        await pilot.press("u")
        await settle(app, pilot, screen)
        assert screen.session.length == at

    run(body)


def test_a_player_alone_with_bots_undoes_past_a_reveal() -> None:
    from galcruise_tui.step_back import stopped_at_reveal

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "greedy"))
        await play_until(app, pilot, screen, lambda g: bool(screen.session.reveals)
                         and screen.session.reveals[-1] == screen.session.length)
        assert screen.session.can_undo and not stopped_at_reveal(screen.session)
        assert "u Undo" in key_bar(app)

    run(body)
