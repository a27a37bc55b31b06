/**
 * FIBS's board line (CLIP "board", FIBS's `rawboard` help), the position and
 * match state a FIBS client is sent and that GNU Backgammon's external mode
 * reads (external.c, drawboard.c ProcessFIBSBoardInfo): "board:" and two
 * names, then 50 numbers joined by ':':
 *
 *    1 match length (0 money; FIBS writes 9999 for unlimited)
 *    2 "You"'s points, 3 the opponent's points
 *    4-29 the board, places 0-25 (below)
 *   30 turn: +1 O's turn, -1 X's turn (0: the game is over)
 *   31-32 "You"'s dice (0 0 before rolling), 33-34 the opponent's dice
 *   35 cube value
 *   36 "You" may double, 37 the opponent may double (1 or 0)
 *   38 was doubled: 1 when the opponent has just doubled
 *   39 colour: +1 "You" are O, -1 X
 *   40 direction: -1 "You" move from place 24 to 1, +1 from 1 to 24
 *   41 home, 42 bar: 0 and 25 with direction -1 (obsolete, written anyway)
 *   43-44 checkers borne off by "You", by the opponent
 *   45-46 checkers on the bar of "You", of the opponent
 *   47 how many checkers "You" can move (a rolled turn), 48 forced move (unused)
 *   49 did Crawford, 50 redoubles (gnubg reads 49 as "the Crawford game has been
 *      played" and 50 as "this is not the Crawford game", see src/bots/gnubg/gnubg-request.ts)
 *
 * Here "You" is always O (colour +1, positive counts) moving from 24 to 1
 * (direction -1, home 0, bar 25), as gnubg's own writer (FIBSBoard, drawboard.c)
 * does: place p (1-24) holds "You"'s checkers on its point p as a positive
 * count, or the opponent's on its point 25 - p as a negative count; place 25 is
 * "You"'s bar (positive), place 0 the opponent's (negative).
 *
 * Example, the starting position with "You" to play 5-2 (gnubg's external.h):
 *   board:You:Opp:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0
 */

import { POINTS, type Position } from '../types.js';
import { NotationError } from './notation-error.js';
import { checkPosition } from './position-id.js';

/** The numbers after the two names. */
export const FIBS_BOARD_NUMBERS = 50;

/**
 * The highest score a line holds: gnubg reads each field into a C int. A money session's score may
 * pass 99,999 (a game is worth up to 3 × 4096, docs/rules.md M1), and its line must still be sent.
 */
const MAX_FIBS_SCORE = 2 ** 31 - 1;

/** A name gnubg's external-mode lexer reads as one token (letters, digits, '_'). */
const NAME = /^[A-Za-z0-9_]{1,32}$/;

/** What a FIBS board line holds, "You" being `position.player`. */
export interface FibsBoardFields {
  readonly names: { readonly player: string; readonly opponent: string };
  /** Points to win; 0 = money. */
  readonly matchLength: number;
  /** The two score fields, "You"'s first (but see src/bots/gnubg/gnubg-request.ts for how gnubg 1.07 reads them). */
  readonly score: { readonly player: number; readonly opponent: number };
  /** The board: `player` is "You", each side in its own numbering. */
  readonly position: Position;
  /** Whose turn the turn field names. */
  readonly turn: 'player' | 'opponent';
  /** "You"'s dice, null before rolling (written 0 0). */
  readonly playerDice: readonly [number, number] | null;
  /** The opponent's dice, null when it has none showing. */
  readonly opponentDice: readonly [number, number] | null;
  readonly cubeValue: number;
  readonly playerMayDouble: boolean;
  readonly opponentMayDouble: boolean;
  /** The opponent has just doubled "You". */
  readonly wasDoubled: boolean;
  /** Checkers "You" can move with the dice rolled (0 when not playing). */
  readonly canMove: number;
  readonly didCrawford: boolean;
  /** FIBS's redoubles field (gnubg: 1 = not the Crawford game). */
  readonly redoubles: number;
}

/**
 * The FIBS board line of `fields`: "board:", the names and exactly 50 numbers.
 * Throws NotationError `bad-fields` on a name gnubg would not read as one
 * token or a number out of range, `bad-position` on an impossible position.
 */
export function encodeFibsBoard(fields: FibsBoardFields): string {
  checkFields(fields);
  const { player, opponent } = fields.position;
  const places: number[] = [-opponent.bar];
  for (let point = 1; point <= POINTS; point++) {
    const mine = player.points[point - 1];
    places.push(mine > 0 ? mine : -opponent.points[POINTS - point]);
  }
  places.push(player.bar);
  const dice = (d: readonly [number, number] | null) => (d === null ? [0, 0] : [d[0], d[1]]);
  const flag = (b: boolean) => (b ? 1 : 0);
  const numbers = [
    fields.matchLength,
    fields.score.player,
    fields.score.opponent,
    ...places,
    fields.turn === 'player' ? 1 : -1,
    ...dice(fields.playerDice),
    ...dice(fields.opponentDice),
    fields.cubeValue,
    flag(fields.playerMayDouble),
    flag(fields.opponentMayDouble),
    flag(fields.wasDoubled),
    1, // colour: "You" are O
    -1, // direction: 24 to 1
    0, // home
    25, // bar
    player.off,
    opponent.off,
    player.bar,
    opponent.bar,
    fields.canMove,
    0, // forced move
    flag(fields.didCrawford),
    fields.redoubles,
  ];
  return `board:${fields.names.player}:${fields.names.opponent}:${numbers.join(':')}`;
}

function checkFields(fields: FibsBoardFields): void {
  const bad = (message: string): never => {
    throw new NotationError('bad-fields', message);
  };
  if (!NAME.test(fields.names.player) || !NAME.test(fields.names.opponent)) {
    bad('FIBS board names are 1-32 letters, digits or underscores');
  }
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  if (!whole(fields.matchLength, 0, 9999)) bad('the match length must be a whole number from 0 to 9999');
  if (!whole(fields.score.player, 0, MAX_FIBS_SCORE) || !whole(fields.score.opponent, 0, MAX_FIBS_SCORE)) {
    bad(`scores must be whole numbers from 0 to ${MAX_FIBS_SCORE}`);
  }
  const die = (d: number) => whole(d, 1, 6);
  for (const dice of [fields.playerDice, fields.opponentDice]) {
    if (dice !== null && !(die(dice[0]) && die(dice[1]))) bad('dice must be two numbers from 1 to 6');
  }
  const cube = fields.cubeValue;
  if (!whole(cube, 1, 2 ** 30) || (cube & (cube - 1)) !== 0) bad('the cube value must be a power of two');
  if (!whole(fields.canMove, 0, 4)) bad('"can move" is a number of checkers from 0 to 4');
  if (!whole(fields.redoubles, 0, 99)) bad('redoubles must be a whole number from 0 to 99');
  checkPosition(fields.position, 'bad-position');
}
