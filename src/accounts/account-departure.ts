/**
 * An account's departure (docs/accounts.md, "Departure"): what a ban and a closing both do to an
 * account, each step through the owner's own use case, so that every effect is the one a player's
 * own action has, with its events in the logs. In order:
 *
 * 1. every sign-in ends: the token version is raised (every access token and live stream of the
 *    account ends on every node) and its refresh families end, so that nothing new starts while
 *    the rest is done;
 * 2. its open challenges and invitations are withdrawn (`abort`), invitations made to it declined
 *    (`decline`), and every match it sits in is left (`leave`: a forfeit, rated as leaving is,
 *    docs/rules.md M6), each as the account itself would, decided on the match as read and done
 *    again on a fresh read when another action got in first;
 * 3. its entries in tournaments that have not started are withdrawn (the tournaments' withdrawal),
 *    and the tournaments not started that it organises are cancelled (the organiser's cancel: nobody
 *    else may start them).
 *
 * Personal API tokens stay (a ban may be lifted): the bearer check refuses those of a banned or
 * closed account. A departure may run twice, or at once with the player's own actions: what is
 * done already is found done, and a step that loses a race is decided again.
 */
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../common/domain-error.js';
import { retryOnConflict } from '../database/versioned-log/retry-on-conflict.js';
import { RefreshTokensRepository } from '../auth/index.js';
import { IdempotencyContext } from '../idempotency/index.js';
import { MatchActionsService, MatchStore, OpenMatchesRepository, VersionConflictError } from '../matches/index.js';
import { TokenVersions } from '../security/index.js';
import { OpenEntriesRepository, TournamentsService } from '../tournaments/index.js';
import { UsersRepository } from '../users/index.js';
import { departingAction, type DepartingAction } from './departing-action.js';

/** Why an account departs: a moderator's ban, or its player's closing. */
export type DepartureCause = 'ban' | 'closed';

/** What a departure did. */
export interface DepartureCounts {
  /** Its open challenges and invitations withdrawn (`abort`). */
  readonly challengesWithdrawn: number;
  /** Invitations made to it, declined (`decline`). */
  readonly invitationsDeclined: number;
  /** Matches under way it left (`leave`): forfeited to the opponent. */
  readonly matchesLeft: number;
  /** Tournaments not started it was withdrawn from. */
  readonly tournamentsWithdrawn: number;
  /** Tournaments not started that it organised, cancelled. */
  readonly tournamentsCancelled: number;
  /** Matches or entries a refusal left as they were (logged; a second departure tries them again). */
  readonly unfinished: number;
}

/** Attempts on one match when other actions keep getting in first (the matches' own is 3). */
const ATTEMPTS = 5;

@Injectable()
export class AccountDeparture {
  private readonly logger = new Logger(AccountDeparture.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenVersions,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly openMatches: OpenMatchesRepository,
    private readonly store: MatchStore,
    private readonly actions: MatchActionsService,
    private readonly openEntries: OpenEntriesRepository,
    private readonly tournaments: TournamentsService,
    private readonly idempotency: IdempotencyContext,
  ) {}

  /**
   * `userId` (a UUID) departs for `cause`: its sign-ins end, its challenges and invitations are
   * withdrawn or declined, its matches under way left, its entries in tournaments not started
   * withdrawn and the tournaments not started it organises cancelled. Answers what it did; an account that has departed already has nothing left to do.
   * The work is done on the account's behalf, outside any Idempotency-Key the request holds.
   */
  async depart(userId: string, cause: DepartureCause): Promise<DepartureCounts> {
    return this.idempotency.outside(async () => {
      await this.endSignIns(userId, cause);
      const counts = {
        challengesWithdrawn: 0,
        invitationsDeclined: 0,
        matchesLeft: 0,
        tournamentsWithdrawn: 0,
        tournamentsCancelled: 0,
      };
      let unfinished = 0;
      for (const { matchId } of await this.openMatches.of(userId)) {
        try {
          const done = await this.actOn(matchId, userId);
          if (done === 'abort') counts.challengesWithdrawn++;
          if (done === 'decline') counts.invitationsDeclined++;
          if (done === 'leave') counts.matchesLeft++;
        } catch (err: unknown) {
          if (!(err instanceof DomainError)) throw err;
          unfinished++;
          this.logger.warn(`Departure (${cause}) of ${userId} left match ${matchId} as it was: ${err.code}`);
        }
      }
      for (const tournamentId of await this.openEntries.of(userId)) {
        try {
          await this.tournaments.withdraw(tournamentId, userId);
          counts.tournamentsWithdrawn++;
        } catch (err: unknown) {
          if (!(err instanceof DomainError)) throw err;
          unfinished++;
          this.logger.warn(`Departure (${cause}) of ${userId} left tournament ${tournamentId} as it was: ${err.code}`);
        }
      }
      for (const tournamentId of await this.openEntries.organisedBy(userId)) {
        try {
          await this.tournaments.cancel(tournamentId, userId);
          counts.tournamentsCancelled++;
        } catch (err: unknown) {
          if (!(err instanceof DomainError)) throw err;
          unfinished++;
          this.logger.warn(`Departure (${cause}) of ${userId} left tournament ${tournamentId} open: ${err.code}`);
        }
      }
      return { ...counts, unfinished };
    });
  }

  /**
   * Every access token and live stream of the account ends on every node. A closing ends every
   * refresh family too; a ban keeps them, so that a refresh answers 403 `account-banned` with the
   * ban's reason while it holds (the client shows why), and ends them once it has lifted: they were
   * signed in before the version's raise (docs/moderation.md, "Bans").
   */
  private async endSignIns(userId: string, cause: DepartureCause): Promise<void> {
    const version = await this.users.raiseTokenVersion(userId);
    if (version !== null) await this.tokens.raised(userId, version);
    if (cause === 'closed') await this.refreshTokens.endFamiliesOf(userId);
  }

  /**
   * The departing account's action on the match, decided on the match as read and written only on
   * that version; decided again on a fresh read when another action got in first. Null when the
   * match needs none (over, or the account has no part in it any more).
   */
  private async actOn(matchId: string, userId: string): Promise<DepartingAction | null> {
    return retryOnConflict<{ done: DepartingAction | null }>(
      ATTEMPTS,
      async () => {
        const { record } = await this.store.load(matchId);
        const action = departingAction(record, userId);
        if (action === null) return { done: null };
        try {
          await this.actions.act(matchId, userId, { name: action }, record.version);
          return { done: action };
        } catch (err: unknown) {
          if (err instanceof VersionConflictError) return null;
          throw err;
        }
      },
      async () => {
        throw new VersionConflictError((await this.store.load(matchId)).record.version, null);
      },
    ).then(({ done }) => done);
  }
}
