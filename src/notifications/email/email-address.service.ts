import type { Language } from '../../common/languages.js';
import { UsersRepository } from '../../users/index.js';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { randomSecret, secretHash } from '../../security/index.js';
import { NotificationQueue } from '../core/notification-queue.js';
import { accountMail } from './account-mail.js';
import { addressKey } from './address-key.js';
import { EmailAddressesRepository } from './email-addresses.repository.js';
import { InvalidEmailTokenError, TooManyMailsError } from './email.errors.js';
import { EmailTokensRepository } from './email-tokens.repository.js';
import { codeHash, newVerificationCode } from './verification-code.js';

/** How long a verification mail's token and code work. */
export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;
/** Verification mails an account may ask for in an hour. */
export const VERIFICATION_MAILS_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;

/** How a verification token's value starts. */
export const VERIFICATION_TOKEN_PREFIX = 'nardy_ev_';

/** The caller's address as GET /api/users/me/email shows it. */
export interface AddressState {
  /** The verified address; null when none. */
  readonly email: string | null;
  readonly verified: boolean;
  /** An address asked for and not verified yet (its mail's token still good); null when none. */
  readonly pendingEmail: string | null;
}

/**
 * An account's address (docs/email.md, "Addresses"): asked for, verified by a token or code from
 * the mail sent to it, shown, removed. A verified address changed for another is told of it.
 */
@Injectable()
export class EmailAddressService {
  constructor(
    private readonly addresses: EmailAddressesRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
    private readonly users: UsersRepository,
  ) {}

  /** The language the account's mail is written in (docs/email.md, "Languages"). */
  private async languageOf(userId: string): Promise<Language | null> {
    return (await this.users.findById(userId))?.language ?? null;
  }

  async state(userId: string): Promise<AddressState> {
    const [verified, pending] = await Promise.all([
      this.addresses.of(userId),
      this.tokens.pendingVerification(userId, this.clock.now()),
    ]);
    return { email: verified?.address ?? null, verified: verified !== null, pendingEmail: pending };
  }

  /**
   * Sends a verification mail to `address`: a link and a short code, good for 24 hours, once. The
   * verified address, if any, stays until then. The answer is the same whether another account has
   * the address or not (docs/email.md, "One account per address").
   */
  async ask(userId: string, address: string): Promise<void> {
    const now = this.clock.now();
    const sent = await this.tokens.sentSince('verify', { userId, address: null }, new Date(now.getTime() - HOUR_MS));
    if (sent >= VERIFICATION_MAILS_PER_HOUR) throw new TooManyMailsError(VERIFICATION_MAILS_PER_HOUR, 3600);
    const token = randomSecret(VERIFICATION_TOKEN_PREFIX);
    const code = newVerificationCode();
    const to = address.trim();
    await this.tokens.create({
      userId,
      purpose: 'verify',
      address: to,
      tokenHash: secretHash(token),
      codeHash: codeHash(userId, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    });
    await this.queue.send(
      accountMail(userId, now, {
        template: 'email-verification',
        language: await this.languageOf(userId),
        path: `/verify-email#token=${token}`,
        to,
        code,
      }),
    );
  }

  /**
   * Verifies the address of the caller's pending verification whose token or code this is: it
   * becomes the account's address, and the address it replaces is told of the change.
   */
  async verify(userId: string, token: string): Promise<void> {
    const now = this.clock.now();
    const address = await this.tokens.useVerification(userId, secretHash(token.trim()), codeHash(userId, token), now);
    if (address === null) throw new InvalidEmailTokenError();
    const before = await this.addresses.take(userId, address, now);
    if (before !== null && addressKey(before) !== addressKey(address)) {
      await this.queue.send(
        accountMail(userId, now, {
          template: 'email-changed',
          language: await this.languageOf(userId),
          path: '/',
          to: before,
        }),
      );
    }
  }

  /** Removes the account's verified address: no more mail goes to it. */
  async remove(userId: string): Promise<void> {
    await this.addresses.remove(userId);
  }
}
