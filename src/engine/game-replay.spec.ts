import fc from 'fast-check';

import { deriveRoll, type DiceContext } from './dice.js';
import type { MatchEvent } from './events.js';
import { apply, newMatch, playEventFor, recordsDue, replay, type MatchState, type NewMatchOptions } from './game.js';
import type { RulesOptions } from './rules-options.js';
import { CHECKERS_PER_SIDE, COLOURS, type Colour, type SideBoard, type Variant } from './types.js';
import { mulberry32 as prng } from './prng.js';


const SEED = '238a31ccee3ddce50612ed11f6d2d42ad425415e6bb891a0dd95fea686c13b18';

/**
 * The next event of a random but legal match: dice from dice.ts at the
 * state's roll index, decisions from `random`. Null when the match is over
 * (or a money session has played `maxGames`).
 */
function nextEvent(state: MatchState, random: () => number, dice: DiceContext, limits: Limits): MatchEvent | null {
  const { maxGames, timeouts } = limits;
  const due = recordsDue(state);
  if (due.length > 0) return due[0]!;
  const { phase } = state;
  const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');
  switch (phase.kind) {
    case 'awaiting-players': {
      const colour = state.joined.includes('white') ? 'black' : 'white';
      return random() < 0.5 ? { type: 'join', colour } : { type: 'join', colour, clientSeed: `seed-${Math.floor(random() * 1000)}` };
    }
    case 'opening-roll': {
      if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started) return { type: 'leave', by: 'white' };
      const [white, black] = deriveRoll(dice, state.rollIndex);
      return { type: 'opening-roll', white, black };
    }
    case 'roll': {
      if (state.config.length === 0 && state.games.length >= maxGames && !state.game.started) return { type: 'leave', by: 'black' };
      const r = random();
      if (phase.mayDouble && r < 0.08) return { type: 'double', by: phase.player };
      if (r > 0.997) return { type: 'resign', by: random() < 0.5 ? phase.player : other(phase.player), value: 1 };
      if (timeouts && r > 0.9965) return { type: 'timeout', by: other(phase.player) };
      return { type: 'roll', by: phase.player, dice: deriveRoll(dice, state.rollIndex) };
    }
    case 'cube-response': {
      const r = random();
      if (phase.mayBeaver && r < 0.3) return { type: 'beaver', by: phase.player };
      return { type: r < 0.75 ? 'take' : 'drop', by: phase.player };
    }
    case 'play': {
      if (random() < 0.002) return { type: 'resign', by: phase.player, value: random() < 0.5 ? 1 : 2 };
      const play = phase.plays[Math.floor(random() * phase.plays.length)]!;
      const r = random();
      if (r < 0.2) {
        // As the service stores it: canonical moves and the board after the play.
        const made = playEventFor(state, phase.player, play.moves);
        if (!made.ok) throw new Error(`a legal play was refused: ${play.text} (${made.message})`);
        return made.event;
      }
      if (r < 0.3 && play.moves.length > 1) {
        // Another order of the same play, stored as given when it is legal step by step.
        const reversed: MatchEvent = { type: 'play', by: phase.player, moves: [...play.moves].reverse() };
        if (apply(state, reversed).ok) return reversed;
      }
      return { type: 'play', by: phase.player, moves: play.moves };
    }
    case 'resignation-response':
      return { type: random() < 0.5 ? 'resignation-accept' : 'resignation-reject', by: phase.player };
    default:
      return null;
  }
}

interface Played {
  readonly options: NewMatchOptions;
  readonly events: readonly MatchEvent[];
  readonly states: readonly MatchState[];
}

/** Plays a random match event by event with `apply`, keeping every state. */
interface Limits {
  readonly maxEvents: number;
  /** Money sessions are left after this many games. */
  readonly maxGames: number;
  /** Whether the waiting player sometimes claims a timeout (ending the match). */
  readonly timeouts: boolean;
  /** Keep every intermediate state (false: only the first and the last). */
  readonly keepStates: boolean;
}

