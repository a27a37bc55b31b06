/**
 * Moves made on a position as they are given, for showing a play already judged: a logged play
 * step by step, an opponent's play animated. Nothing here judges legality (validatePlay and
 * stepsAfter do); it only moves checkers as the board's rules of contact say (docs/rules.md B3:
 * in backgammon a checker landing on a lone opposing checker sends it to the bar; N2: long nardy
 * has no hitting and no bar).
 */
import { makePosition, opponentPoint } from './board.js';
import { InvalidInputError } from './legal-plays.js';
import { BAR, OFF, POINTS, type Move, type Position, type SideBoard, type Variant } from './types.js';

interface Side {
  points: number[];
  bar: number;
  off: number;
}

const copy = (side: SideBoard): Side => ({ points: side.points.slice(), bar: side.bar, off: side.off });
const frozen = (side: Side): SideBoard => Object.freeze({ ...side, points: Object.freeze(side.points) });

/**
 * The position after the mover (`player`) makes `moves` in the order given, the mover still `player`.
 * @throws InvalidInputError (`bad-move`) for a move that starts where the mover has no checker, or that
 * does not go towards home (from 1-24 or the bar, to a lower point or off).
 */
export function positionAfterMoves(variant: Variant, position: Position, moves: readonly Move[]): Position {
  const mine = copy(position.player);
  const theirs = copy(position.opponent);
  for (const { from, to } of moves) {
    const towardsHome = Number.isInteger(from) && Number.isInteger(to) && from >= 1 && from <= BAR && to >= OFF;
    if (!towardsHome || to >= from) throw new InvalidInputError('bad-move', `${from}/${to} is not a move towards home`);
    const here = from === BAR ? mine.bar : mine.points[from - 1];
    if (here === 0) {
      throw new InvalidInputError(
        'bad-move',
        `no checker of the mover on ${from === BAR ? 'the bar' : `point ${from}`}`,
      );
    }
    if (from === BAR) mine.bar--;
    else mine.points[from - 1]--;
    if (to === OFF) {
      mine.off++;
      continue;
    }
    mine.points[to - 1]++;
    const theirPoint = opponentPoint(variant, to);
    if (variant === 'backgammon' && to <= POINTS && theirs.points[theirPoint - 1] === 1) {
      theirs.points[theirPoint - 1] = 0;
      theirs.bar++;
    }
  }
  return makePosition(frozen(mine), frozen(theirs));
}
