import { Injectable } from '@nestjs/common';
import { RefreshTokensRepository } from '../../auth/index.js';
import { Clock } from '../../common/clock.js';
import { randomSecret, secretHash, PasswordHasher, PasswordPolicy, TokenVersions } from '../../security/index.js';
import { UsersRepository } from '../../users/index.js';
import { NotificationQueue } from '../core/notification-queue.js';
import { accountMail } from './account-mail.js';
import { EmailAddressesRepository, type VerifiedAddress } from './email-addresses.repository.js';
import { InvalidEmailTokenError } from './email.errors.js';
import { EmailTokensRepository } from './email-tokens.repository.js';

/** How long a reset mail's token works. */
export const RESET_TTL_MS = 3600 * 1000;
/** Reset mails an account, or an address, gets in an hour at most; more requests still get 202. */
export const RESET_MAILS_PER_HOUR = 3;
/** How a reset token's value starts. */
export const RESET_TOKEN_PREFIX = 'nardy_pr_';

/**
 * Password reset by mail (docs/email.md, "Password reset"). Asking never tells whether the account
 * exists or has a verified address: the answer is the same, after about the same work. The mail's
 * token works once, for an hour; using it sets the new password and ends every token issued
 * before, as logging out everywhere does.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly addresses: EmailAddressesRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly versions: TokenVersions,
    private readonly hasher: PasswordHasher,
    private readonly passwords: PasswordPolicy,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
  ) {}

  /** Mails a reset link to the account's verified address, unless it has none or had its hourly share. */
  async ask(who: { readonly username?: string; readonly email?: string }): Promise<void> {
    const now = this.clock.now();
    const account = who.username !== undefined ? await this.byUsername(who.username) : await this.byEmail(who.email);
    // Made, and the mails counted, whether or not there is an account: the same work either way.
    const token = randomSecret(RESET_TOKEN_PREFIX);
    const hash = secretHash(token);
    const sent = await this.tokens.sentSince(
      'reset',
      { userId: account?.userId ?? null, address: account?.address ?? who.email ?? null },
      new Date(now.getTime() - RESET_TTL_MS),
    );
    if (account === null || sent >= RESET_MAILS_PER_HOUR) return;
    await this.tokens.create({
      userId: account.userId,
      purpose: 'reset',
      address: account.address,
      tokenHash: hash,
      codeHash: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await this.queue.send(
      accountMail(account.userId, now, {
        template: 'password-reset',
        language: (await this.users.findById(account.userId))?.language ?? null,
        path: `/reset-password#token=${token}`,
        to: account.address,
      }),
    );
  }

  /**
   * Sets the new password of the reset's account (held to the registration's policy first, which
   * leaves the token unused when it refuses), uses the token, and ends every token issued before:
   * the token version is raised (bearer tokens refused on every node, live streams closed) and
   * the refresh tokens deleted.
   */
  async confirm(token: string, newPassword: string): Promise<void> {
    const now = this.clock.now();
    const reset = await this.tokens.findReset(secretHash(token), now);
    const user = reset === null ? null : await this.users.findById(reset.userId);
    if (reset === null || user === null) throw new InvalidEmailTokenError();
    this.passwords.check(newPassword, user.username, 'newPassword');
    const newHash = await this.hasher.hash(newPassword);
    if (!(await this.tokens.useReset(reset.id, user.id, now))) throw new InvalidEmailTokenError();
    const version = await this.users.changePassword(user.id, user.passwordHash, newHash);
    // Null: the password changed since it was read (another change at this moment); ask again.
    if (version === null) throw new InvalidEmailTokenError();
    await this.versions.raised(user.id, version);
    await this.refreshTokens.endFamiliesOf(user.id);
    await this.queue.send(
      accountMail(user.id, now, {
        template: 'password-changed',
        language: user.language,
        path: '/',
      }),
    );
  }

  private async byUsername(username: string): Promise<VerifiedAddress | null> {
    const user = await this.users.findByUsername(username);
    // A house bot is played by the service: nobody resets its password.
    return user === null || user.houseBot !== null ? null : this.addresses.of(user.id);
  }

  private byEmail(email: string | undefined): Promise<VerifiedAddress | null> {
    return email === undefined ? Promise.resolve(null) : this.addresses.holderOf(email);
  }
}
