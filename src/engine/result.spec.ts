import { sideFromCounts } from './board.js';
import { gameResult, resultKindOf } from './result.js';

describe('game results (B6, N7)', () => {
  const koks = { koks: true };

  describe('backgammon', () => {
    it('is a single when the loser has borne off a checker', () => {
      expect(gameResult('backgammon', sideFromCounts({ 24: 1, 3: 13 }), koks)).toMatchObject({
        kind: 'single',
        multiplier: 1,
      });
    });
    it('is a gammon when the loser has borne off none and is out of the winner home and off the bar', () => {
      expect(gameResult('backgammon', sideFromCounts({ 18: 1, 6: 14 }), koks)).toMatchObject({
        kind: 'gammon',
        multiplier: 2,
      });
    });
    it('is a backgammon with a loser checker in the winner home (own 19-24)', () => {
      expect(gameResult('backgammon', sideFromCounts({ 19: 1, 6: 14 }), koks)).toMatchObject({
        kind: 'backgammon',
        multiplier: 3,
      });
    });
    it('is a backgammon with a loser checker on the bar', () => {
      expect(gameResult('backgammon', sideFromCounts({ 6: 14 }, 1), koks)).toMatchObject({
        kind: 'backgammon',
        multiplier: 3,
      });
    });
  });

  describe('long nardy', () => {
    it('is oin when the loser has borne off a checker', () => {
      expect(gameResult('long-nardy', sideFromCounts({ 24: 5, 1: 9 }), koks)).toEqual({
        kind: 'oin',
        multiplier: 1,
        homeMars: false,
      });
    });
    it('is mars when the loser has borne off none and left the head', () => {
      expect(gameResult('long-nardy', sideFromCounts({ 23: 1, 6: 14 }), koks)).toEqual({
        kind: 'mars',
        multiplier: 2,
        homeMars: false,
      });
    });
    it('is a home mars when all fifteen of the loser were home', () => {
      expect(gameResult('long-nardy', sideFromCounts({ 6: 5, 1: 10 }), koks)).toEqual({
        kind: 'mars',
        multiplier: 2,
        homeMars: true,
      });
    });
    it('is koks with a checker still on the loser head', () => {
      expect(gameResult('long-nardy', sideFromCounts({ 24: 1, 6: 14 }), koks)).toEqual({
        kind: 'koks',
        multiplier: 3,
        homeMars: false,
      });
    });
    it('scores koks as mars when the koks option is off', () => {
      expect(gameResult('long-nardy', sideFromCounts({ 24: 1, 6: 14 }), { koks: false })).toEqual({
        kind: 'mars',
        multiplier: 2,
        homeMars: false,
      });
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
