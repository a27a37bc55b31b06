/**
 * gnubg Match ID (GNU Backgammon 1.07, matchid.c), encode and decode, bit
 * for bit.
 *
 * The key is 9 bytes; bit n is bit (n % 8) of byte n / 8 (gnubg's SetBits).
 * The manual numbers the bits from 1; here they are numbered from 0:
 *
 *   bits  0-3   log2 of the cube value
 *   bits  4-5   cube owner: 0 player 0, 1 player 1, 3 centred
 *   bit   6     player on roll (or who rolled), gnubg's fMove
 *   bit   7     Crawford game
 *   bits  8-10  game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
 *   bit   11    player who must decide now, gnubg's fTurn
 *   bit   12    double offered
 *   bits 13-14  resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
 *   bits 15-17  first die  \ gnubg writes the larger die first
 *   bits 18-20  second die /  (0 0 before the roll)
 *   bits 21-35  match length (0 = money)
 *   bits 36-50  player 0's score
 *   bits 51-65  player 1's score
 *   bit   66    Jacoby OFF (gnubg 1.07's extended match ID: 0 = Jacoby in force)
 *
 * written in gnubg's Base64 (12 characters). The Position ID that goes with
 * a Match ID is seen from the player on roll (fMove).
 *
 * Decoding refuses what gnubg's MatchFromID refuses (dice above 6, match
 * length above 64, a score above the match length, Crawford in money play)
 * and, to keep one string per state, what gnubg's encoder never writes: a
 * wrong length or alphabet, cube owner bits 10, game state above 4, one die
 * without the other, the smaller die first, non-zero bits 67-71.
 */

import type { Dice, Die } from '../types.js';
import { base64ToBytes, bytesToBase64, getBits, setBits } from './gnubg-base64.js';
import { NotationError } from './notation-error.js';

export const MATCH_ID_LENGTH = 12;
const KEY_BYTES = 9;

/** gnubg's player numbers: 0 and 1 (gnubg's "player 1" sits at the bottom of its board). */
export type MatchIdPlayer = 0 | 1;

export const MATCH_ID_GAME_STATES = ['none', 'playing', 'over', 'resigned', 'dropped'] as const;
/** gnubg's gamestate: no game started, playing, over, ended by resignation, ended by a dropped cube. */
export type MatchIdGameState = (typeof MATCH_ID_GAME_STATES)[number];

export const MATCH_ID_RESIGNATIONS = ['none', 'single', 'gammon', 'backgammon'] as const;
/** The resignation on offer, if any (offered by the player who is not `turn`). */
export type MatchIdResignation = (typeof MATCH_ID_RESIGNATIONS)[number];

/** gnubg's MAXSCORE: the longest match gnubg plays (it refuses a Match ID with a longer one). */
export const MAX_MATCH_LENGTH = 64;
/** The highest cube a Match ID can hold (4 bits of log2). */
export const MAX_MATCH_ID_CUBE = 2 ** 15;
const MAX_SCORE_FIELD = 0x7fff;

/** Everything a gnubg Match ID holds. */
export interface MatchIdFields {
  /** Cube value: a power of two from 1 to 32768. */
  readonly cubeValue: number;
  /** Who owns the cube; null when it is centred. */
  readonly cubeOwner: MatchIdPlayer | null;
  /** The player on roll, or who has rolled (gnubg's fMove); the matching Position ID is seen from this player. */
  readonly onRoll: MatchIdPlayer;
  /** This game is the Crawford game (match play only). */
  readonly crawford: boolean;
  readonly gameState: MatchIdGameState;
  /** The player who must act now (gnubg's fTurn): the other player while a double or a resignation awaits an answer. */
  readonly turn: MatchIdPlayer;
  /** A double has been offered and awaits take or pass. */
  readonly doubleOffered: boolean;
  /** The resignation on offer. */
  readonly resignation: MatchIdResignation;
  /** The dice rolled, or null before the roll. Encoding writes the larger die first, as gnubg does; decoding returns them so. */
  readonly dice: Dice | null;
  /** Match length in points; 0 for money play. At most 64. */
  readonly matchLength: number;
  /** Points won so far by player 0 and player 1. */
  readonly score: readonly [number, number];
  /** The Jacoby rule is in force (money play). gnubg stores its negation, "Jacoby off", in bit 66. */
  readonly jacoby: boolean;
}

const CUBE_OWNER_CENTRED = 3;

/** The gnubg Match ID of `fields`. Throws NotationError `bad-fields` for values no Match ID can hold. */
export function encodeMatchId(fields: MatchIdFields): string {
  checkFields(fields);
  const key = new Uint8Array(KEY_BYTES);
  const [high, low] = fields.dice === null ? [0, 0] : [Math.max(...fields.dice), Math.min(...fields.dice)];
  setBits(key, 0, 4, Math.log2(fields.cubeValue));
  setBits(key, 4, 2, fields.cubeOwner === null ? CUBE_OWNER_CENTRED : fields.cubeOwner);
  setBits(key, 6, 1, fields.onRoll);
  setBits(key, 7, 1, fields.crawford ? 1 : 0);
  setBits(key, 8, 3, MATCH_ID_GAME_STATES.indexOf(fields.gameState));
  setBits(key, 11, 1, fields.turn);
  setBits(key, 12, 1, fields.doubleOffered ? 1 : 0);
  setBits(key, 13, 2, MATCH_ID_RESIGNATIONS.indexOf(fields.resignation));
  setBits(key, 15, 3, high);
  setBits(key, 18, 3, low);
  setBits(key, 21, 15, fields.matchLength);
  setBits(key, 36, 15, fields.score[0]);
  setBits(key, 51, 15, fields.score[1]);
  setBits(key, 66, 1, fields.jacoby ? 0 : 1);
  return bytesToBase64(key);
}