function playRandomMatch(options: NewMatchOptions, seed: number, limits: Partial<Limits> = {}): Played {
  const full: Limits = { maxEvents: 400, maxGames: 3, timeouts: true, keepStates: true, ...limits };
  const random = prng(seed);
  const dice: DiceContext = { seed: SEED, matchId: `match-${seed}`, clientSeeds: [] };
  let state = newMatch(options);
  const events: MatchEvent[] = [];
  const states: MatchState[] = [state];
  while (events.length < full.maxEvents) {
    const event = nextEvent(state, random, dice, full);
    if (event === null) break;
    const result = apply(state, event);
    if (!result.ok) throw new Error(`random driver made an illegal ${event.type}: ${result.reason} ${result.message}`);
    state = result.state;
    events.push(event);
    if (full.keepStates) states.push(state);
  }
  if (!full.keepStates) states.push(state);
  return { options, events, states };
}

function checkersOf(side: SideBoard): number {
  return side.points.reduce((sum, n) => sum + n, 0) + side.bar + side.off;
}

const rulesArbitrary: fc.Arbitrary<Partial<RulesOptions>> = fc.record({
  cube: fc.boolean(),
  crawford: fc.boolean(),
  jacoby: fc.boolean(),
  beavers: fc.boolean(),
  automaticDoubles: fc.integer({ min: 0, max: 3 }),
  cubeLimit: fc.constantFrom(null, 2, 8, 64),
  koks: fc.boolean(),
  nextGameStarter: fc.constantFrom('winner' as const, 'opening-roll' as const),
});

