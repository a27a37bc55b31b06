import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { newMatch, positionsEqual, type BotDecision, type Die, type MatchState } from '../../engine/index.js';
import { validateEnvironment } from '../../config/environment.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExternalBotNoAnswerError } from '../../house-bots/index.js';
import { GnubgPlayer } from './gnubg-player.js';
import { locateGnubg } from './gnubg-settings.js';
import { GnubgModule } from './gnubg.module.js';
import { writeFakeGnubg } from './testing/fake-gnubg.js';
import { running } from './testing/process-state.js';
import { OPENING_3_1, fold, playFirst, position, seated, withBoard } from './testing/gnubg-states.js';

/**
 * GNU Backgammon itself (docs/bots.md "GNU Backgammon as a bot"): the lines
 * the engine writes (gnubgExternalRequest) asked of the real program, its
 * answers read as decisions, and its supervision when it is killed or stalls.
 */
const GNUBG = locateGnubg(process.env.GNUBG_PATH ?? process.env.GNUBG, process.env.PATH);
const withGnubg = GNUBG === null ? describe.skip : describe;
const skipped =
  GNUBG === null ? ' [skipped: gnubg was not found (GNUBG_PATH, PATH, /usr/games): the checks against it need it]' : '';

/** Until the condition holds (a process gone, a new one up), checked every 20 ms. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The play `decision` names must be one of the legal plays of the phase. */
function expectLegalPlay(state: MatchState, decision: BotDecision | null): void {
  expect(decision?.kind).toBe('play');
  const { phase } = state;
  if (phase.kind !== 'play' || decision?.kind !== 'play') throw new Error('not a play');
  const chosen = phase.plays.find((play) => play.moves === decision.moves);
  expect(chosen).toBeDefined();
  expect(phase.plays.filter((play) => positionsEqual(play.position, chosen!.position))).toHaveLength(1);
}

const sorted = (decision: BotDecision | null) =>
  decision?.kind === 'play' ? [...decision.moves].sort((a, b) => b.from - a.from || b.to - a.to) : decision;

