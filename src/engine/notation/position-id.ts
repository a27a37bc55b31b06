/**
 * gnubg Position ID (GNU Backgammon 1.07, positionid.c), encode and decode,
 * bit for bit.
 *
 * The key is 80 bits: for each side, for each of its 25 places (points 1..24
 * in the side's own numbering, then the bar), as many 1 bits as checkers
 * followed by one 0 bit. gnubg's code writes the side NOT on roll first and
 * the side on roll second (its manual says the opposite; the code is what
 * gnubg and every gnubg ID in the wild follow). Bits fill each byte from the
 * least significant bit; the 10 bytes are written in gnubg's Base64 (14
 * characters).
 *
 * Decoding refuses everything gnubg's PositionFromID/CheckPosition refuses
 * (more than 15 checkers a side, both sides on one point, both sides on the
 * bar against two closed boards) and also what gnubg would silently read past
 * or mangle: a wrong length, a character outside the Base64 alphabet, 1 bits
 * after the 50th place, non-zero padding bits.
 */

import { makePosition, sideBoard } from '../board.js';
import { CHECKERS_PER_SIDE, POINTS, type Position, type SideBoard } from '../types.js';
import { base64ToBytes, bytesToBase64 } from './gnubg-base64.js';
import { NotationError, type NotationErrorCode } from './notation-error.js';

export const POSITION_ID_LENGTH = 14;
const KEY_BYTES = 10;
const KEY_BITS = 80;
const PLACES = POINTS + 1; // 24 points and the bar

/** `Array.isArray` as a plain test: it does not narrow a typed array to `any[]`. */
const isArray: (value: unknown) => boolean = Array.isArray;

/** gnubg's TanBoard: [side not on roll, side on roll], 25 counts each (index 24 = bar). */
export type GnubgBoard = readonly [readonly number[], readonly number[]];

/** The gnubg Position ID of `position`, seen from `position.player` (the side on roll). */
export function encodePositionId(position: Position): string {
  return encodeGnubgBoard(positionToGnubgBoard(position));
}

/** The Position (player = the side on roll) that a gnubg Position ID stands for. */
export function decodePositionId(id: string): Position {
  return boardToPosition(decodeGnubgBoard(id), 'bad-position-id');
}

/** gnubg's board array for a Position: [opponent, player], each in its own numbering, bar last. */
export function positionToGnubgBoard(position: Position): GnubgBoard {
  checkPosition(position, 'bad-position');
  return [sideToArray(position.opponent), sideToArray(position.player)];
}

/** The Position for gnubg's board array [side not on roll, side on roll]. */
export function gnubgBoardToPosition(board: GnubgBoard): Position {
  return boardToPosition(board, 'bad-position');
}

function boardToPosition(board: GnubgBoard, code: NotationErrorCode): Position {
  if (!isArray(board) || board.length !== 2 || !board.every((s) => isArray(s) && s.length === PLACES)) {
    throw new NotationError(code, `a gnubg board is two lists of ${PLACES} counts`);
  }
  const position = makePosition(arrayToSide(board[1]), arrayToSide(board[0]));
  checkPosition(position, code);
  return position;
}

function encodeGnubgBoard(board: GnubgBoard): string {
  const key = new Uint8Array(KEY_BYTES);
  let bit = 0;
  for (const side of board) {
    for (let place = 0; place < PLACES; place++) {
      const count = side[place] ?? 0;
      for (let c = 0; c < count; c++, bit++) key[bit >> 3] |= 1 << (bit & 7);
      bit++; // the 0 that closes the place
    }
  }
  return bytesToBase64(key);
}

function decodeGnubgBoard(id: string): GnubgBoard {
  if (typeof id !== 'string' || id.length !== POSITION_ID_LENGTH) {
    throw refuse(`a Position ID has ${POSITION_ID_LENGTH} characters`);
  }
  const key = base64ToBytes(id, KEY_BYTES);
  if (key === null) throw refuse('not gnubg Base64 (characters A-Z a-z 0-9 + /, last character A, Q, g or w)');
  const board: [number[], number[]] = [new Array<number>(PLACES).fill(0), new Array<number>(PLACES).fill(0)];
  let side = 0;
  let place = 0;
  for (let bit = 0; bit < KEY_BITS; bit++) {
    if ((key[bit >> 3] >> (bit & 7)) & 1) {
      if (side > 1) throw refuse('more bits than 2 x 25 places');
      const count = ++board[side][place];
      if (count > CHECKERS_PER_SIDE) throw refuse(`more than ${CHECKERS_PER_SIDE} checkers on one place`);
    } else if (side <= 1 && ++place === PLACES) {
      side++;
      place = 0;
    }
  }
  return board;
}

function refuse(reason: string): NotationError {
  return new NotationError('bad-position-id', `not a gnubg Position ID: ${reason}`);
}

function sideToArray(side: SideBoard): number[] {
  return [...side.points, side.bar];
}

function arrayToSide(counts: readonly number[]): SideBoard {
  return sideBoard(counts.slice(0, POINTS), counts[POINTS] ?? 0);
}

/**
 * gnubg's CheckPosition plus the shape checks a Position needs: 24 points,
 * whole non-negative counts, at most 15 checkers a side with `off` making
 * them up, no point held by both sides, not both sides on the bar against
 * two closed boards. Throws with `code` (`bad-position-id` while decoding,
 * `bad-position` for a Position or board given by the caller).
 */
export function checkPosition(position: Position, code: NotationErrorCode = 'bad-position'): void {
  const badPosition = (reason: string) =>
    new NotationError(
      code,
      code === 'bad-position-id' ? `not a gnubg Position ID: ${reason}` : `bad position: ${reason}`,
    );
  for (const [name, side] of [
    ['player', position.player],
    ['opponent', position.opponent],
  ] as const) {
    if (!side || !isArray(side.points) || side.points.length !== POINTS) {
      throw badPosition(`${name}.points must list ${POINTS} counts`);
    }
    const onBoard = side.points.reduce((sum, n) => sum + n, 0) + side.bar;
    if (onBoard > CHECKERS_PER_SIDE)
      throw badPosition(`${name} has ${onBoard} checkers, more than ${CHECKERS_PER_SIDE}`);
    const counts = [...side.points, side.bar, side.off];
    if (!counts.every((n) => Number.isInteger(n) && n >= 0)) {
      throw badPosition(`${name} has a count that is not a whole number >= 0`);
    }
    const total = counts.reduce((sum, n) => sum + n, 0);
    if (total !== CHECKERS_PER_SIDE) {
      throw badPosition(
        `${name} has ${total - side.off} checkers on the board and bar and ${side.off} off, not ${CHECKERS_PER_SIDE} in all`,
      );
    }
  }
  for (let i = 0; i < POINTS; i++) {
    if (position.player.points[i] > 0 && position.opponent.points[POINTS - 1 - i] > 0) {
      throw badPosition(`both sides have checkers on the player's point ${i + 1}`);
    }
  }
  const closed = (side: SideBoard) => side.points.slice(0, 6).every((n) => n >= 2);
  if (position.player.bar > 0 && position.opponent.bar > 0 && closed(position.player) && closed(position.opponent)) {
    throw badPosition('both sides on the bar against two closed boards');
  }
}
