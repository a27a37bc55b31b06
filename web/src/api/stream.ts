/**
 * Live updates over server-sent events (docs/architecture.md, "Live streams"), read with fetch so
 * that the bearer token goes in a header. A dropped connection is opened again, after a pause that
 * grows from 1 s to 30 s, with `Last-Event-ID` naming the last event received: the server sends what
 * was missed, so nothing is lost and nothing comes twice.
 */
import { isMatchEvent, isPlayerStreamEvent, streamMessages } from '../../../contract/index.js';
import { freshSession, renewSession } from './session-renewal.js';
import type { MatchEvent, PlayerStreamEvent, TournamentEvent } from './client.js';
import type { MatchMessage, Warning } from './community.js';

/** `ended`: the match is over and its stream with it; `stopped`: the server refused the stream (signed out, gone). */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'stopped';

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;
/** The server sends a keep-alive every 25 s: a connection silent for longer than this is dead. */
const SILENCE_MS = 60_000;

interface Subscription<E> {
  readonly url: string;
  readonly accept: (data: unknown) => data is E;
  readonly onEvent: (event: E) => void;
  readonly onStatus?: (status: StreamStatus) => void;
  /** Whether the stream is over for good once its body ends (a finished match's stream). */
  readonly endsAfter?: (event: E) => boolean;
  /**
   * The stream's notices, outside the game's log (docs/community.md): a match message (`message`),
   * a moderator's warning (`warning`). They do not move the place a resumed stream starts from.
   */
  readonly onNotice?: (notice: StreamNotice) => void;
}

/** A notice a stream carries beside the match events: its `event:` name and its data. */
export type StreamNotice =
  | { readonly kind: 'message'; readonly message: MatchMessage }
  | { readonly kind: 'warning'; readonly warning: Warning };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function noticeOf(event: string | null, data: unknown): StreamNotice | null {
  if (!isRecord(data)) return null;
  if (event === 'message' && typeof data.id === 'string' && typeof data.text === 'string')
    return { kind: 'message', message: data as unknown as MatchMessage };
  if (event === 'warning' && typeof data.id === 'string' && typeof data.reason === 'string')
    return { kind: 'warning', warning: data as unknown as Warning };
  return null;
}

function subscribe<E>(subscription: Subscription<E>): () => void {
  const { url, accept, onEvent, onStatus, endsAfter, onNotice } = subscription;
  const stop = new AbortController();
  let lastId: string | null = null;
  let pause = FIRST_PAUSE_MS;
  let over = false;
  let refused = false;
  /** Whether the token was renewed after a refusal since the stream was last live: a second refusal is final. */
  let renewed = false;
  /** Ids received lately: after a resume the player stream may send an event again, under its id. */
  const seen = new Set<string>();

  /** A pause before trying again, cut short when the browser comes back online or the page is shown again. */
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        document.removeEventListener('visibilitychange', shown);
        stop.signal.removeEventListener('abort', done);
        resolve();
      };
      const shown = (): void => {
        if (document.visibilityState === 'visible') done();
      };
      const timer = setTimeout(done, ms);
      window.addEventListener('online', done);
      document.addEventListener('visibilitychange', shown);
      stop.signal.addEventListener('abort', done, { once: true });
    });

  const run = async (): Promise<void> => {
    onStatus?.('connecting');
    while (!stop.signal.aborted && !over) {
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        // The token renewed first when it is near its expiry: the server ends a stream when its token expires.
        const session = await freshSession();
        if (session !== null) headers.Authorization = `Bearer ${session.token}`;
        if (lastId !== null) headers['Last-Event-ID'] = lastId;
        // This connection's own abort: the page's, or the watchdog's when the connection goes silent.
        const connection = new AbortController();
        const abort = (): void => connection.abort();
        stop.signal.addEventListener('abort', abort, { once: true });
        let silence = setTimeout(abort, SILENCE_MS);
        const heard = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            clearTimeout(silence);
            silence = setTimeout(abort, SILENCE_MS);
            controller.enqueue(chunk);
          },
        });
        try {
          const response = await fetch(url, { headers, signal: connection.signal, cache: 'no-store' });
          if (response.status === 204) {
            // The match has ended and its last event was received.
            over = true;
            break;
          }
          if (response.status === 401 && session !== null && !renewed) {
            // Refused though fresh (expired meanwhile): once more after a renewal; signed out when it fails.
            renewed = true;
            if ((await renewSession(session.token)) !== null) continue;
          }
          if ([400, 401, 403, 404].includes(response.status)) {
            // Not allowed (signed out), no such match, or a resume the server cannot make: asking again
            // would not change the answer.
            over = true;
            refused = true;
            break;
          }
          if (response.ok && response.body !== null) {
            renewed = false;
            onStatus?.('live');
            pause = FIRST_PAUSE_MS;
            for await (const message of streamMessages(response.body.pipeThrough(heard), connection.signal)) {
              const notice = noticeOf(message.event, message.data);
              if (notice !== null) {
                onNotice?.(notice);
                continue;
              }
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
        } finally {
          clearTimeout(silence);
          stop.signal.removeEventListener('abort', abort);
        }
      } catch {
        // A dropped connection or a failed request: tried again below.
      }
      if (stop.signal.aborted || over) break;
      onStatus?.('reconnecting');
      await wait(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
    if (!stop.signal.aborted) onStatus?.(refused ? 'stopped' : 'ended');
  };
  void run();
  return () => stop.abort();
}

