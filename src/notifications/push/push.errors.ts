import { InvalidFieldError, refusal } from '../../common/domain-error.js';

/** An endpoint that is not a URL the service would call (docs/web-push.md, "Addresses"). */
export class InvalidPushEndpointError extends InvalidFieldError {
  readonly code = 'invalid-push-endpoint';
  constructor(reason: string) {
    super(`endpoint ${reason}.`, 'endpoint');
  }
}

/** A p256dh that is not a point of P-256 (the browser's key could not encrypt anything). */
export class InvalidPushKeyError extends InvalidFieldError {
  readonly code = 'invalid-push-key';
  constructor() {
    super('keys.p256dh must be an uncompressed point of the P-256 curve (65 bytes starting with 0x04).', 'keys.p256dh');
  }
}

/** An account holds at most `limit` push subscriptions (one per browser it has turned notifications on in). */
export class TooManyPushSubscriptionsError extends refusal({
  code: 'too-many-push-subscriptions',
  kind: 'conflict',
  message: (limit: number) =>
    `An account holds at most ${limit} push subscriptions; turn notifications off in a browser first.`,
  extensions: (limit: number) => ({ limit }),
}) {}

/** No push subscription of the caller's account has this id (never made, removed, or another account's). */
export class PushSubscriptionNotFoundError extends refusal({
  code: 'push-subscription-not-found',
  kind: 'not-found',
  message: 'Your account has no push subscription with this id.',
}) {}
