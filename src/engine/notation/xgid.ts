/**
 * XGID, eXtreme Gammon's position-and-match string, encode and decode, and
 * its reading by GNU Backgammon 1.07 (`set xgid`, SetXGID in set.c):
 *
 *   XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
 *        position                   | | | |  | | | | max cube (log2)
 *                                   | | | |  | | | match length (0 = money)
 *                                   | | | |  | | rules: match 1 = Crawford game;
 *                                   | | | |  | |        money bit 0 Jacoby, bit 1 beavers
 *                                   | | | |  | O's score
 *                                   | | | |  X's score
 *                                   | | | dice: 00 to roll or double, two digits rolled,
 *                                   | | |       D doubled, B beavered, R raccooned
 *                                   | | turn: 1 X, -1 O
 *                                   | cube owner: 0 centred, 1 X, -1 O
 *                                   cube value (log2)
 *
 * The position is 26 characters, always from X's side whoever is on roll:
 * index 0 is O's bar, 1..24 are the points in X's numbering (X moves 24 -> 1),
 * 25 is X's bar; '-' is empty, 'A'..'O' 1 to 15 of X's checkers, 'a'..'o' O's.
 * X is eXtreme Gammon's bottom player and gnubg's player 1; O is gnubg's
 * player 0.
 *
 * Here the board is a Position seen from the side the turn field names
 * (player = that side, each side in its own numbering), with `turn` saying
 * which of X and O it is.
 */

import { makePosition, sideBoard } from '../board.js';
import { POINTS, type Dice, type Die, type Position } from '../types.js';
import { MAX_MATCH_ID_CUBE, MAX_MATCH_LENGTH, type MatchIdFields } from './match-id.js';
import { NotationError } from './notation-error.js';
import { checkPosition, encodePositionId } from './position-id.js';

/** eXtreme Gammon's two sides: X at the bottom (uppercase, turn 1), O at the top (lowercase, turn -1). */
export type XgSide = 'x' | 'o';

export const XGID_DECISIONS = ['roll', 'play', 'doubled', 'beavered', 'raccooned'] as const;
/**
 * What the dice field says: `roll` (00) the side on roll has not rolled yet
 * and may double; `play` the dice are rolled and must be played; `doubled`
 * (D) the side named by `turn` has doubled and the other side must take or
 * pass; `beavered` (B) and `raccooned` (R) the same after a beaver, a raccoon.
 */
export type XgidDecision = (typeof XGID_DECISIONS)[number];

/** Everything an XGID holds. */
export interface XgidFields {
  /** The board seen from the side `turn` names: `player` is that side. */
  readonly position: Position;
  /** The side the turn field names: the side on roll, or with D/B/R the side that doubled. */
  readonly turn: XgSide;
  /** Cube value, a power of two (written as its log2). With D/B/R the cube before the double. */
  readonly cubeValue: number;
  /** Who owns the cube; null when centred. */
  readonly cubeOwner: XgSide | null;
  readonly decision: XgidDecision;
  /** The dice when `decision` is `play`, in the order written; null otherwise. */
  readonly dice: Dice | null;
  /** Points won so far by X and by O (match play; XG writes 0 and 0 in money play). */
  readonly score: { readonly x: number; readonly o: number };
  /** Match length; 0 for money play. */
  readonly matchLength: number;
  /** Match play: this game is the Crawford game. Always false in money play. */
  readonly crawford: boolean;
  /** Money play: the Jacoby rule is in force. Always false in match play. */
  readonly jacoby: boolean;
  /** Money play: beavers are allowed. Always false in match play. */
  readonly beavers: boolean;
  /** The cube limit, a power of two written as its log2 (XG writes 10, a 1024 cube; gnubg ignores it). */
  readonly maxCubeValue: number;
}

const PREFIX = 'XGID=';
const MAX_EXPONENT = 15;
const DECISION_LETTERS: Partial<Record<XgidDecision, string>> = { doubled: 'D', beavered: 'B', raccooned: 'R' };

