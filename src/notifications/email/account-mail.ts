import { randomUUID } from 'node:crypto';
import type { Notification } from '../core/notification.js';

/**
 * A mail about the account itself (the `account` kind): e-mail only, sent at once whatever the
 * preferences. `path` is the page its link opens; `to` is set when it goes to an address other than
 * the verified one.
 */
export function accountMail(
  userId: string,
  now: Date,
  mail: { template: string; title: string; body: string; path: string; to?: string; code?: string },
): Notification {
  const { template, title, body, path, to, code } = mail;
  return {
    id: randomUUID(),
    kind: 'account',
    userId,
    createdAt: now.toISOString(),
    matchId: null,
    title,
    body,
    path,
    data: { template, ...(to === undefined ? {} : { to }), ...(code === undefined ? {} : { code }) },
  };
}
