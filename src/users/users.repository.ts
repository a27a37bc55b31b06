import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import type { User } from './user.js';
import { UsernameTakenError } from './user.errors.js';
import { USERNAME_PATTERN, usernameKey } from './username.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Users in the database. The only code that touches Prisma for users. */
@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(username: string, passwordHash: string): Promise<User> {
    try {
      return await this.prisma.user.create({
        data: { username, usernameKey: usernameKey(username), passwordHash },
      });
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
    return this.prisma.user.findUnique({ where: { usernameKey: usernameKey(username) } });
  }

  async findById(id: string): Promise<User | null> {
    if (!UUID.test(id)) return null;
    return this.prisma.user.findUnique({ where: { id } });
  }
}
