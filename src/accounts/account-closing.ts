/**
 * Closing an account by its player (docs/accounts.md, "Closing"): proven by its password; the row
 * is marked closed (its name stays taken, its matches keep their players) and `account.closed`
 * published with it, for the notifications to delete the account's e-mail address, push
 * subscriptions and webhooks; the account departs (every sign-in ended, its challenges withdrawn,
 * its matches left, its open tournament entries withdrawn); its personal API tokens are deleted.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ApiTokensRepository, PasswordHasher, UnauthorizedError } from '../security/index.js';
import { AccountClosingRepository, UsersRepository, WrongPasswordError } from '../users/index.js';
import { AccountDeparture } from './account-departure.js';

@Injectable()
export class AccountClosing {
  constructor(
    private readonly users: UsersRepository,
    private readonly closing: AccountClosingRepository,
    private readonly hasher: PasswordHasher,
    private readonly departure: AccountDeparture,
    private readonly apiTokens: ApiTokensRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `userId` (the sign-in token's account) closes its account, with its `password` (403
   * `wrong-password` otherwise, nothing changed). An account closed already (a request sent twice
   * at once) departs again, which finds nothing left to do.
   */
  async close(userId: string, password: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (user === null) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    if (!(await this.hasher.verify(user.passwordHash, password))) throw new WrongPasswordError();
    await this.closing.close(userId, this.clock.now());
    await this.departure.depart(userId, 'closed');
    await this.apiTokens.deleteAllOf(userId);
  }
}
