import fc from 'fast-check';
import { CHECKERS_PER_SIDE, POINTS, type Position } from '../types.js';
import { bytesToBase64 } from './gnubg-base64.js';
import { arbitraryPosition, gnubgNotation, positionFromGnubgBoard, refusalCode } from '../testing/gnubg-notation.js';
import { decodePositionId, encodePositionId, gnubgBoardToPosition, positionToGnubgBoard } from './position-id.js';

/** A Position ID whose key has 1 bits exactly at `ones` (bit 0 = least significant bit of byte 0). */
function idWithBits(ones: readonly number[]): string {
  const key = new Uint8Array(10);
  for (const bit of ones) key[bit >> 3] |= 1 << (bit & 7);
  return bytesToBase64(key);
}

function sideFrom(counts: Record<number, number>) {
  const points = new Array<number>(POINTS).fill(0);
  let bar = 0;
  for (const [k, n] of Object.entries(counts)) {
    if (Number(k) === 25) bar = n;
    else points[Number(k) - 1] = n;
  }
  return { points, bar, off: CHECKERS_PER_SIDE - bar - points.reduce((a, b) => a + b, 0) };
}

describe('gnubg Position ID', () => {
  const start: Position = {
    player: sideFrom({ 24: 2, 13: 5, 8: 3, 6: 5 }),
    opponent: sideFrom({ 24: 2, 13: 5, 8: 3, 6: 5 }),
  };

  it('encodes the starting position as 4HPwATDgc/ABMA (GNU Backgammon 1.07)', () => {
    expect(encodePositionId(start)).toBe('4HPwATDgc/ABMA');
    expect(decodePositionId('4HPwATDgc/ABMA')).toEqual(start);
  });

  it('writes the side NOT on roll first, as gnubg 1.07 code does (its manual says the opposite)', () => {
    // On roll: one checker on the bar. Not on roll: 15 checkers on its 24 point.
    const position: Position = { player: sideFrom({ 25: 1 }), opponent: sideFrom({ 24: 15 }) };
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    // Not on roll first: 23 empty places (bits 0-22), 15 ones (23-37), 0, empty bar (39); then the
    // side on roll: 24 empty points (40-63) and one checker on its bar (bit 64).
    expect(encodePositionId(position)).toBe(idWithBits([...range(23, 15), 64]));
    // The manual's order (side on roll first) would put the bar checker at bit 24.
    expect(encodePositionId(position)).not.toBe(idWithBits([24, ...range(49, 15)]));
  });

  it.each(gnubgNotation.positions.map((p) => [p.positionId, p] as const))(
    'decodes %s to the board gnubg 1.07 gave it, and encodes that board back to it',
    (id, { board }) => {
      const expected = positionFromGnubgBoard(board);
      expect(decodePositionId(id)).toEqual(expected);
      expect(encodePositionId(expected)).toBe(id);
      expect(positionToGnubgBoard(expected)).toEqual(board);
      expect(gnubgBoardToPosition(board)).toEqual(expected);
    },
  );

  it('round-trips every valid position: decode(encode(p)) = p, and the ID is 14 Base64 characters', () => {
    fc.assert(
      fc.property(arbitraryPosition, (position) => {
        const id = encodePositionId(position);
        expect(id).toMatch(/^[A-Za-z0-9+/]{13}[AQgw]$/);
        expect(decodePositionId(id)).toEqual(position);
        expect(encodePositionId(decodePositionId(id))).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives different positions different IDs', () => {
    fc.assert(
      fc.property(arbitraryPosition, arbitraryPosition, (a, b) => {
        fc.pre(JSON.stringify(a) !== JSON.stringify(b));
        expect(encodePositionId(a)).not.toBe(encodePositionId(b));
      }),
      { numRuns: 1000 },
    );
  });

  describe('refuses what is not a Position ID, with code bad-position-id', () => {
    const cases: [string, string, RegExp][] = [
      ['too short', '4HPwATDgc/ABM', /14 characters/],
      ['too long', '4HPwATDgc/ABMAA', /14 characters/],
      ['empty', '', /14 characters/],
      ['a character outside Base64', '4HPwATDgc/AB-A', /Base64/],
      ['base64url instead of Base64', '4HPwATDgc_ABMA', /Base64/],
      ['non-zero padding bits in the last character', '4HPwATDgc/ABMB', /Base64/],
      ['16 checkers on one point', idWithBits(Array.from({ length: 16 }, (_, i) => i)), /more than 15/],
      [
        '16 checkers spread over one side',
        idWithBits([...Array.from({ length: 8 }, (_, i) => i), ...Array.from({ length: 8 }, (_, i) => 9 + i)]),
        /16 checkers, more than 15/,
      ],
      ['a 1 bit after the 50th place (bits overflow)', idWithBits([50]), /more bits than/],
      ['80 one bits', '//////////////'.slice(0, 13) + 'w', /more than 15/],
      ['both sides on one point', idWithBits([0, 49]), /both sides have checkers/],
      [
        'both sides on the bar against two closed boards',
        idWithBits([
          ...[0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16], // not on roll: 2 on each of points 1-6 (bits 0-17)
          36, // ... 18 empty points (18-35), one checker on its bar, 0 (37)
          ...[38, 39, 41, 42, 44, 45, 47, 48, 50, 51, 53, 54], // on roll: 2 on each of points 1-6 (38-55)
          74, // ... 18 empty points (56-73) and one checker on its bar
        ]),
        /both sides on the bar against two closed boards/,
      ],
    ];
    it.each(cases)('%s', (_name, id, reason) => {
      expect(refusalCode(() => decodePositionId(id))).toBe('bad-position-id');
      expect(() => decodePositionId(id)).toThrow(reason);
    });

    it('a non-string', () => {
      expect(refusalCode(() => decodePositionId(42 as unknown as string))).toBe('bad-position-id');
    });
  });

  it('refuses to encode an impossible position, with code bad-position', () => {
    const tooMany: Position = {
      player: { points: [16, ...new Array<number>(23).fill(0)], bar: 0, off: -1 },
      opponent: start.opponent,
    };
    const offWrong: Position = { player: { ...start.player, off: 1 }, opponent: start.opponent };
    const shared: Position = { player: sideFrom({ 1: 1 }), opponent: sideFrom({ 24: 1 }) };
    const shortBoard: Position = { player: { points: [1], bar: 0, off: 14 }, opponent: start.opponent };
    const negative: Position = { player: sideFrom({ 1: -1, 2: 2 }), opponent: start.opponent };
    for (const p of [tooMany, offWrong, shared, shortBoard, negative]) {
      expect(refusalCode(() => encodePositionId(p))).toBe('bad-position');
    }
  });
});
