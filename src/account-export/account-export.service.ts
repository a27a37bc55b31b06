/**
 * The export of an account's data (docs/accounts.md, "Your data"; GDPR articles 15 and 20):
 * everything the service holds about the account, as one JSON document, written a part at a time
 * (the matches one by one, with their events) so that an account with thousands of matches is never
 * held in memory whole. Each part comes from the module that holds it, through its face.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { MessagesOfAuthor, ReportCasesService } from '../community/index.js';
import { AccountMatches } from '../matches/index.js';
import { ActionsOnAccount } from '../moderation/index.js';
import { AccountAddressesRepository } from '../notifications/index.js';
import { ApiTokensRepository, UnauthorizedError } from '../security/index.js';
import { RatingAdjustmentsOf, UsersRepository, type User } from '../users/index.js';
import { TooManyExportsError } from './account-export.errors.js';
import { AccountExportsRepository } from './account-exports.repository.js';

/** How many times an account may export its data in 24 hours (each reads every match it played). */
export const ACCOUNT_EXPORTS_PER_DAY = 5;

/** The export's format, named in the document (a later format says so). */
export const EXPORT_FORMAT = 'nardy-account-export/1';

/** An export ready to be sent: its file name and its JSON text, a part at a time. */
export interface AccountExportFile {
  readonly filename: string;
  readonly parts: AsyncIterable<string>;
}

@Injectable()
export class AccountExportService {
  constructor(
    private readonly users: UsersRepository,
    private readonly exports: AccountExportsRepository,
    private readonly addresses: AccountAddressesRepository,
    private readonly apiTokens: ApiTokensRepository,
    private readonly matches: AccountMatches,
    private readonly messages: MessagesOfAuthor,
    private readonly reports: ReportCasesService,
    private readonly actions: ActionsOnAccount,
    private readonly adjustments: RatingAdjustmentsOf,
    private readonly clock: Clock,
  ) {}

  /**
   * The export of `userId`'s data, counted against ACCOUNT_EXPORTS_PER_DAY (429 `too-many-exports`
   * past it, with when to ask again). The small parts are read before the answer starts (a failure
   * is still a problem document); the matches are read while the answer is sent.
   */
  async export(userId: string): Promise<AccountExportFile> {
    const user = await this.users.findById(userId);
    if (user === null) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    const now = this.clock.now();
    const freeAt = await this.exports.record(userId, now, ACCOUNT_EXPORTS_PER_DAY);
    if (freeAt !== null) {
      throw new TooManyExportsError(
        ACCOUNT_EXPORTS_PER_DAY,
        Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000)),
      );
    }
    const [addresses, apiTokens, messages, reports, actions, adjustments] = await Promise.all([
      this.addresses.of(userId),
      this.apiTokens.listOf(userId),
      this.messages.of(userId),
      this.reports.filingsBy(userId),
      this.actions.of(userId),
      this.adjustments.of(userId),
    ]);
    const head = {
      format: EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      profile: profileOf(user),
      settings: {
        autoPlayForced: user.autoPlayForced,
        language: user.language,
        notificationPreferences: addresses.preferences,
      },
      email: addresses.email,
      pushSubscriptions: addresses.pushSubscriptions,
      webhooks: addresses.webhooks,
      apiTokens: apiTokens.map((t) => ({
        id: t.id,
        name: t.name,
        scopes: t.scopes,
        createdAt: t.createdAt.toISOString(),
        expiresAt: t.expiresAt?.toISOString() ?? null,
        lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      })),
      messages,
      reports,
      moderationActions: actions,
      ratingAdjustments: adjustments,
    };
    const day = now.toISOString().slice(0, 10);
    return { filename: `nardy-${user.username}-${day}.json`, parts: this.parts(userId, head) };
  }

  /** The document: the head's members, then `matches`, one match at a time. */
  private async *parts(userId: string, head: Record<string, unknown>): AsyncGenerator<string> {
    const opening = JSON.stringify(head);
    yield `${opening.slice(0, -1)},"matches":[`;
    let first = true;
    for await (const match of this.matches.of(userId)) {
      yield (first ? '' : ',') + JSON.stringify(match);
      first = false;
    }
    yield ']}';
  }
}

/** The account as the export shows it: everything on its row but the password's hash and the token version. */
function profileOf(user: User): Record<string, unknown> {
  const { state } = user;
  return {
    id: user.id,
    username: user.username,
    createdAt: user.createdAt.toISOString(),
    kind: user.kind,
    houseBot: user.houseBot,
    role: user.role,
    rating: user.rating,
    experience: user.experience,
    record: user.record,
    mute: state.mute === null ? null : { since: state.mute.since.toISOString(), until: iso(state.mute.until) },
    ban:
      state.ban === null
        ? null
        : { since: state.ban.since.toISOString(), until: iso(state.ban.until), reason: state.ban.reason },
    renameRequired: state.renameRequired,
    closedAt: iso(state.closedAt),
  };
}

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;
