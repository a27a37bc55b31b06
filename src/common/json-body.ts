import { isUtf8 } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { HttpStatus } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestProblem, ValidationFailed } from './http-problems.js';
import { jsonShapeProblem, MAX_JSON_DEPTH } from './json-body-shape.js';

/** Largest accepted request body. Every request body of this API is a small JSON object, but where a route says otherwise. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * What one route takes besides small JSON bodies (set with `AcceptsBodies` on
 * its handler): text bodies of the media types named, which reach the route
 * as a string (UTF-8, a byte order mark dropped), and its own size limit.
 */
export interface RouteBodyTerms {
  /** Media types (lower case, without parameters) read as text, e.g. `text/plain`. */
  readonly text?: readonly string[];
  /** The largest body the route takes, instead of BODY_LIMIT_BYTES. */
  readonly limitBytes?: number;
}

/** The key of a route's Fastify config that holds its RouteBodyTerms. */
const BODY_TERMS = 'bodyTerms';

/** Lets a route take text bodies, or larger bodies, than the API's small JSON ones. */
export function AcceptsBodies(terms: RouteBodyTerms): MethodDecorator {
  return RouteConfig({ [BODY_TERMS]: terms });
}

function termsOf(request: FastifyRequest): RouteBodyTerms {
  const config: unknown = request.routeOptions?.config;
  const terms = (config as Record<string, unknown> | undefined)?.[BODY_TERMS];
  return (terms as RouteBodyTerms | undefined) ?? {};
}

/**
 * Parses the JSON request bodies of every route, unknown ones included, and
 * turns every way a body can be wrong into a problem with its own code, before
 * any guard or validation sees the request: a body that is not JSON or not
 * UTF-8 declared (415), bytes that are not UTF-8 (400 invalid-utf8), malformed
 * JSON (400 malformed-json), too large (413), nested deeper than
 * MAX_JSON_DEPTH (400 json-too-deep), a top-level value that is not an object
 * or keys like `__proto__` at any depth (400 validation-failed). A request
 * without a body has the body `{}`, whatever its Content-Type says. A body
 * refused is read to its end, so the connection stays usable, unless it is
 * over the limit: a Content-Length over it is refused before a byte of the
 * body is read, a body found over it while reading is read no further, and
 * the connection is closed after the answer (docs/architecture.md, "HTTP").
 * A route may also take text bodies, or larger ones (RouteBodyTerms).
 */
export function useJsonBodies(instance: FastifyInstance): void {
  // Any method may carry a body, and a body is judged whatever the method (GET and HEAD included).
  for (const method of ['GET', 'HEAD']) instance.addHttpMethod(method, { hasBody: true, overrideExisting: true });
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', { bodyLimit: BODY_LIMIT_BYTES }, parseBody);
  // Only a body has a media type to judge: Fastify would refuse a malformed Content-Type on a request without one.
  instance.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (headers['content-type'] !== undefined && !hasBody(headers)) delete headers['content-type'];
    done();
  });
  // A refused body fails the request here rather than in the parser, where Fastify would close the connection.
  instance.addHook('preValidation', (request, reply, done) => {
    const body: unknown = request.body;
    if (body instanceof RefusedBody) {
      // What is left of the body is not read: the connection cannot carry another request.
      if (!body.readToEnd) void reply.header('connection', 'close');
      return done(body.problem);
    }
    if (body === undefined) request.body = {};
    done();
  });
}

/** 415 for a body that is not JSON, nor text the route takes (the Content-Type as the request sent it). */
export function unsupportedMediaType(contentType: string | undefined, text: readonly string[] = []): RequestProblem {
  const accepted = ['application/json', ...text].join(' or ');
  return new RequestProblem(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'unsupported-media-type',
    `Request bodies must be ${accepted} (got ${contentType ?? 'no Content-Type'}).`,
  );
}

/** 413 for a body over the limit (BODY_LIMIT_BYTES unless the route has its own). */
export function payloadTooLarge(limit = BODY_LIMIT_BYTES): RequestProblem {
  return new RequestProblem(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'payload-too-large',
    `Request bodies are limited to ${limit} bytes.`,
  );
}

/** 400 for a body that could not be read to its end (cut short, or a corrupt compressed stream). */
export function unreadableBody(): RequestProblem {
  return new RequestProblem(HttpStatus.BAD_REQUEST, 'bad-request', 'The request body could not be read.');
}

