"""The expert bot: the planner's look a round ahead, over games it deals itself.

The greedy and planner bots look ahead on copies of the real game, so their look-ahead sees
the real deck order and the other hands. The expert never does: every decision starts from
`Game.determinize(seat, seed)`, which re-deals all the seat cannot see, and the seed comes
from what the seat can see. Two games that differ only in hidden cards therefore get the same
move from the same expert.

Its main choice (where to place a worker, to launch, to call a meeting) weighs the greedy
bot's best few choices over several deals, each played out a round by greedy bots, and takes
the best mean. Every smaller decision is the greedy bot's judgement on one deal.

Which choices are played out: the greedy bot's best few with different worths (a worth shared
by several stations is most often the same pair of actions reached from another station, so
the next best differs instead), and its best launch whenever one is legal. A one-step look
prices a launch below two actions (over 8 solo greedy games a launch was legal and not taken
67 times against 21 launches, ten turns running in one game), so a beam of its top three
rarely held one; played out a round, the launch shows the tours and the cube it brings.
All are played out on one deal and the better half on the others too (sequential halving):
four choices cost eight play-outs, fewer than three choices on three deals. A budget of
commands bounds the work (see BUDGET): at 3-4 players a round is long, and one deal is all
that fits. A budget of the greedy bot's trial applies (see WORK) bounds it late in the game,
where each command costs more.
Once the game's end has begun, the play-outs run to the end and the leaf is the final score
(not before: a line that ends the game early would be judged on another scale; bench versus's
expert-end starts that a cube or two sooner, see END_CUBES).
Solo, what decides the game is the margin over Rachel, so a line is worth less by the VP the
seat hands her along it: each of her workers its placements bump (or the NPC they push on) is
a funding bonus she takes as VP, the greedy bot's RIVAL_BUMP. Her other VP are not counted:
an AGM or a launch put off past the look's one round looks like VP she never scores, and
counted whole (every VP she gained along a line) the expert's own VP fell at hard. Paired with
the expert before (seeds 1120-1175, with greedy.RIVAL_BUMP in the ranking and the play-outs):
at normal own VP +0.6 +- 4.8, Rachel -8.8 +- 6.3, margin +9.4 +- 7.7, wins 11 -> 16 of 56; at
hard (seeds 1120-1212) own VP -2.1 +- 4.5, Rachel -0.6 +- 7.3, margin -1.5 +- 8.3, wins 12 -> 10
of 93: no change beyond noise. (Both against Rachel before she took her second action after a
development, as the book gives it. Against her since: 37 wins of 200 at normal, seeds
1120-1319, and 2 of 60 at hard, seeds 1120-1179. On seeds 3000 and up: 41 of 60 at easy,
17 of 100 at normal and 3 of 60 at hard; with greedy.READY_GAP in its play-outs and leaves,
49, 17 and 2 of the same games (margins +7.9 +- 7.4, +3.4 +- 6.3 and +1.1 +- 7.6); with the
greedy bot's trials stopping where the turn ends (greedy.TURN_ONLY), 21 of the 100 at normal,
margin +3.8 +- 5.4; with its cards counted for launches and free commands judged by what
follows them as well (greedy.CARDS_COVER, CARDS_READY, FREE_WAITS), 51 of 60 at easy, 20 of
100 at normal and 5 of 60 at hard, margins +8.1 +- 7.1, +6.8 +- 5.1 and +7.1 +- 6.3 over
READY_GAP's rows; with an agenda card priced 1.5 VP, not 0.5 (greedy.CARD), 53 of 60 at easy,
25 of 100 at normal and 4 of 60 at hard, margins +2.6 +- 10.4, +6.5 +- 6.7 and +5.1 +- 9.9
over the rows before; with the greedy bot's work cut, its moves the same (so WORK buys a
little more play-out late in a game), 56 of 60, 27 of 100 and 3 of 60, margins +3.6 +- 4.4,
+0.6 +- 3.8 and +1.0 +- 5.7; with a bump of hers priced 3 VP in the greedy bot's ranking and
play-outs (greedy.RIVAL_BUMP; the leaf still counts each 1 VP), 35 of 100 at normal, own VP
+1.8 +- 4.3, Rachel -5.2 +- 4.3, margin +7.0 +- 6.1, and 7 of 60 at hard, margin -1.7 +- 9.8;
at easy then 54 of 60. At 2 players against the greedy bot, 147 of 200 games, seeds
4000-4099 from both seats.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import msgspec

from engine.bots import greedy
from engine.bots.greedy import GreedyBot, OutOfTime, handed_to_rachel, rachel_seat
from engine.commands import Command, Launch
from engine.ctx import Ctx
from engine.game import Game

BEAM = 3  # the greedy bot's best main choices that are played out
# Deals the kept choices are played out on. Solo, Rachel's turns in a play-out cost little;
# with a second player its turns are greedy bots' too. CPU s per main choice (means of 8,
# the machine shared): solo 1.9 with 3 deals; 2 players 2.5 with 3, 1.8 with 2.
DEALS = 3
DEALS_AT_A_TABLE = 2
PLAYOUT_COMMANDS = 600  # a guard: a turn takes about 8 commands, the look 5 turns at most
END_COMMANDS = 3000  # the same for a play-out to the end (END_CUBES): a few rounds
# Commands applied in all play-outs of one main choice: the work, not the clock, bounds the
# think time, so a seed gives the same move on any machine. A play-out starts only while some
# budget is left (the greedy bot's best always), and a further deal only while a deal's worth
# is left. A play-out is a round: about 13 commands solo, 18 at 2 players, 26 at 3, 35 at 4,
# and a command costs about the same at any table, so one budget fits all: solo it allows
# 3 deals, at 2 players 2, at 3-4 players one deal of 3-4 choices (about 1.5-2 CPU s).
BUDGET = 110
# The greedy bot's trial applies in one main choice, its own ranking included: the cost of a
# command grows through the game (its choices multiply), so late in a solo game 110 commands
# cost 35,000-40,000 applies, 2.2-2.5 CPU s here; this caps those near 1.5 s. A choice well
# under it (the median costs about 12,600) plays as before.
WORK = 22_000
KEEP = 2  # choices that are played out on every deal, at least
SAME = 1e-9  # worths closer than this are taken for the same move from another station
# The decisions played out: the main choice. The choice of actions at the station stays the
# greedy bot's ranking: played out as well (bench versus's expert-acts), solo at normal over
# seeds 3000-3099 its own VP rose by 4.0 +- 5.8 but Rachel's by 9.3 +- 5.0 (games 0.6 rounds
# longer), margin -5.2 +- 7.4, wins 35 -> 32, at 2.4 times the CPU; at 2 players against the
# greedy bot (seeds 4000-4019, both seats) 30 wins of 40 against 33, margin +4.8 +- 10.1.
SEARCHED = ("phase2",)
# For runs (bench versus's expert-end): the cubes still to place on the progress track (9 in
# all, about one every two rounds) from which play-outs run to the game's end (the end
# triggered at the latest), each leaf the final score, solo less all of Rachel's, with
# END_LOOK times the budgets. Solo at normal, seeds 3000-3099, paired with the expert (play-outs
# to the end from the final round only): at 1 cube, own VP +1.2 +- 0.9, Rachel -0.7, margin
# +1.8 +- 2.1, wins 34 -> 32; at 2, margin +2.0 +- 2.4 (93 games). At 1, solo at hard (seeds
# 3000-3059) margin -0.1 +- 2.7, wins 7 -> 6; at 2 players against the greedy bot (seeds
# 4000-4019, both seats) own VP +1.6 +- 1.8, margin -1.2 +- 1.6, wins 33 -> 32, and the longest
# choice 3.8 CPU s on the budgets alone (2.1). No gain beyond noise, so not the expert's own.
# Sooner is out of reach: greedy play-outs to the end from rounds 4-12 of six solo games gave
# final margins 13-57 VP apart from deal to deal (one candidate against the best on the same
# deal: 11-48) where the candidates' worths differ by 1-5, at 0.8-1.8 CPU s each (a round's
# play-out: 0-3 VP apart, 0.1-0.3 s); an expert whose every play-out ran to the end (2 deals,
# no budget) lost 11.5 +- 18.9 VP of margin over 18 games, at 100 CPU s a game.
END_CUBES = 1
END_LOOK = 3


class ExpertBot:
    """`time_left`: a caller's limit on the look, in seconds still to spend (the app's worker
    passes a clock, engine.bots.remote). Like the budgets it is asked before each play-out and
    deal, so a slow machine plays fewer, not later; and inside a play-out, between its
    commands and between the options each greedy choice in it weighs, which stops it when the
    time is gone (at 4 players late in a game a round took longer than all the time, and one
    boarding a second): a play-out cut short counts for nothing, and with none finished the
    greedy bot's ranking is the answer. Without it (bench, tests, headless `table` bots) the
    budgets alone bound the work and a seed gives the same move on any machine."""

    def __init__(self, seed: int = 0, beam: int = BEAM, deals: int | None = None,
                 budget: int | None = None, work: int | None = None,
                 time_left: Callable[[], float] | None = None, rounds: int = 1,
                 margin: bool = True, searched: tuple[str, ...] = SEARCHED,
                 end_cubes: int | None = None, first_step: float = 0.0) -> None:
        self.seed = seed
        # Solo: a leaf is worth less by this per action still between the seat and its first
        # launch, the launch one of them (greedy.launch_steps); the ranking and the play-outs
        # stay the greedy bot's. 0: off.
        self.first_step = first_step
        # Cubes left on the track from which play-outs run to the end (None: the final round).
        self.end_cubes = end_cubes
        self.margin = margin  # solo: a line is worth less by the VP its placements hand Rachel
        self.rounds = rounds  # how long a play-out runs, in rounds
        self.searched = searched  # the kinds of decision played out; the rest are greedy's
        self.beam = beam
        self.deals = deals
        self.budget = budget
        self.work = work
        self.time_left = time_left
        self._left = 0
        self._work_end = 0
        self._longest = 0.0  # seconds of the longest play-out yet, when time_left is given

    def _deal_seed(self, game: Game, seat: int) -> int:
        """A seed from the seat's own view of the game and the bot's seed: the same view gives
        the same deals, a hidden difference cannot change them."""
        seen = msgspec.msgpack.encode(game.observation(seat))
        digest = hashlib.blake2b(seen, digest_size=8, key=self.seed.to_bytes(8, "little"))
        return int.from_bytes(digest.digest(), "little")

    def choose(self, game: Game) -> Command:
        return self.ranked(game, 1)[0][0]

    def ranked(self, game: Game, n: int = 3, fill: bool = False) -> list[tuple[Command, float]]:
        """Its best `n` commands for the decision at hand, best first, with what each is worth
        to the seat (the greedy bot's scale: about a VP a point). A hint shows these without
        playing them; `choose` plays the first.

        `fill` (the hint): when the budget or the clock stopped the play-outs before `n`
        choices were played out, the list goes on in the greedy bot's order, each worth shown
        as at most the last one played out."""
        legal = game.legal()
        dec = game.pending
        if len(legal) == 1 or dec is None:
            return [(legal[0], 0.0)]
        if game.state.starting is not None:
            from engine.modules.starting_upgrades import bot as starting

            own = starting.choose(game)  # the greedy bot's: no deal changes a card's worth
            if own is not None:
                return [(own, 0.0)]
        seat = dec.seat
        look = END_LOOK if self.end_cubes is not None and self._near_end(game) else 1
        self._work_end = greedy.work() + (self.work or WORK * look)
        base = self._deal_seed(game, seat)
        count = self.deals or (DEALS if game.state.options.players == 1 else DEALS_AT_A_TABLE)
        first = game.determinize(seat, base)
        options = [c for c in greedy.useful(game, greedy._candidates(
            first.legal(), first.state.players[seat].reputation,
            first.comps.board.reputation_icons)) if c in legal]
        if not options:
            return [(legal[0], 0.0)]
        worths = greedy.weigh(first.state, first.comps, seat, options)
        order = sorted(range(len(options)), key=lambda i: -worths[i])
        if dec.kind not in self.searched:
            return [(options[i], worths[i]) for i in order[:n]]
        looked = _looked(options, worths, order, max(self.beam, n))
        budget = self.budget or BUDGET * look
        self._left = budget
        self._longest = 0.0
        # Sequential halving: every choice is played out on the first deal, the better half
        # on the others too; they rank first, by their mean over every deal. The greedy
        # bot's best is always played out; another only while the budget lasts.
        work = greedy.work()
        clock = self._seconds_left()
        first_v: dict[int, float] = {}
        try:
            for k, i in enumerate(looked):
                if k and not self._can_go_on():
                    break
                first_v[i] = self._play_out(first, options[i], seat, base)
        except OutOfTime:
            pass
        if not first_v:  # the clock stopped the first play-out: the greedy bot's ranking
            return [(options[i], worths[i]) for i in order[:n]]
        looked = [i for i in looked if i in first_v]
        spent, worked = budget - self._left, greedy.work() - work
        took = 0.0 if self.time_left is None else clock - self.time_left()
        # Ties keep the greedy order (sorted is stable), as choose always did.
        kept = sorted(looked, key=lambda i: -first_v[i])[: max(KEEP, (len(looked) + 1) // 2)]
        totals = dict(first_v)
        played = 1
        for k in range(1, count):
            # A deal is played for every kept choice or for none: means stay comparable.
            share = len(kept) / max(1, len(looked))
            if self._left < spent * share or \
                    self._work_end - greedy.work() < worked * share or \
                    self._seconds_left() < took * share:
                break
            d = game.determinize(seat, base + k)
            try:
                got = {i: self._play_out(d, options[i], seat, base + k) for i in kept}
            except OutOfTime:
                break  # a deal cut short is left out whole
            for i in kept:
                totals[i] += got[i]
            played += 1
        means = {i: totals[i] / played for i in kept}
        best = sorted(kept, key=lambda i: -means[i])
        # A choice dropped after the first deal ranks below those kept: its worth is shown
        # as at most theirs.
        floor = means[best[-1]]
        rest = [i for i in sorted(looked, key=lambda i: -first_v[i]) if i not in means]
        out = [(options[i], means[i]) for i in best] + \
            [(options[i], min(first_v[i], floor)) for i in rest]
        if fill and len(out) < n:
            low = out[-1][1]
            out += [(options[i], min(worths[i], low)) for i in order
                    if i not in means and i not in rest and worths[i] > float("-inf")]
        return out[:n]

    def _can_go_on(self) -> bool:
        """Whether another play-out may start: some of both budgets, and of the time, is
        left."""
        # A play-out once started runs to its end: one starts only while the time left would
        # hold the longest so far (at 4 players a round is most of a second on a slow machine).
        return self._left > 0 and greedy.work() < self._work_end and \
            self._seconds_left() > self._longest

    def _near_end(self, game: Game) -> bool:
        """Whether play-outs from here run to the game's end."""
        s = game.state
        if s.final_phase:
            return True
        if self.end_cubes is None:
            return False
        return s.end_triggered or \
            sum(s.board.progress_sections) - len(s.board.progress) <= self.end_cubes

    def _time_is_up(self) -> bool:
        return self.time_left is not None and self.time_left() <= 0

    def _seconds_left(self) -> float:
        return float("inf") if self.time_left is None else self.time_left()

    def _play_out(self, game: Game, cmd: Command, seat: int, seed: int) -> float:
        if self.time_left is None:
            return self._played_out(game, cmd, seat, seed)
        start = self.time_left()
        v = self._played_out(game, cmd, seat, seed)
        self._longest = max(self._longest, start - self.time_left())
        return v

    def _played_out(self, game: Game, cmd: Command, seat: int, seed: int) -> float:
        try:
            g, _ = game.try_apply(cmd)
        except Exception:  # noqa: BLE001 - a line of play the deal refuses is not chosen
            return float("-inf")
        start = g.state.turns_taken
        to_end = self._near_end(game)
        rachel = rachel_seat(game.state) if self.margin else None
        gifts = 0 if rachel is None else \
            handed_to_rachel(game.state.players[rachel].vp, g.state, cmd, rachel)
        bot = GreedyBot(seed & 0xFFFFFFFF, explore=0,
                        stop=None if self.time_left is None else self._time_is_up)
        try:
            for _ in range(END_COMMANDS if to_end else PLAYOUT_COMMANDS):
                self._left -= 1
                # The last turns are few: once the end has begun (expert-end: END_CUBES
                # sooner), play them all for every line alike, so that the leaf is the final
                # score.
                if g.is_over or (g.state.turns_taken - start > self.rounds * len(g.state.players)
                                 and not to_end):
                    break
                c = bot.choose(g)
                mine = g.pending is not None and g.pending.seat == seat
                before = 0 if rachel is None else g.state.players[rachel].vp
                g.apply(c)
                if rachel is not None and mine:
                    gifts += handed_to_rachel(before, g.state, c, rachel)
        except OutOfTime:
            raise
        except Exception:  # noqa: BLE001 - a deal that breaks ends the look where it is
            pass
        if g.is_over and to_end:
            # The final score; expert-end's solo, less all of Rachel's (not only what the
            # seat handed her).
            lost = gifts if rachel is None or self.end_cubes is None else \
                g.state.players[rachel].vp
            return float(g.state.players[seat].vp - lost)
        leaf = greedy.value(g.state, g.comps, seat) - gifts
        if self.first_step:
            leaf -= greedy.launch_steps(Ctx(g.state, g.comps), g.state.players[seat],
                                        self.first_step, 1.0, False)
        return leaf


def _looked(options: list[Command], worths: list[float], order: list[int],
            beam: int) -> list[int]:
    """The options to play out: the best `beam` of different worths, and the best launch."""
    looked: list[int] = []
    for i in order:
        if len(looked) == beam:
            break
        if all(abs(worths[i] - worths[j]) > SAME for j in looked):
            looked.append(i)
    launch = next((i for i in order if isinstance(options[i], Launch)), None)
    if launch is not None and launch not in looked:
        looked.append(launch)
    return looked
