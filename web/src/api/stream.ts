/**
 * A stand-in for the live player stream while the real module is written elsewhere: the same
 * signature, and no events. The real web/src/api/stream.ts replaces this file.
 */
import type { PlayerStreamEvent } from './client.js';

/** Every event of every match the signed-in person is in. Returns the function that stops it. */
export function subscribePlayerStream(
  onEvent: (event: PlayerStreamEvent) => void,
  onStatus?: (status: 'live' | 'reconnecting') => void,
): () => void {
  void onEvent;
  void onStatus;
  return () => undefined;
}
