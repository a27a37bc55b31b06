/**
 * Server-sent events read with fetch streaming: each message's `data:` is one
 * JSON event, checked into the generated types by a type guard (no casts).
 */
import { createParser } from 'eventsource-parser';
import type { components } from './api.js';

export type MatchEvent = components['schemas']['MatchEvent'];
export type PlayerStreamEvent = components['schemas']['PlayerStreamEvent'];
/** A message between a match's players: the `data:` of a stream's `message` event, which has no `id:`. */
export type MatchMessage = components['schemas']['MatchMessageDto'];

/** Every event type, kept complete by the compiler: a type the contract adds is an error here. */
const EVENT_TYPES: Record<MatchEvent['type'], true> = {
  join: true,
  decline: true,
  abort: true,
  'opening-roll': true,
  roll: true,
  play: true,
  double: true,
  take: true,
  drop: true,
  beaver: true,
  resign: true,
  'resignation-accept': true,
  'resignation-reject': true,
  timeout: true,
  leave: true,
  'game-end': true,
  'match-end': true,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What every event has: a known `type`, its `seq` and `at`; the fields of each type follow the contract. */
export function isMatchEvent(value: unknown): value is MatchEvent {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    value.type in EVENT_TYPES &&
    typeof value.seq === 'number' &&
    typeof value.at === 'string'
  );
}

export function isPlayerStreamEvent(value: unknown): value is PlayerStreamEvent {
  return isMatchEvent(value) && 'matchId' in value && typeof value.matchId === 'string';
}

/** The `data:` of a `message` event (docs/community.md, "Match messages"). */
export function isMatchMessage(value: unknown): value is MatchMessage {
  return (
    isRecord(value) &&
    ['id', 'matchId', 'author', 'text', 'createdAt'].every((field) => typeof value[field] === 'string') &&
    !('seq' in value)
  );
}

/** One message of a stream: its `id:`, `event:` and the parsed `data:`. */
export interface StreamMessage {
  readonly id: string | null;
  readonly event: string | null;
  readonly data: unknown;
}

/**
 * The messages of a text/event-stream body as they arrive (comments skipped), until the body ends,
 * or until `signal` aborts: then the body is cancelled and the messages end. (The signal given to
 * fetch is not enough to stop a long-lived body: Node's fetch stops following it once the Request
 * object has been garbage-collected, and a read under way then never ends.) The text is parsed by
 * eventsource-parser, which follows the HTML standard's rules to the letter: line ends CR, LF or
 * CR LF even when a CR and its LF arrive in different chunks, a BOM, `retry:`, fields without a
 * colon.
 *
 * The body is locked (its reader taken) at the call, not at the first read: call this as soon as
 * the stream's headers are in, before anything else is awaited. Node's fetch cancels the body of
 * a Response that is garbage-collected while its body is neither locked nor read, and a client
 * that keeps only the body (openapi-fetch's `parseAs: 'stream'`) would find its stream ended,
 * with nothing said, after the first collection.
 */
export function streamMessages(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<StreamMessage> {
  const reader = body.getReader();
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted === true) cancel();
  return messagesOf(reader, () => signal?.removeEventListener('abort', cancel));
}

/** The messages `reader` gives; `finished` runs once they end, however they do. */
async function* messagesOf(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  finished: () => void,
): AsyncGenerator<StreamMessage> {
  const decoder = new TextDecoder();
  const parsed: StreamMessage[] = [];
  const parser = createParser({
    onEvent: (message) => {
      const data: unknown = JSON.parse(message.data);
      parsed.push({ id: message.id ?? null, event: message.event ?? null, data });
    },
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* parsed.splice(0);
    }
  } finally {
    finished();
    await reader.cancel();
  }
}
