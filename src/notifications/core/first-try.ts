import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type { FirstTry } from './notification-channel.js';

/**
 * How long a notifier's first try of a delivery may take (docs/notifications.md, "The first try"):
 * its transaction is open meanwhile. A receiver slower than this is tried again by a worker, with
 * the channel's whole time.
 */
export const FIRST_TRY_MS = 2_000;

/**
 * How long a message not decided (its transaction failed) is left before it is taken again: the
 * periodic look's interval (docs/notifications.md, "Durable delivery").
 */
export const NOTIFIER_RETRY_SECONDS = 5;

/** The notifiers' first try of the deliveries they queue: on PostgreSQL only (on PGlite a transaction holds the one connection). */
export function firstTryOf(config: ConfigService<Environment, true>): FirstTry | undefined {
  return config.get('DATABASE_URL', { infer: true }) ? { timeoutMs: FIRST_TRY_MS } : undefined;
}
