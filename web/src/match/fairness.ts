/**
 * The fairness panel's check, in the browser (docs/dice-fairness.md, scheme `nardy-dice-v1`): once a
 * match is over, GET /api/matches/{id}/fairness reveals the server's seed; the page recomputes with Web
 * Crypto (a) that sha256 of the seed's 32 bytes is the commitment published at the start and (b) every
 * throw, opening throws and rolls, from the seed, the match id, the client seeds and the throw's roll index.
 *
 * A deliberately independent verifier. The engine's derivation (src/engine/dice.ts) is the one that rolls;
 * this one is written again from the published scheme alone, over `crypto.subtle`: block k =
 * HMAC-SHA256(seed, message(k)), its bytes read in order, a byte of 252 or more rejected, any other giving
 * the die byte % 6 + 1, the first two dice the throw (an opening throw's as [white, black]). A check that
 * ran the server's own code could not catch a fault in that code, nor show a player that the scheme as
 * documented is what was used; its spec holds the two to the same dice for many seeds and matches.
 */

export const FAIRNESS_ALGORITHM = 'nardy-dice-v1';
/** Bytes at or above this value are rejected: 252 = 42 × 6 (docs/dice-fairness.md, "Rejection sampling"). */
const REJECT_FROM = 252;
const HEX_SEED = /^[0-9a-f]{64}$/;

/** What GET /api/matches/{id}/fairness answers (FairnessDto). */
export interface FairnessRecord {
  readonly algorithm: string;
  readonly commitment: string;
  readonly seed: string | null;
  readonly clientSeeds: readonly string[];
  readonly throws: readonly { readonly rollIndex: number; readonly dice: readonly number[]; readonly seq: number }[];
}

/** One throw: as recorded, as recomputed from the seed, and whether they agree. `index` is the roll index. */
export interface ThrowCheck {
  readonly index: number;
  /** The event that recorded the throw. */
  readonly seq: number;
  readonly recorded: readonly number[];
  readonly recomputed: readonly number[];
  readonly matches: boolean;
}

/**
 * - `fair`: the seed matches the commitment and every throw its derivation;
 * - `seed-not-revealed`: the match is not over, nothing can be checked yet;
 * - `unknown-algorithm`: the match's dice come from a scheme this page does not know;
 * - `malformed-seed`: the seed is not 32 bytes of lowercase hex;
 * - `commitment-mismatch`: sha256 of the seed is not the commitment published at the start;
 * - `dice-mismatch`: some recorded throw is not the one the seed gives.
 */
export type FairnessVerdict =
  'fair' | 'seed-not-revealed' | 'unknown-algorithm' | 'malformed-seed' | 'commitment-mismatch' | 'dice-mismatch';

export interface FairnessCheck {
  readonly verdict: FairnessVerdict;
  /** sha256(seed) as lowercase hex, when the seed could be read. */
  readonly seedHash: string | null;
  readonly commitmentMatches: boolean;
  /** Every recorded throw, recomputed (empty when the seed is hidden or unreadable). */
  readonly throws: readonly ThrowCheck[];
}

