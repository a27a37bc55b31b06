/** Who sits where in a match. */
import type { Colour } from '../../engine/index.js';
import type { MatchRecord } from './match-record.js';

/** The caller's colour in the match, null for anyone else. */
export function colourOf(record: MatchRecord, userId: string | null): Colour | null {
  if (userId === null) return null;
  if (record.white?.id === userId) return 'white';
  if (record.black?.id === userId) return 'black';
  return null;
}
