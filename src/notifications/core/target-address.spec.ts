import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { endpointProblem } from '../push/push-subscription-rules.js';
import { refusalOfWebhookUrl } from '../webhooks/webhook-url.js';
import { embeddedIPv4, refusalOfAddress } from './target-address.js';

/**
 * The addresses the service calls (docs/notifications.md, "Addresses the service calls"): an IPv6
 * address that carries an IPv4 one is judged as that IPv4 address, in every prefix that carries
 * one and in every way the address can be written.
 */

type Bytes = number[];
const byte = fc.integer({ min: 0, max: 255 });
const bytes = (n: number) => fc.array(byte, { minLength: n, maxLength: n });
const ipv4 = bytes(4);
const dotted = (v4: readonly number[]): string => v4.join('.');

/** The prefixes that carry an IPv4 address, each writing `v4` into 16 bytes (the rest drawn at random). */
const PREFIXES: ReadonlyArray<{
  readonly name: string;
  readonly embed: (v4: Bytes, rest: Bytes) => Bytes;
}> = [
  { name: 'IPv4-compatible ::/96', embed: (v4) => [...Array<number>(12).fill(0), ...v4] },
  { name: 'IPv4-mapped ::ffff:0:0/96', embed: (v4) => [...Array<number>(10).fill(0), 0xff, 0xff, ...v4] },
  { name: 'SIIT ::ffff:0:0:0/96', embed: (v4) => [...Array<number>(8).fill(0), 0xff, 0xff, 0, 0, ...v4] },
  { name: 'NAT64 64:ff9b::/96', embed: (v4) => [0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0), ...v4] },
  {
    name: 'local-use NAT64 64:ff9b:1::/48',
    embed: (v4, rest) => [0, 0x64, 0xff, 0x9b, 0, 1, ...rest.slice(0, 6), ...v4],
  },
  { name: '6to4 2002::/16', embed: (v4, rest) => [0x20, 0x02, ...v4, ...rest.slice(0, 10)] },
  // Teredo's server and client: the other one of the two is a public address here.
  {
    name: 'Teredo server',
    embed: (v4, rest) => [0x20, 0x01, 0, 0, ...v4, ...rest.slice(0, 4), 0xf7, 0xf7, 0xf7, 0xf7],
  },
  {
    name: 'Teredo client',
    embed: (v4, rest) => [0x20, 0x01, 0, 0, 8, 8, 8, 8, ...rest.slice(0, 4), ...v4.map((b) => b ^ 0xff)],
  },
];

/** How an IPv6 address may be written: hextets padded with zeros or not, any run of zeros as `::`, its last 32 bits dotted, any case. */
interface Spelling {
  readonly pad: readonly number[];
  readonly compress: number;
  readonly dotted: boolean;
  readonly upper: readonly boolean[];
}
const spelling: fc.Arbitrary<Spelling> = fc.record({
  pad: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 8, maxLength: 8 }),
  compress: fc.nat(),
  dotted: fc.boolean(),
  upper: fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }),
});

function spell(address: Bytes, how: Spelling): string {
  const hextets = Array.from({ length: 8 }, (_, i) => (address[2 * i] << 8) | address[2 * i + 1]);
  const words = hextets.map((h, i) => h.toString(16).padStart(how.pad[i], '0'));
  const groups = how.dotted ? [...words.slice(0, 6), dotted(address.slice(12))] : words;
  const hextetCount = how.dotted ? 6 : 8;
  // Runs of zero hextets (among the hextets written as such), one of which may be written `::`.
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < hextetCount; i++) {
    if (hextets[i] !== 0) continue;
    let j = i;
    while (j + 1 < hextetCount && hextets[j + 1] === 0) j++;
    for (let from = i; from <= j; from++) for (let to = from; to <= j; to++) runs.push([from, to]);
    i = j;
  }
  let text: string;
  if (runs.length === 0 || how.compress % (runs.length + 1) === runs.length) text = groups.join(':');
  else {
    const [from, to] = runs[how.compress % (runs.length + 1)];
    text = `${groups.slice(0, from).join(':')}::${groups.slice(to + 1).join(':')}`;
  }
  return [...text].map((c, i) => (how.upper[i % 32] ? c.toUpperCase() : c)).join('');
}

/** Forbidden IPv4 ranges, written out (not taken from the code under test): [first address, prefix length]. */
const PRIVATE_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const inRange = ([first, length]: readonly [string, number]): fc.Arbitrary<Bytes> =>
  fc.integer({ min: 0, max: 2 ** (32 - length) - 1 }).map((host) => {
    const base = ipaddr.parse(first).toByteArray();
    const value = ((base[0] << 24) | (base[1] << 16) | (base[2] << 8) | base[3]) + host;
    return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  });
const privateIPv4 = fc.constantFrom(...PRIVATE_RANGES).chain(inRange);
const METADATA_IPV4: Bytes[] = [
  [169, 254, 169, 254],
  [169, 254, 170, 2],
  [100, 100, 100, 200],
];
const neverIPv4 = fc.oneof(fc.constantFrom(...METADATA_IPV4), inRange(['0.0.0.0', 8]));
/** The IPv4-compatible form of 0.0.0.0 and 0.0.0.1 is IPv6's own :: and ::1. */
const notCompatibleIPv6 = (name: string, v4: Bytes): boolean =>
  name.startsWith('IPv4-compatible') && v4[0] === 0 && v4[1] === 0 && v4[2] === 0 && v4[3] <= 1;

