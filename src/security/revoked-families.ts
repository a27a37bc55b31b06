import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { BACKGROUND_JOBS, NodeTimer } from '../background/index.js';
import { Notifications } from '../database/notifications.js';
import { NotifiedRises } from './notified-rises.js';
import { RevokedFamiliesRepository } from './revoked-families.repository.js';

/** Where a node says it revoked a refresh family: payload `<family id> <ms when its access tokens have all expired>`. */
const CHANNEL = 'refresh_families_revoked';

/**
 * How often a node reads every revoked family again: what it finds bounds how long a node that
 * missed a NOTIFY (its listening session was down) still takes an access token of a revoked family,
 * as TOKEN_VERSION_TRUSTED_MS bounds it for a raised token version (BACKGROUND_JOBS.revokedFamiliesRead).
 */
export const REVOKED_FAMILIES_READ_MS = BACKGROUND_JOBS.revokedFamiliesRead.everyMs;

/**
 * The refresh families whose access tokens every node refuses (docs/architecture.md, "Refresh
 * tokens"): a family ended because one of its refresh tokens was used twice. An access token issued
 * at a sign-in or a refresh carries its family's id (`fam`); the bearer check refuses it once its
 * family is here. Each node holds the whole set in memory, which is small (a family stays only
 * until the last of its access tokens has expired, an hour by default): the request path costs a
 * lookup in a Map, and no query. The node that revokes a family takes it before it answers, and
 * tells the others by NOTIFY, which take it a notification later; each node also reads the whole
 * set at boot and every REVOKED_FAMILIES_READ_MS, which catches a notification it missed.
 */
@Injectable()
export class RevokedFamilies implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RevokedFamilies.name);
  /** Each revoked family, with when its access tokens have all expired (ms since the epoch). */
  private readonly revoked = new Map<string, number>();
  private readonly revokeListeners: Array<(familyId: string) => void> = [];
  /** The revoked families as every node hears of them: a family's expiry only moves later. */
  private readonly rises: NotifiedRises;
  private readonly reading = new NodeTimer(BACKGROUND_JOBS.revokedFamiliesRead, () => this.readAgain());
  /** A read is under way: the next one is skipped (a slow database does not pile reads up). */
  private readRunning = false;

  constructor(
    private readonly repository: RevokedFamiliesRepository,
    notifications: Notifications,
  ) {
    this.rises = new NotifiedRises(
      CHANNEL,
      this.revoked,
      (familyId, _, known) => {
        // Tells the listeners of a family new to this node.
        if (known === undefined) for (const listener of this.revokeListeners) listener(familyId);
      },
      notifications,
      this.logger,
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.rises.listen(
      `Not listening for revoked refresh families: this node may take their access tokens for ${REVOKED_FAMILIES_READ_MS} ms`,
    );
    await this.readAgain();
    this.reading.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.reading.stop();
    await this.rises.stop();
  }

  /**
   * Whether the access tokens of `familyId` are refused. A lookup in memory: a family kept past
   * its expiry refuses nothing more, since its access tokens have expired by then.
   */
  has(familyId: string): boolean {
    return this.revoked.has(familyId);
  }

  /**
   * The family `familyId` was revoked, its access tokens all expiring by `expiresAt`: this node
   * refuses them from now on, and tells the others.
   */
  async revokedNow(familyId: string, expiresAt: Date): Promise<void> {
    await this.rises.raise(
      familyId,
      expiresAt.getTime(),
      `Could not tell the other nodes of a revoked refresh family; they see it within ${REVOKED_FAMILIES_READ_MS} ms`,
    );
  }

  /**
   * Calls `listener` with each family this node revokes or hears of, as soon as it refuses its
   * access tokens (TokenWatch ends the live streams opened with them).
   */
  onRevoke(listener: (familyId: string) => void): void {
    this.revokeListeners.push(listener);
  }

  /**
   * Reads every revoked family again and takes those it did not know; forgets those whose access
   * tokens have all expired. A failed read is logged and tried again at the next.
   */
  async readAgain(): Promise<void> {
    if (this.readRunning) return;
    this.readRunning = true;
    try {
      const read = await this.repository.unexpired();
      for (const [familyId, expiresAt] of read) this.rises.take(familyId, expiresAt.getTime());
      const now = Date.now();
      for (const [familyId, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(familyId);
    } catch (err) {
      this.logger.warn({ err }, 'Could not read the revoked refresh families; reading them again later');
    } finally {
      this.readRunning = false;
    }
  }
}
