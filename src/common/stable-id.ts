import { createHash } from 'node:crypto';

/** The namespace of the service's stable ids (a random UUID, fixed once). */
const NAMESPACE = Buffer.from('6f1b3c1e9d2a4f5c8e7d0a1b2c3d4e5f', 'hex');

/**
 * A UUID made from `key` (version 5: SHA-1 of a namespace and the key, RFC 9562 §5.5), so that the
 * same decision gives the same id wherever and however often it is made: the notification's id
 * (docs/notifications.md, "Durable delivery"), and its deliveries' job ids, which the queue
 * stores once; a tournament match's id, made from its slot (docs/tournaments.md, "Progress"). node:crypto has the hash; the 8 lines of layout do not warrant a dependency.
 */
export function stableId(key: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(key, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
