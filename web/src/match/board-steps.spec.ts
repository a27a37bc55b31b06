import { applySteps, canStepFrom, hitsOf, isOpen, StepError } from './board-steps.js';
import { colourBoardOf, colourBoardsEqual } from './colour-board.js';
import { engineTurns, turnOf } from './testing/engine-turns.js';

// Expected boards are the engine's: each legal play's `position` (src/engine/legal-plays.ts, which agrees with
// GNU Backgammon 1.07 play for play).

describe('applySteps', () => {
  it.each(['backgammon', 'long-nardy'] as const)(
    'gives the board the engine gives after every legal play of random %s games, step by step in the play order',
    (variant) => {
      const turns = engineTurns(variant, [1, 2, 3]);
      expect(turns.length).toBeGreaterThan(50);
      let checked = 0;
      for (const turn of turns) {
        for (const play of turn.plays) {
          const after = applySteps(turn.board, variant, turn.player, play.moves);
          expect(colourBoardsEqual(after, colourBoardOf(play.position, turn.player))).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    },
  );

  it('hits a lone opposing checker to its bar in backgammon (engine: 13/7* sends black to the bar)', () => {
    // White to move 6-1 with black's blot on black's 18 = white's 7.
    const turn = turnOf('backgammon', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 18: 1, 13: 4, 8: 3, 6: 5 }, [6, 1]);
    const hit = turn.plays.find((p) => p.text === '13/7* 8/7');
    expect(hit).toBeDefined();
    const after = applySteps(turn.board, 'backgammon', 'white', hit!.moves);
    expect(after.black.bar).toBe(1);
    expect(after.black.points[17]).toBe(0);
    expect(colourBoardsEqual(after, colourBoardOf(hit!.position, 'white'))).toBe(true);
    expect(hitsOf(turn.board, 'backgammon', 'white', hit!.moves)).toBe(1);
  });

  it('hits on the way when one checker passes a blot (24/18*/13 as two steps)', () => {
    // Black's blot on black's 7 = white's 18.
    const turn = turnOf('backgammon', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 2, 7: 1, 6: 5 }, [6, 5]);
    const after = applySteps(turn.board, 'backgammon', 'white', [
      { from: 24, to: 18 },
      { from: 18, to: 13 },
    ]);
    expect(after.black.bar).toBe(1);
    expect(after.white.points[12]).toBe(6);
    expect(turn.plays.some((p) => colourBoardsEqual(after, colourBoardOf(p.position, 'white')))).toBe(true);
  });

  it('enters from the bar (25) and bears off (0), counting bar and off', () => {
    const entering = applySteps(
      { white: { points: pointsWith({ 6: 14 }), bar: 1 }, black: { points: pointsWith({ 6: 15 }) } },
      'backgammon',
      'white',
      [{ from: 25, to: 20 }],
    );
    expect(entering.white.bar).toBe(0);
    expect(entering.white.points[19]).toBe(1);
    const bearing = applySteps(
      { white: { points: pointsWith({ 6: 2, 1: 1 }) }, black: { points: pointsWith({ 24: 15 }) } },
      'backgammon',
      'white',
      [
        { from: 6, to: 0 },
        { from: 1, to: 0 },
      ],
    );
    expect(bearing.white.off).toBe(14);
    expect(bearing.white.points[5]).toBe(1);
  });

  it('never hits in long nardy: the numbering is the opponent q ± 12 and nothing goes to a bar', () => {
    const board = { white: { points: pointsWith({ 24: 14, 13: 1 }) }, black: { points: pointsWith({ 24: 15 }) } };
    const after = applySteps(board, 'long-nardy', 'white', [{ from: 24, to: 19 }]);
    expect(after.black.bar).toBe(0);
    expect(after.white.points[18]).toBe(1);
  });

  it('refuses a step from a point without a checker of the mover, and a step away from home', () => {
    const board = { white: { points: pointsWith({ 24: 15 }) }, black: { points: pointsWith({ 24: 15 }) } };
    expect(() => applySteps(board, 'backgammon', 'white', [{ from: 13, to: 7 }])).toThrow(StepError);
    expect(() => applySteps(board, 'backgammon', 'white', [{ from: 25, to: 20 }])).toThrow(/no checker on the bar/);
    expect(() => applySteps(board, 'backgammon', 'white', [{ from: 20, to: 24 }])).toThrow(StepError);
  });

  it('leaves the board it was given unchanged', () => {
    const board = { white: { points: pointsWith({ 24: 15 }) }, black: { points: pointsWith({ 24: 15 }) } };
    applySteps(board, 'long-nardy', 'white', [{ from: 24, to: 18 }]);
    expect(board.white.points[23]).toBe(15);
  });
});

describe('isOpen and canStepFrom', () => {
  const board = {
    white: { points: pointsWith({ 24: 13, 13: 1 }), bar: 1 },
    black: { points: pointsWith({ 6: 2, 5: 1, 1: 12 }) },
  };

  it('a backgammon point is open with fewer than two opposing checkers (B3)', () => {
    expect(isOpen(board, 'backgammon', 'white', 19)).toBe(false); // black's 6
    expect(isOpen(board, 'backgammon', 'white', 20)).toBe(true); // black's 5, a blot
    expect(isOpen(board, 'backgammon', 'white', 0)).toBe(true);
  });

  it('a long nardy point is open only without opposing checkers (N2)', () => {
    const nardy = { white: { points: pointsWith({ 24: 15 }) }, black: { points: pointsWith({ 24: 14, 20: 1 }) } };
    expect(isOpen(nardy, 'long-nardy', 'white', 8)).toBe(false); // black's 20
    expect(isOpen(nardy, 'long-nardy', 'white', 12)).toBe(false); // black's head
    expect(isOpen(nardy, 'long-nardy', 'white', 9)).toBe(true);
  });

  it('with a checker on the bar only the bar is a source (B4)', () => {
    expect(canStepFrom(board, 'white', 25)).toBe(true);
    expect(canStepFrom(board, 'white', 24)).toBe(false);
    expect(canStepFrom(board, 'black', 6)).toBe(true);
    expect(canStepFrom(board, 'black', 7)).toBe(false);
  });
});

/** 24 point counts from a map of point → checkers. */
function pointsWith(counts: Readonly<Record<number, number>>): number[] {
  const points = new Array<number>(24).fill(0);
  for (const [point, n] of Object.entries(counts)) points[Number(point) - 1] = n;
  return points;
}