/** 400 for a text body with a NUL, which no text format read here has and the database cannot store. */
const nulInText = () =>
  new RequestProblem(
    HttpStatus.BAD_REQUEST,
    'unstorable-text',
    'The text holds a NUL character, which no file format read here uses and the database cannot store.',
  );

const notUtf8Json = (text = false) =>
  new RequestProblem(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'unsupported-media-type',
    text ? 'The body must be UTF-8 text.' : 'The body must be UTF-8 JSON.',
  );

/**
 * The parse of a body that is refused: preValidation fails the request with its problem,
 * and closes the connection after the answer when the body was not read to its end.
 */
class RefusedBody {
  constructor(
    readonly problem: RequestProblem,
    readonly readToEnd = true,
  ) {}
}

/** A body over the limit, left unread. */
const tooLarge = (limit: number): RefusedBody => new RefusedBody(payloadTooLarge(limit), false);

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function isJson(contentType: string | undefined): boolean {
  const mime = mediaTypeOf(contentType);
  return mime === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mime);
}

const CHARSET_PARAMETER = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** The declared charset, lower-cased; undefined when none is declared. */
function charsetOf(contentType: string): string | undefined {
  const match = CHARSET_PARAMETER.exec(contentType);
  return match === null ? undefined : (match[1] ?? match[2]).toLowerCase();
}

/**
 * The content-type parser for every media type (Fastify's '*'): the request has a body.
 * JSON texts are UTF-8 (RFC 8259): another declared charset is refused (one that is not
 * even a Unicode one before the body is read), and the raw bytes are checked, since
 * decoding replaces invalid sequences with U+FFFD and carries on silently. The text
 * bodies a route takes are held to the same.
 */
async function parseBody(request: FastifyRequest, payload: Readable): Promise<unknown> {
  const contentType = request.headers['content-type'];
  const terms = termsOf(request);
  const limit = terms.limitBytes ?? BODY_LIMIT_BYTES;
  // Whatever the body is, and however it is encoded, a declared length over the limit is not read.
  if (Number(request.headers['content-length'] ?? 0) > limit) return tooLarge(limit);
  const text = terms.text?.includes(mediaTypeOf(contentType)) === true;
  if (!isJson(contentType) && !text) return refuse(payload, unsupportedMediaType(contentType, terms.text), limit);
  const charset = charsetOf(contentType!);
  if (charset !== undefined && !charset.startsWith('utf-')) return refuse(payload, notUtf8Json(text), limit);
  const bytes = await readBody(payload, request.headers, limit);
  if (bytes instanceof RefusedBody) return bytes;
  if (bytes instanceof RequestProblem) return new RefusedBody(bytes);
  if (charset !== undefined && charset !== 'utf-8') return new RefusedBody(notUtf8Json(text));
  if (!isUtf8(bytes)) {
    return new RefusedBody(
      new RequestProblem(
        HttpStatus.BAD_REQUEST,
        'invalid-utf8',
        text
          ? 'The request body is not valid UTF-8.'
          : 'The request body is not valid UTF-8 (JSON must be UTF-8 encoded).',
      ),
    );
  }
  if (text) {
    const body = bytes.toString('utf8');
    // Valid UTF-8 encodes no lone surrogate; a NUL it may, and no text format read here has one.
    if (body.includes('\u0000')) return new RefusedBody(nulInText());
    return body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  }
  let body: unknown;
  try {
    body = parseStrictJson(bytes.toString('utf8'));
  } catch {
    return new RefusedBody(
      new RequestProblem(HttpStatus.BAD_REQUEST, 'malformed-json', 'The request body is not valid JSON.'),
    );
  }
  const problem = shapeProblem(body);
  return problem === undefined ? body : new RefusedBody(problem);
}

/** Reads off what is left of the body (up to `limit` bytes), then refuses it. */
async function refuse(payload: Readable, problem: RequestProblem, limit: number): Promise<RefusedBody> {
  return new RefusedBody(problem, await drain(payload, limit));
}

const JSON_WHITESPACE = ' \t\n\r';

/**
 * JSON whose top-level value is an object or an array; an empty text (after a
 * byte order mark, which is dropped) is the empty object.
 */
function parseStrictJson(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.length === 0) return {};
  let start = 0;
  while (start < json.length && JSON_WHITESPACE.includes(json.charAt(start))) start++;
  const first = json.charAt(start);
  if (first !== '{' && first !== '[') throw new SyntaxError('Not a JSON object or array');
  return JSON.parse(json);
}

