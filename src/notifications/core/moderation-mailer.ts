/**
 * The moderators' mails (docs/moderation.md, "Mails"): the moderation log publishes
 * `moderation.action` in the statement that appends each entry, and this subscriber of the outbox
 * (`notifications.moderation`) mails the account acted on, at its verified address and in its
 * language, for a warning, a mute, a ban (a mark-cheater's too) and a rename; the other entries
 * (lifts, role changes, closed reports) are acknowledged without a mail. Notifications stand above
 * moderation and read the entry through its face. A mail is queued before its message is
 * acknowledged: a node that dies between the two leaves the message to another, which queues the
 * mail again (at least once).
 */
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import {
  Outbox,
  type OutboxAcknowledge,
  type OutboxConsumer,
  type OutboxMessage,
  type OutboxSubscriber,
} from '../../database/outbox/outbox.js';
import { ModerationLogRepository } from '../../moderation/index.js';
import { UsersRepository } from '../../users/index.js';
import { accountMail } from '../email/account-mail.js';
import type { Notification } from './notification.js';
import { moderationTemplate } from './moderation-mail-template.js';
import { NotificationQueue } from './notification-queue.js';

/** When a timed action ends, as its mail shows it: the day and time in UTC. */
const endOf = (endsAt: Date): string => `${endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

@Injectable()
export class ModerationMailer implements OutboxSubscriber, OnModuleDestroy {
  readonly name = 'notifications.moderation';
  readonly batch = 20;
  readonly retrySeconds = 5;
  private readonly consumer: OutboxConsumer;

  constructor(
    private readonly log: ModerationLogRepository,
    private readonly users: UsersRepository,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
    outbox: Outbox,
  ) {
    this.consumer = outbox.consumer(this);
  }

  /** Takes the entries waiting, until none is left. */
  readonly wake = (): void => {
    void this.consumer.wake();
  };

  async onModuleDestroy(): Promise<void> {
    await this.consumer.stop();
  }

  async handle(messages: readonly OutboxMessage[], acknowledge: OutboxAcknowledge): Promise<void> {
    for (const message of messages) {
      const mail = await this.mailOf(message.key);
      if (mail !== null) await this.queue.send(mail);
    }
    await acknowledge(messages);
  }

  /** The mail of the entry `id`, in its account's language; null for an entry not mailed (or gone). */
  private async mailOf(id: string): Promise<Notification | null> {
    const entry = await this.log.find(id);
    const template = entry === null ? null : moderationTemplate(entry);
    if (entry === null || template === null) return null;
    const account = await this.users.findById(entry.targetId);
    if (account === null || account.houseBot !== null) return null;
    const values = {
      reason: entry.reason,
      until: entry.endsAt === null ? '' : endOf(entry.endsAt),
      from: typeof entry.details?.from === 'string' ? entry.details.from : '',
    };
    return accountMail(account.id, this.clock.now(), { template, language: account.language, values, path: '/' });
  }
}