withGnubg(`GNU Backgammon as a bot${skipped}`, () => {
  const players: GnubgPlayer[] = [];
  const player = (plies = 2, timeoutMs = 15_000) => {
    const made = new GnubgPlayer({ binary: GNUBG, plies, timeoutMs });
    players.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(players.map((p) => p.onModuleDestroy()));
  });

  it('is available, and plays every opening throw with a legal play of it (3-1 as 8/5 6/5, 6-5 as 24/13)', async () => {
    const gnubg = player();
    expect(gnubg.available()).toBe(true);
    for (let high = 2; high <= 6; high++) {
      for (let low = 1; low < high; low++) {
        const state = fold(seated(0), { type: 'opening-roll', white: high as Die, black: low as Die });
        const decision = await gnubg.decide(state, 'white');
        expectLegalPlay(state, decision);
        if (high === 3 && low === 1) {
          expect(sorted(decision)).toEqual([
            { from: 8, to: 5 },
            { from: 6, to: 5 },
          ]);
        }
        if (high === 6 && low === 5) {
          expect(sorted(decision)).toEqual([
            { from: 24, to: 18 },
            { from: 18, to: 13 },
          ]);
        }
      }
    }
  });

  it('doubles as the trailer 4-away after the Crawford game, and only rolls as the leader 1-away (the scores are read right)', async () => {
    const gnubg = player();
    // 5-point match: black wins four games by drops (4-0, black 1-away); white wins the Crawford game (1-4).
    const dropped = (state: MatchState) =>
      fold(state, ...OPENING_3_1, { type: 'double', by: 'black' }, { type: 'drop', by: 'white' });
    let state = dropped(dropped(dropped(dropped(seated(5)))));
    state = fold(
      state,
      { type: 'opening-roll', white: 3, black: 1 },
      { type: 'resign', by: 'black', value: 1 },
      { type: 'resignation-accept', by: 'white' },
    );
    expect(state.progress).toMatchObject({ score: { white: 1, black: 4 }, postCrawford: true });
    state = fold(state, ...OPENING_3_1);
    expect(state.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: true });
    await expect(gnubg.decide(state, 'black')).resolves.toEqual({ kind: 'roll' });
    state = playFirst(fold(state, { type: 'roll', by: 'black', dice: [2, 1] }));
    expect(state.phase).toMatchObject({ kind: 'roll', player: 'white', mayDouble: true });
    await expect(gnubg.decide(state, 'white')).resolves.toEqual({ kind: 'double' });
  });

  it('takes a double early in the game and drops one in a race it has all but lost (money)', async () => {
    const gnubg = player();
    let state = fold(seated(0), ...OPENING_3_1, { type: 'double', by: 'black' });
    await expect(gnubg.decide(state, 'white')).resolves.toEqual({ kind: 'take' });
    // White: two checkers on its 6-point; black, on roll, one on its 6-point and one on its 5-point.
    state = withBoard(state, 'white', position({ 6: 2 }, { 6: 1, 5: 1 }));
    await expect(gnubg.decide(state, 'white')).resolves.toEqual({ kind: 'drop' });
  });

  it('accepts a single resignation at the start of a game, and refuses one while a gammon is likely but takes a backgammon', async () => {
    const gnubg = player();
    const opened = fold(seated(0), { type: 'opening-roll', white: 3, black: 1 });
    const resigned = (value: 1 | 2 | 3) => fold(opened, { type: 'resign', by: 'black', value });
    await expect(gnubg.decide(resigned(1), 'white')).resolves.toEqual({ kind: 'accept-resignation' });
    // Black: all 15 on white's 6-point (its own 19); white: 13 checkers home on its 1- and 2-points.
    const gammonish = (state: MatchState) => withBoard(state, 'white', position({ 1: 10, 2: 3 }, { 19: 15 }));
    await expect(gnubg.decide(gammonish(resigned(1)), 'white')).resolves.toEqual({ kind: 'reject-resignation' });
    await expect(gnubg.decide(gammonish(resigned(3)), 'white')).resolves.toEqual({ kind: 'accept-resignation' });
  });

  it('starts gnubg again after it is killed (kill -9), and the next question is answered', async () => {
    const gnubg = player();
    const state = fold(seated(0), { type: 'opening-roll', white: 4, black: 2 });
    expectLegalPlay(state, await gnubg.decide(state, 'white'));
    const killed = gnubg.pid!;
    process.kill(killed, 'SIGKILL');
    await until(() => !running(killed));
    expectLegalPlay(state, await gnubg.decide(state, 'white'));
    expect(gnubg.pid).not.toBe(killed);
  });

  it('asks a fresh gnubg when one stalls (stopped with SIGSTOP) past the timeout, and ends the stalled one', async () => {
    const gnubg = player(0, 1_500);
    const state = fold(seated(0), { type: 'opening-roll', white: 5, black: 3 });
    expectLegalPlay(state, await gnubg.decide(state, 'white'));
    const stalled = gnubg.pid!;
    process.kill(stalled, 'SIGSTOP');
    expectLegalPlay(state, await gnubg.decide(state, 'white'));
    expect(gnubg.pid).not.toBe(stalled);
    await until(() => !running(stalled));
  });

  it('is ended with the application (the module destroy hook)', async () => {
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validate: () => validateEnvironment({ GNUBG_PATH: GNUBG!, GNUBG_PLIES: '0' }),
        }),
        GnubgModule,
      ],
    }).compile();
    const app = await module.init();
    const gnubg = app.get(GnubgPlayer);
    const state = fold(seated(0), { type: 'opening-roll', white: 6, black: 1 });
    expectLegalPlay(state, await gnubg.decide(state, 'white'));
    const pid = gnubg.pid!;
    await app.close();
    expect(running(pid)).toBe(false);
    expect(gnubg.pid).toBeNull();
  });
});

