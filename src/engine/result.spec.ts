import { sideFromCounts } from './board.js';
import { gameResult, resultKindOf } from './result.js';

describe('game results (B6, N7)', () => {
  const koks = { koks: true };

  describe('backgammon', () => {
    // [test, the loser's checkers, on the bar, kind, multiplier]
    it.each<[string, Record<number, number>, number, string, number]>([
      ['is a single when the loser has borne off a checker', { 24: 1, 3: 13 }, 0, 'single', 1],
      [
        'is a gammon when the loser has borne off none and is out of the winner home and off the bar',
        { 18: 1, 6: 14 },
        0,
        'gammon',
        2,
      ],
      ['is a backgammon with a loser checker in the winner home (own 19-24)', { 19: 1, 6: 14 }, 0, 'backgammon', 3],
      ['is a backgammon with a loser checker on the bar', { 6: 14 }, 1, 'backgammon', 3],
    ])('%s', (_, loser, bar, kind, multiplier) => {
      expect(gameResult('backgammon', sideFromCounts(loser, bar), koks)).toMatchObject({ kind, multiplier });
    });
  });

  describe('long nardy', () => {
    // [test, the loser's checkers, the koks option, kind, multiplier, homeMars]
    it.each<[string, Record<number, number>, boolean, string, number, boolean]>([
      ['is oin when the loser has borne off a checker', { 24: 5, 1: 9 }, true, 'oin', 1, false],
      ['is mars when the loser has borne off none and left the head', { 23: 1, 6: 14 }, true, 'mars', 2, false],
      ['is a home mars when all fifteen of the loser were home', { 6: 5, 1: 10 }, true, 'mars', 2, true],
      ['is koks with a checker still on the loser head', { 24: 1, 6: 14 }, true, 'koks', 3, false],
      ['scores koks as mars when the koks option is off', { 24: 1, 6: 14 }, false, 'mars', 2, false],
    ])('%s', (_, loser, koks, kind, multiplier, homeMars) => {
      expect(gameResult('long-nardy', sideFromCounts(loser), { koks })).toEqual({ kind, multiplier, homeMars });
    });
  });

  it('names resignation values per variant', () => {
    expect([1, 2, 3].map((m) => resultKindOf('backgammon', m as 1 | 2 | 3))).toEqual([
      'single',
      'gammon',
      'backgammon',
    ]);
    expect([1, 2, 3].map((m) => resultKindOf('long-nardy', m as 1 | 2 | 3))).toEqual(['oin', 'mars', 'koks']);
  });
});
