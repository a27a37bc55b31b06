import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';

/**
 * @nestjs/throttler's guard, answering a refusal with the standard `Retry-After`
 * header: for named throttlers the library sets only `Retry-After-<name>`.
 * ProblemDetailsFilter renders the refusal as 429 `too-many-requests`.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(detail.timeToBlockExpire));
    await super.throwThrottlingException(context, detail);
  }
}