describe('the gnubg bot where gnubg is absent', () => {
  const gnubg = new GnubgPlayer({ binary: null, plies: 2, timeoutMs: 1_000 });

  it('is not available, and fails a question only gnubg can answer with unavailable', async () => {
    expect(gnubg.available()).toBe(false);
    const offered = fold(
      seated(0),
      { type: 'opening-roll', white: 3, black: 1 },
      { type: 'resign', by: 'black', value: 1 },
    );
    await expect(gnubg.decide(offered, 'white')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('answers what needs no judgement itself: the opening roll, a roll without the right to double, a forced play', async () => {
    await expect(gnubg.decide(seated(0), 'black')).resolves.toEqual({ kind: 'roll' });
    const noCube = playFirst(fold(seated(0, { cube: false }), { type: 'opening-roll', white: 3, black: 1 }));
    expect(noCube.phase).toMatchObject({ kind: 'roll', player: 'black', mayDouble: false });
    await expect(gnubg.decide(noCube, 'black')).resolves.toEqual({ kind: 'roll' });
    const forced = withBoard(
      fold(seated(0), { type: 'opening-roll', white: 6, black: 5 }),
      'white',
      position({ 1: 15 }, { 13: 15 }),
      [6, 5],
    );
    expect(forced.phase.kind === 'play' && forced.phase.plays.length).toBe(1);
    expectLegalPlay(forced, await gnubg.decide(forced, 'white'));
    await expect(gnubg.decide(forced, 'black')).resolves.toBeNull();
  });

  it('refuses long nardy', async () => {
    const nardy = fold(
      newMatch({ variant: 'long-nardy', length: 1 }),
      { type: 'join', colour: 'white' },
      { type: 'join', colour: 'black' },
      { type: 'opening-roll', white: 3, black: 1 },
    );
    await expect(gnubg.decide(nardy, 'white')).rejects.toMatchObject({ failure: 'unavailable' });
  });
});

describe('the gnubg bot given no answer it can use (a stand-in for gnubg)', () => {
  let dir: string;
  const players: GnubgPlayer[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'fake-gnubg-'))));
  afterEach(async () => {
    await Promise.all(players.splice(0).map((p) => p.onModuleDestroy()));
    rmSync(dir, { recursive: true, force: true });
  });
  const offered = () =>
    fold(seated(0), { type: 'opening-roll', white: 3, black: 1 }, { type: 'resign', by: 'black', value: 1 });

  async function noAnswer(answer: string, deadlineMs?: number): Promise<unknown> {
    const player = new GnubgPlayer({ binary: writeFakeGnubg(dir, { answer }), plies: 0, timeoutMs: 5_000, deadlineMs });
    players.push(player);
    return player.decide(offered(), 'white', 'ann').then(
      () => new Error('gnubg’s answer was used'),
      (error: unknown) => error,
    );
  }

  it('says an answer that is no legal action is no answer (unreadable: the question is not asked again)', async () => {
    expect(await noAnswer('Error: what?')).toMatchObject({ name: 'ExternalBotNoAnswerError', reason: 'unreadable' });
  });

  it('never asks a question the engine cannot write as a line gnubg reads (unreadable), nor fails on it', async () => {
    const player = new GnubgPlayer({ binary: writeFakeGnubg(dir, { answer: 'roll' }), plies: 0, timeoutMs: 5_000 });
    players.push(player);
    const opened = playFirst(fold(seated(5), { type: 'opening-roll', white: 3, black: 1 }));
    const unwritable = { ...opened, progress: { ...opened.progress, score: { white: 2 ** 31, black: 0 } } };
    await expect(player.decide(unwritable, 'black', 'ann')).rejects.toMatchObject({ reason: 'unreadable' });
    expect(player.pid).toBeNull(); // gnubg was never started: nothing was asked
  });

  it('says a question past its deadline has no answer (deadline)', async () => {
    const error = await noAnswer('silent', 100);
    expect(error).toBeInstanceOf(ExternalBotNoAnswerError);
    expect(error).toMatchObject({ reason: 'deadline' });
  });
});
