/**
 * Server-sent events read with fetch streaming: each message's `data:` is one
 * JSON event, checked into the generated types by a type guard (no casts).
 */
import type { components } from './api.js';

export type MatchEvent = components['schemas']['MatchEvent'];
export type PlayerStreamEvent = components['schemas']['PlayerStreamEvent'];

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
 * object has been garbage-collected, and a read under way then never ends.)
 */
export async function* streamMessages(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<StreamMessage> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted === true) cancel();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const message = parseMessage(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message) yield message;
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    await reader.cancel();
  }
}

function parseMessage(block: string): StreamMessage | null {
  let id: string | null = null;
  let event: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  const parsed: unknown = JSON.parse(data.join('\n'));
  return { id, event, data: parsed };
}
