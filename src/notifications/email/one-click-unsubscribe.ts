import { Injectable } from '@nestjs/common';
import { StoredNotificationPreferences } from '../preferences/stored-notification-preferences.js';
import { EmailAddressesRepository } from './email-addresses.repository.js';
import { InvalidUnsubscribeTokenError } from './email.errors.js';
import { parseUnsubscribeToken, unsubscribeMacMatches } from './unsubscribe-links.js';

/**
 * The one-click unsubscribe of RFC 8058 (docs/email.md, "Unsubscribing"): a POST of a mail's
 * List-Unsubscribe URL, without signing in, turns that kind's e-mail off for the account the mail
 * went to. Only a token the service made does anything.
 */
@Injectable()
export class OneClickUnsubscribe {
  constructor(
    private readonly addresses: EmailAddressesRepository,
    private readonly preferences: StoredNotificationPreferences,
  ) {}

  async unsubscribe(token: string): Promise<void> {
    const parsed = parseUnsubscribeToken(token);
    const verified = parsed === null ? null : await this.addresses.of(parsed.userId);
    if (parsed === null || verified === null) throw new InvalidUnsubscribeTokenError();
    if (!unsubscribeMacMatches(parsed.userId, parsed.kind, verified.unsubscribeKey, parsed.mac)) {
      throw new InvalidUnsubscribeTokenError();
    }
    await this.preferences.change(parsed.userId, { [parsed.kind]: { email: 'off' } });
  }
}
