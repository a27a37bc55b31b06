import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { UserNotFoundError, UsersRepository, type Role } from '../users/index.js';
import { CannotModerateError } from './moderation.errors.js';
import { changeRole } from './role-change.repository.js';
import { ModerationLogRepository } from './moderation-log.repository.js';

/** A moderator or admin, as the admins' list shows them. */
export interface StaffMember {
  readonly username: string;
  readonly role: Role;
}

/**
 * An admin's grants and revocations of the moderator role over the API (docs/moderation.md,
 * "Roles"); an admin is made or unmade at the command line only (npm run admin).
 */
@Injectable()
export class ModeratorsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly clock: Clock,
  ) {}

  /** The moderators and admins, by name. */
  async list(): Promise<StaffMember[]> {
    const rows = await this.log.staff();
    return rows.map(({ username, role }) => ({ username, role }));
  }

  /** `username` becomes a moderator (or stays one). An admin's account is left as it is (403 `cannot-moderate`). */
  async grant(adminId: string, username: string): Promise<void> {
    await this.change(adminId, username, 'moderator');
  }

  /** `username` is a moderator no more (a player's account stays as it is). */
  async revoke(adminId: string, username: string): Promise<void> {
    await this.change(adminId, username, 'player');
  }

  private async change(adminId: string, username: string, role: Role): Promise<void> {
    const target = await this.users.findByUsername(username);
    if (target === null) throw new UserNotFoundError(username);
    if (target.role === 'admin') throw new CannotModerateError('An admin’s role changes at the command line only.');
    if (target.houseBot !== null) throw new CannotModerateError('The house bots are the service’s own accounts.');
    if (target.id === adminId) throw new CannotModerateError('You may not change your own role.');
    await this.log.transaction((tx) => changeRole(tx, target.id, role, adminId, this.clock.now()));
  }
}
