import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { type DeliveryAttempt, NotificationChannel, type RetryPolicy } from '../core/notification-channel.js';
import { ACCOUNT_KIND, type Notification, type NotificationKind } from '../core/notification.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import { NotificationPreferences } from '../preferences/notification-preferences.js';
import { EmailAddressesRepository } from './email-addresses.repository.js';
import { EmailDigestRepository } from './email-digest.repository.js';
import { type DigestEntry, mailContent } from './mail-content.js';
import { MailSender } from './mail-sender.js';
import { PublicLinks } from './public-links.js';
import { unsubscribeToken } from './unsubscribe-links.js';

/** The path of the one-click unsubscribe (UnsubscribeController). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * E-mail (docs/email.md): account mail to the address it names or the verified one, whatever the
 * preferences; a match or tournament notification to the verified address when its kind's e-mail
 * preference is `immediately`, kept for the daily digest when it is `digest`, nowhere when `off`
 * or when the account has no verified address.
 */
@Injectable()
export class EmailChannel extends NotificationChannel {
  readonly name = 'email';
  /** Six tries over about an hour: 2, 4, 8, 16 and 30 minutes apart. */
  readonly retry: RetryPolicy = { retries: 5, delaySeconds: 120, maxDelaySeconds: 1800 };

  constructor(
    private readonly addresses: EmailAddressesRepository,
    private readonly preferences: NotificationPreferences,
    private readonly digest: EmailDigestRepository,
    private readonly sender: MailSender,
    private readonly links: PublicLinks,
    private readonly clock: Clock,
  ) {
    super();
  }

  async destinationsOf(
    notifications: readonly Notification[],
    sql?: OpenTransaction,
  ): Promise<ReadonlyArray<readonly string[]>> {
    // Account mail naming its address needs no read; the rest goes to the verified addresses.
    const named = notifications.map((n) =>
      n.kind === ACCOUNT_KIND && typeof n.data.to === 'string' && n.data.to !== '' ? n.data.to : null,
    );
    const verified = await this.addresses.ofUsers(
      notifications.filter((_, i) => named[i] === null).map((n) => n.userId),
      sql,
    );
    const matchMail = notifications.filter((n) => n.kind !== ACCOUNT_KIND && verified.has(n.userId));
    const preferences = await this.preferences.ofUsers(
      matchMail.map((n) => n.userId),
      sql,
    );
    const destinations: string[][] = [];
    for (const [i, notification] of notifications.entries()) {
      const to = named[i] ?? verified.get(notification.userId)?.address;
      if (to === undefined) destinations.push([]);
      else if (notification.kind === ACCOUNT_KIND) destinations.push([to]);
      else {
        const wanted = preferences.get(notification.userId)?.[notification.kind].email ?? 'off';
        if (wanted === 'digest') await this.digest.keep(notification, sql);
        destinations.push(wanted === 'immediately' ? [to] : []);
      }
    }
    return destinations;
  }

  async deliver(notification: Notification, destination: string, _attempt: DeliveryAttempt): Promise<void> {
    const entries = Array.isArray(notification.data.entries)
      ? (notification.data.entries as DigestEntry[]).map((entry) => ({ ...entry, path: this.links.to(entry.path) }))
      : [];
    const content = mailContent(notification, this.links.to(notification.path), entries);
    const headers: Record<string, string> = {};
    if (notification.kind !== ACCOUNT_KIND) {
      const unsubscribe = await this.unsubscribeUrl(notification.userId, notification.kind);
      if (unsubscribe !== null) {
        // RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to the URL, without asking the reader more.
        headers['List-Unsubscribe'] = `<${unsubscribe}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
    }
    await this.sender.send({
      ...content,
      to: destination,
      messageId: `<${notification.id}@${this.links.host}>`,
      headers,
    });
  }

  private async unsubscribeUrl(userId: string, kind: NotificationKind): Promise<string | null> {
    const verified = await this.addresses.of(userId);
    if (verified === null) return null;
    // Made as the mail goes, so that its days (UNSUBSCRIBE_LINK_DAYS) count from the mail.
    const token = unsubscribeToken(userId, kind, this.clock.now(), verified.unsubscribeKey);
    return this.links.to(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`);
  }
}