/** Checks a match's dice: the commitment first, then every recorded throw (both are reported in full). */
export async function checkFairness(
  matchId: string,
  record: FairnessRecord,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<FairnessCheck> {
  const none = (verdict: FairnessVerdict): FairnessCheck => ({
    verdict,
    seedHash: null,
    commitmentMatches: false,
    throws: [],
  });
  if (record.algorithm !== FAIRNESS_ALGORITHM) return none('unknown-algorithm');
  if (record.seed === null) return none('seed-not-revealed');
  if (!HEX_SEED.test(record.seed)) return none('malformed-seed');
  const seedHash = await commitmentOf(record.seed, subtle);
  const commitmentMatches = seedHash === record.commitment.toLowerCase();
  const key = await hmacKey(record.seed, subtle);
  const throws: ThrowCheck[] = [];
  for (const recorded of record.throws) {
    const recomputed = await throwFrom(key, matchId, record.clientSeeds, recorded.rollIndex, subtle);
    const matches =
      recorded.dice.length === 2 && recorded.dice[0] === recomputed[0] && recorded.dice[1] === recomputed[1];
    throws.push({ index: recorded.rollIndex, seq: recorded.seq, recorded: recorded.dice, recomputed, matches });
  }
  const verdict = !commitmentMatches
    ? 'commitment-mismatch'
    : throws.every((t) => t.matches)
      ? 'fair'
      : 'dice-mismatch';
  return { verdict, seedHash, commitmentMatches, throws };
}

/** sha256 of the seed's 32 raw bytes, lowercase hex: what the commitment must be. */
export async function commitmentOf(seed: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  return toHex(new Uint8Array(await subtle.digest('SHA-256', seedBytes(seed))));
}

/** Throw `rollIndex` of a match: two dice in order (an opening throw's as [white, black]). */
export async function recomputeThrow(
  seed: string,
  matchId: string,
  clientSeeds: readonly string[],
  rollIndex: number,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<[number, number]> {
  return throwFrom(await hmacKey(seed, subtle), matchId, clientSeeds, rollIndex, subtle);
}

/**
 * The first `count` accepted dice of throw `rollIndex`: a throw uses two; more show the stream going on
 * into the next blocks (docs/dice-fairness.md, "Test vectors").
 */
export async function recomputeDice(
  seed: string,
  matchId: string,
  clientSeeds: readonly string[],
  rollIndex: number,
  count: number,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<number[]> {
  return diceFrom(await hmacKey(seed, subtle), matchId, clientSeeds, rollIndex, count, subtle);
}

/**
 * The HMAC message of block `block` of throw `rollIndex` (docs/dice-fairness.md, "Derivation"):
 * "nardy-dice-v1", then u32 length and UTF-8 bytes of the match id, u32 count of client seeds, each with
 * its u32 length, u32 roll index and u32 block; every u32 big-endian.
 */
export function diceMessage(
  matchId: string,
  clientSeeds: readonly string[],
  rollIndex: number,
  block: number,
): Uint8Array<ArrayBuffer> {
  const utf8 = new TextEncoder();
  const parts: Uint8Array[] = [utf8.encode(FAIRNESS_ALGORITHM)];
  const prefixed = (text: string): void => {
    const bytes = utf8.encode(text);
    parts.push(u32(bytes.length), bytes);
  };
  prefixed(matchId);
  parts.push(u32(clientSeeds.length));
  for (const clientSeed of clientSeeds) prefixed(clientSeed);
  parts.push(u32(rollIndex), u32(block));
  const message = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

async function throwFrom(
  key: CryptoKey,
  matchId: string,
  clientSeeds: readonly string[],
  rollIndex: number,
  subtle: SubtleCrypto,
): Promise<[number, number]> {
  const [first, second] = await diceFrom(key, matchId, clientSeeds, rollIndex, 2, subtle);
  return [first, second];
}

/** The first `count` accepted dice of the byte stream of throw `rollIndex`, block after block. */
async function diceFrom(
  key: CryptoKey,
  matchId: string,
  clientSeeds: readonly string[],
  rollIndex: number,
  count: number,
  subtle: SubtleCrypto,
): Promise<number[]> {
  const dice: number[] = [];
  for (let block = 0; dice.length < count; block++) {
    const bytes = new Uint8Array(await subtle.sign('HMAC', key, diceMessage(matchId, clientSeeds, rollIndex, block)));
    for (const byte of bytes) {
      if (byte < REJECT_FROM) dice.push((byte % 6) + 1);
      if (dice.length === count) break;
    }
  }
  return dice;
}

function hmacKey(seed: string, subtle: SubtleCrypto): Promise<CryptoKey> {
  return subtle.importKey('raw', seedBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

function seedBytes(seed: string): Uint8Array<ArrayBuffer> {
  if (!HEX_SEED.test(seed)) throw new RangeError('the seed must be 32 bytes as 64 lowercase hex characters');
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(seed.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function u32(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) throw new RangeError(`${value} is not a u32`);
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
