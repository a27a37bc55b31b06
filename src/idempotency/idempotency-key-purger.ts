import { Injectable, Logger } from '@nestjs/common';
import { BACKGROUND_JOBS, BackgroundJob } from '../background/index.js';
import { Clock } from '../common/clock.js';
import { IDEMPOTENCY_KEY_RETENTION_MS, IdempotencyRepository } from './idempotency.repository.js';

/**
 * Deletes the idempotency keys older than their 24 hours, hourly (a background
 * job, BACKGROUND_JOBS.idempotencyKeysPurge; the deletes are harmless to repeat). Only the table's size depends on
 * it: `reserve` already treats an expired key as absent.
 */
@Injectable()
export class IdempotencyKeyPurger {
  private readonly logger = new Logger(IdempotencyKeyPurger.name);

  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  /** Deletes the expired keys now; answers how many (0 when the database failed, which is logged). */
  @BackgroundJob(BACKGROUND_JOBS.idempotencyKeysPurge)
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
