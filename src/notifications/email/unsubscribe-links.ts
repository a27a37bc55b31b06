import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../common/uuid.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../core/notification.js';

/**
 * The token of a one-click unsubscribe link (RFC 8058; docs/email.md, "Unsubscribing"):
 * `<account id>.<kind>.<HMAC-SHA256 of both, keyed with the account's random unsubscribe key>`.
 * It names what it turns off, and only the holder of the key (the service) can make one: it
 * cannot be forged or guessed from another.
 */
export function unsubscribeToken(userId: string, kind: NotificationKind, key: Buffer): string {
  return `${userId}.${kind}.${mac(userId, kind, key)}`;
}

/** What a token says, before its MAC is checked: null when it is not shaped as one. */
export function parseUnsubscribeToken(token: string): { userId: string; kind: NotificationKind; mac: string } | null {
  const [userId, kind, tag, ...rest] = token.split('.');
  if (rest.length > 0 || !isUuid(userId ?? '') || tag === undefined) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationKind, mac: tag };
}

/** Whether `tag` is the MAC of the account and kind under `key` (compared in constant time). */
export function unsubscribeMacMatches(userId: string, kind: NotificationKind, key: Buffer, tag: string): boolean {
  const expected = Buffer.from(mac(userId, kind, key));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mac(userId: string, kind: NotificationKind, key: Buffer): string {
  return createHmac('sha256', key).update(`unsubscribe\0${userId}\0${kind}`).digest('base64url');
}
