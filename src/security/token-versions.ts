import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { BACKGROUND_JOBS } from '../background/index.js';
import { Notifications } from '../database/notifications.js';
import { NotifiedRises } from './notified-rises.js';
import { TokenVersionsRepository } from './token-versions.repository.js';

/** Where a node says it raised an account's token version: payload `<user id> <version>`. */
const CHANNEL = 'token_versions';

/**
 * How long a node answers from a token version it read without reading it
 * again. Every raise is NOTIFYd to every node, which takes it at once; this
 * bounds how long a node that missed the notification (its listening session
 * was down) may still take a revoked token. The token watch reads the versions
 * it depends on again as often (BACKGROUND_JOBS.tokenWatchLook).
 */
export const TOKEN_VERSION_TRUSTED_MS = BACKGROUND_JOBS.tokenWatchLook.everyMs;

/** Accounts whose versions are kept per node, at most. */
const VERSIONS_KEPT = 100_000;

/** Kept for an account that does not exist (no token has this version); answered as null. */
const NO_ACCOUNT = -1;

/**
 * The current token version of each account, as every node sees it
 * (docs/architecture.md, "API conventions"). A bearer token carries the
 * version its account had when it was issued, and is good only while that is
 * still the current one; logging out everywhere and changing the password
 * raise it. A node reads an account's version once per TOKEN_VERSION_TRUSTED_MS
 * at most (concurrent reads of one account share one query), and hears every
 * raise by NOTIFY: the node that raised it refuses the old tokens before it
 * answers, the others a notification later. So the request path costs a
 * lookup in memory, and a query per active account every few seconds.
 */
@Injectable()
export class TokenVersions implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TokenVersions.name);
  private readonly versions: LRUCache<string, number>;
  private readonly raiseListeners: Array<(userId: string, version: number) => void> = [];
  /** The raises as every node hears of them (a raise is never undone). */
  private readonly rises: NotifiedRises;

  constructor(
    private readonly repository: TokenVersionsRepository,
    notifications: Notifications,
  ) {
    this.versions = new LRUCache<string, number>({
      max: VERSIONS_KEPT,
      ttl: TOKEN_VERSION_TRUSTED_MS,
      fetchMethod: async (userId) => (await repository.current(userId)) ?? NO_ACCOUNT,
    });
    this.rises = new NotifiedRises(
      CHANNEL,
      this.versions,
      (userId, version) => {
        for (const listener of this.raiseListeners) listener(userId, version);
      },
      notifications,
      this.logger,
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.rises.listen(
      `Not listening for token revocations: this node may take a revoked token for ${TOKEN_VERSION_TRUSTED_MS} ms`,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.rises.stop();
  }

  /** The account's current token version; null when there is no such account. */
  async current(userId: string): Promise<number | null> {
    const known = this.known(userId);
    return known !== undefined ? known : orNull(await this.read(userId));
  }

  /**
   * The account's current token version if this node knows it, without waiting
   * (null: no such account; undefined: not known, ask `current`). The bearer
   * check's usual path: most requests come from accounts seen a moment ago.
   */
  known(userId: string): number | null | undefined {
    const version = this.versions.get(userId);
    return version === undefined ? undefined : orNull(version);
  }

  private async read(userId: string): Promise<number> {
    try {
      return (await this.versions.fetch(userId)) ?? NO_ACCOUNT;
    } catch (err) {
      // A raise heard while the read was under way replaces (and aborts) it: the raise is newer.
      const raised = this.versions.get(userId);
      if (raised !== undefined) return raised;
      throw err;
    }
  }

  /**
   * The account's token version was raised to `version`: this node refuses
   * the older tokens from now on, and tells the others.
   */
  async raised(userId: string, version: number): Promise<void> {
    await this.rises.raise(
      userId,
      version,
      `Could not tell the other nodes of a token revocation; they see it within ${TOKEN_VERSION_TRUSTED_MS} ms`,
    );
  }

  /**
   * Reads the versions of `userIds` again, all in one query, whatever this node knows of them, and
   * takes a raise found as one heard (TokenWatch's look for raises whose notification it missed).
   * Answers each account's version; null for an account that no longer exists.
   */
  async readAgain(userIds: readonly string[]): Promise<Map<string, number | null>> {
    const read = await this.repository.currentOf(userIds);
    const versions = new Map<string, number | null>();
    for (const userId of userIds) {
      const version = read.get(userId);
      if (version !== undefined) this.rises.take(userId, version);
      versions.set(userId, version ?? null);
    }
    return versions;
  }

  /**
   * Calls `listener` with each raise this node makes or hears of (an account and its new version),
   * as soon as it refuses the older tokens (TokenWatch ends the live streams opened with them).
   */
  onRaise(listener: (userId: string, version: number) => void): void {
    this.raiseListeners.push(listener);
  }
}

function orNull(version: number): number | null {
  return version === NO_ACCOUNT ? null : version;
}