/** The fields of a gnubg Match ID. Throws NotationError `bad-match-id` on anything gnubg would not write. */
export function decodeMatchId(id: string): MatchIdFields {
  if (typeof id !== 'string' || id.length !== MATCH_ID_LENGTH) {
    throw refuse(`a Match ID has ${MATCH_ID_LENGTH} characters`);
  }
  const key = base64ToBytes(id, KEY_BYTES);
  if (key === null) throw refuse('not gnubg Base64 (characters A-Z a-z 0-9 + /)');
  if (getBits(key, 67, 5) !== 0) throw refuse('bits 67-71 are not zero');
  const owner = getBits(key, 4, 2);
  if (owner === 2) throw refuse('cube owner bits 10 (gnubg writes 00, 01 or 11)');
  const gameState = MATCH_ID_GAME_STATES[getBits(key, 8, 3)];
  if (gameState === undefined) throw refuse('game state above 4');
  const high = getBits(key, 15, 3);
  const low = getBits(key, 18, 3);
  if (high > 6 || low > 6) throw refuse('a die above 6');
  if ((high === 0) !== (low === 0)) throw refuse('one die without the other');
  if (high < low) throw refuse('the smaller die first (gnubg writes the larger first)');
  const matchLength = getBits(key, 21, 15);
  if (matchLength > MAX_MATCH_LENGTH) throw refuse(`match length above ${MAX_MATCH_LENGTH}`);
  const score: [number, number] = [getBits(key, 36, 15), getBits(key, 51, 15)];
  const crawford = getBits(key, 7, 1) === 1;
  if (matchLength > 0 && (score[0] > matchLength || score[1] > matchLength))
    throw refuse('a score above the match length');
  if (matchLength === 0 && crawford) throw refuse('Crawford game in money play');
  return Object.freeze({
    cubeValue: 2 ** getBits(key, 0, 4),
    cubeOwner: owner === CUBE_OWNER_CENTRED ? null : (owner as MatchIdPlayer),
    onRoll: getBits(key, 6, 1) as MatchIdPlayer,
    crawford,
    gameState,
    turn: getBits(key, 11, 1) as MatchIdPlayer,
    doubleOffered: getBits(key, 12, 1) === 1,
    resignation: MATCH_ID_RESIGNATIONS[getBits(key, 13, 2)],
    dice: high === 0 ? null : Object.freeze([high as Die, low as Die] as const),
    matchLength,
    score: Object.freeze(score),
    jacoby: getBits(key, 66, 1) === 0,
  });
}

function refuse(reason: string): NotationError {
  return new NotationError('bad-match-id', `not a gnubg Match ID: ${reason}`);
}

function checkFields(f: MatchIdFields): void {
  const bad = (reason: string) => new NotationError('bad-fields', `cannot encode a Match ID: ${reason}`);
  const isPlayer = (p: unknown) => p === 0 || p === 1;
  if (
    !Number.isInteger(f.cubeValue) ||
    f.cubeValue < 1 ||
    f.cubeValue > MAX_MATCH_ID_CUBE ||
    (f.cubeValue & (f.cubeValue - 1)) !== 0
  ) {
    throw bad(`cube value ${f.cubeValue} is not a power of two from 1 to ${MAX_MATCH_ID_CUBE}`);
  }
  if (f.cubeOwner !== null && !isPlayer(f.cubeOwner)) throw bad('cube owner must be 0, 1 or null');
  if (!isPlayer(f.onRoll) || !isPlayer(f.turn)) throw bad('onRoll and turn must be 0 or 1');
  if (!MATCH_ID_GAME_STATES.includes(f.gameState)) throw bad(`unknown game state ${String(f.gameState)}`);
  if (!MATCH_ID_RESIGNATIONS.includes(f.resignation)) throw bad(`unknown resignation ${String(f.resignation)}`);
  if (f.dice !== null && !(f.dice.length === 2 && f.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))) {
    throw bad('dice must be two numbers from 1 to 6, or null');
  }
  if (!Number.isInteger(f.matchLength) || f.matchLength < 0 || f.matchLength > MAX_MATCH_LENGTH) {
    throw bad(`match length must be 0 (money) to ${MAX_MATCH_LENGTH}`);
  }
  const limit = f.matchLength > 0 ? f.matchLength : MAX_SCORE_FIELD;
  if (f.score.length !== 2 || !f.score.every((s) => Number.isInteger(s) && s >= 0 && s <= limit)) {
    throw bad(`scores must be whole numbers from 0 to ${limit}`);
  }
  if (f.matchLength === 0 && f.crawford) throw bad('no Crawford game in money play');
}
