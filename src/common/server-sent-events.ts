/**
 * Server-sent events over a Fastify reply (docs/architecture.md "Live
 * streams"): the reply is taken over from the framework, keeps the headers
 * the hooks set (request id, CORS, security), and writes `text/event-stream`
 * messages until the client goes away.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVATE_NO_STORE } from './response-conventions.js';

export interface ServerSentEvent {
  /**
   * The `id:` a client sends back as Last-Event-ID to resume; absent for a side event (a live notice),
   * whose message has no `id:` line, so the client's Last-Event-ID stays the last event's.
   */
  readonly id?: string;
  readonly event: string;
  /** One line of JSON. */
  readonly data: string;
}

/** Where a stream writes; `closed` once the client has gone. */
export interface EventSink {
  send(message: ServerSentEvent): void;
  /** A comment line: ignored by clients, it keeps proxies from closing an idle stream. */
  comment(text: string): void;
  onClose(listener: () => void): void;
  /** Ends the stream from this side (the client reconnects and resumes). */
  end(): void;
  readonly closed: boolean;
}

/** How a stream request is answered: with the stream, or with nothing at all. */
export interface EventStreamAnswer {
  /** Starts the stream (status 200, headers sent now). */
  open(): EventSink;
  /** 204 No Content: there will never be anything to send, and an EventSource stops reconnecting. */
  noContent(): void;
}

/** The answers to a stream request on `reply`. */
export function eventStreamAnswer(request: FastifyRequest, reply: FastifyReply): EventStreamAnswer {
  return {
    open: () => openEventStream(request, reply),
    noContent: () => void reply.status(204).send(),
  };
}

/** How long a client waits before reconnecting after the stream breaks (the `retry:` field). */
const RETRY_MS = 3_000;

/** Starts the event stream on `reply` (status 200, headers sent now). */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventSink {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  Object.assign(headers, {
    'content-type': 'text/event-stream; charset=utf-8',
    // A stream opened with credentials is the caller's (docs/architecture.md, "API conventions").
    'cache-control': `${request.headers.authorization === undefined ? 'no-cache' : PRIVATE_NO_STORE}, no-transform`,
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, headers);
  raw.write(`retry: ${RETRY_MS}\n\n`);
  let closed = false;
  const listeners: Array<() => void> = [];
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const listener of listeners) listener();
  };
  request.raw.on('close', close);
  raw.on('close', close);
  // A client that left while the stream was being set up (its 'close' already emitted).
  if (raw.destroyed || raw.socket?.destroyed === true) close();
  return {
    send(message) {
      if (closed) return;
      const id = message.id === undefined ? '' : `id: ${message.id}\n`;
      raw.write(`${id}event: ${message.event}\ndata: ${message.data}\n\n`);
    },
    comment(text) {
      if (!closed) raw.write(`: ${text.replace(/\n/g, ' ')}\n\n`);
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
    end() {
      if (closed) return;
      raw.end();
      close();
    },
    get closed() {
      return closed;
    },
  };
}
