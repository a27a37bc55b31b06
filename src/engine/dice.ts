/**
 * Provably fair dice (docs/architecture.md "Dice"). Algorithm version
 * `nardy-dice-v1`; docs/dice-fairness.md states the same algorithm with test
 * vectors.
 *
 * Inputs
 * - `seed`: the server's secret, 32 random bytes, drawn at match start.
 *   The commitment published at match start is `sha256(seed)` as lowercase hex.
 * - `matchId`: the match identifier, a string (UTF-8).
 * - `clientSeeds`: the client seeds the players gave when they joined, in join
 *   order (strings, UTF-8; a player who gave none contributes nothing).
 * - `rollIndex`: the 0-based number of the throw within the match. Every throw
 *   of the match has its own index, in order, across all games: each opening
 *   throw (including a tied one that is thrown again) and each regular roll.
 *   The match state (`MatchState.rollIndex` in match-state.ts) holds the index of the
 *   next throw.
 *
 * Message for block k (k = 0, 1, 2, ...), all integers unsigned 32-bit big-endian:
 * ```
 *   "nardy-dice-v1"                       13 ASCII bytes, no length prefix
 *   u32(len(matchId)) matchId             UTF-8 bytes
 *   u32(number of client seeds)
 *   for each client seed: u32(len) seed   UTF-8 bytes, join order
 *   u32(rollIndex)
 *   u32(k)
 * ```
 * Block k = HMAC-SHA256(key = seed (the 32 raw bytes), message for block k).
 * Every length is prefixed, so different inputs never give the same message.
 *
 * Byte stream and rejection sampling: the bytes of block 0, then of block 1,
 * and so on (the counter k extends the stream when 32 bytes run out, which
 * happens for two dice with probability below 33 * (1/64)^31). Each byte b is
 * rejected when b >= 252 (252 = 42 * 6, so the accepted bytes are uniform
 * modulo 6); otherwise it yields the die b % 6 + 1.
 *
 * A throw takes the first two accepted dice: [first, second].
 * - Regular roll: the dice in that order.
 * - Opening roll: white's die is the first, black's the second. If they are
 *   equal the opening is thrown again as the next throw (rollIndex + 1); in a
 *   money session with automatic doubles each tie doubles the cube.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Dice, Die } from './types.js';

export const DICE_ALGORITHM = 'nardy-dice-v1';
export const SEED_BYTES = 32;
/** Bytes at or above this value are rejected: 252 = 42 * 6. */
export const REJECT_FROM = 252;

const MAX_U32 = 0xffff_ffff;
const HEX_SEED = /^[0-9a-f]{64}$/;

/** The inputs every throw of one match shares. */
export interface DiceContext {
  /** The 32-byte server seed, as 64 lowercase hex characters. */
  readonly seed: string;
  readonly matchId: string;
  /** Client seeds in join order. */
  readonly clientSeeds: readonly string[];
}

export interface OpeningThrow {
  readonly white: Die;
  readonly black: Die;
}

/** Draws a new 32-byte server seed, as 64 lowercase hex characters. */
export function generateServerSeed(): string {
  return randomBytes(SEED_BYTES).toString('hex');
}

/** The commitment published at match start: sha256 of the 32 raw seed bytes, lowercase hex. */
export function commitment(seed: string): string {
  return createHash('sha256').update(seedBytes(seed)).digest('hex');
}

/** Whether `seed` (revealed at the end) matches the `commitment` published at the start. */
export function verifyCommitment(seed: string, published: string): boolean {
  if (!HEX_SEED.test(seed) || !/^[0-9a-f]{64}$/.test(published)) return false;
  return timingSafeEqual(Buffer.from(commitment(seed), 'hex'), Buffer.from(published, 'hex'));
}

/** The unambiguous HMAC message of one block (see the module comment). */
export function diceMessage(matchId: string, clientSeeds: readonly string[], rollIndex: number, block: number): Buffer {
  checkU32(rollIndex, 'rollIndex');
  checkU32(block, 'block');
  const parts: Buffer[] = [Buffer.from(DICE_ALGORITHM, 'ascii'), lengthPrefixed(matchId), u32(clientSeeds.length)];
  for (const clientSeed of clientSeeds) parts.push(lengthPrefixed(clientSeed));
  parts.push(u32(rollIndex), u32(block));
  return Buffer.concat(parts);
}

