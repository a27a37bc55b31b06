import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import { SqlClient } from '../database/sql-client.js';
import type { User } from './user.js';
import { UsernameTakenError } from './user.errors.js';
import { USERNAME_PATTERN, usernameKey } from './username.js';

/** The columns a User is made of (user.ts), the same from every method. */
const USER_FIELDS = {
  id: true,
  username: true,
  passwordHash: true,
  rating: true,
  autoPlayForced: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    try {
      const row = await this.prisma.user.create({
        data: { username, usernameKey: usernameKey(username), passwordHash },
        select: USER_FIELDS,
      });
      return row;
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
    return this.prisma.user.findUnique({ where: { usernameKey: usernameKey(username) }, select: USER_FIELDS });
  }

  async findById(id: string): Promise<User | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.sql.query<User>(
      `SELECT id, username, password_hash AS "passwordHash", rating, auto_play_forced AS "autoPlayForced",
              created_at AS "createdAt"
         FROM users WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async updateSettings(id: string, settings: { readonly autoPlayForced?: boolean }): Promise<User | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.prisma.user.updateManyAndReturn({ where: { id }, data: settings, select: USER_FIELDS });
    return rows[0] ?? null;
  }
}
