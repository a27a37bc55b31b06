import {
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, of, type Observable } from 'rxjs';
import { Clock } from '../common/clock.js';
import type { Environment } from '../config/environment.js';
import type { RequestWithPrincipal } from '../security/index.js';
import {
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InvalidIdempotencyKeyError,
} from './idempotency.errors.js';
import { IdempotencyContext, type HeldKey } from './idempotency-context.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { requestFingerprint } from './request-fingerprint.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on a response that is the stored response of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 255 visible ASCII characters (a repeated header arrives joined with ", " and fails). */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a POST (docs/architecture.md, "API conventions"): a
 * retry with the same key and request gets the first response, replayed
 * (header `Idempotent-Replayed: true`), and the action happens once. Keys
 * belong to the authenticated caller, so the interceptor acts on routes
 * behind BearerAuthGuard only (guards run before interceptors) and lets a
 * request without a principal or without the header through untouched.
 *
 * - same key, other request (method, path, body): 422 `idempotency-key-reused`;
 * - same key while its first request runs: 409 `idempotency-key-in-use`;
 * - a malformed key: 400 `invalid-idempotency-key`.
 *
 * Only a success is kept. A request that fails (a refusal changes nothing,
 * docs/architecture.md "Errors") gives its key up, so a retry runs afresh.
 * The handler runs holding the key (IdempotencyContext): a use case that
 * writes stores its answer in the statement that writes its effect, so a
 * crash after the commit still leaves the answer for the retry to replay.
 * Whatever a handler did not store that way is stored once it returns.
 * The response is kept whether or not the client is still there to read it:
 * that is the retry this exists for. The replay answers with the route's
 * status code, which is the one stored (this API's routes have one each).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);
  /** FAULT_KILL_AFTER_COMMIT (tests only): die right after the work is done, before the answer leaves. */
  private readonly killAfterCommit: boolean;

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly context: IdempotencyContext,
    private readonly reflector: Reflector,
    config: ConfigService<Environment, true>,
  ) {
    this.killAfterCommit = config.get('FAULT_KILL_AFTER_COMMIT', { infer: true }) === 'on';
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest & RequestWithPrincipal>();
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (req.method !== 'POST' || key === undefined || req.principal === undefined) return next.handle();
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw new InvalidIdempotencyKeyError();

    const { userId } = req.principal;
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    const reservedAt = this.clock.now();
    const found = await this.keys.reserve(userId, key, fingerprint, reservedAt);
    switch (found.kind) {
      case 'mismatch':
        throw new IdempotencyKeyReusedError();
      case 'in-progress':
        throw new IdempotencyKeyInUseError();
      case 'replay':
        http.getResponse<FastifyReply>().header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return of(found.response);
      case 'reserved': {
        const statusCode =
          this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? HttpStatus.CREATED;
        return from(this.runOnce({ userId, key, reservedAt, statusCode }, next));
      }
    }
  }

  /**
   * Runs the handler to the end, then keeps its response, or gives the key up
   * if it failed. Awaited here rather than piped, so that a client going away
   * (which unsubscribes from the response) cannot leave the key reserved.
   */
  private async runOnce(held: HeldKey, next: CallHandler): Promise<unknown> {
    let body: unknown;
    try {
      body = await this.context.hold(held, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (err) {
      await this.keys.release(held.userId, held.key, held.reservedAt).catch((releaseErr: unknown) => {
        this.logger.error({ err: releaseErr }, 'Could not release an idempotency key after a failed request');
      });
      throw err;
    }
    if (this.killAfterCommit) process.kill(process.pid, 'SIGKILL');
    try {
      await this.keys.complete({ ...held, response: body });
    } catch (err) {
      // The action is done: answer it. The key stays reserved, so a retry is told it is in use
      // until the reservation counts as abandoned.
      this.logger.error({ err }, 'Could not store the response of an idempotent request');
    }
    return body;
  }
}