/** The XGID of `fields` (always with the "XGID=" prefix). Throws NotationError `bad-fields` on values an XGID cannot hold. */
export function encodeXgid(fields: XgidFields): string {
  checkFields(fields);
  const { position, turn } = fields;
  const x = turn === 'x' ? position.player : position.opponent;
  const o = turn === 'x' ? position.opponent : position.player;
  const chars: string[] = [count(o.bar, 'a')];
  for (let point = 1; point <= POINTS; point++) {
    const mine = x.points[point - 1];
    const theirs = o.points[POINTS - point];
    chars.push(mine > 0 ? count(mine, 'A') : count(theirs, 'a'));
  }
  chars.push(count(x.bar, 'A'));
  const side = (s: XgSide | null) => (s === null ? '0' : s === 'x' ? '1' : '-1');
  const dice =
    fields.decision === 'play' ? `${fields.dice![0]}${fields.dice![1]}` : (DECISION_LETTERS[fields.decision] ?? '00');
  const rules = fields.matchLength > 0 ? (fields.crawford ? 1 : 0) : (fields.jacoby ? 1 : 0) + (fields.beavers ? 2 : 0);
  return (
    PREFIX +
    [
      chars.join(''),
      Math.log2(fields.cubeValue),
      side(fields.cubeOwner),
      side(turn),
      dice,
      fields.score.x,
      fields.score.o,
      rules,
      fields.matchLength,
      Math.log2(fields.maxCubeValue),
    ].join(':')
  );
}

/** The fields of an XGID ("XGID=" prefix optional). Throws NotationError `bad-xgid` on anything else. */
export function decodeXgid(text: string): XgidFields {
  if (typeof text !== 'string') throw refuse('not a string');
  const body = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : text;
  const parts = body.split(':');
  if (parts.length !== 10) throw refuse('an XGID has 10 fields separated by ":"');
  const [board, cubeExp, owner, turnField, diceField, scoreX, scoreO, rulesField, lengthField, maxExp] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const turn = turnOf(turnField);
  const cubeOwner = cubeOwnerOf(owner);
  const cubeValue = 2 ** integer(cubeExp, 'cube', 0, MAX_EXPONENT);
  const maxCubeValue = 2 ** integer(maxExp, 'max cube', 0, MAX_EXPONENT);
  const matchLength = integer(lengthField, 'match length', 0, MAX_MATCH_LENGTH);
  const rules = integer(rulesField, 'rules', 0, matchLength > 0 ? 1 : 3);
  const score = Object.freeze({
    x: integer(scoreX, "X's score", 0, matchLength > 0 ? matchLength : 0x7fff),
    o: integer(scoreO, "O's score", 0, matchLength > 0 ? matchLength : 0x7fff),
  });
  let decision: XgidDecision;
  let dice: Dice | null = null;
  if (diceField === '00') decision = 'roll';
  else if (diceField === 'D') decision = 'doubled';
  else if (diceField === 'B') decision = 'beavered';
  else if (diceField === 'R') decision = 'raccooned';
  else if (/^[1-6][1-6]$/.test(diceField)) {
    decision = 'play';
    dice = Object.freeze([Number(diceField[0]) as Die, Number(diceField[1]) as Die] as const);
  } else throw refuse(`dice "${diceField}" is not 00, two dice 1-6, D, B or R`);
  return Object.freeze({
    position: readBoard(board, turn),
    turn,
    cubeValue,
    cubeOwner,
    decision,
    dice,
    score,
    matchLength,
    crawford: matchLength > 0 && rules === 1,
    jacoby: matchLength === 0 && (rules & 1) === 1,
    beavers: matchLength === 0 && (rules & 2) === 2,
    maxCubeValue,
  });
}

/**
 * What GNU Backgammon 1.07 makes of an XGID (`set xgid`, SetXGID in set.c):
 * the Position ID (seen from the side on roll, which for D is the doubler)
 * and the Match ID fields, with X as gnubg's player 1 and O as player 0,
 * the game playing, no resignation, Jacoby as the money rules say (off in
 * match play) and the max cube dropped. gnubg refuses B and R, and so does
 * this (NotationError `bad-xgid`). gnubg then offers to swap the players
 * when O is on roll; that is a display choice and not done here.
 */
export function xgidToGnubg(fields: XgidFields): { readonly positionId: string; readonly match: MatchIdFields } {
  checkFields(fields);
  if (fields.decision === 'beavered' || fields.decision === 'raccooned') {
    throw new NotationError('bad-xgid', `gnubg cannot read an XGID with a ${fields.decision} cube (dice field B or R)`);
  }
  const gnubgPlayer = (side: XgSide) => (side === 'x' ? 1 : 0);
  const onRoll = gnubgPlayer(fields.turn);
  const doubled = fields.decision === 'doubled';
  return Object.freeze({
    positionId: encodePositionId(fields.position),
    match: Object.freeze({
      cubeValue: fields.cubeValue,
      cubeOwner: fields.cubeOwner === null ? null : gnubgPlayer(fields.cubeOwner),
      onRoll,
      crawford: fields.crawford,
      gameState: 'playing',
      turn: doubled ? ((1 - onRoll) as 0 | 1) : onRoll,
      doubleOffered: doubled,
      resignation: 'none',
      dice: fields.dice,
      matchLength: fields.matchLength,
      score: Object.freeze([fields.score.o, fields.score.x] as const),
      jacoby: fields.jacoby,
    }),
  });
}

