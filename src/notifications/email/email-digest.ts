import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BACKGROUND_JOBS, BackgroundJob } from '../../background/index.js';
import { Clock } from '../../common/clock.js';
import { NotificationQueue } from '../core/notification-queue.js';
import { notificationText } from '../core/notification-words/notification-words.js';
import { EmailDigestRepository } from './email-digest.repository.js';

/** How long a notification waits in the digest: a day from the oldest kept. */
export const DIGEST_PERIOD_MS = 24 * 3600 * 1000;

/** Accounts sent to per sweep, at most; the next sweep takes the rest. */
const ACCOUNTS_PER_SWEEP = 500;

/**
 * The daily digest (docs/email.md, "The daily digest"): the notifications of kinds an account
 * wants as `digest` are kept, and once the oldest of them is a day old, they all go in one mail,
 * queued as account mail (e-mail only) in the same transaction that takes them. A background job
 * (BACKGROUND_JOBS.emailDigest) sweeps every quarter of an hour; sweeps at once (a test, a run
 * taken again) each take different accounts' notifications, never the same twice.
 */
@Injectable()
export class EmailDigest {
  constructor(
    private readonly digest: EmailDigestRepository,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
  ) {}

  /** Queues the digests due now; answers how many mails were queued. */
  @BackgroundJob(BACKGROUND_JOBS.emailDigest)
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    let sent = 0;
    for (const { userId, language } of await this.digest.dueAccounts(
      new Date(now.getTime() - DIGEST_PERIOD_MS),
      ACCOUNTS_PER_SWEEP,
    )) {
      const taken = await this.digest.take(userId, (entries, tx) =>
        this.queue.send(
          {
            ...(language === null ? {} : { language }),
            id: randomUUID(),
            kind: 'account',
            userId,
            createdAt: now.toISOString(),
            matchId: null,
            title: notificationText(language, 'digest.title', { count: entries.length }),
            body: notificationText(language, 'digest.body'),
            path: '/',
            data: { template: 'digest', entries },
          },
          { tx },
        ),
      );
      if (taken > 0) sent++;
    }
    return sent;
  }
}
