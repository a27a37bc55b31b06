import { isUtf8 } from 'node:buffer';
import { HttpStatus, Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { RequestProblem, ValidationFailed } from './http-problems.js';
import { jsonShapeProblem, MAX_JSON_DEPTH } from './json-body-shape.js';

/** Largest accepted request body. Every request body of this API is a small JSON object. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** body-parser keeps the `type` of an error thrown by the `verify` hook: bodyProblem maps it. */
const NOT_UTF8 = 'entity.not-utf8';

/**
 * JSON texts are UTF-8 (RFC 8259): another declared charset (body-parser
 * would decode any `utf-*`) is refused, and the raw bytes are checked, since
 * decoding replaces invalid sequences with U+FFFD and carries on silently.
 */
function requireUtf8(_req: Request, _res: Response, body: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw Object.assign(new Error(`charset ${encoding}`), { type: 'charset.unsupported' });
  if (!isUtf8(body)) throw Object.assign(new Error('invalid UTF-8'), { type: NOT_UTF8 });
}

const parseJson = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true, verify: requireUtf8 });

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return mime === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mime);
}

/**
 * Parses JSON request bodies and turns every way a body can be wrong into a
 * problem with its own code, before any validation sees it: a body that is not
 * JSON or not UTF-8 declared (415), bytes that are not UTF-8 (400
 * invalid-utf8), malformed JSON (400 malformed-json), too large (413), nested
 * deeper than MAX_JSON_DEPTH (400 json-too-deep), a top-level value that is
 * not an object or keys like `__proto__` at any depth (400 validation-failed).
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (!hasBody(req)) {
      req.body = {};
      return next();
    }
    if (!isJson(req.headers['content-type'])) {
      return next(
        new RequestProblem(
          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
          'unsupported-media-type',
          `Request bodies must be application/json (got ${req.headers['content-type'] ?? 'no Content-Type'}).`,
        ),
      );
    }
    parseJson(req, res, (err?: unknown) => {
      if (err) return next(bodyProblem(err));
      next(shapeProblem(req.body));
    });
  }
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
    case 'prototype-keys':
      return new ValidationFailed(problem.errors);
  }
}

function bodyProblem(err: unknown): RequestProblem {
  const type = (err as { type?: string }).type;
  switch (type) {
    case 'entity.too.large':
      return new RequestProblem(
        HttpStatus.PAYLOAD_TOO_LARGE,
        'payload-too-large',
        `Request bodies are limited to ${BODY_LIMIT_BYTES} bytes.`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new RequestProblem(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'unsupported-media-type',
        'The body must be UTF-8 JSON.',
      );
    case NOT_UTF8:
      return new RequestProblem(
        HttpStatus.BAD_REQUEST,
        'invalid-utf8',
        'The request body is not valid UTF-8 (JSON must be UTF-8 encoded).',
      );
    case 'entity.parse.failed':
      return new RequestProblem(HttpStatus.BAD_REQUEST, 'malformed-json', 'The request body is not valid JSON.');
    default:
      return new RequestProblem(HttpStatus.BAD_REQUEST, 'bad-request', 'The request body could not be read.');
  }
}
