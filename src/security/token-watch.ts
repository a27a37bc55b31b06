import { Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { BACKGROUND_JOBS, NodeTimer } from '../background/index.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import type { Principal } from './principal.js';
import { RevokedFamilies } from './revoked-families.js';
import { TokenVersions } from './token-versions.js';

/** Accounts whose versions one query of a look reads, at most. */
const READ_PER_QUERY = 1_000;

/** The longest delay setTimeout takes (about 24.8 days); a later expiry is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** One watch: the token's version, what ends what it let in, and what stops watching (its timer too). */
interface Watch {
  readonly version: number;
  /** The personal API token it was opened with (docs/architecture.md, "Personal API tokens"); null for a sign-in token. */
  readonly apiTokenId: string | null;
  /** The refresh family its sign-in token was issued from (docs/architecture.md, "Refresh tokens"); null when none. */
  readonly family: string | null;
  readonly end: () => void;
  readonly stop: () => void;
}

/**
 * Holds what a bearer token let in (a live stream) to the token's life
 * (docs/architecture.md, "Live streams"): it is ended at the token's expiry,
 * and as soon as its account's token version is raised (logging out everywhere,
 * a new password) on any node: this node raised it, or heard the NOTIFY of
 * another (TokenVersions.onRaise). A node that missed the notification (its
 * listening session was down) finds the raise at its next look, every
 * TOKEN_VERSION_TRUSTED_MS, which reads the versions of every account it
 * watches again in one query (per thousand accounts), not one per account.
 * What a personal API token let in also ends when the token is revoked: at
 * once on the node that revoked it (apiTokenRevoked), at the next look on the
 * others, which reads which of the watched tokens are still there.
 * What a sign-in token let in ends too when its refresh family is revoked (a
 * refresh token used twice): as soon as this node revokes it or hears of it
 * (RevokedFamilies.onRevoke, which also reads the revoked families again every
 * few seconds).
 */
@Injectable()
export class TokenWatch implements OnModuleDestroy {
  /** The watches of each account. */
  private readonly watched = new Map<string, Set<Watch>>();
  /** The looks while something is watched (one under way, on a slow database, skips the next). */
  private readonly looking = new NodeTimer(BACKGROUND_JOBS.tokenWatchLook, () => this.look());

  constructor(
    private readonly versions: TokenVersions,
    @Optional() private readonly apiTokens?: ApiTokensRepository,
    @Optional() families?: RevokedFamilies,
  ) {
    versions.onRaise((userId, version) => this.raised(userId, version));
    families?.onRevoke((familyId) => this.familyRevoked(familyId));
  }

  /** Stops every watch, its expiry timer with it, and the looks: no timer outlives the app. */
  onModuleDestroy(): void {
    for (const watches of [...this.watched.values()]) for (const watch of [...watches]) watch.stop();
    this.looking.stop();
  }

  /**
   * Calls `end` once, when `principal`'s token expires or is revoked (at once if it has already);
   * answers the function that stops watching (when what it let in closes first).
   */
  until(principal: Principal, end: () => void): () => void {
    const { userId, token } = principal;
    let timer: NodeJS.Timeout | null = null;
    let done = false;
    const watch: Watch = {
      version: token.version,
      apiTokenId: principal.apiToken?.id ?? null,
      family: token.family ?? null,
      end: () => {
        if (done) return;
        stop();
        end();
      },
      stop: () => stop(),
    };
    const stop = (): void => {
      done = true;
      if (timer !== null) clearTimeout(timer);
      const watches = this.watched.get(userId);
      watches?.delete(watch);
      if (watches?.size === 0) this.watched.delete(userId);
      if (this.watched.size === 0) this.looking.stop();
    };
    const wait = (): void => {
      const left = token.expiresAt - Date.now();
      if (left <= 0) return watch.end();
      timer = setTimeout(wait, Math.min(left, LONGEST_TIMER_MS));
      timer.unref();
    };
    const watches = this.watched.get(userId) ?? new Set<Watch>();
    watches.add(watch);
    this.watched.set(userId, watches);
    this.looking.start();
    wait();
    return stop;
  }

  /**
   * The account's version is now `version` (null: the account is gone): what older tokens let in
   * ends. A late notification of an older raise ends nothing of a newer token.
   */
  private raised(userId: string, version: number | null): void {
    for (const watch of [...(this.watched.get(userId) ?? [])]) {
      if (version === null || watch.version < version) watch.end();
    }
  }

  /** The refresh family `familyId` was revoked: what its access tokens let in ends. */
  private familyRevoked(familyId: string): void {
    for (const watches of [...this.watched.values()]) {
      for (const watch of [...watches]) if (watch.family === familyId) watch.end();
    }
  }

  /** The personal API token `id` was revoked (on this node): what it let in ends. */
  apiTokenRevoked(id: string): void {
    for (const watches of [...this.watched.values()]) {
      for (const watch of [...watches]) if (watch.apiTokenId === id) watch.end();
    }
  }

  /** Reads the watched accounts' versions again: what a raise missed, or an account gone, let in ends. */
  private async look(): Promise<void> {
    const userIds = [...this.watched.keys()];
    for (let from = 0; from < userIds.length; from += READ_PER_QUERY) {
      try {
        const versions = await this.versions.readAgain(userIds.slice(from, from + READ_PER_QUERY));
        for (const [userId, version] of versions) this.raised(userId, version);
      } catch {
        // The next look reads again.
      }
    }
    const apiTokenIds = [...this.watched.values()].flatMap((watches) =>
      [...watches].flatMap((watch) => (watch.apiTokenId === null ? [] : [watch.apiTokenId])),
    );
    if (apiTokenIds.length === 0 || !this.apiTokens) return;
    try {
      const kept = await this.apiTokens.existing(apiTokenIds);
      for (const id of new Set(apiTokenIds)) if (!kept.has(id)) this.apiTokenRevoked(id);
    } catch {
      // The next look reads again.
    }
  }
}
