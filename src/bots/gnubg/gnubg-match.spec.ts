import {
  apply,
  applyOrThrow,
  botDecision,
  deriveOpeningThrow,
  deriveRoll,
  followUps,
  toAct,
  type Colour,
  type DiceContext,
  type MatchEvent,
  type MatchState,
  type RulesOptions,
} from '../../engine/index.js';
import { decisionEvent } from '../../engine/training/index.js';
import type { GnubgQuestion } from './gnubg-request.js';
import { mulberry32 } from '../../engine/testing/index.js';
import { GnubgPlayer } from './gnubg-player.js';
import { locateGnubg } from './gnubg-settings.js';
import { seated } from './testing/gnubg-states.js';

/**
 * Whole matches between gnubg and the engine's house bot, on the engine alone
 * (apply and its follow-ups, as the service runs a match): every answer gnubg
 * gives must become an event the engine accepts, from the first throw to the
 * end. The engine's side doubles, drops, beavers and resigns now and then
 * (seeded), so that gnubg is asked every kind of question. 0-ply, for speed:
 * the lines and answers are the same at any depth.
 */
const GNUBG = locateGnubg(process.env.GNUBG_PATH ?? process.env.GNUBG, process.env.PATH);
const withGnubg = GNUBG === null ? describe.skip : describe;
const skipped =
  GNUBG === null ? ' [skipped: gnubg was not found (GNUBG_PATH, PATH, /usr/games): the matches need it]' : '';

const SEED = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

/** The engine's side: the house bot, with seeded doubles, drops, beavers and resignations besides. */
function engineEvent(state: MatchState, by: Colour, random: () => number, dice: DiceContext): MatchEvent {
  const { phase } = state;
  const r = random();
  if (phase.kind === 'roll' && phase.player === by && phase.mayDouble && r < 0.06) return { type: 'double', by };
  if (phase.kind === 'cube-response' && phase.player === by) {
    if (phase.mayBeaver && r < 0.3) return { type: 'beaver', by };
    if (r > 0.6) return { type: 'drop', by };
  }
  if (phase.kind === 'play' && phase.player === by && r < 0.01) {
    const resign: MatchEvent = { type: 'resign', by, value: (1 + Math.floor(random() * 3)) as 1 | 2 | 3 };
    if (apply(state, resign).ok) return resign;
  }
  // The matches only make situations to ask gnubg about: bot's judgement at 0 ply does, and fast.
  const decision = botDecision(state, by, 'strong', random, { plies: 0 });
  if (decision === null) throw new Error(`the house bot has nothing to do in ${phase.kind}`);
  return decisionEvent(state, by, decision, dice);
}

interface Played {
  readonly state: MatchState;
  /** gnubg's answers by the question they answered (`roll-only` and forced plays are answered without it). */
  readonly asked: Record<GnubgQuestion, number>;
}

/** Plays a match (or `games` games of a money session) with gnubg as `gnubgColour`. */
async function playMatch(
  gnubg: GnubgPlayer,
  options: { length: number; rules?: Partial<RulesOptions>; games?: number },
  gnubgColour: Colour,
  seed: number,
): Promise<Played> {
  const random = mulberry32(seed);
  const dice: DiceContext = { seed: SEED, matchId: `gnubg-match-${seed}`, clientSeeds: [] };
  const context = { dice, roller: { opening: deriveOpeningThrow, roll: deriveRoll }, autoPlayForced: () => false };
  const asked: Record<GnubgQuestion, number> = { play: 0, double: 0, take: 0, resignation: 0 };
  let state = seated(options.length, options.rules);
  for (let events = 0; events < 5_000; events++) {
    state = followUps(state, context).state;
    const actor = toAct(state);
    if (actor === null) return { state, asked };
    if (options.length === 0 && state.games.length >= (options.games ?? 1) && !state.game.started) {
      return { state: followUps(applyOrThrow(state, { type: 'leave', by: 'white' }), context).state, asked };
    }
    const by: Colour = actor === 'either' ? gnubgColour : actor;
    let event: MatchEvent;
    if (by === gnubgColour) {
      const decision = await gnubg.decide(state, by);
      if (decision === null) throw new Error(`gnubg had nothing to do in ${state.phase.kind}`);
      const question = questionOf(state);
      if (question !== null) asked[question]++;
      event = decisionEvent(state, by, decision, dice);
    } else {
      event = engineEvent(state, by, random, dice);
    }
    const result = apply(state, event);
    if (!result.ok) {
      throw new Error(`${by}'s ${JSON.stringify(event)} was refused in ${state.phase.kind}: ${result.message}`);
    }
    state = result.state;
  }
  throw new Error('the match ran past 5000 events');
}

/** The question gnubg itself was asked in `state` (null for what GnubgPlayer answers without it). */
function questionOf(state: MatchState): GnubgQuestion | null {
  const { phase } = state;
  switch (phase.kind) {
    case 'play':
      return phase.plays.length > 1 ? 'play' : null;
    case 'roll':
      return phase.mayDouble ? 'double' : null;
    case 'cube-response':
      return 'take';
    case 'resignation-response':
      return 'resignation';
    default:
      return null;
  }
}

withGnubg(`gnubg against the house bot, whole matches on the engine${skipped}`, () => {
  const gnubg = new GnubgPlayer({ binary: GNUBG, plies: 0, timeoutMs: 15_000 });
  const total: Record<GnubgQuestion, number> = { play: 0, double: 0, take: 0, resignation: 0 };

  afterAll(async () => {
    await gnubg.onModuleDestroy();
  });

  it.each([
    ['a 1-point match', { length: 1 }, 'white', 11],
    ['a 3-point match with the cube and the Crawford rule', { length: 3 }, 'black', 2],
    ['a 5-point match with the cube, a Crawford game and games after it', { length: 5 }, 'white', 22],
    ['a 3-point match without the Crawford rule', { length: 3, rules: { crawford: false } }, 'white', 4],
    [
      'four games of a money session with Jacoby and beavers',
      { length: 0, rules: { jacoby: true, beavers: true }, games: 4 },
      'black',
      5,
    ],
  ] as const)(
    '%s: every answer of gnubg is an event the engine accepts, to the end',
    async (_, options, colour, seed) => {
      let { state, asked } = await playMatch(gnubg, options, colour, seed);
      // Whether a 5-point match lives past its Crawford game depends on the house bot's cube: later seeds are
      // tried until one does (the house bot's network changes as it is trained), at most 10.
      for (let next = seed + 1; options.length === 5 && !state.progress.postCrawford && next < seed + 10; next++) {
        ({ state, asked } = await playMatch(gnubg, options, colour, next));
      }
      if (options.length > 0) {
        expect(state.phase).toMatchObject({ kind: 'match-over', recorded: true });
        expect(Math.max(state.progress.score.white, state.progress.score.black)).toBeGreaterThanOrEqual(options.length);
        if (options.length === 5) expect(state.progress.postCrawford).toBe(true);
      } else {
        expect(state.games.length).toBeGreaterThanOrEqual(4);
      }
      expect(asked.play).toBeGreaterThan(0);
      for (const question of Object.keys(total) as GnubgQuestion[]) total[question] += asked[question];
    },
  );

  it('was asked every kind of question in those matches: plays, doubles, takes and resignations', () => {
    const unasked = (Object.keys(total) as GnubgQuestion[]).filter((question) => total[question] === 0);
    expect(unasked).toEqual([]);
  });
});
