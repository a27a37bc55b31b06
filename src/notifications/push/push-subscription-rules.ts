import { createECDH } from 'node:crypto';

/**
 * What makes a subscription one the service can push to (docs/web-push.md, "Subscriptions"): the
 * reason an endpoint is refused, or null. An https URL, without user or password; plain http only
 * when WEBHOOK_ALLOW_PRIVATE_ADDRESSES allows private addresses (a local receiver in development
 * and tests). Where the name leads is checked at each push (OutboundAgents), not here.
 */
export function endpointProblem(endpoint: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user or password';
  return null;
}

/** Whether `p256dh` (base64url) is an uncompressed point on P-256, which the payload can be encrypted to. */
export function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // OpenSSL refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