/** The player stream's one connection of this page, and those it is shared by. */
interface PlayerStreamShare {
  readonly events: Set<(event: PlayerStreamEvent) => void>;
  readonly notices: Set<(notice: StreamNotice) => void>;
  readonly statuses: Set<(status: StreamStatus) => void>;
  status: StreamStatus;
  stop: () => void;
}

let playerStream: PlayerStreamShare | null = null;

/**
 * Every event of every match the signed-in person is in. Returns the function that stops it. The
 * parts of a page that follow it (the header's count, the lobby) share one connection, opened for
 * the first and closed after the last: an account may hold only so many streams open
 * (STREAMS_PER_USER), and each tab holds one.
 */
export function subscribePlayerStream(
  onEvent: (event: PlayerStreamEvent) => void,
  onStatus?: (status: StreamStatus) => void,
  onNotice?: (notice: StreamNotice) => void,
): () => void {
  // A stream the server refused (signed out) is not shared: a new subscriber asks again.
  if (playerStream === null || playerStream.status === 'stopped' || playerStream.status === 'ended') {
    const share: PlayerStreamShare = {
      events: new Set(),
      notices: new Set(),
      statuses: new Set(),
      status: 'connecting',
      stop: () => {},
    };
    playerStream = share;
    share.stop = subscribe({
      url: '/api/users/me/stream',
      accept: isPlayerStreamEvent,
      onEvent: (event) => [...share.events].forEach((listener) => listener(event)),
      onNotice: (notice) => [...share.notices].forEach((listener) => listener(notice)),
      onStatus: (status) => {
        share.status = status;
        [...share.statuses].forEach((listener) => listener(status));
      },
    });
  }
  const share = playerStream;
  share.events.add(onEvent);
  if (onNotice !== undefined) share.notices.add(onNotice);
  if (onStatus !== undefined) {
    share.statuses.add(onStatus);
    onStatus(share.status);
  }
  return () => {
    share.events.delete(onEvent);
    if (onNotice !== undefined) share.notices.delete(onNotice);
    if (onStatus !== undefined) share.statuses.delete(onStatus);
    if (share.events.size > 0) return;
    if (playerStream === share) playerStream = null;
    share.stop();
  };
}

/** The events of one match after event `after` (its version when the page loaded), as they happen. */
export function subscribeMatchStream(
  matchId: string,
  after: number,
  onEvent: (event: MatchEvent) => void,
  onStatus?: (status: StreamStatus) => void,
  onNotice?: (notice: StreamNotice) => void,
): () => void {
  return subscribe({
    url: `/api/matches/${encodeURIComponent(matchId)}/stream?after=${after}`,
    accept: isMatchEvent,
    onEvent,
    onStatus,
    onNotice,
    endsAfter: (event) => event.type === 'match-end' || event.type === 'abort' || event.type === 'decline',
  });
}

/** What every event of a tournament's log has (docs/tournaments.md, "The log"): its version and type. */
function isTournamentEvent(value: unknown): value is TournamentEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<TournamentEvent>).version === 'number' &&
    typeof (value as Partial<TournamentEvent>).type === 'string'
  );
}

/** The events of one tournament's log after version `after`, as they are committed; the stream ends with the tournament. */
export function subscribeTournamentStream(
  tournamentId: string,
  after: number,
  onEvent: (event: TournamentEvent) => void,
  onStatus?: (status: StreamStatus) => void,
): () => void {
  return subscribe({
    url: `/api/tournaments/${encodeURIComponent(tournamentId)}/stream?after=${after}`,
    accept: isTournamentEvent,
    onEvent,
    onStatus,
    endsAfter: (event) => event.type === 'finished' || event.type === 'cancelled',
  });
}
