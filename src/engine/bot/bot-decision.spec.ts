/**
 * The house bot's decisions drive whole matches on the engine alone: every
 * decision it makes is an event the rules accept, in both variants, in
 * matches (Crawford included) and money sessions (Jacoby, beavers,
 * automatic doubles), and the cube is used.
 */
import { sideFromCounts } from '../board.js';
import type { DiceContext } from '../dice.js';
import type { MatchState, NewMatchOptions } from '../match-state.js';
import { mulberry32 } from '../prng.js';
import type { Colour } from '../types.js';
import { STRONG_PLIES, botDecision, situation, type BotDecision, type BotLevel } from './bot-decision.js';
import { houseDecider, playDecidedMatch, seatedMatch, type DecidedMatch } from './decided-match.js';
import { POST_CRAWFORD, PRE_CRAWFORD } from './met-kazaross-xg2.js';
import { newOutcomes } from './outcomes.js';

const SEED = '6a1f5b2c9d8e7f60a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718';

/** A match between house bots; `strong` looks one ply ahead unless `plies` says (two plies make the specs slow). */
function playBotMatch(
  options: NewMatchOptions,
  seed: number,
  levels: Record<Colour, BotLevel>,
  maxGames = 1,
  plies = 1,
): DecidedMatch {
  const random = mulberry32(seed);
  const dice: DiceContext = { seed: SEED, matchId: `bot-match-${seed}`, clientSeeds: [] };
  const deciders = {
    white: houseDecider(levels.white, random, { plies }),
    black: houseDecider(levels.black, random, { plies }),
  };
  return playDecidedMatch(options, deciders, dice, maxGames);
}

function count(played: DecidedMatch, kind: BotDecision['kind']): number {
  return (played.decisions.white.get(kind) ?? 0) + (played.decisions.black.get(kind) ?? 0);
}

describe('the house bot decides every turn of a match with events the rules accept', () => {
  it.each([
    ['backgammon', 5],
    ['long-nardy', 5],
  ] as const)('%s: a %i-point match between two strong bots ends with a winner', (variant, length) => {
    const played = playBotMatch({ variant, length }, 7, { white: 'strong', black: 'strong' });
    expect(played.state.status).toBe('finished');
    expect(played.state.progress.winner).not.toBeNull();
    expect(count(played, 'play')).toBeGreaterThan(20);
  });

  it.each(['backgammon', 'long-nardy'] as const)(
    '%s: strong at its own look-ahead (STRONG_PLIES) and at 0 ply, as before, play a 1-point match to its end',
    (variant) => {
      for (const plies of [STRONG_PLIES[variant], 0]) {
        const played = playBotMatch({ variant, length: 1 }, 3, { white: 'strong', black: 'strong' }, 1, plies);
        expect(played.state.status).toBe('finished');
      }
    },
  );

  it.each(['backgammon', 'long-nardy'] as const)(
    '%s: a money session with Jacoby, beavers and automatic doubles plays its games, easy against strong',
    (variant) => {
      const rules = { jacoby: true, beavers: true, automaticDoubles: 1 };
      const { state } = playBotMatch({ variant, length: 0, rules }, 11, { white: 'easy', black: 'strong' }, 3);
      expect(state.games.length).toBe(3);
    },
  );

  it('over several matches the bots double, and doubles are both taken and dropped', () => {
    const seen = new Map<string, number>();
    for (let seed = 1; seed <= 3; seed++) {
      const played = playBotMatch({ variant: 'backgammon', length: 5 }, seed, { white: 'strong', black: 'easy' });
      for (const kind of ['double', 'take', 'beaver', 'drop'] as const)
        seen.set(kind, (seen.get(kind) ?? 0) + count(played, kind));
    }
    expect(seen.get('double')).toBeGreaterThan(0);
    expect((seen.get('take') ?? 0) + (seen.get('beaver') ?? 0)).toBeGreaterThan(0);
    expect(seen.get('drop')).toBeGreaterThan(0);
  });
});

describe('the house bot reads the cube and the score from the match state', () => {
  const random = mulberry32(1);

  /** A money session with beavers in which `black` beavered `white`'s double: white answers, white on roll. */
  function beaveredDouble(white: Record<number, number>, black: Record<number, number>): MatchState {
    const state = seatedMatch({ variant: 'backgammon', length: 0, rules: { beavers: true } });
    const offer = { by: 'black' as const, value: 4, beaver: true };
    return {
      ...state,
      game: {
        ...state.game,
        started: true,
        board: { white: sideFromCounts(white), black: sideFromCounts(black) },
        cube: { value: 2, owner: 'black', offer },
      },
      phase: { kind: 'cube-response', player: 'white', offer, mayBeaver: false, onRoll: 'white' },
    };
  }

  it('takes a beaver of its double when it is bearing off its last two checkers against a side far behind', () => {
    const state = beaveredDouble({ 1: 1, 2: 1 }, { 18: 2, 17: 13 });
    expect(botDecision(state, 'white', 'strong', random)).toEqual({ kind: 'take' });
  });

  it('drops a beaver of its double when it is the side far behind', () => {
    const state = beaveredDouble({ 18: 2, 17: 13 }, { 1: 1, 2: 1 });
    expect(botDecision(state, 'white', 'strong', random)).toEqual({ kind: 'drop' });
  });

  /** A 5-point match at white 4, black 2. */
  function atFourTwo(rules: { crawford: boolean }, crawfordGame: boolean): MatchState {
    const state = seatedMatch({ variant: 'backgammon', length: 5, rules });
    return { ...state, progress: { ...state.progress, score: { white: 4, black: 2 }, crawfordGame } };
  }

  it('values the results of the Crawford game by the post-Crawford table, every score it leads to being after it', () => {
    const s = situation(atFourTwo({ crawford: true }, true), 'white', newOutcomes());
    expect(s.worth(-1)).toBeCloseTo(1 - POST_CRAWFORD[1], 12);
    expect(s.worth(1)).toBe(1);
    const trailer = situation(atFourTwo({ crawford: true }, true), 'black', newOutcomes());
    expect(trailer.worth(1)).toBeCloseTo(POST_CRAWFORD[1], 12);
  });

  it('values 1-away scores by the post-Crawford table in a match without the Crawford rule', () => {
    const s = situation(atFourTwo({ crawford: false }, false), 'white', newOutcomes());
    expect(s.worth(-1)).toBeCloseTo(1 - POST_CRAWFORD[1], 12);
  });

  it('values results before any 1-away score by the pre-Crawford table, and kills a cube that would decide the match', () => {
    const state = seatedMatch({ variant: 'backgammon', length: 5 });
    const s = situation(state, 'white', newOutcomes());
    expect(s.worth(1)).toBe(PRE_CRAWFORD[3][4]);
    expect([s.live(1), s.live(2), s.live(4), s.live(8)]).toEqual([true, true, true, false]);
  });
});
