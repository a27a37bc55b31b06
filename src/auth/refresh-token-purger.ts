import { Injectable, Logger } from '@nestjs/common';
import { BACKGROUND_JOBS, BackgroundJob } from '../background/index.js';
import { Clock } from '../common/clock.js';
import { REFRESH_IDLE_MS } from './auth.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** Rows of each kind deleted per batch, and batches per run: a run's work is bounded. */
export const REFRESH_PURGE_BATCH = 1000;
export const REFRESH_PURGE_BATCHES = 10;

/**
 * Deletes, hourly (a background job, BACKGROUND_JOBS.refreshTokensPurge), the refresh families idle for 30 days (each of their tokens is
 * refused already) and the tokens exchanged more than 30 days ago (docs/architecture.md, "Refresh
 * tokens"). Nothing but the tables' size depends on it. A spent token is kept those 30 days so
 * that its reuse ends its family; an older one coming back is refused as unknown. It also deletes
 * the revoked families whose access tokens have all expired (RevokedFamilies refuses nothing more
 * of theirs).
 */
@Injectable()
export class RefreshTokenPurger {
  private readonly logger = new Logger(RefreshTokenPurger.name);

  constructor(
    private readonly tokens: RefreshTokensRepository,
    private readonly clock: Clock,
  ) {}

  /** Deletes what has expired now, in at most REFRESH_PURGE_BATCHES batches; answers how much (0 when the database failed, which is logged). */
  @BackgroundJob(BACKGROUND_JOBS.refreshTokensPurge)
  async purge(): Promise<{ families: number; tokens: number; revoked: number }> {
    const total = { families: 0, tokens: 0, revoked: 0 };
    try {
      const idleSince = new Date(this.clock.now().getTime() - REFRESH_IDLE_MS);
      for (let batch = 0; batch < REFRESH_PURGE_BATCHES; batch++) {
        const done = await this.tokens.purgeIdle(idleSince, REFRESH_PURGE_BATCH);
        total.families += done.families;
        total.tokens += done.tokens;
        if (done.families < REFRESH_PURGE_BATCH && done.tokens < REFRESH_PURGE_BATCH) break;
      }
      for (let batch = 0; batch < REFRESH_PURGE_BATCHES; batch++) {
        const done = await this.tokens.purgeRevoked(REFRESH_PURGE_BATCH);
        total.revoked += done;
        if (done < REFRESH_PURGE_BATCH) break;
      }
      if (total.families + total.tokens + total.revoked > 0)
        this.logger.log(
          `Deleted ${total.families} idle refresh families, ${total.tokens} spent refresh tokens and ${total.revoked} revoked families whose access tokens have expired`,
        );
    } catch (err) {
      this.logger.error({ err }, 'Could not delete the expired refresh tokens');
    }
    return total;
  }
}
