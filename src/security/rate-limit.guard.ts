import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { addressBucket } from '../common/address-bucket.js';

/**
 * @nestjs/throttler's guard, answering a refusal with the standard `Retry-After`
 * header: for named throttlers the library sets only `Retry-After-<name>`.
 * ProblemDetailsFilter renders the refusal as 429 `too-many-requests`. It counts
 * the client address as every per-address limit does (addressBucket: IPv6 by
 * its /64, IPv4-mapped as IPv4), by the service's one rule rather than the
 * library's own, so that the limits cannot drift apart.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override getTracker(req: { ip?: string }): Promise<string> {
    return Promise.resolve(addressBucket(req.ip));
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(detail.timeToBlockExpire));
    await super.throwThrottlingException(context, detail);
  }
}
