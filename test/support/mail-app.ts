import { Clock } from '../../src/common/clock.js';
import { NotificationQueue } from '../../src/notifications/core/notification-queue.js';
import { Mailbox } from './mailbox.js';
import { MatchClient } from './match-client.js';
import type { ManualClock } from './manual-clock.js';
import type { SettledQueue } from './settled-queue.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The app of the e-mail tests: mail to a real local SMTP server, `clock` and `queue` in place of the service's. */
export interface MailApp {
  readonly t: TestApp;
  readonly mailbox: Mailbox;
  readonly client: MatchClient;
  close(): Promise<void>;
}

export async function startMailApp(
  clock: ManualClock,
  queue: SettledQueue,
  publicUrl = 'https://nardy.test',
): Promise<MailApp> {
  const mailbox = await Mailbox.start();
  const t = await startTestApp(
    { AUTH_THROTTLE_LIMIT: '1000', SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl },
    undefined,
    {
      overrides: [
        { provide: Clock, useValue: clock },
        { provide: NotificationQueue, useValue: queue },
      ],
    },
  );
  queue.attach(t.app);
  return {
    t,
    mailbox,
    client: new MatchClient(t.http),
    close: async () => {
      await t.close();
      await mailbox.close();
    },
  };
}
