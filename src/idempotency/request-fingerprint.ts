import { createHash } from 'node:crypto';

/**
 * What makes two requests "the same request" for an Idempotency-Key: the
 * method, the request target (path and query) and the JSON body with its
 * object keys sorted, so that member order and whitespace do not matter. The
 * sha256 of that, in hex (the `request_hash` column).
 */
export function requestFingerprint(method: string, target: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${target}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** JSON with every object's keys sorted (UTF-16 code unit order) and no whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so a "__proto__" member stays a member.
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => [key, sortKeys(member)]),
  );
}
