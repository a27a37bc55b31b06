import { Body } from '@nestjs/common';
import { AccountRoutes, CurrentPrincipal, type Principal } from '../../security/index.js';
import { CreatePushSubscriptionDto, PushSubscriptionIdDto } from './dto/push-subscription.dto.js';
import { PushSubscriptionNotFoundError } from './push.errors.js';
import { PushSubscriptionsService, PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from './push-subscriptions.service.js';

const routes = new AccountRoutes({
  path: 'push-subscriptions',
  tag: 'notifications',
  scope: null,
  refused: [
    403,
    'A personal API token may not manage push subscriptions (`insufficient-scope`, with `scope: null`): a browser ' +
      'subscribes with its sign-in token.',
  ],
  unknown: {
    problem: [404, 'The account has no push subscription with this id (`push-subscription-not-found`).'],
    error: () => new PushSubscriptionNotFoundError(),
  },
});

/**
 * The browsers the caller receives web push in (docs/web-push.md, "Subscriptions"). Sign-in tokens
 * only: a subscription is a browser's, made by the web client; a program has webhooks.
 */
@routes.controller()
export class PushSubscriptionsController {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @routes.create(
    {
      summary: 'Receive notifications in this browser (web push)',
      operationId: 'createPushSubscription',
      description:
        'Send the JSON of the browser’s `PushSubscription`, made with `pushManager.subscribe` and the key of ' +
        '`GET /api/push/public-key`. The same endpoint again answers the id it has, with its keys updated; an ' +
        'endpoint another account had moves to this one (a browser notifies the last person who turned ' +
        `notifications on in it). At most ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT} per account.`,
    },
    { type: PushSubscriptionIdDto, description: 'Kept.' },
    'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), an endpoint ' +
      'that is not an https URL (`invalid-push-endpoint`, with `field`), or a key that is not a P-256 point ' +
      '(`invalid-push-key`, with `field`); nothing kept.',
    `The account holds ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT} subscriptions already (\`too-many-push-subscriptions\`, ` +
      'with `limit`).',
  )
  subscribe(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreatePushSubscriptionDto,
  ): Promise<PushSubscriptionIdDto> {
    return this.subscriptions.subscribe(principal.userId, dto);
  }

  @routes.remove(
    {
      summary: 'Stop notifications in a browser',
      operationId: 'deletePushSubscription',
      description: 'Nothing more is pushed to it. The browser should also call `PushSubscription.unsubscribe()`.',
    },
    'Removed.',
  )
  unsubscribe(@CurrentPrincipal() principal: Principal, @routes.id() id: string): Promise<void> {
    return this.subscriptions.unsubscribe(principal.userId, id);
  }
}
