/**
 * The random source a house bot decides with (docs/bots.md, "Deciding"):
 * seeded by the match and the version decided on, so that every node decides
 * the same at the same version, and a decision taken again after a lost race
 * or a restart is the same decision. The engine's mulberry32, seeded by the
 * first 32 bits of SHA-256 of the two.
 */
import { createHash } from 'node:crypto';
import { mulberry32 } from '../engine/index.js';

/** Numbers in [0, 1), the same sequence for the same match and version. */
export function decisionRandom(matchId: string, version: number): () => number {
  return mulberry32(createHash('sha256').update(`${matchId}:${version}`).digest().readUInt32BE(0));
}
