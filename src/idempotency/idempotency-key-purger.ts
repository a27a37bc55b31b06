import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { IDEMPOTENCY_KEY_RETENTION_MS, IdempotencyRepository } from './idempotency.repository.js';

/** How often the keys past their retention are deleted. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the idempotency keys older than their 24 hours, hourly, on every
 * node (the deletes are harmless to repeat). Only the table's size depends on
 * it: `reserve` already treats an expired key as absent.
 */
@Injectable()
export class IdempotencyKeyPurger implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencyKeyPurger.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Deletes the expired keys now; answers how many (0 when the database failed, which is logged). */
  async purge(): Promise<number> {
    try {
      const purged = await this.keys.purgeOlderThan(
        new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_RETENTION_MS),
      );
      if (purged > 0) this.logger.log(`Deleted ${purged} expired idempotency keys`);
      return purged;
    } catch (err) {
      this.logger.error({ err }, 'Could not delete the expired idempotency keys');
      return 0;
    }
  }
}
