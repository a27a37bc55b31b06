import fc from 'fast-check';

import type { MatchEvent } from './events.js';
import { apply, replay } from './index.js';
import type { RulesOptions } from './rules-options.js';
import { longSession, playRandomMatch } from './testing/random-match.js';
import { CHECKERS_PER_SIDE, COLOURS, type Colour, type SideBoard, type Variant } from './types.js';

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
        const stepped = played.states[played.states.length - 1];
        expect(folded).toEqual(stepped);
        expect(JSON.stringify(folded)).toBe(JSON.stringify(stepped));
        // Every prefix folds to its intermediate state too.
        const cut = Math.floor(played.events.length / 2);
        expect(JSON.stringify(replay(played.options, played.events.slice(0, cut)))).toBe(
          JSON.stringify(played.states[cut]),
        );
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
            (colour) =>
              board[colour].off ===
              CHECKERS_PER_SIDE - board[colour].points.reduce((a, b) => a + b, 0) - board[colour].bar,
          );
          const scores = COLOURS.map((colour) => state.progress.score[colour]);
          const won = COLOURS.map((colour) =>
            state.games.filter((g) => g.winner === colour).reduce((sum, g) => sum + g.points, 0),
          );
          const bars = variant === 'long-nardy' ? board.white.bar + board.black.bar : 0;
          if (
            counts[0] !== 15 ||
            counts[1] !== 15 ||
            !offConsistent ||
            scores[0] !== won[0] ||
            scores[1] !== won[1] ||
            bars !== 0
          ) {
            expect({ counts, offConsistent, scores, won, bars }).toEqual({
              counts: [15, 15],
              offConsistent: true,
              scores: won,
              won,
              bars: 0,
            });
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('plays long random matches to their end with the records in the log', () => {
    const played = playRandomMatch({ variant: 'long-nardy', length: 3, rules: {} }, 7, {
      maxEvents: 20_000,
      timeouts: false,
    });
    const last = played.states[played.states.length - 1];
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
      type: fc.constantFrom(
        'double',
        'take',
        'drop',
        'beaver',
        'resignation-accept',
        'resignation-reject',
        'timeout',
        'leave',
        'abort',
      ),
      by: colour,
    }),
    fc.record({ type: fc.constant('resign'), by: colour, value: fc.integer({ min: 0, max: 4 }) }),
    fc.record({
      type: fc.constant('game-end'),
      gameNumber: fc.integer({ min: 0, max: 3 }),
      outcome: fc.constant(null),
    }),
    fc.record({
      type: fc.constant('match-end'),
      winner: colour,
      reason: fc.constant('points'),
      score: fc.constant({ white: 0, black: 0 }),
    }),
  ) as fc.Arbitrary<MatchEvent>;

  it('answers any event in any state with a state or a refusal, never an exception, keeping 15 checkers a side', () => {
    fc.assert(
      fc.property(matchArbitrary, fc.array(arbitraryEvent, { minLength: 1, maxLength: 30 }), (match, events) => {
        const { variant, length, rules, seed } = match;
        const played = playRandomMatch({ variant, length, rules }, seed, { maxEvents: 120 });
        for (const state of [played.states[3] ?? played.states[0], played.states[played.states.length - 1]]) {
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

describe('replaying a long history', () => {
  // Correctness only: the speed of replay is a figure of bench/engine.bench.ts (replay10kEventsMs), not a test.
  it('folds a 10,000-event money session (cube, beavers, automatic doubles) into the state reached event by event', () => {
    const played = longSession('backgammon', 10_000);
    expect(played.events.length).toBe(10_000);
    const folded = replay(played.options, played.events);
    expect(folded.eventCount).toBe(10_000);
    expect(JSON.stringify(folded)).toBe(JSON.stringify(played.states[played.states.length - 1]));
  });
});
