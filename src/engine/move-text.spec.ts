/**
 * Move text in gnubg's style. The expected strings of formatPlay are the ones
 * GNU Backgammon 1.07 prints for the same moves and board (checked with the
 * gnubg driver of scripts/gnubg/README.md); the generator-wide agreement is in
 * backgammon.spec.ts.
 */
import { initialPosition, makePosition, sideFromCounts } from './board.js';
import type { Move } from './types.js';
import { formatPlay, MoveTextError, parseMoveText, tryParseMoveText } from './move-text.js';

const m = (from: number, to: number): Move => ({ from, to });
const start = initialPosition('backgammon');
// Opponent blots on my 18, my 7 and my 22 (its 7, 18 and 3).
const blots = makePosition(
  sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 5 }),
  sideFromCounts({ 7: 1, 18: 1, 3: 1, 13: 5, 6: 7 }),
);

describe('formatPlay (gnubg FormatMove)', () => {
  it('lists moves by source point, highest first, whatever order they were played in', () => {
    expect(formatPlay('backgammon', [m(13, 11), m(24, 18)], start)).toBe('24/18 13/11');
    expect(formatPlay('backgammon', [m(6, 5), m(8, 5)], start)).toBe('8/5 6/5');
  });

  it('joins the steps of one checker into one move ("24/13")', () => {
    expect(formatPlay('backgammon', [m(24, 18), m(18, 13)], start)).toBe('24/13');
    expect(formatPlay('backgammon', [m(18, 13), m(24, 18)], start)).toBe('24/13');
  });

  it('keeps an intermediate point where the checker hit ("24/18*/14") and marks a final hit', () => {
    expect(formatPlay('backgammon', [m(24, 18), m(18, 14)], blots)).toBe('24/18*/14');
    expect(formatPlay('backgammon', [m(13, 7), m(24, 20)], blots)).toBe('24/20 13/7*');
  });

  it('marks a point hit once, and counts identical moves ("bar/22*(2)", "8/5(2)", "13/10(3) 6/3")', () => {
    const onBar = makePosition(sideFromCounts({ 13: 5, 8: 3, 6: 5 }, 2), sideFromCounts({ 3: 1, 13: 6, 8: 3, 6: 5 }));
    expect(formatPlay('backgammon', [m(25, 22), m(25, 22), m(13, 10), m(13, 10)], onBar)).toBe('bar/22*(2) 13/10(2)');
    expect(formatPlay('backgammon', [m(8, 5), m(8, 5)], start)).toBe('8/5(2)');
    expect(formatPlay('backgammon', [m(13, 10), m(6, 3), m(13, 10), m(13, 10)], start)).toBe('13/10(3) 6/3');
    expect(formatPlay('backgammon', [m(24, 21), m(21, 18), m(24, 21), m(21, 18)], start)).toBe('24/18(2)');
  });

  it('writes off and bar by name ("6/off(2) 5/off(2)", "3/2*/off")', () => {
    const bearOff = makePosition(sideFromCounts({ 6: 2, 5: 3, 4: 10 }), sideFromCounts({ 13: 15 }));
    expect(formatPlay('backgammon', [m(6, 0), m(6, 0), m(5, 0), m(5, 0)], bearOff)).toBe('6/off(2) 5/off(2)');
    const lastHit = makePosition(sideFromCounts({ 3: 1 }), sideFromCounts({ 23: 1, 6: 14 }));
    expect(formatPlay('backgammon', [m(3, 2), m(2, 0)], lastHit)).toBe('3/2*/off');
  });

  it('never marks hits in long nardy, and without a position marks none', () => {
    expect(formatPlay('long-nardy', [m(24, 18), m(18, 13)], initialPosition('long-nardy'))).toBe('24/13');
    expect(formatPlay('backgammon', [m(24, 18), m(18, 14)])).toBe('24/14');
  });

  it('formats no move as the empty string', () => {
    expect(formatPlay('backgammon', [], start)).toBe('');
  });
});

describe('parseMoveText', () => {
  it('reads moves, bar, off and hits', () => {
    expect(parseMoveText('24/18 13/11')).toEqual([m(24, 18), m(13, 11)]);
    expect(parseMoveText('bar/22*')).toEqual([m(25, 22)]);
    expect(parseMoveText('6/off')).toEqual([m(6, 0)]);
  });

  it('expands "(n)" and chains', () => {
    expect(parseMoveText('8/5(2)')).toEqual([m(8, 5), m(8, 5)]);
    expect(parseMoveText('24/18/13')).toEqual([m(24, 18), m(18, 13)]);
    expect(parseMoveText('24/18*/14')).toEqual([m(24, 18), m(18, 14)]);
    expect(parseMoveText('24/21/18(2)')).toEqual([m(24, 21), m(21, 18), m(24, 21), m(21, 18)]);
    expect(parseMoveText('bar/22*(2) 6/3(2)')).toEqual([m(25, 22), m(25, 22), m(6, 3), m(6, 3)]);
  });

  it('accepts 25 for the bar, 0 for off, commas, any case and extra spaces', () => {
    expect(parseMoveText(' 25/22,  6/0 ')).toEqual([m(25, 22), m(6, 0)]);
    expect(parseMoveText('Bar/22 3/OFF')).toEqual([m(25, 22), m(3, 0)]);
  });

  it('reads an empty text as no move (a pass)', () => {
    expect(parseMoveText('')).toEqual([]);
    expect(parseMoveText('   ')).toEqual([]);
  });

  it.each([
    ['24-18', 'not a move'],
    ['18/24', 'toward point 1'],
    ['off/3', 'cannot start from off'],
    ['3/bar', 'cannot end on the bar'],
    ['24/', 'not a point'],
    ['8/5(5)', 'repeat count'],
    ['26/20', 'outside'],
    ['6/off/2', 'nothing can follow off'],
    ['hello', 'not a move'],
  ])('refuses %p with a MoveTextError (bad-notation: %s)', (text, fragment) => {
    let error: unknown;
    try {
      parseMoveText(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MoveTextError);
    expect((error as MoveTextError).code).toBe('bad-notation');
    expect((error as MoveTextError).message).toContain(fragment);
    expect(tryParseMoveText(text)).toMatchObject({ ok: false, reason: 'bad-notation' });
  });

  it('reads back what formatPlay writes', () => {
    for (const moves of [
      [m(24, 18), m(13, 11)],
      [m(25, 22), m(25, 22), m(6, 3), m(6, 3)],
      [m(6, 0), m(5, 0)],
    ]) {
      expect(parseMoveText(formatPlay('backgammon', moves, start))).toEqual(moves);
    }
  });
});
