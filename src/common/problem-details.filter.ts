import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DomainError, type DomainErrorKind } from './domain-error.js';
import { RequestProblem } from './http-problems.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_PREFIX, problemTitle, type FieldError } from './problem-details.js';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
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
function bearerChallenge(req: Request): string {
  return BEARER_CREDENTIALS.test(req.headers.authorization ?? '') ? 'Bearer error="invalid_token"' : 'Bearer';
}

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  extensions?: Readonly<Record<string, unknown>>;
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
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const problem = this.toProblem(exception);
    if (problem.status >= 500) {
      this.logger.error({ err: exception, path: req.originalUrl }, 'Unhandled error');
    }
    if (res.headersSent) return;
    const requestId = (req as Request & { id?: unknown }).id;
    if (problem.status === 401) res.setHeader('WWW-Authenticate', bearerChallenge(req));
    res
      .status(problem.status)
      .type(PROBLEM_CONTENT_TYPE)
      .json({
        type: PROBLEM_TYPE_PREFIX + problem.code,
        title: problemTitle(problem.code),
        status: problem.status,
        detail: problem.detail,
        code: problem.code,
        instance: req.originalUrl?.split('?')[0],
        ...(typeof requestId === 'string' ? { requestId } : {}),
        ...(problem.errors ? { errors: problem.errors } : {}),
        ...(problem.extensions ?? {}),
      });
  }

  private toProblem(exception: unknown): Problem {
    if (exception instanceof DomainError) {
      return {
        status: STATUS_OF_KIND[exception.kind],
        code: exception.code,
        detail: exception.message,
        extensions: exception.extensions,
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
    return { status: 500, code: 'internal-error', detail: 'The server failed to handle the request.' };
  }
}
