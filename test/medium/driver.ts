import type { INestApplicationContext } from '@nestjs/common';
import type {
  MatchProjection,
  MatchRecord,
  NewMatchEvent,
  NewMatchRecord,
} from '../../src/matches/model/match-record.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import { PasswordHasher } from '../../src/security/password-hasher.js';
import type { User } from '../../src/users/user.js';
import { UsersRepository } from '../../src/users/users.repository.js';
import { matchTerms, projection, stored } from './match-fixtures.js';

export interface TestUser {
  readonly user: User;
  /** The password in clear, to log in with. */
  readonly password: string;
}

/**
 * Makes the things a medium test starts from, through the real repositories and
 * services (modelled on Immich's medium-test driver). One method per domain
 * object: `newUser`, `seedMatch` (a stored match as stated); `newMatch` and
 * `act` when the matches service comes.
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

  /** New users of the given names, one after the other (their passwords unused). */
  async newUsers(...usernames: string[]): Promise<User[]> {
    const users: User[] = [];
    for (const username of usernames) users.push((await this.newUser({ username })).user);
    return users;
  }

  /**
   * A match stored as stated, straight through MatchesRepository (which the
   * modules under test must provide), for tests of the store and the lists:
   * by default an open challenge whose creator took white with a join.
   */
  async seedMatch(options: {
    readonly creator: User;
    readonly terms?: Partial<NewMatchRecord>;
    readonly projection?: Partial<MatchProjection>;
    readonly events?: readonly NewMatchEvent[];
    readonly at?: Date;
  }): Promise<MatchRecord> {
    const repository = this.app.get(MatchesRepository, { strict: false });
    const terms = matchTerms(options.creator.id, options.terms);
    await repository.create(
      terms,
      options.events ?? [stored({ type: 'join', colour: 'white' }, options.creator.id)],
      projection({ whiteId: options.creator.id, ...options.projection }),
      options.at ?? new Date(),
    );
    const match = await repository.findById(terms.id);
    if (!match) throw new Error(`The seeded match ${terms.id} is not there`);
    return match;
  }
}
