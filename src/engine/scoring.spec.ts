import { sideFromCounts } from './board.js';
import { CENTRED_CUBE, type CubeState } from './cube.js';
import {
  bearOffOutcome,
  dropOutcome,
  newMatchProgress,
  nextGameStart,
  recordGame,
  resignationOutcome,
  type GameOutcome,
  type MatchProgress,
} from './scoring.js';
import { DEFAULT_RULES, effectiveRules } from './rules-options.js';
import type { Colour } from './types.js';

const MATCH_RULES = effectiveRules(5, DEFAULT_RULES);

function win(winner: Colour, points: number): GameOutcome {
  return {
    winner,
    reason: 'bear-off',
    kind: 'single',
    multiplier: 1,
    homeMars: false,
    cubeValue: points,
    jacoby: false,
    points,
  };
}

function play(
  length: number,
  games: Array<[Colour, number]>,
  rules = effectiveRules(length, DEFAULT_RULES),
): MatchProgress[] {
  const steps: MatchProgress[] = [];
  let progress = newMatchProgress(length);
  for (const [winner, points] of games) {
    progress = recordGame(progress, win(winner, points), rules);
    steps.push(progress);
  }
  return steps;
}

describe('match scoring (M3)', () => {
  it('makes the game after reaching exactly N-1 the Crawford game, and the one after it post-Crawford', () => {
    const [afterFirst, afterCrawford, afterThird] = play(5, [
      ['white', 4],
      ['black', 1],
      ['black', 1],
    ]);
    expect(afterFirst).toMatchObject({
      score: { white: 4, black: 0 },
      crawfordGame: true,
      postCrawford: false,
      winner: null,
    });
    expect(afterCrawford).toMatchObject({ score: { white: 4, black: 1 }, crawfordGame: false, postCrawford: true });
    expect(afterThird).toMatchObject({ score: { white: 4, black: 2 }, crawfordGame: false, postCrawford: true });
  });

  it('has no Crawford game at N-1 all', () => {
    const steps = play(5, [
      ['white', 3],
      ['black', 4],
      ['white', 1],
    ]);
    expect(steps[1]).toMatchObject({ score: { white: 3, black: 4 }, crawfordGame: true });
    // Reaching N-1 while the opponent is already there makes no Crawford game, whatever came before.
    const threeFour: MatchProgress = {
      length: 5,
      score: { white: 3, black: 4 },
      crawfordGame: false,
      postCrawford: false,
      winner: null,
    };
    expect(recordGame(threeFour, win('white', 1), MATCH_RULES)).toMatchObject({
      score: { white: 4, black: 4 },
      crawfordGame: false,
    });
  });

  it('has at most one Crawford game: the trailer reaching N-1 later gets none', () => {
    const steps = play(5, [
      ['white', 4],
      ['black', 2],
      ['black', 2],
    ]);
    expect(steps[2]).toMatchObject({ score: { white: 4, black: 4 }, crawfordGame: false, postCrawford: true });
  });

  it('has no Crawford game when a player jumps past N-1 or when the rule is off', () => {
    expect(
      play(5, [
        ['white', 2],
        ['white', 2],
      ])[1],
    ).toMatchObject({ score: { white: 4 }, crawfordGame: true });
    expect(play(5, [['white', 3]])[0]).toMatchObject({ crawfordGame: false });
    const off = effectiveRules(5, { ...DEFAULT_RULES, crawford: false });
    expect(play(5, [['white', 4]], off)[0]).toMatchObject({ crawfordGame: false, postCrawford: false });
  });

  it('ends the match when a player reaches N, counting points beyond it', () => {
    const steps = play(3, [
      ['black', 2],
      ['white', 1],
      ['black', 4],
    ]);
    expect(steps[2]).toMatchObject({ score: { white: 1, black: 6 }, winner: 'black', crawfordGame: false });
    expect(() => recordGame(steps[2], win('white', 1), MATCH_RULES)).toThrow(RangeError);
  });

  it('never ends a money session', () => {
    const steps = play(0, [
      ['white', 64],
      ['black', 8],
    ]);
    expect(steps[1]).toMatchObject({ score: { white: 64, black: 8 }, winner: null, crawfordGame: false });
  });
});

