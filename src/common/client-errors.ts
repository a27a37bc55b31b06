/**
 * A request Node.js refuses before the app sees it (docs/architecture.md, "HTTP"):
 * one that did not arrive in time (408: its headers within HEADERS_TIMEOUT_SECONDS,
 * the whole of it within REQUEST_TIMEOUT_SECONDS), headers too large (431), or bytes
 * that are not HTTP (400). There is no request to answer through the app, so the
 * problem is written on the socket, which is then closed. Fastify's
 * `clientErrorHandler` (src/http-adapter.ts).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_PREFIX } from './problem-details.js';
import { problemTitle } from './problem-texts/index.js';

interface ClientProblem {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
}

function problemOf(error: { code?: string }): ClientProblem {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'request-timeout',
        detail: 'The request did not arrive in time; the connection is closed.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers-too-large', detail: 'The request headers are too large.' };
    default:
      return { status: 400, code: 'bad-request', detail: 'The request is not valid HTTP.' };
  }
}

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, detail } = problemOf(error);
  const body = JSON.stringify({ type: PROBLEM_TYPE_PREFIX + code, title: problemTitle(code), status, detail, code });
  // As Node.js does: nothing is written into a response under way (a live stream on a kept-alive connection).
  const underWay = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && underWay?.headersSent !== true) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
