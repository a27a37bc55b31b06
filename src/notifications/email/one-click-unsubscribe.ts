import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import { StoredNotificationPreferences } from '../preferences/stored-notification-preferences.js';
import { EmailAddressesRepository } from './email-addresses.repository.js';
import { ExpiredUnsubscribeTokenError, InvalidUnsubscribeTokenError } from './email.errors.js';
import { parseUnsubscribeToken, unsubscribeMacMatches, unsubscribeTokenExpired } from './unsubscribe-links.js';

/**
 * The one-click unsubscribe of RFC 8058 (docs/email.md, "Unsubscribing"): a POST of a mail's
 * List-Unsubscribe URL, without signing in, turns that kind's e-mail off for the account the mail
 * went to. Only a token the service made under the address's current key, within
 * UNSUBSCRIBE_LINK_DAYS, does anything; a genuine one past its days is told expired.
 */
@Injectable()
export class OneClickUnsubscribe {
  private readonly days: number;

  constructor(
    private readonly addresses: EmailAddressesRepository,
    private readonly preferences: StoredNotificationPreferences,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.days = config.get('UNSUBSCRIBE_LINK_DAYS', { infer: true });
  }

  async unsubscribe(token: string): Promise<void> {
    const parsed = parseUnsubscribeToken(token);
    const verified = parsed === null ? null : await this.addresses.of(parsed.userId);
    if (parsed === null || verified === null || !unsubscribeMacMatches(parsed, verified.unsubscribeKey, parsed.mac)) {
      throw new InvalidUnsubscribeTokenError();
    }
    if (unsubscribeTokenExpired(parsed.issuedAt, this.days, this.clock.now())) throw new ExpiredUnsubscribeTokenError();
    await this.preferences.change(parsed.userId, { [parsed.kind]: { email: 'off' } });
  }
}
