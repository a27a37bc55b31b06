import {
  CHECKERS_PER_SIDE,
  decodePositionId,
  decodeXgid,
  NotationError,
  POINTS,
  positionFromJson,
  validatePosition,
  type Position,
  type PositionJson,
  type Variant,
} from '../engine/index.js';
import { InvalidPositionError } from './position.errors.js';

const isCount = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) <= CHECKERS_PER_SIDE;

function checkSideShape(side: unknown, name: string): void {
  if (typeof side !== 'object' || side === null || Array.isArray(side)) {
    throw new InvalidPositionError('bad-shape', `position.${name} must be an object {points, bar, off}.`);
  }
  const { points, bar, off, ...rest } = side as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0)
    throw new InvalidPositionError('bad-shape', `position.${name} has unknown fields: ${extra.join(', ')}.`);
  if (!Array.isArray(points) || points.length !== POINTS || !points.every(isCount)) {
    throw new InvalidPositionError('bad-shape', `position.${name}.points must be 24 whole numbers from 0 to 15.`);
  }
  if (bar !== undefined && !isCount(bar))
    throw new InvalidPositionError('bad-shape', `position.${name}.bar must be a whole number from 0 to 15.`);
  if (off !== undefined && !isCount(off))
    throw new InvalidPositionError('bad-shape', `position.${name}.off must be a whole number from 0 to 15.`);
  const onBoard = points.reduce((a, b) => a + b, 0) + (bar ?? 0);
  if (onBoard > CHECKERS_PER_SIDE) {
    throw new InvalidPositionError(
      'wrong-checker-count',
      `position.${name} has ${onBoard} checkers on the board and bar; each side has exactly 15.`,
    );
  }
}

/**
 * The position a client sent: board JSON, or for backgammon a gnubg Position ID
 * or an XGID. Always returns a legal board for the variant, with `player` the
 * side to move, or throws InvalidPositionError with the reason.
 */
export function readPositionInput(variant: Variant, input: unknown): Position {
  let position: Position;
  if (typeof input === 'string') {
    if (variant !== 'backgammon') {
      throw new InvalidPositionError(
        'notation-not-for-variant',
        'Position IDs and XGIDs describe backgammon positions; give a long-nardy position as board JSON.',
      );
    }
    try {
      position = input.startsWith('XGID=') ? decodeXgid(input).position : decodePositionId(input);
    } catch (err) {
      if (err instanceof NotationError) throw new InvalidPositionError(err.code, err.message);
      throw err;
    }
  } else {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new InvalidPositionError('bad-shape', 'position must be a board object {player, opponent}.');
    }
    const { player, opponent, ...rest } = input as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0)
      throw new InvalidPositionError('bad-shape', `position has unknown fields: ${extra.join(', ')}.`);
    checkSideShape(player, 'player');
    checkSideShape(opponent, 'opponent');
    position = positionFromJson(input as PositionJson);
  }
  const refusal = validatePosition(variant, position);
  if (refusal) throw new InvalidPositionError(refusal.code, refusal.message);
  return position;
}
