import type { INestApplicationContext } from '@nestjs/common';
import { PasswordHasher } from '../../src/security/password-hasher.js';
import type { User } from '../../src/users/user.js';
import { UsersRepository } from '../../src/users/users.repository.js';

export interface TestUser {
  readonly user: User;
  /** The password in clear, to log in with. */
  readonly password: string;
}

/**
 * Makes the things a medium test starts from, through the real repositories and
 * services (modelled on Immich's medium-test driver). One method per domain
 * object: `newUser` now, `newMatch` and `act` when the matches module comes.
 * Names and passwords are unique within the test file unless given.
 */
export class TestDriver {
  private sequence = 0;

  constructor(private readonly app: INestApplicationContext) {}

  async newUser(options: { username?: string; password?: string } = {}): Promise<TestUser> {
    const n = ++this.sequence;
    const username = options.username ?? `player_${n}`;
    const password = options.password ?? `password-of-player-${n}`;
    const hash = await this.app.get(PasswordHasher, { strict: false }).hash(password);
    const user = await this.app.get(UsersRepository, { strict: false }).create(username, hash);
    return { user, password };
  }
}
