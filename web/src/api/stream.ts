/**
 * Live updates over server-sent events (docs/architecture.md, "Live streams"), read with fetch so
 * that the bearer token goes in a header. A dropped connection is opened again, after a pause that
 * grows from 1 s to 30 s, with `Last-Event-ID` naming the last event received: the server sends what
 * was missed, so nothing is lost and nothing comes twice.
 */
import { isMatchEvent, isPlayerStreamEvent, streamMessages } from '../../../clients/typed-match/src/event-stream.js';
import { currentSession } from '../session.js';
import type { MatchEvent, PlayerStreamEvent } from './client.js';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

interface Subscription<E> {
  readonly url: string;
  readonly accept: (data: unknown) => data is E;
  readonly onEvent: (event: E) => void;
  readonly onStatus?: (status: StreamStatus) => void;
  /** Whether the stream is over for good once its body ends (a finished match's stream). */
  readonly endsAfter?: (event: E) => boolean;
}

function subscribe<E>(subscription: Subscription<E>): () => void {
  const { url, accept, onEvent, onStatus, endsAfter } = subscription;
  const stop = new AbortController();
  let lastId: string | null = null;
  let pause = FIRST_PAUSE_MS;
  let over = false;
  /** Ids received lately: after a resume the player stream may send an event again, under its id. */
  const seen = new Set<string>();

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  const run = async (): Promise<void> => {
    onStatus?.('connecting');
    while (!stop.signal.aborted && !over) {
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const session = currentSession();
        if (session !== null) headers.Authorization = `Bearer ${session.token}`;
        if (lastId !== null) headers['Last-Event-ID'] = lastId;
        const response = await fetch(url, { headers, signal: stop.signal, cache: 'no-store' });
        if ([204, 401, 403, 404].includes(response.status)) {
          // Over (204: the match has ended and its last event was received), not allowed, or no such
          // match: asking again would not change the answer.
          over = true;
          break;
        }
        if (response.ok && response.body !== null) {
          onStatus?.('live');
          pause = FIRST_PAUSE_MS;
          for await (const message of streamMessages(response.body, stop.signal)) {
            if (message.id !== null) {
              if (seen.has(message.id)) continue;
              seen.add(message.id);
              if (seen.size > 2_000) seen.delete(seen.values().next().value as string);
              lastId = message.id;
            }
            if (!accept(message.data)) continue;
            onEvent(message.data);
            if (endsAfter?.(message.data) === true) over = true;
          }
        }
      } catch {
        // A dropped connection or a failed request: tried again below.
      }
      if (stop.signal.aborted || over) break;
      onStatus?.('reconnecting');
      await wait(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
    if (!stop.signal.aborted) onStatus?.('ended');
  };
  void run();
  return () => stop.abort();
}

/** Every event of every match the signed-in person is in. Returns the function that stops it. */
export function subscribePlayerStream(
  onEvent: (event: PlayerStreamEvent) => void,
  onStatus?: (status: StreamStatus) => void,
): () => void {
  return subscribe({ url: '/api/users/me/stream', accept: isPlayerStreamEvent, onEvent, onStatus });
}

/** The events of one match after event `after` (its version when the page loaded), as they happen. */
export function subscribeMatchStream(
  matchId: string,
  after: number,
  onEvent: (event: MatchEvent) => void,
  onStatus?: (status: StreamStatus) => void,
): () => void {
  return subscribe({
    url: `/api/matches/${encodeURIComponent(matchId)}/stream?after=${after}`,
    accept: isMatchEvent,
    onEvent,
    onStatus,
    endsAfter: (event) => event.type === 'match-end' || event.type === 'abort' || event.type === 'decline',
  });
}