describe('game values', () => {
  const taken: CubeState = { value: 2, owner: 'black', offer: null };
  const gammonLoser = sideFromCounts({ 6: 15 });
  const backgammonLoser = sideFromCounts({ 20: 1, 6: 14 });

  it('scores gammon and backgammon times the cube', () => {
    expect(bearOffOutcome('backgammon', 'white', gammonLoser, taken, MATCH_RULES)).toMatchObject({
      kind: 'gammon',
      points: 4,
      cubeValue: 2,
    });
    expect(bearOffOutcome('backgammon', 'white', backgammonLoser, taken, MATCH_RULES)).toMatchObject({
      kind: 'backgammon',
      points: 6,
    });
  });

  it('Jacoby: in money play a gammon counts single while the cube is centred, and in full once doubled', () => {
    const jacoby = effectiveRules(0, { ...DEFAULT_RULES, jacoby: true });
    expect(bearOffOutcome('backgammon', 'white', backgammonLoser, CENTRED_CUBE, jacoby)).toMatchObject({
      kind: 'backgammon',
      jacoby: true,
      points: 1,
    });
    const autoDoubled: CubeState = { value: 2, owner: 'centre', offer: null };
    expect(bearOffOutcome('backgammon', 'white', gammonLoser, autoDoubled, jacoby)).toMatchObject({
      jacoby: true,
      points: 2,
    });
    expect(bearOffOutcome('backgammon', 'white', gammonLoser, taken, jacoby)).toMatchObject({
      jacoby: false,
      points: 4,
    });
  });

  it('Jacoby does not apply to matches', () => {
    const askedInMatch = effectiveRules(7, { ...DEFAULT_RULES, jacoby: true });
    expect(bearOffOutcome('backgammon', 'white', gammonLoser, CENTRED_CUBE, askedInMatch)).toMatchObject({
      jacoby: false,
      points: 2,
    });
  });

  it('scores a drop as a single at the value before the double', () => {
    expect(dropOutcome('backgammon', 'black', 4)).toMatchObject({ reason: 'drop', kind: 'single', points: 4 });
    expect(dropOutcome('long-nardy', 'black', 1)).toMatchObject({ kind: 'oin', points: 1 });
  });

  it('scores an accepted resignation at its value times the cube', () => {
    expect(resignationOutcome('long-nardy', 'white', 3, taken, MATCH_RULES)).toMatchObject({ kind: 'koks', points: 6 });
    expect(resignationOutcome('backgammon', 'white', 2, CENTRED_CUBE, MATCH_RULES)).toMatchObject({
      kind: 'gammon',
      points: 2,
    });
  });

  it('scores long-nardy mars, home mars and koks', () => {
    expect(bearOffOutcome('long-nardy', 'white', sideFromCounts({ 6: 15 }), CENTRED_CUBE, MATCH_RULES)).toMatchObject({
      kind: 'mars',
      homeMars: true,
      points: 2,
    });
    expect(bearOffOutcome('long-nardy', 'white', sideFromCounts({ 24: 1, 12: 14 }), taken, MATCH_RULES)).toMatchObject({
      kind: 'koks',
      points: 6,
    });
    const noKoks = effectiveRules(5, { ...DEFAULT_RULES, koks: false });
    expect(bearOffOutcome('long-nardy', 'white', sideFromCounts({ 24: 1, 12: 14 }), taken, noKoks)).toMatchObject({
      kind: 'mars',
      points: 4,
    });
  });
});

describe('who starts the next game (B2, N3)', () => {
  it('always uses the opening roll in backgammon', () => {
    expect(nextGameStart('backgammon', DEFAULT_RULES, 'black')).toBe('opening-roll');
  });
  it('lets the long-nardy winner start by default, or uses the opening roll when agreed', () => {
    expect(nextGameStart('long-nardy', DEFAULT_RULES, null)).toBe('opening-roll');
    expect(nextGameStart('long-nardy', DEFAULT_RULES, 'black')).toBe('black');
    expect(nextGameStart('long-nardy', { ...DEFAULT_RULES, nextGameStarter: 'opening-roll' }, 'black')).toBe(
      'opening-roll',
    );
  });
});
