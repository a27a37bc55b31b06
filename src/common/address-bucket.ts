import ipaddr from 'ipaddr.js';

/** The bits of an IPv6 address that name its subscriber: a /64 is what one site or line is given. */
const IPV6_SUBSCRIBER_PREFIX = 64;

/**
 * What a client address counts as for every per-address limit (docs/architecture.md, "API
 * conventions"): the token and registration rate limits, anonymous live streams, open connections.
 * An IPv4 address is itself; an IPv6 address counts by its /64, since one subscriber is given a
 * whole /64 (RFC 6177) and picks any of its 2^64 addresses at will, so a limit per full address
 * would be none; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows an
 * IPv4 client) counts as its IPv4 address. The address is parsed by ipaddr.js (as proxy-addr does),
 * so every way of writing one IPv6 address (zeros, letter case, a zone) counts as one. Anything that
 * is not an IP address (no socket address at all) is its own bucket, as it is.
 */
export function addressBucket(address: string | undefined): string {
  if (address === undefined) return '';
  const bare = address.split('%')[0];
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const words = (parsed as ipaddr.IPv6).toByteArray();
  const prefix = words
    .slice(0, IPV6_SUBSCRIBER_PREFIX / 8)
    .concat(new Array<number>(16 - IPV6_SUBSCRIBER_PREFIX / 8).fill(0));
  return `${ipaddr.fromByteArray(prefix).toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}
