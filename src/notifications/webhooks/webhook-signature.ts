import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The prefix Standard Webhooks secrets carry; the rest is the base64 of the key's bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Bytes of a new secret's key: 32, the HMAC-SHA256 block's half and the spec's recommended size. */
const SECRET_BYTES = 32;

/** A new webhook secret: `whsec_` and the base64 of 32 random bytes (docs/webhooks.md, "Verifying a delivery"). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/**
 * The `webhook-signature` header of a delivery (docs/webhooks.md, "Verifying a delivery"):
 * `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes, of `{id}.{timestamp}.{body}`,
 * where timestamp is the `webhook-timestamp` header (whole seconds). Made by the Standard
 * Webhooks library, the one receivers verify with.
 */
export function webhookSignature(secret: string, messageId: string, timestamp: Date, body: string): string {
  return new Webhook(secret).sign(messageId, timestamp, body);
}

/** The `webhook-timestamp` header for `at`: whole seconds since the epoch, as the signature uses it. */
export function webhookTimestamp(at: Date): string {
  return String(Math.floor(at.getTime() / 1000));
}
