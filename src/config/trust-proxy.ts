import { isIP } from 'node:net';

/**
 * Which peers may name the client with X-Forwarded-For, in the forms and with
 * the meaning of Express's `trust proxy` setting (src/http-adapter.ts hands it
 * to Fastify's `trustProxy`, which reads it through proxy-addr too). `false`:
 * none, the socket's peer is the client; `true`: every hop; a number: that
 * many hops; a list: peers whose address is one of these addresses or
 * subnets, or in the named ranges.
 */
export type TrustProxy = boolean | number | string[];

/** The names proxy-addr knows for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, `address/prefix-length` or a range name. */
function isTrustedPeer(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: `false` (or empty), `true`, a hop count, or a
 * comma-separated list of addresses, CIDR subnets and the names loopback,
 * linklocal, uniquelocal. Undefined when the text is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isTrustedPeer) ? entries : undefined;
}
