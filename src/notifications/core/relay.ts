import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type { FirstTry } from './notification-channel.js';

/**
 * How long a relay's first try of a delivery may take (docs/notifications.md, "The first try"):
 * its transaction holds the outbox rows meanwhile. A receiver slower than this is tried again by a
 * worker, with the channel's whole time.
 */
export const FIRST_TRY_MS = 2_000;

/**
 * What the outbox relays share (docs/notifications.md, "Durable delivery"): one drain at a time on
 * this node, however often they are woken (`wake` starts a drain, or asks the one under way for
 * another once it ends: what woke it may have committed after its last look; a failed drain is
 * logged and waits for the next wake), and the first try of the deliveries they queue, on
 * PostgreSQL only (on PGlite a transaction holds the one connection).
 */
export abstract class Relay {
  protected readonly logger = new Logger('Notifications');
  /** The relay's first try; none on PGlite. */
  protected readonly firstTry: FirstTry | undefined;
  private draining: Promise<void> | null = null;
  private again = false;

  protected constructor(
    private readonly what: string,
    config: ConfigService<Environment, true>,
  ) {
    this.firstTry = config.get('DATABASE_URL', { infer: true }) ? { timeoutMs: FIRST_TRY_MS } : undefined;
  }

  /** Drains the outbox now, or once more after the drain under way. */
  wake(): Promise<void> {
    if (this.draining !== null) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainAll()
      .catch((err: Error) => this.logger.warn(`The ${this.what} failed, it will look again: ${err.message}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  /** Takes and decides what the outbox holds, until it is empty. */
  protected abstract drainAll(): Promise<void>;
}