const matchArbitrary = fc.record({
  variant: fc.constantFrom<Variant>('backgammon', 'long-nardy'),
  length: fc.constantFrom(0, 1, 3, 5),
  rules: rulesArbitrary,
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

describe('replaying random matches', () => {
  it('folds the events of a random match into exactly the state reached step by step', () => {
    fc.assert(
      fc.property(matchArbitrary, ({ variant, length, rules, seed }) => {
        const played = playRandomMatch({ variant, length, rules }, seed);
        const folded = replay(played.options, played.events);
        const stepped = played.states[played.states.length - 1]!;
        expect(folded).toEqual(stepped);
        expect(JSON.stringify(folded)).toBe(JSON.stringify(stepped));
        // Every prefix folds to its intermediate state too.
        const cut = Math.floor(played.events.length / 2);
        expect(JSON.stringify(replay(played.options, played.events.slice(0, cut)))).toBe(JSON.stringify(played.states[cut]));
      }),
      { numRuns: 40 },
    );
  });

  it('keeps 15 checkers per side in every state of a random match, and the score equal to the games won', () => {
    fc.assert(
      fc.property(matchArbitrary, ({ variant, length, rules, seed }) => {
        const played = playRandomMatch({ variant, length, rules }, seed);
        for (const state of played.states) {
          const { board } = state.game;
          const counts = COLOURS.map((colour) => checkersOf(board[colour]));
          const offConsistent = COLOURS.every(
            (colour) => board[colour].off === CHECKERS_PER_SIDE - board[colour].points.reduce((a, b) => a + b, 0) - board[colour].bar,
          );
          const scores = COLOURS.map((colour) => state.progress.score[colour]);
          const won = COLOURS.map((colour) => state.games.filter((g) => g.winner === colour).reduce((sum, g) => sum + g.points, 0));
          const bars = variant === 'long-nardy' ? board.white.bar + board.black.bar : 0;
          if (counts[0] !== 15 || counts[1] !== 15 || !offConsistent || scores[0] !== won[0] || scores[1] !== won[1] || bars !== 0) {
            expect({ counts, offConsistent, scores, won, bars }).toEqual({ counts: [15, 15], offConsistent: true, scores: won, won, bars: 0 });
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('plays long random matches to their end with the records in the log', () => {
    const played = playRandomMatch({ variant: 'long-nardy', length: 3, rules: {} }, 7, { maxEvents: 20_000, timeouts: false });
    const last = played.states[played.states.length - 1]!;
    expect(last.phase).toMatchObject({ kind: 'match-over', recorded: true });
    const types = played.events.map((e) => e.type);
    expect(types.filter((t) => t === 'game-end').length).toBe(last.games.length);
    expect(types[types.length - 1]).toBe('match-end');
  });
});

describe('refusing arbitrary events', () => {
  const colour = fc.constantFrom<Colour>('white', 'black');
  const anyDie = fc.integer({ min: -1, max: 8 });
  const move = fc.record({ from: fc.integer({ min: -1, max: 26 }), to: fc.integer({ min: -1, max: 26 }) });
  const arbitraryEvent: fc.Arbitrary<MatchEvent> = fc.oneof(
    fc.record({ type: fc.constant('join'), colour }),
    fc.record({ type: fc.constant('opening-roll'), white: anyDie, black: anyDie }),
    fc.record({ type: fc.constant('roll'), by: colour, dice: fc.tuple(anyDie, anyDie) }),
    fc.record({ type: fc.constant('play'), by: colour, moves: fc.array(move, { maxLength: 5 }) }),
    fc.record({
      type: fc.constantFrom('double', 'take', 'drop', 'beaver', 'resignation-accept', 'resignation-reject', 'timeout', 'leave', 'abort'),
      by: colour,
    }),
    fc.record({ type: fc.constant('resign'), by: colour, value: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ type: fc.constant('game-end'), gameNumber: fc.integer({ min: 0, max: 3 }), outcome: fc.constant(null) }),
    fc.record({ type: fc.constant('match-end'), winner: colour, reason: fc.constant('points'), score: fc.constant({ white: 0, black: 0 }) }),
  ) as fc.Arbitrary<MatchEvent>;

  it('answers any event in any state with a state or a refusal, never an exception, keeping 15 checkers a side', () => {
    fc.assert(
      fc.property(matchArbitrary, fc.array(arbitraryEvent, { minLength: 1, maxLength: 30 }), (match, events) => {
        const { variant, length, rules, seed } = match;
        const played = playRandomMatch({ variant, length, rules }, seed, { maxEvents: 120 });
        for (const state of [played.states[3] ?? played.states[0]!, played.states[played.states.length - 1]!]) {
          let current = state;
          for (const event of events) {
            const result = apply(current, event);
            if (!result.ok) {
              expect(typeof result.reason).toBe('string');
              continue;
            }
            current = result.state;
            for (const side of COLOURS) expect(checkersOf(current.game.board[side])).toBe(CHECKERS_PER_SIDE);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('replay speed', () => {
  it('folds a 10,000-event history in under 100 ms', () => {
    // A money session long enough to hold 10,000 events, cube and all.
    const played = playRandomMatch(
      { variant: 'backgammon', length: 0, rules: { jacoby: true, beavers: true, automaticDoubles: 1 } },
      20_261_122,
      { maxEvents: 10_000, maxGames: 1_000, timeouts: false, keepStates: false },
    );
    expect(played.events.length).toBe(10_000);
    const timings: number[] = [];
    let folded: MatchState | undefined;
    for (let run = 0; run < 15; run++) {
      const start = process.hrtime.bigint();
      folded = replay(played.options, played.events);
      timings.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    expect(JSON.stringify(folded)).toBe(JSON.stringify(played.states[played.states.length - 1]));
    const best = Math.min(...timings);
    // eslint-disable-next-line no-console
    console.log(`replay of 10,000 events: best ${best.toFixed(1)} ms, runs ${timings.map((t) => t.toFixed(1)).join(' / ')} ms`);
    expect(best).toBeLessThan(100);
  });
});
