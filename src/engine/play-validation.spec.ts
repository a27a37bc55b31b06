/**
 * validatePlay: accepted plays come back canonical; refused ones carry the
 * reason of the first failing step, or the whole-play rule they break.
 * (Long-nardy head, block and bear-off refusals are in long-nardy.spec.ts.)
 */
import { initialPosition, makePosition, sideFromCounts } from './board.js';
import { legalPlays } from './legal-plays.js';
import { validatePlay } from './play-validation.js';
import type { Dice, Move, Position } from './types.js';

const start = initialPosition('backgammon');
const m = (from: number, to: number): Move => ({ from, to });
const bg = (p: Position, dice: Dice, play: readonly Move[] | string) => validatePlay('backgammon', p, dice, play);

describe('validatePlay accepts', () => {
  it('a legal play in any step-by-step legal order, returning the canonical play', () => {
    for (const order of [
      [m(8, 5), m(6, 5)],
      [m(6, 5), m(8, 5)],
    ]) {
      const result = bg(start, [3, 1], order);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.play.text).toBe('8/5 6/5');
        expect(result.play.moves).toEqual([m(8, 5), m(6, 5)]);
      }
    }
  });

  it('gnubg text, including one checker playing both dice ("24/13") and doubles ("8/5(2) 6/3(2)")', () => {
    expect(bg(start, [6, 5], '24/13')).toMatchObject({ ok: true });
    expect(bg(start, [6, 5], [m(24, 13)])).toMatchObject({ ok: true });
    const double = bg(start, [3, 3], '6/3(2) 8/5(2)');
    expect(double.ok && double.play.text).toBe('8/5(2) 6/3(2)');
  });

  it('the very play legalPlays lists, for every play of a position (same resulting position)', () => {
    for (const play of legalPlays('backgammon', start, [4, 4])) {
      const result = bg(start, [4, 4], play.moves);
      expect(result.ok && result.play.position).toEqual(play.position);
    }
  });

  it('an empty play only when there is no legal play', () => {
    const closed = makePosition(
      sideFromCounts({ 13: 5, 8: 3, 6: 5 }, 2),
      sideFromCounts({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }),
    );
    const pass = bg(closed, [6, 5], []);
    expect(pass.ok && pass.play.moves).toEqual([]);
    expect(bg(closed, [6, 5], '')).toMatchObject({ ok: true });
    expect(bg(start, [6, 5], [])).toMatchObject({ ok: false, reason: 'must-use-both-dice' });
  });
});

describe('validatePlay refuses with a specific reason', () => {
  const cases: [string, Position, Dice, readonly Move[] | string, string, string][] = [
    ['one die of two that both can be played', start, [6, 5], '24/18', 'must-use-both-dice', 'both'],
    ['three of four playable dice of a double', start, [3, 3], '8/5(2) 6/3', 'must-use-more-dice', '4 dice'],
    ['a landing point held by two opposing checkers', start, [6, 5], [m(6, 1), m(13, 7)], 'point-blocked', 'point 1'],
    ['bearing off with checkers outside home', start, [6, 5], [m(6, 0), m(13, 8)], 'bear-off-not-allowed', 'home'],
    ['a point without a checker of mine', start, [6, 5], [m(20, 14), m(13, 8)], 'no-checker', 'point 20'],
    ['a distance no die fits', start, [6, 5], '13/10 24/18', 'wrong-distance', '3 pips'],
    ['one checker going further than both dice', start, [6, 5], '24/12', 'wrong-distance', '12 pips'],
    ['more moves than dice', start, [6, 5], '24/18 13/8 8/3', 'too-many-moves', 'already used'],
    ['unreadable text', start, [6, 5], '24-18', 'bad-notation', 'not a move'],
  ];
  it.each(cases)('%s', (_name, position, dice, play, reason, fragment) => {
    const result = bg(position, dice, play);
    expect(result).toMatchObject({ ok: false, reason });
    expect(!result.ok && result.message).toContain(fragment);
  });

  it('enter-from-bar-first when another checker moves while one is on the bar', () => {
    const p = makePosition(
      sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 4 }, 1),
      sideFromCounts({ 24: 2, 13: 5, 8: 3, 6: 5 }),
    );
    expect(bg(p, [6, 5], [m(13, 7), m(25, 20)])).toMatchObject({ ok: false, reason: 'enter-from-bar-first' });
    expect(bg(p, [6, 5], [m(25, 20), m(13, 7)])).toMatchObject({ ok: true });
  });

  it('no-legal-play for moves when the roll cannot be played', () => {
    const closed = makePosition(
      sideFromCounts({ 13: 5, 8: 3, 6: 5 }, 2),
      sideFromCounts({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }),
    );
    expect(bg(closed, [6, 5], 'bar/20')).toMatchObject({ ok: false, reason: 'no-legal-play' });
  });

  it('the first failing step is reported, not a later one', () => {
    const result = bg(start, [6, 5], [m(6, 1), m(20, 14)]);
    expect(result).toMatchObject({ ok: false, reason: 'point-blocked' });
  });

  it('malformed moves, positions and dice', () => {
    expect(bg(start, [6, 5], [m(30, 24)])).toMatchObject({ ok: false, reason: 'bad-move' });
    expect(bg(start, [6, 5], [m(6, 8)])).toMatchObject({ ok: false, reason: 'bad-move' });
    expect(bg(start, [7, 5] as unknown as Dice, '24/18')).toMatchObject({ ok: false, reason: 'bad-dice' });
    const bad = makePosition({ points: start.player.points, bar: 0, off: 1 }, start.opponent);
    expect(bg(bad, [6, 5], '24/18')).toMatchObject({ ok: false, reason: 'bad-position' });
  });

  it('a bar move in long nardy: there is no bar', () => {
    const result = validatePlay('long-nardy', initialPosition('long-nardy'), [6, 5], [m(25, 19)]);
    expect(result).toMatchObject({ ok: false, reason: 'no-checker' });
    expect(!result.ok && result.message).toContain('no bar');
  });
});
