import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import type { CreatePushSubscriptionDto, PushSubscriptionIdDto } from './dto/push-subscription.dto.js';
import {
  InvalidPushEndpointError,
  InvalidPushKeyError,
  PushSubscriptionNotFoundError,
  TooManyPushSubscriptionsError,
} from './push.errors.js';
import { endpointProblem, isP256Point } from './push-subscription-rules.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

/** Browsers an account may have turned notifications on in at once. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 20;

/**
 * The browsers an account receives web push in (docs/web-push.md, "Subscriptions"): a browser's
 * subscription is kept (the same endpoint again keeps its id) or turned off.
 */
@Injectable()
export class PushSubscriptionsService {
  private readonly allowPrivate: boolean;

  constructor(
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.allowPrivate = config.get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', { infer: true });
  }

  async subscribe(userId: string, dto: CreatePushSubscriptionDto): Promise<PushSubscriptionIdDto> {
    const problem = endpointProblem(dto.endpoint, this.allowPrivate);
    if (problem !== null) throw new InvalidPushEndpointError(problem);
    if (!isP256Point(dto.keys.p256dh)) throw new InvalidPushKeyError();
    const kept = await this.subscriptions.keep(
      userId,
      {
        endpoint: dto.endpoint,
        p256dh: dto.keys.p256dh.replace(/=+$/, ''),
        auth: dto.keys.auth.replace(/=+$/, ''),
        expiresAt: dto.expirationTime == null ? null : new Date(dto.expirationTime),
        createdAt: this.clock.now(),
      },
      PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
    );
    if (kept === null) throw new TooManyPushSubscriptionsError(PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    return { id: kept.id };
  }

  async unsubscribe(userId: string, id: string): Promise<void> {
    if (!(await this.subscriptions.delete(userId, id))) throw new PushSubscriptionNotFoundError();
  }
}
