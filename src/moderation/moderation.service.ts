import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { isUniqueViolation } from '../database/sql-state.js';
import { AccountDeparture } from '../accounts/index.js';
import { RefreshTokensRepository } from '../auth/index.js';
import { LiveNotices, ratedLossesTo } from '../matches/index.js';
import { TokenVersions } from '../security/index.js';
import {
  ACCOUNT_PEOPLE_SQL,
  AccountWarnings,
  accountStanding,
  lockAccountSql,
  UserNotFoundError,
  UsersRepository,
  type User,
} from '../users/index.js';
import { MAX_DAYS, TIMED_ACTIONS, type ModerationEntry, type UserAction } from './moderation-action.js';
import { CannotModerateError, DaysNotAllowedError } from './moderation.errors.js';
import { ModerationLogRepository } from './moderation-log.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** How far back a cheater's wins are refunded to their opponents (docs/moderation.md, "Rating refunds"). */
export const REFUND_DAYS = 30;

/** What a moderator sends with an action. */
export interface ActionTerms {
  readonly reason: string;
  readonly days?: number;
}

/**
 * The moderators' actions on accounts (docs/moderation.md, "Actions"): each changes the account's
 * standing (through users' statements) and appends its entry to the log in one transaction; a ban
 * then ends the account's tokens on every node and its presence in play (AccountDepartures).
 */
@Injectable()
export class ModerationService implements OnModuleInit {
  constructor(
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly tokens: TokenVersions,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly departures: AccountDeparture,
    private readonly warnings: AccountWarnings,
    private readonly notices: LiveNotices,
    private readonly clock: Clock,
  ) {}

  /** The account's own view reads its unseen warnings from the log (users stands below moderation). */
  onModuleInit(): void {
    this.warnings.readFrom((userId, after) => this.log.warnings(userId, after));
  }

  /** `actorId` does `action` to the account `username`: the log's entry. */
  async act(actorId: string, username: string, action: UserAction, terms: ActionTerms): Promise<ModerationEntry> {
    if (terms.days !== undefined && !TIMED_ACTIONS.includes(action)) throw new DaysNotAllowedError(action);
    const actor = await this.users.findById(actorId);
    const target = await this.users.findByUsername(username);
    if (target === null) throw new UserNotFoundError(username);
    refuseUnlessMayAct(actor, target);
    const now = this.clock.now();
    const days = terms.days ?? null;
    const endsAt = days === null ? null : new Date(now.getTime() + Math.min(days, MAX_DAYS) * DAY_MS);
    const base = { targetId: target.id, moderatorId: actorId, reason: terms.reason, days, endsAt, createdAt: now };
    const { entry, version } = await retryOnTakenPlaceholder(() =>
      this.log.transaction(async (tx) => {
        await tx.query(lockAccountSql('$1'), [target.id]);
        switch (action) {
          case 'warn':
            return { entry: await this.log.append(tx, { ...base, action }), version: null };
          case 'mute':
            await accountStanding.mute(tx, target.id, now, endsAt);
            return { entry: await this.log.append(tx, { ...base, action }), version: null };
          case 'ban': {
            const version = await accountStanding.ban(tx, target.id, now, endsAt, terms.reason);
            return { entry: await this.log.append(tx, { ...base, action }), version };
          }
          case 'rename': {
            const placeholder = `renamed-${randomBytes(4).toString('hex')}`;
            const version = await accountStanding.forceRename(tx, target.id, placeholder, now);
            const details = { from: target.username, to: placeholder };
            return { entry: await this.log.append(tx, { ...base, action, details }), version };
          }
          case 'lift':
            await accountStanding.lift(tx, target.id, now);
            return { entry: await this.log.append(tx, { ...base, action }), version: null };
          case 'mark-cheater': {
            const id = randomUUID();
            const version = await accountStanding.ban(tx, target.id, now, endsAt, terms.reason);
            const since = new Date(now.getTime() - REFUND_DAYS * DAY_MS);
            const due = (await ratedLossesTo(tx, target.id, since))
              .filter((loss) => loss.points > 0)
              .map((loss) => ({ userId: loss.loserId, matchId: loss.matchId, points: loss.points }));
            const given = await accountStanding.refundRatings(tx, due, id, now);
            const names = new Map(
              (
                await tx.query<{ id: string; username: string }>(ACCOUNT_PEOPLE_SQL, [
                  [...new Set(given.map((g) => g.userId))],
                ])
              ).map((person) => [person.id, person.username]),
            );
            const refunds = given.map((g) => ({
              username: names.get(g.userId) ?? null,
              matchId: g.matchId,
              points: g.points,
            }));
            return { entry: await this.log.append(tx, { ...base, id, action, details: { refunds } }), version };
          }
        }
      }),
    );
    if (version !== null) {
      // Every token of the account ends on every node, its live streams with them (TokenVersions).
      await this.tokens.raised(target.id, version);
      // A rename's sign-ins end with it (they carried the old name). A ban's refresh families stay,
      // refused with the ban's reason while it holds and ended once it has lifted (docs/moderation.md, "Bans").
      if (action === 'rename') await this.refreshTokens.endFamiliesOf(target.id);
    }
    if (action === 'warn') {
      // On the player's own streams, on every node, at once (docs/moderation.md, "Warnings").
      const warning = { id: entry.id, reason: entry.reason, createdAt: entry.createdAt.toISOString() };
      await this.notices.send({ event: 'warning', data: warning, players: [target.id] });
    }
    if (action === 'ban' || action === 'mark-cheater') await this.departures.depart(target.id, 'ban');
    return entry;
  }
}

/**
 * `work`, again when it lost to a name taken meanwhile (a rename's random placeholder, 2^32 of them,
 * taken by another account: its transaction rolled back whole), up to 3 times.
 */
async function retryOnTakenPlaceholder<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * Who may act on whom (docs/moderation.md): nobody on themselves, on an admin or on a house bot; a
 * moderator not on another moderator (an admin may).
 */
function refuseUnlessMayAct(actor: User | null, target: User): void {
  if (actor === null || actor.id === target.id) throw new CannotModerateError('You may not act on your own account.');
  if (target.houseBot !== null) throw new CannotModerateError('The house bots are the service’s own accounts.');
  if (target.role === 'admin') throw new CannotModerateError('No one acts on an admin’s account but the operator.');
  if (target.role === 'moderator' && actor.role !== 'admin')
    throw new CannotModerateError('Only an admin acts on a moderator’s account.');
}
