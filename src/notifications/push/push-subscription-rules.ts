import { createECDH } from 'node:crypto';
import { refusalOfAddress } from '../core/target-address.js';

/**
 * What makes a subscription one the service can push to (docs/web-push.md, "Subscriptions"): the
 * reason an endpoint is refused, or null. An https URL, without user or password; plain http only
 * when WEBHOOK_ALLOW_PRIVATE_ADDRESSES allows private addresses (a local receiver in development
 * and tests). An IP address as its host is judged as at each connection (refusalOfAddress: an IPv6
 * address carrying an IPv4 one as that); where a name leads is checked at each push
 * (OutboundAgents), not here.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user or password';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const refusal = refusalOfAddress(host, allowPrivate);
  if (refusal === null) return null;
  const carried = refusal.judged === host ? '' : ` (carrying ${refusal.judged})`;
  return refusal.reason === 'never'
    ? `must not name ${host}${carried}: a metadata service or the unspecified address`
    : `must not name ${host}${carried}: a ${refusal.range} address, where only public ones are allowed`;
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
