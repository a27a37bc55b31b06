import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The Cache-Control of a response carrying private data (docs/architecture.md, "API conventions"):
 * neither a shared cache nor the browser's may keep it.
 */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * What every response with a body has had since the service's first HTTP layer
 * (Express's `res.send`), kept as an onSend hook over the serialized body (a
 * string or bytes; files are streams and carry their own validators):
 * - text is UTF-8 and says so: `charset=utf-8` in its Content-Type;
 * - a weak ETag of the body, unless the route set one (browser apps may read
 *   it: CORS exposes it);
 * - a GET or HEAD whose validators (If-None-Match, If-Modified-Since) still
 *   hold for a 2xx answer is answered 304 Not Modified, without a body.
 * And on every response, with a body or not: the answer to a request that
 * carried credentials (an Authorization header) is `private, no-store`, unless
 * its route set a Cache-Control of its own (a board picture: public facts,
 * sent with `Vary: Authorization`). What such an answer says depends on the
 * caller, or is theirs alone (their account, their inbox, a match's `you` and
 * `actions`), and a refusal of their token is theirs too. Answers that carry
 * private data without credentials (a new token) set it on their route.
 */
export function responseConventions(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: HookHandlerDoneFunction & ((err: Error | null, payload?: unknown) => void),
): void {
  if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', PRIVATE_NO_STORE);
  }
  const text = typeof payload === 'string';
  if (!text && !Buffer.isBuffer(payload)) return done(null, payload);
  if (text) {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string') reply.header('content-type', withUtf8Charset(type));
  }
  if (reply.getHeader('etag') === undefined) reply.header('etag', weakEntityTag(payload));
  if (!isFresh(request, reply)) return done(null, payload);
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  reply.removeHeader('transfer-encoding');
  // No body; a HEAD route's own hook takes an (empty) stream where it would measure a body.
  done(null, request.method === 'HEAD' ? Readable.from([]) : null);
}

/** The Content-Type with its charset parameter set to utf-8. */
function withUtf8Charset(type: string): string {
  const charset = /;\s*charset\s*=\s*(?:"[^"]*"|[^;\s]*)/i;
  return charset.test(type) ? type.replace(charset, '; charset=utf-8') : `${type}; charset=utf-8`;
}

/** `W/"<length in hex>-<SHA-1, base64, 27 characters>"`, as Express (the etag package) writes it. */
function weakEntityTag(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  const hash = createHash('sha1').update(bytes).digest('base64').substring(0, 27);
  return `W/"${bytes.length.toString(16)}-${hash}"`;
}

/** Whether the client's copy is current (Express's `req.fresh`, after the fresh package). */
function isFresh(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const status = reply.statusCode;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  return validatorsHold(request.headers, reply.getHeader('etag'), reply.getHeader('last-modified'));
}

function validatorsHold(headers: IncomingHttpHeaders, etag: unknown, lastModified: unknown): boolean {
  const modifiedSince = headers['if-modified-since'];
  const noneMatch = headers['if-none-match'];
  if (!modifiedSince && !noneMatch) return false;
  const cacheControl = headers['cache-control'];
  if (cacheControl && /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch && noneMatch !== '*') {
    if (typeof etag !== 'string') return false;
    const matches = noneMatch.split(',').map((tag) => tag.trim());
    if (!matches.some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag)) return false;
  }
  if (modifiedSince) {
    if (typeof lastModified !== 'string') return false;
    if (!(Date.parse(lastModified) <= Date.parse(modifiedSince))) return false;
  }
  return true;
}
