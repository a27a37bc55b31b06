import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { DomainError, type DomainErrorKind } from './domain-error.js';
import { RequestProblem, type RaisedFieldError } from './http-problems.js';
import { redactUrl } from './log-redaction.js';
import { payloadTooLarge, unreadableBody, unsupportedMediaType } from './json-body.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_PREFIX } from './problem-details.js';
import { fieldMessage, problemLanguage, problemWords } from './problem-texts/index.js';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  'too-many': HttpStatus.TOO_MANY_REQUESTS,
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  408: 'request-timeout',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'unprocessable',
  429: 'too-many-requests',
};

/** `Authorization: Bearer <something>`, the scheme in any case (RFC 9110 §11.1). */
const BEARER_CREDENTIALS = /^bearer +\S/i;

/**
 * The challenge of a 401 (RFC 9110 §11.6.1): the Bearer scheme, with
 * `error="invalid_token"` when the request presented a bearer token, which is
 * then what failed: malformed, forged or expired (RFC 6750 §3.1).
 */
function bearerChallenge(req: FastifyRequest): string {
  return BEARER_CREDENTIALS.test(req.headers.authorization ?? '') ? 'Bearer error="invalid_token"' : 'Bearer';
}

/**
 * Fastify's own refusals of a request (Nest hands them over as HttpExceptions caused by
 * them), as the problems the service gives for the same faults of its own.
 */
function fastifyProblem(code: unknown, req: FastifyRequest): RequestProblem | undefined {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(req.headers['content-type']);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return unreadableBody();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new RequestProblem(HttpStatus.BAD_REQUEST, 'malformed-json', 'The request body is not valid JSON.');
    default:
      return undefined;
  }
}

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: RaisedFieldError[];
  extensions?: Readonly<Record<string, unknown>>;
  /** Sent as `Retry-After`. */
  retryAfterSeconds?: number | null;
}

/**
 * Renders every error as application/problem+json (RFC 9457) with a stable
 * `code`. The one place where domain errors become HTTP statuses.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetails');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<FastifyReply | ServerResponse>();
    const req = ctx.getRequest<FastifyRequest>();
    const problem = this.toProblem(exception, req);
    const instance = (req.originalUrl ?? req.url)?.split('?')[0];
    if (problem.status >= 500) {
      this.logger.error({ err: exception, path: redactUrl(req.originalUrl ?? req.url) }, 'Unhandled error');
    }
    // The error of a middleware (Nest's, on the raw request) comes with the raw response.
    const raw = 'raw' in res ? res.raw : res;
    if (raw.headersSent || ('raw' in res && res.sent)) return;
    // Title and detail in the request's language (Accept-Language); the code stays the key.
    const words = problemWords(problem.code, problem.detail, problemLanguage(req.headers['accept-language']), {
      ...problem.extensions,
      count: problem.errors?.length ?? 0,
      fields: problem.errors?.map((e) => e.field).join(', ') ?? '',
    });
    const body = JSON.stringify({
      type: PROBLEM_TYPE_PREFIX + problem.code,
      title: words.title,
      status: problem.status,
      detail: words.detail,
      code: problem.code,
      instance,
      ...(typeof req.id === 'string' ? { requestId: req.id } : {}),
      ...(problem.errors
        ? {
            errors: problem.errors.map(({ field, constraint, message, values }) => ({
              field,
              constraint,
              message: fieldMessage(words.language, { field, constraint, message, values }),
            })),
          }
        : {}),
      ...(problem.extensions ?? {}),
    });
    const headers: Record<string, string> = {
      'content-type': `${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      'content-language': words.language,
      vary: withVary(res.getHeader('vary'), 'Accept-Language'),
    };
    if (problem.status === 401) headers['www-authenticate'] = bearerChallenge(req);
    if (problem.retryAfterSeconds != null) headers['retry-after'] = String(problem.retryAfterSeconds);
    if ('raw' in res) {
      void res.status(problem.status).headers(headers).send(body);
    } else {
      res.writeHead(problem.status, headers).end(body);
    }
  }

  private toProblem(exception: unknown, req: FastifyRequest): Problem {
    const fastify = exception instanceof HttpException ? fastifyProblem(errorCode(exception.cause), req) : undefined;
    if (fastify !== undefined) return this.toProblem(fastify, req);
    if (exception instanceof DomainError) {
      return {
        status: STATUS_OF_KIND[exception.kind],
        code: exception.code,
        detail: exception.message,
        extensions: exception.extensions,
        retryAfterSeconds: exception.retryAfterSeconds,
      };
    }
    if (exception instanceof RequestProblem) {
      return {
        status: exception.getStatus(),
        code: exception.code,
        detail: exception.message,
        errors: exception.errors,
      };
    }
    if (exception instanceof ThrottlerException) {
      return {
        status: 429,
        code: 'too-many-requests',
        detail: 'Too many requests; retry after the number of seconds in the Retry-After header.',
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === (HttpStatus.SERVICE_UNAVAILABLE as number)) {
        return {
          status,
          code: 'service-unavailable',
          detail: 'A dependency of the service is not available.',
          extensions: { checks: exception.getResponse() },
        };
      }
      const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal-error' : 'bad-request');
      return { status, code, detail: status >= 500 ? 'The server failed to handle the request.' : exception.message };
    }
    // Any other error that names a 4xx status (Fastify's and its plugins' errors carry `statusCode`).
    const status = (exception as { statusCode?: unknown } | null)?.statusCode;
    if (exception instanceof Error && typeof status === 'number' && status >= 400 && status < 500) {
      return { status, code: CODE_OF_STATUS[status] ?? 'bad-request', detail: exception.message };
    }
    return { status: 500, code: 'internal-error', detail: 'The server failed to handle the request.' };
  }
}

/** A Vary header naming `field` beside what an earlier hook named (CORS names Origin). */
function withVary(current: unknown, field: string): string {
  const named = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return named.some((name) => name.toLowerCase() === field.toLowerCase() || name === '*')
    ? named.join(', ')
    : [...named, field].join(', ');
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null | undefined)?.code;
}
