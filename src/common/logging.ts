import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { once } from 'node:events';
import { pino, type SerializedRequest, type SerializedResponse } from 'pino';
import { REDACTED, redactSecrets, redactUrl } from './log-redaction.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the client's X-Request-Id when it is sane, else a fresh UUID. Fastify's
 * `genReqId` (src/http-adapter.ts, which also echoes it in the response); the log lines, the
 * problems and the response all carry the id Fastify gave the request.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What stands in a log line for a credential. */
const CENSORED = REDACTED;

/**
 * What a request line says of the request: its id, method and URL with its secrets redacted (a
 * mail's link carries its token in the query; log-redaction.ts), and whether it carried
 * credentials (`headers.authorization`, `headers.cookie`, censored here, never copied), not every
 * header: serializing and redacting all of them for every line was a measurable share of a
 * request's cost.
 */
function requestSummary(req: SerializedRequest): Record<string, unknown> {
  const { authorization, cookie } = req.headers;
  const credentials = {
    ...(authorization === undefined ? {} : { authorization: CENSORED }),
    ...(cookie === undefined ? {} : { cookie: CENSORED }),
  };
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.url),
    ...(Object.keys(credentials).length === 0 ? {} : { headers: credentials }),
  };
}

function responseSummary(res: SerializedResponse): Record<string, unknown> {
  return { statusCode: res.statusCode };
}

/**
 * nestjs-pino options: one JSON line per request, with its id; credentials and secrets never
 * logged (docs/architecture.md, "Logging"): the request's URL is redacted where it is serialized
 * and where the message quotes it, and every line, whatever wrote it, passes `redactSecrets` on
 * its way out (a secret quoted in an error's message, say).
 */
export function loggerParams(level: string): Params {
  return {
    pinoHttp: [
      {
        level,
        // pino-http keeps the id the raw request carries (Fastify's, which @fastify/middie copies there): a fallback.
        genReqId: requestIdOf,
        serializers: { req: requestSummary, res: responseSummary },
        redact: {
          // Request and response lines carry no headers but the censored authorization (above);
          // these catch credentials in any other object logged.
          paths: [
            '*.password',
            '*.newPassword',
            '*.passwordHash',
            '*.authorization',
            '*.cookie',
            '*.accessToken',
            '*.refreshToken',
            '*.token',
          ],
          censor: CENSORED,
        },
        customSuccessMessage: (req, res, ms) =>
          `${req.method} ${redactUrl(req.url ?? '')} ${res.statusCode} ${Math.round(ms)}ms`,
        customErrorMessage: (req, res) => `${req.method} ${redactUrl(req.url ?? '')} ${res.statusCode}`,
        hooks: { streamWrite: redactSecrets },
      },
      logDestination(),
    ],
  };
}

/**
 * Where log lines go: stdout, through pino's asynchronous destination (lines
 * are written in the background, off the request path). One per process, as
 * nestjs-pino's root logger is.
 */
let destination: ReturnType<typeof pino.destination> | undefined;

function logDestination(): ReturnType<typeof pino.destination> {
  destination ??= pino.destination({ dest: 1, sync: false });
  return destination;
}

/**
 * Writes out the log lines still buffered or being written, then closes the
 * destination: the last thing before the process exits, since a process ended
 * by `process.exit` or a signal loses them otherwise (pino's own exit hook
 * writes synchronously what is buffered, but not a write in flight). Nothing
 * may be logged afterwards. Gives up after `timeoutMs` (stdout gone).
 */
export async function flushLogs(timeoutMs = 2000): Promise<void> {
  const stream = destination;
  if (stream === undefined) return;
  destination = undefined;
  // Settles when the lines are out, or after timeoutMs when stdout does not drain: nothing more to save then.
  const closed = once(stream, 'close', { signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  try {
    stream.end();
  } catch {
    return; // already destroyed: stdout is gone (pino stops writing on EPIPE)
  }
  await closed;
}
