import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import { SqlClient } from '../database/sql-client.js';
import { isUniqueViolation } from '../database/sql-state.js';
import {
  cursorCodec,
  numberKey,
  pageOf,
  pageStart,
  uuidKey,
  type Page,
  type PageRequest,
} from '../common/page-cursor.js';
import { isRole, type User } from './user.js';
import { isHouseBot } from '../house-bots/index.js';
import { UsernameTakenError } from './user.errors.js';
import { USERNAME_PATTERN, usernameKey } from './username.js';
import { isLanguage, type Language } from '../common/languages.js';

/** The columns a User is made of (user.ts), the same from every method. */
const USER_FIELDS = {
  id: true,
  username: true,
  passwordHash: true,
  rating: true,
  experience: true,
  matchesWon: true,
  matchesLost: true,
  gammonsWon: true,
  gammonsLost: true,
  backgammonsWon: true,
  backgammonsLost: true,
  abortedByLeave: true,
  autoPlayForced: true,
  language: true,
  tokenVersion: true,
  kind: true,
  botLevel: true,
  role: true,
  mutedAt: true,
  muteEndsAt: true,
  bannedAt: true,
  banEndsAt: true,
  banReason: true,
  renameRequired: true,
  closedAt: true,
  warningsSeenAt: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

/** A row as USER_FIELDS (or USER_COLUMNS) selects it. */
type UserRow = Prisma.UserGetPayload<{ select: typeof USER_FIELDS }>;

/** USER_FIELDS in SQL, named as Prisma names them. */
const USER_COLUMNS = `id, username, password_hash AS "passwordHash", rating, experience,
       matches_won AS "matchesWon", matches_lost AS "matchesLost", gammons_won AS "gammonsWon",
       gammons_lost AS "gammonsLost", backgammons_won AS "backgammonsWon", backgammons_lost AS "backgammonsLost",
       aborted_by_leave AS "abortedByLeave", auto_play_forced AS "autoPlayForced", language, token_version AS "tokenVersion", kind, bot_level AS "botLevel",
       role, muted_at AS "mutedAt", mute_ends_at AS "muteEndsAt", banned_at AS "bannedAt", ban_ends_at AS "banEndsAt",
       ban_reason AS "banReason", rename_required AS "renameRequired", closed_at AS "closedAt",
       warnings_seen_at AS "warningsSeenAt", created_at AS "createdAt"`;

function toUser(row: UserRow): User {
  const {
    matchesWon,
    matchesLost,
    gammonsWon,
    gammonsLost,
    backgammonsWon,
    backgammonsLost,
    abortedByLeave,
    kind,
    botLevel,
    language,
    role,
    mutedAt,
    muteEndsAt,
    bannedAt,
    banEndsAt,
    banReason,
    renameRequired,
    closedAt,
    warningsSeenAt,
    ...user
  } = row;
  return {
    ...user,
    role: isRole(role) ? role : 'player',
    state: {
      mute: mutedAt === null ? null : { since: mutedAt, until: muteEndsAt },
      ban: bannedAt === null ? null : { since: bannedAt, until: banEndsAt, reason: banReason ?? '' },
      renameRequired,
      closedAt,
      warningsSeenAt,
    },
    language: isLanguage(language) ? language : null,
    kind: kind === 'bot' ? 'bot' : 'player',
    houseBot: isHouseBot(botLevel) ? botLevel : null,
    record: { matchesWon, matchesLost, gammonsWon, gammonsLost, backgammonsWon, backgammonsLost, abortedByLeave },
  };
}

/** The leaderboard's cursors: the rating and id of a page's last player (highest rating first, then id). */
const BY_RATING = cursorCodec('rating', { rating: numberKey, id: uuidKey });

/**
 * Users in the database. The only code that touches it for users: Prisma,
 * but plain SQL for the lookup every authenticated request makes
 * (docs/architecture.md, "Persistence": Prisma's per-query cost dominated it).
 */
@Injectable()
export class UsersRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sql: SqlClient,
  ) {}

  async create(username: string, passwordHash: string): Promise<User> {
    if (await this.isReserved(username)) throw new UsernameTakenError(username);
    try {
      const row = await this.prisma.user.create({
        data: { username, usernameKey: usernameKey(username), passwordHash },
        select: USER_FIELDS,
      });
      return toUser(row);
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
        throw new UsernameTakenError(username);
      }
      throw err;
    }
  }

  /** Case-insensitive. A string that cannot be a username finds nobody (and never reaches the database). */
  async findByUsername(username: string): Promise<User | null> {
    if (!USERNAME_PATTERN.test(username)) return null;
    const row = await this.prisma.user.findUnique({
      where: { usernameKey: usernameKey(username) },
      select: USER_FIELDS,
    });
    return row === null ? null : toUser(row);
  }

  /**
   * Whether `username` was taken from an account by a moderator's rename (docs/moderation.md,
   * "Rename"): no one registers or picks it again, whatever its case.
   */
  async isReserved(username: string): Promise<boolean> {
    const rows = await this.sql.query(`SELECT 1 FROM reserved_usernames WHERE username_key = $1`, [
      usernameKey(username),
    ]);
    return rows.length > 0;
  }

  /**
   * The account that signs in as `username`: the account of that name, or one a moderator renamed
   * from it that has not yet chosen its new name (docs/moderation.md, "Rename"); null for none.
   */
  async findForSignIn(username: string): Promise<User | null> {
    const found = await this.findByUsername(username);
    if (found !== null || !USERNAME_PATTERN.test(username)) return found;
    const rows = await this.sql.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users
        WHERE rename_required AND id = (SELECT user_id FROM reserved_usernames WHERE username_key = $1)`,
      [usernameKey(username)],
    );
    return rows.length === 0 ? null : toUser(rows[0]);
  }

  /**
   * The new name of an account a moderator renamed (docs/moderation.md, "Rename"), only while it must
   * choose one: the account after it, null when no rename is required of it. A name taken (or
   * reserved) is refused (UsernameTakenError). Its token version is raised: its tokens carry the old name.
   */
  async chooseNewName(id: string, username: string): Promise<User | null> {
    if (await this.isReserved(username)) throw new UsernameTakenError(username);
    try {
      const rows = await this.sql.query<UserRow>(
        `UPDATE users SET username = $2, username_key = $3, rename_required = false,
                token_version = token_version + 1, updated_at = now()
          WHERE id = $1::uuid AND rename_required
         RETURNING ${USER_COLUMNS}`,
        [id, username, usernameKey(username)],
      );
      return rows.length === 0 ? null : toUser(rows[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new UsernameTakenError(username);
      throw err;
    }
  }

  /** The player has seen their warnings up to `now` (docs/moderation.md, "Warnings"). */
  async warningsSeen(id: string, now: Date): Promise<void> {
    await this.sql.query(`UPDATE users SET warnings_seen_at = $2 WHERE id = $1::uuid`, [id, now]);
  }

  /** The user with this id (a UUID: ids are checked where a request comes in); null for an unknown id. */
  async findById(id: string): Promise<User | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows.length === 0 ? null : toUser(rows[0]);
  }

  /** Changes the settings given of the account `id` (a UUID: the bearer token's account); null when there is none. */
  async updateSettings(
    id: string,
    settings: { readonly autoPlayForced?: boolean; readonly language?: Language | null },
  ): Promise<User | null> {
    const rows = await this.prisma.user.updateManyAndReturn({ where: { id }, data: settings, select: USER_FIELDS });
    return rows.length === 0 ? null : toUser(rows[0]);
  }

  /**
   * Sets a new password hash if the account's hash is still `currentHash`, and
   * raises its token version in the same statement, ending every token issued
   * before: the new version, or null when the password had changed meanwhile
   * (or there is no such account). `id` is a UUID (the bearer token's account).
   */
  async changePassword(id: string, currentHash: string, newHash: string): Promise<number | null> {
    const [row] = await this.sql.query<{ version: number }>(
      `UPDATE users SET password_hash = $3, token_version = token_version + 1, updated_at = now()
        WHERE id = $1::uuid AND password_hash = $2
       RETURNING token_version AS version`,
      [id, currentHash, newHash],
    );
    return row?.version ?? null;
  }

  /**
   * Raises the account's token version, ending every token issued before: the new version (null: no such
   * account). `id` is a UUID (the bearer token's account).
   */
  async raiseTokenVersion(id: string): Promise<number | null> {
    const [row] = await this.sql.query<{ version: number }>(
      `UPDATE users SET token_version = token_version + 1, updated_at = now()
        WHERE id = $1::uuid RETURNING token_version AS version`,
      [id],
    );
    return row?.version ?? null;
  }

  /**
   * Makes the account `id` a bot account (docs/bots.md, "Outside bots"), only if it is a player's
   * that has never played: no experience, and no seat in any match. The account after it, or null
   * when it was not changed (it has played, it is a bot already, or there is none). `id` is a UUID
   * (the bearer token's account).
   *
   * One step against taking a seat: the account's row is locked first, as every statement that
   * seats a player locks it (the creator by the caps' `match_slot_refusal`, the joiner by the join's
   * append), and only then, in a second statement whose snapshot is taken after the lock, are its
   * seats looked for. A seat whose statement held the lock first is committed by then, and seen;
   * one whose statement waits for this lock finds the account a bot and is seated as one. A single
   * UPDATE … WHERE NOT EXISTS would not do: it waits for the lock, but looks with the snapshot it
   * took before waiting, and misses the seat committed meanwhile.
   */
  async upgradeToBot(id: string): Promise<User | null> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1::uuid FOR NO KEY UPDATE`, [id]);
      const rows = await tx.query<UserRow>(
        `UPDATE users SET kind = 'bot', updated_at = now()
          WHERE id = $1::uuid AND kind = 'player' AND experience = 0
            AND NOT EXISTS (SELECT 1 FROM matches WHERE white_id = $1::uuid)
            AND NOT EXISTS (SELECT 1 FROM matches WHERE black_id = $1::uuid)
         RETURNING ${USER_COLUMNS}`,
        [id],
      );
      return rows.length === 0 ? null : toUser(rows[0]);
    });
  }

  /** The house bots' accounts (the migration that brought bots made them), by username. */
  async houseBots(): Promise<User[]> {
    const rows = await this.sql.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE bot_level IS NOT NULL ORDER BY username`,
    );
    return rows.map(toUser);
  }

  /**
   * The players with at least `minExperience` (and some: a rated match
   * played), highest rating first (then by id), a page at a time: read
   * backwards along users (rating, id). Closed accounts and accounts banned
   * now are left out, as lichess leaves them off its leaderboards
   * (docs/accounts.md, "Closing"; docs/moderation.md, "Bans"). InvalidCursorError for a cursor this list
   * did not give out.
   */
  async byRating(page: PageRequest, minExperience: number): Promise<Page<User>> {
    const after = pageStart(BY_RATING, page);
    const rows = await this.sql.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users
        WHERE experience >= GREATEST($4::int, 1)
          AND closed_at IS NULL
          AND (banned_at IS NULL OR ban_ends_at <= now())
          AND (rating, id) < (COALESCE($2::float8, 'infinity'::float8), COALESCE($3::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
        ORDER BY rating DESC, id DESC
        LIMIT $1::int`,
      [page.limit + 1, after?.rating ?? null, after?.id ?? null, minExperience],
    );
    return pageOf(BY_RATING, rows, page.limit, toUser, (user) => ({ rating: user.rating, id: user.id }));
  }
}
