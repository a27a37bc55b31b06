import { HttpStatus, Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { RequestProblem } from './http-problems.js';

/** Largest accepted request body. Every request body of this API is a small JSON object. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const parseJson = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true });

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
 * problem with its own code: a body that is not JSON (415), malformed JSON
 * (400 malformed-json), too large (413), a top-level value that is not an
 * object (400 validation-failed).
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
      if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
        return next(
          new RequestProblem(HttpStatus.BAD_REQUEST, 'validation-failed', 'The request body must be a JSON object.', [
            { field: '', constraint: 'isObject', message: 'the request body must be a JSON object' },
          ]),
        );
      }
      next();
    });
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
    case 'entity.parse.failed':
      return new RequestProblem(HttpStatus.BAD_REQUEST, 'malformed-json', 'The request body is not valid JSON.');
    default:
      return new RequestProblem(HttpStatus.BAD_REQUEST, 'bad-request', 'The request body could not be read.');
  }
}
