import { InvalidFieldError, refusal } from '../../common/domain-error.js';

/** A webhook URL of the wrong form (docs/webhooks.md, "Addresses"). */
export class InvalidWebhookUrlError extends InvalidFieldError {
  readonly code = 'invalid-webhook-url';
  constructor(message: string) {
    super(message, 'url');
  }
}

/** A webhook URL whose host is a private, loopback, link-local or metadata address (docs/webhooks.md, "Addresses"). */
export class WebhookAddressRefusedError extends InvalidFieldError {
  readonly code = 'webhook-address-refused';
  constructor(message: string) {
    super(message, 'url');
  }
}

/** An account holds at most `limit` webhooks (docs/webhooks.md, "Registering"). */
export class TooManyWebhooksError extends refusal(
  'too-many-webhooks',
  'conflict',
  (limit: number) => `An account holds at most ${limit} webhooks; remove one first.`,
  (limit: number) => ({ limit }),
) {}

/** No webhook of the caller's account has this id (never made, removed, or another account's). */
export class WebhookNotFoundError extends refusal(
  'webhook-not-found',
  'not-found',
  'Your account has no webhook with this id.',
) {}