function refuse(reason: string): NotationError {
  return new NotationError('bad-xgid', `not an XGID: ${reason}`);
}

function count(n: number, base: 'A' | 'a'): string {
  return n === 0 ? '-' : String.fromCharCode(base.charCodeAt(0) + n - 1);
}

function integer(text: string, name: string, min: number, max: number): number {
  if (!/^(0|-?[1-9][0-9]*)$/.test(text)) throw refuse(`${name} "${text}" is not a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw refuse(`${name} ${n} is not from ${min} to ${max}`);
  return n;
}

function turnOf(text: string): XgSide {
  if (text === '1') return 'x';
  if (text === '-1') return 'o';
  throw refuse(`turn "${text}" is not 1 or -1`);
}

function cubeOwnerOf(text: string): XgSide | null {
  if (text === '0') return null;
  if (text === '1' || text === '-1') return turnOf(text);
  throw refuse(`cube owner "${text}" is not 1, 0 or -1`);
}

function readBoard(board: string, turn: XgSide): Position {
  if (board.length !== POINTS + 2) throw refuse(`the position has ${POINTS + 2} characters`);
  const x = { points: new Array<number>(POINTS).fill(0), bar: 0 };
  const o = { points: new Array<number>(POINTS).fill(0), bar: 0 };
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === '-') continue;
    const upper = c >= 'A' && c <= 'O';
    const lower = c >= 'a' && c <= 'o';
    if (!upper && !lower) throw refuse(`position character "${c}" is not -, A-O or a-o`);
    const n = c.charCodeAt(0) - (upper ? 65 : 97) + 1;
    if (i === 0) {
      if (upper) throw refuse("index 0 is O's bar: only lowercase there");
      o.bar = n;
    } else if (i === POINTS + 1) {
      if (lower) throw refuse("index 25 is X's bar: only uppercase there");
      x.bar = n;
    } else if (upper) x.points[i - 1] = n;
    else o.points[POINTS - i] = n;
  }
  const [xSide, oSide] = [sideBoard(x.points, x.bar), sideBoard(o.points, o.bar)];
  const position = turn === 'x' ? makePosition(xSide, oSide) : makePosition(oSide, xSide);
  checkPosition(position, 'bad-xgid');
  return position;
}

function checkFields(f: XgidFields): void {
  const bad = (reason: string) => new NotationError('bad-fields', `cannot encode an XGID: ${reason}`);
  const isSide = (s: unknown) => s === 'x' || s === 'o';
  const isPower = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_MATCH_ID_CUBE && (v & (v - 1)) === 0;
  checkPosition(f.position, 'bad-fields');
  if (!isSide(f.turn)) throw bad('turn must be x or o');
  if (f.cubeOwner !== null && !isSide(f.cubeOwner)) throw bad('cube owner must be x, o or null');
  if (!isPower(f.cubeValue) || !isPower(f.maxCubeValue))
    throw bad(`cube and max cube must be powers of two up to ${MAX_MATCH_ID_CUBE}`);
  if (!XGID_DECISIONS.includes(f.decision)) throw bad(`unknown decision ${String(f.decision)}`);
  if ((f.decision === 'play') !== (f.dice !== null)) throw bad('dice are given exactly when the decision is play');
  if (f.dice !== null && !(f.dice.length === 2 && f.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))) {
    throw bad('dice must be two numbers from 1 to 6');
  }
  if (!Number.isInteger(f.matchLength) || f.matchLength < 0 || f.matchLength > MAX_MATCH_LENGTH) {
    throw bad(`match length must be 0 (money) to ${MAX_MATCH_LENGTH}`);
  }
  const limit = f.matchLength > 0 ? f.matchLength : 0x7fff;
  if (![f.score.x, f.score.o].every((s) => Number.isInteger(s) && s >= 0 && s <= limit)) {
    throw bad(`scores must be whole numbers from 0 to ${limit}`);
  }
  if (f.matchLength > 0 && (f.jacoby || f.beavers)) throw bad('Jacoby and beavers are money-play rules');
  if (f.matchLength === 0 && f.crawford) throw bad('no Crawford game in money play');
}
