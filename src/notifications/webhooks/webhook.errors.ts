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
export class TooManyWebhooksError extends refusal({
  code: 'too-many-webhooks',
  kind: 'conflict',
  message: (limit: number) => `An account holds at most ${limit} webhooks; remove one first.`,
  extensions: (limit: number) => ({ limit }),
}) {}

/** No webhook of the caller's account has this id (never made, removed, or another account's). */
export class WebhookNotFoundError extends refusal({
  code: 'webhook-not-found',
  kind: 'not-found',
  message: 'Your account has no webhook with this id.',
}) {}