/** Block `block` of the byte stream of throw `rollIndex`: 32 bytes. */
export function diceBlock(context: DiceContext, rollIndex: number, block: number): Buffer {
  return createHmac('sha256', seedBytes(context.seed))
    .update(diceMessage(context.matchId, context.clientSeeds, rollIndex, block))
    .digest();
}

/**
 * The first `count` accepted dice of throw `rollIndex` (the stream is
 * extended block by block as needed). Two dice make a throw; more are only
 * useful to check the extension.
 */
export function deriveDiceSequence(context: DiceContext, rollIndex: number, count: number): Die[] {
  const dice: Die[] = [];
  for (let block = 0; dice.length < count; block++) {
    for (const byte of diceBlock(context, rollIndex, block)) {
      const die = byteToDie(byte);
      if (die !== null) dice.push(die);
      if (dice.length === count) break;
    }
  }
  return dice;
}

/** Rejection sampling of one byte: null when rejected (>= 252), else byte % 6 + 1. */
export function byteToDie(byte: number): Die | null {
  return byte >= REJECT_FROM ? null : (((byte % 6) + 1) as Die);
}

/** A regular roll: the throw `rollIndex` as two dice in order. */
export function deriveRoll(context: DiceContext, rollIndex: number): Dice {
  const [first, second] = deriveDiceSequence(context, rollIndex, 2) as [Die, Die];
  return Object.freeze([first, second] as const);
}

/** An opening throw: white's die first, black's second; equal dice mean the opening is thrown again at rollIndex + 1. */
export function deriveOpeningThrow(context: DiceContext, rollIndex: number): OpeningThrow {
  const [white, black] = deriveRoll(context, rollIndex);
  return Object.freeze({ white, black });
}

/** One recorded throw to check: regular rolls give `dice`, openings `white`/`black`. */
export type RecordedThrow =
  | { readonly rollIndex: number; readonly kind: 'roll'; readonly dice: Dice }
  | { readonly rollIndex: number; readonly kind: 'opening'; readonly white: Die; readonly black: Die };

export interface FairnessMismatch {
  readonly rollIndex: number;
  readonly recorded: readonly Die[];
  readonly derived: readonly Die[];
}

export type FairnessVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'commitment-mismatch' | 'dice-mismatch';
      readonly mismatches: readonly FairnessMismatch[];
    };

/**
 * What anyone can run after the seed is revealed: the seed matches the
 * commitment and every recorded throw equals its derivation.
 */
export function verifyThrows(
  context: DiceContext,
  published: string,
  throws: readonly RecordedThrow[],
): FairnessVerdict {
  if (!verifyCommitment(context.seed, published)) return { ok: false, reason: 'commitment-mismatch', mismatches: [] };
  const mismatches: FairnessMismatch[] = [];
  for (const recordedThrow of throws) {
    const recorded: readonly Die[] =
      recordedThrow.kind === 'roll' ? recordedThrow.dice : [recordedThrow.white, recordedThrow.black];
    const derived = deriveRoll(context, recordedThrow.rollIndex);
    if (recorded[0] !== derived[0] || recorded[1] !== derived[1]) {
      mismatches.push({ rollIndex: recordedThrow.rollIndex, recorded, derived });
    }
  }
  return mismatches.length === 0 ? { ok: true } : { ok: false, reason: 'dice-mismatch', mismatches };
}

function seedBytes(seed: string): Buffer {
  if (!HEX_SEED.test(seed)) throw new RangeError('the server seed must be 32 bytes as 64 lowercase hex characters');
  return Buffer.from(seed, 'hex');
}

function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([u32(bytes.length), bytes]);
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function checkU32(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_U32) {
    throw new RangeError(`${name} must be an integer in 0..2^32-1`);
  }
}
