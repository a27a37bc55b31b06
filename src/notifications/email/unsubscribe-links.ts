import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../common/uuid.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../core/notification.js';

/** How an unsubscribe token starts: the form of the service's secrets, which the log redacts by it. */
export const UNSUBSCRIBE_TOKEN_PREFIX = 'nardy_us_';

/** What an unsubscribe token says (its MAC aside). */
export interface UnsubscribeClaim {
  readonly userId: string;
  readonly kind: NotificationKind;
  /** When the token was made, in whole seconds since 1970; null for a token of the first form, which said not. */
  readonly issuedAt: number | null;
}

/**
 * The token of a one-click unsubscribe link (RFC 8058; docs/email.md, "Unsubscribing"):
 * `nardy_us_<account id>.<kind>.<seconds since 1970 when made>.<HMAC-SHA256 of the three, keyed
 * with the account's random unsubscribe key>`. It names what it turns off and when it was made, so
 * that it expires; only the holder of the key (the service) can make one: it cannot be forged,
 * extended or guessed from another, and a new key (a new address) ends every earlier one.
 */
export function unsubscribeToken(userId: string, kind: NotificationKind, issuedAt: Date, key: Buffer): string {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return `${UNSUBSCRIBE_TOKEN_PREFIX}${userId}.${kind}.${seconds}.${mac({ userId, kind, issuedAt: seconds }, key)}`;
}

/**
 * What a token says, before its MAC is checked: null when it is not shaped as one. A token of the
 * first form (`<account id>.<kind>.<MAC>`, without prefix or time) is read too, with no time, so
 * that its link can be told expired rather than forged.
 */
export function parseUnsubscribeToken(token: string): (UnsubscribeClaim & { readonly mac: string }) | null {
  const current = token.startsWith(UNSUBSCRIBE_TOKEN_PREFIX);
  const parts = (current ? token.slice(UNSUBSCRIBE_TOKEN_PREFIX.length) : token).split('.');
  if (parts.length !== (current ? 4 : 3)) return null;
  const [userId, kind] = parts;
  const tag = parts[parts.length - 1];
  if (!isUuid(userId) || tag === '' || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  let issuedAt: number | null = null;
  if (current) {
    if (!/^\d{1,12}$/.test(parts[2])) return null;
    issuedAt = Number(parts[2]);
  }
  return { userId, kind: kind as NotificationKind, issuedAt, mac: tag };
}

/** Whether `tag` is the MAC of the claim under `key` (compared in constant time). */
export function unsubscribeMacMatches(claim: UnsubscribeClaim, key: Buffer, tag: string): boolean {
  const expected = Buffer.from(mac(claim, key));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a token made at `issuedAt` (seconds) is past its `days` at `now`; a token without a time always is. */
export function unsubscribeTokenExpired(issuedAt: number | null, days: number, now: Date): boolean {
  return issuedAt === null || now.getTime() >= (issuedAt + days * 86_400) * 1000;
}

function mac({ userId, kind, issuedAt }: UnsubscribeClaim, key: Buffer): string {
  const message =
    issuedAt === null ? `unsubscribe\0${userId}\0${kind}` : `unsubscribe\0${userId}\0${kind}\0${issuedAt}`;
  return createHmac('sha256', key).update(message).digest('base64url');
}
