import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The instance-metadata services of the clouds (AWS, ECS, Alibaba, AWS over IPv6): never called,
 * even where private addresses are allowed, and in whatever IPv6 form they are embedded.
 */
export const CLOUD_METADATA_ADDRESSES = [
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
] as const;

const METADATA = new Set<string>(CLOUD_METADATA_ADDRESSES.map((address) => ipaddr.parse(address).toString()));

/** Why an address may not be called: a metadata service or the unspecified address (never), or not a public one. */
export interface AddressRefusal {
  /** The address judged: the IPv4 one an IPv6 address carries, or the address itself. */
  readonly judged: string;
  readonly reason: 'never' | 'private';
  /** Its range as ipaddr.js names it (`loopback`, `private`, `linkLocal`…). */
  readonly range: string;
}

const ipv4At = (bytes: readonly number[], from: number): ipaddr.IPv4 => new ipaddr.IPv4(bytes.slice(from, from + 4));

/**
 * The IPv4 addresses an IPv6 address carries, by the prefix it is in (docs/webhooks.md,
 * "Addresses"); none when it is in none of them:
 * - IPv4-compatible `::/96` (not `::` and `::1`, IPv6's own unspecified and loopback addresses),
 *   IPv4-mapped `::ffff:0:0/96`, SIIT's `::ffff:0:0:0/96`, NAT64's `64:ff9b::/96` and the local-use
 *   `64:ff9b:1::/48` (RFC 8215, its IPv4 address in the last 32 bits as in a /96 of it): the last 32 bits;
 * - 6to4 `2002::/16`: bits 16-47;
 * - Teredo `2001::/32`: the server's address in bits 32-63 and the client's in the last 32 bits,
 *   each bit inverted. Both are judged.
 * A packet to any of them may leave the host, a NAT64 gateway or a relay for the IPv4 address.
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const bytes = address.toByteArray();
  const zeros = (from: number, to: number): boolean => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && (p[5] === 0xffff || (p[5] === 0 && (p[6] !== 0 || p[7] > 1)))) return [ipv4At(bytes, 12)];
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [ipv4At(bytes, 12)];
  if (p[0] === 0x64 && p[1] === 0xff9b && (zeros(2, 6) || p[2] === 1)) return [ipv4At(bytes, 12)];
  if (p[0] === 0x2002) return [ipv4At(bytes, 2)];
  if (p[0] === 0x2001 && p[1] === 0) {
    const client = bytes.slice(12, 16).map((byte) => byte ^ 0xff);
    return [ipv4At(bytes, 4), new ipaddr.IPv4(client)];
  }
  return [];
}

function judge(address: ipaddr.IPv4 | ipaddr.IPv6, allowPrivate: boolean): AddressRefusal | null {
  // Without an IPv6 zone (`%eth0`), which names the interface, not the address.
  const judged = ipaddr.fromByteArray(address.toByteArray()).toString();
  const range = address.range();
  if (METADATA.has(judged)) return { judged, reason: 'never', range };
  if (range === 'unspecified') return { judged, reason: 'never', range };
  if (range !== 'unicast' && !allowPrivate) return { judged, reason: 'private', range };
  return null;
}

/**
 * Why the service may not send to the IP address `text` (docs/notifications.md, "Addresses the
 * service calls"), or null when it may; the same judgement at registration and at each connection.
 * An IPv6 address that carries an IPv4 one (embeddedIPv4) is judged as that IPv4 address, each of
 * them when it carries two; any other as itself. Refused always: a cloud metadata service and the
 * unspecified address; unless `allowPrivate`: whatever is not a public unicast address (loopback,
 * private, link-local, unique-local, shared, reserved, multicast…). Null for text that is no IP
 * address (a host name: judged once resolved).
 */
export function refusalOfAddress(text: string, allowPrivate: boolean): AddressRefusal | null {
  if (isIP(text) === 0) return null;
  const address = ipaddr.parse(text);
  const judged = address.kind() === 'ipv6' ? embeddedIPv4(address as ipaddr.IPv6) : [];
  for (const candidate of judged.length > 0 ? judged : [address]) {
    const refusal = judge(candidate, allowPrivate);
    if (refusal !== null) return refusal;
  }
  return null;
}