const prefix = fc.constantFrom(...PREFIXES);
const rest = bytes(10);

describe('addresses the service calls', () => {
  it('refuses every spelling of every prefix carrying a private, loopback, link-local… IPv4 address', () => {
    fc.assert(
      fc.property(privateIPv4, prefix, rest, spelling, (v4, { name, embed }, random, how) => {
        fc.pre(!notCompatibleIPv6(name, v4));
        const text = spell(embed(v4, random), how);
        expect([name, text, refusalOfAddress(text, false)?.judged]).toEqual([name, text, dotted(v4)]);
        expect(refusalOfWebhookUrl(`https://[${text}]/hook`, false)?.reason).toBe('address');
        expect(endpointProblem(`https://[${text}]/push`, false)).toMatch(/^must not name/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every spelling of a metadata service or 0.0.0.0/8 even where private addresses are allowed', () => {
    fc.assert(
      fc.property(neverIPv4, prefix, rest, spelling, (v4, { name, embed }, random, how) => {
        fc.pre(!notCompatibleIPv6(name, v4));
        const text = spell(embed(v4, random), how);
        expect([name, text, refusalOfAddress(text, true)]).toEqual([
          name,
          text,
          expect.objectContaining({ judged: dotted(v4), reason: 'never' }),
        ]);
        expect(refusalOfWebhookUrl(`http://[${text}]/hook`, true)?.reason).toBe('address');
        expect(endpointProblem(`http://[${text}]/push`, true)).toMatch(/^must not name/);
      }),
      { numRuns: 2000 },
    );
  });

  it('judges any IPv4 address carried in any prefix and spelling as that IPv4 address', () => {
    fc.assert(
      fc.property(ipv4, prefix, rest, spelling, fc.boolean(), (v4, { name, embed }, random, how, allowPrivate) => {
        fc.pre(!notCompatibleIPv6(name, v4));
        const text = spell(embed(v4, random), how);
        const asIPv4 = refusalOfAddress(dotted(v4), allowPrivate);
        const asIPv6 = refusalOfAddress(text, allowPrivate);
        // Teredo's other address (8.8.8.8 or 8.8.8.8 inverted) is public: the verdict is the drawn one's.
        expect([name, text, asIPv6]).toEqual([name, text, asIPv4]);
        expect(refusalOfWebhookUrl(`https://[${text}]/hook`, allowPrivate)?.reason ?? null).toBe(
          asIPv4 === null ? null : 'address',
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a Teredo address when either its server or its client is refused', () => {
    fc.assert(
      fc.property(ipv4, ipv4, bytes(4), fc.boolean(), (server, client, flags, allowPrivate) => {
        const address = [0x20, 0x01, 0, 0, ...server, ...flags, ...client.map((b) => b ^ 0xff)];
        const carried = embeddedIPv4(ipaddr.fromByteArray(address) as ipaddr.IPv6).map(String);
        expect(carried).toEqual([dotted(server), dotted(client)]);
        const either =
          refusalOfAddress(dotted(server), allowPrivate) !== null ||
          refusalOfAddress(dotted(client), allowPrivate) !== null;
        expect(refusalOfAddress(ipaddr.fromByteArray(address).toString(), allowPrivate) !== null).toBe(either);
      }),
    );
  });

  it.each([
    ['::127.0.0.1', false, '127.0.0.1'],
    ['::169.254.169.254', false, '169.254.169.254'],
    ['::169.254.169.254', true, '169.254.169.254'],
    ['64:ff9b::a9fe:a9fe', true, '169.254.169.254'],
    ['64:ff9b::100.100.100.200', true, '100.100.100.200'],
    ['::ffff:0:a9fe:a9fe', true, '169.254.169.254'],
    ['::ffff:169.254.170.2', true, '169.254.170.2'],
    ['64:ff9b:1:abcd::a9fe:a9fe', true, '169.254.169.254'],
    ['2002:a9fe:a9fe::1', true, '169.254.169.254'],
    ['2001:0:a9fe:a9fe::1', true, '169.254.169.254'],
    ['2001:0:808:808:0:0:5601:5601', true, '169.254.169.254'],
    ['2002:7f00:1::', false, '127.0.0.1'],
    ['fd00:ec2::254', true, 'fd00:ec2::254'],
    ['FD00:0EC2:0000::0254', true, 'fd00:ec2::254'],
    ['::', true, '::'],
    ['::1', false, '::1'],
  ])('refuses %s (private allowed: %s) as %s', (address, allowPrivate, judged) => {
    expect(refusalOfAddress(address, allowPrivate)?.judged).toBe(judged);
  });

  it.each([
    ['::8.8.8.8', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::808:808', false],
    ['2002:808:808::1', false],
    ['2001:0:808:808::f7f7:f7f7', false],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', false],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['64:ff9b::10.0.0.1', true],
    ['bot.example.com', false],
  ])('takes %s (private allowed: %s)', (address, allowPrivate) => {
    expect(refusalOfAddress(address, allowPrivate)).toBeNull();
  });
});