/** The problem with a parsed body's shape, or undefined when it may go on to validation. */
function shapeProblem(body: unknown): RequestProblem | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return new RequestProblem(HttpStatus.BAD_REQUEST, 'validation-failed', 'The request body must be a JSON object.', [
      { field: '', constraint: 'isObject', message: 'the request body must be a JSON object' },
    ]);
  }
  const problem = jsonShapeProblem(body);
  switch (problem?.kind) {
    case undefined:
      return undefined;
    case 'too-deep':
      return new RequestProblem(
        HttpStatus.BAD_REQUEST,
        'json-too-deep',
        `The request body is nested more than ${MAX_JSON_DEPTH} levels deep (objects and arrays).`,
      );
    case 'field-errors':
      return new ValidationFailed(problem.errors);
  }
}

/** The stream that decodes a Content-Encoding, undefined for one not supported. */
function decoderOf(encoding: string): Transform | undefined {
  switch (encoding) {
    case 'deflate':
      return zlib.createInflate();
    case 'gzip':
      return zlib.createGunzip();
    case 'br':
      return zlib.createBrotliDecompress();
    case 'zstd': {
      // Node.js has zstd from 22.15 on.
      const { createZstdDecompress } = zlib as { createZstdDecompress?: () => Transform };
      return createZstdDecompress?.();
    }
    default:
      return undefined;
  }
}

/**
 * The body's bytes, decoded from its Content-Encoding, at most `limit` of them
 * (413 beyond: the rest is left unread); the request is read to its end otherwise.
 */
async function readBody(
  payload: Readable,
  headers: IncomingHttpHeaders,
  limit: number,
): Promise<Buffer | RequestProblem | RefusedBody> {
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') {
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    const read = await collect(payload, length, limit);
    if (read === TOO_LARGE) return tooLarge(limit);
    if (read instanceof RequestProblem) await drain(payload, limit);
    return read;
  }
  const decoder = decoderOf(encoding);
  if (decoder === undefined) return new RefusedBody(notUtf8Json(), await drain(payload, limit));
  // Its errors are collect()'s to report; none may go unheard once it is done with the decoder.
  decoder.on('error', () => undefined);
  payload.pipe(decoder);
  // pipe() does not pass on a request cut short: the decoder would wait for the rest forever.
  finished(payload).catch((err: unknown) => decoder.destroy(err as Error));
  const read = await collect(decoder, undefined, limit);
  payload.unpipe(decoder);
  decoder.destroy();
  if (read === TOO_LARGE) {
    payload.pause();
    return tooLarge(limit);
  }
  // A compressed body is at most about as long as what it decodes to: `limit` of it is plenty.
  return (await drain(payload, limit)) ? read : tooLarge(limit);
}

/** collect()'s answer for more than `limit` bytes. */
const TOO_LARGE = Symbol('too large');

/** Gathers a stream's bytes up to `limit`; with `length`, exactly that many. */
function collect(
  source: Readable,
  length: number | undefined,
  limit: number,
): Promise<Buffer | RequestProblem | typeof TOO_LARGE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: Buffer | RequestProblem | typeof TOO_LARGE): void => {
      // Beyond the limit, nothing more is read.
      if (result === TOO_LARGE) source.pause();
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onCut);
      source.off('close', onCut);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limit) finish(TOO_LARGE);
      else chunks.push(chunk);
    };
    const onEnd = (): void =>
      finish(length !== undefined && received !== length ? unreadableBody() : Buffer.concat(chunks, received));
    // An error, or the stream closed before its end (the client went away).
    const onCut = (): void => finish(unreadableBody());
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onCut);
    source.on('close', onCut);
  });
}

/**
 * Reads a stream to its end, discarding what it holds, unless more than `limit` bytes are
 * left: then it stops reading, and answers false (the connection must then be closed).
 */
function drain(stream: Readable, limit: number): Promise<boolean> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let left = limit;
    const finish = (whole: boolean): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onEnd);
      stream.off('close', onEnd);
      if (!whole) stream.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer): void => {
      left -= chunk.length;
      if (left < 0) finish(false);
    };
    // Its end, or the client gone: nothing more will come.
    const onEnd = (): void => finish(true);
    stream.on('end', onEnd);
    stream.on('error', onEnd);
    stream.on('close', onEnd);
    stream.on('data', onData);
  });
}
